"""The report as one self-contained HTML page: inline CSS, inline SVG plots, no scripts.

One function per section; `render_html` puts them together with a table of contents.
"""

from __future__ import annotations

from typing import Any

from reports import arc, cards, findings, picks, plots, text, violations
from reports.game_render import html_parts
from reports.html_kit import CSS, e, figure, inline_code, table
from simcore import fmt

Report = dict[str, Any]
Row = dict[str, Any]

SECTIONS = (
    ("summary", "Summary"),
    ("run", "Run"),
    ("seats", "Seat order"),
    ("families", "Family tiles"),
    ("dead", "Dead and ignored cards"),
    ("flagged", "Strongest and weakest cards"),
    ("strategies", "Strategies"),
    ("scores", "Scores"),
    ("arc", "Game arc"),
    ("cards", "Cards by kind"),
    ("outcomes", "Awards and goals (outcomes)"),
    ("method", "Method and definitions"),
)


def _uncertain_mark(row: Row) -> str:
    return ' <span class="note">(too few games)</span>' if row["too_uncertain"] else ""


# ----------------------------------------------------------------- sections


def _strategies_html(run: Row) -> str:
    """Each seat's strategy on one line; their parameters folded away (they can be long)."""
    line = ", ".join(f"{e(s['seat_name'])}: <b>{e(s['strategy'])}</b>" for s in run["seats"])
    if not any(s["params"] for s in run["seats"]):
        return line + ' <span class="note">(no parameters)</span>'
    rows = [
        [e(s["seat_name"]), e(s["strategy"]), e(text.params_text(s["params"])) or fmt.DASH]
        for s in run["seats"]
    ]
    return (
        f'<details><summary>{line} <span class="note">(parameters: click)</span></summary>'
        + table(["Seat", "Strategy", "Parameters"], rows, left=3)
        + "</details>"
    )


def section_run(report: Report) -> str:
    run = report["run"]
    facts = [
        ("Run directory", f"<code>{e(run['run_dir'])}</code>"),
        (
            "Games",
            f"{run['games']:,}"
            + ("" if run["complete"] else f" of {run['games_planned']:,} planned (incomplete)"),
        ),
        ("Players", str(run["players"])),
        ("Strategies", _strategies_html(run)),
        ("Master seed", str(run["seed"])),
        (
            "Card data",
            f"{e(run['cards_dir'] or 'shipped set')}, hash <code>{e(run['card_hash'][:16])}</code>",
        ),
        ("Versions", f"tutti {e(run['package_version'])}, rules version {run['rules_version']}"),
        ("Simulated in", fmt.seconds(run["simulation_seconds"])),
        ("Engine checks", e(violations.checks_text(report))),
    ]
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
    return (
        f'<dl class="kv">{dl}</dl>'
        f'<div class="panel"><p><b>Read with care.</b> {e(text.CAVEAT)}</p></div>'
    )


def section_summary(report: Report) -> str:
    """The findings first (at most five), then what is too uncertain to act on."""
    items = report["summary"]
    if items:
        lis = "".join(
            f'<li><span class="kind">{e(f["kind"].replace("_", " "))}</span> '
            f"{inline_code(f['text'])}</li>"
            for f in items
        )
        out = [f'<ol class="findings">{lis}</ol>']
    else:
        out = [f"<p>{e(findings.nothing_found(report))}</p>"]
    out.append(f'<p class="note">{e(text.cards_sentence(report))}</p>')
    note = findings.params_note(report) if items else None
    if note:
        out.append(f'<p class="note">{inline_code(note)}</p>')
    confirmed = text.confirm_sentence(report)
    if confirmed:
        out.append(f'<p class="note">{e(confirmed)}</p>')
    notes = report["warnings"] + report["too_uncertain"]
    if notes:
        lis = "".join(f"<li>{e(n)}</li>" for n in notes)
        out.append(
            f'<div class="panel warn"><p><b>Too uncertain or incomplete</b></p><ul>{lis}</ul></div>'
        )
    return "".join(out)


def section_seats(report: Report) -> str:
    seats = report["seats"]
    rows = seats["by_start_order"]
    chi = seats["chi_square"]
    svg = plots.win_rate_plot(
        rows,
        "start_order",
        seats["fair_rate"],
        "seat-win-rates",
        labeller=lambda s: f"{fmt.ordinal(s)} player",
    )
    body = [
        [
            f"{fmt.ordinal(r['start_order'])} player",
            fmt.count(r["n"]),
            fmt.count(r["wins"]),
            fmt.pct(r["win_rate"]) + _uncertain_mark(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
            fmt.pts((r["win_rate"] or 0) - seats["fair_rate"]),
        ]
        for r in rows
    ]
    test = (
        "too few games for the test"
        if chi["too_few_games"]
        else f"chi-square = {fmt.num(chi['statistic'], 2)}, df = {chi['df']}, "
        f"{fmt.p_is(chi['p_value'])}"
    )
    return (
        f"<p>{e(text.seat_sentence(report))}</p>"
        + figure(
            svg,
            "Win rate by start order (1st = first player in round 1), with 95% "
            "Wilson intervals; the dashed line is the fair share.",
        )
        + table(
            ["Start order", "Games", "Wins", "Win rate", "95% interval", "vs fair (win-rate pts)"],
            body,
        )
        + f'<p class="note">Seat balance test: {e(test)}. Wins of shared victories count '
        "as fractions.</p>"
    )


def section_families(report: Report) -> str:
    fams = report["families"]
    fair = report["seats"]["fair_rate"]
    adjusted = text.family_effects(report)
    rows = text.by_adjusted(fams["by_family"], adjusted)
    name = lambda f: text.family_name(report, f)  # noqa: E731
    svg = plots.win_rate_plot(
        rows, "family", fair, "family-win-rates", labeller=name, horizontal=True
    )
    body = [
        [
            e(name(r["family"])),
            fmt.count(r["n"]),
            fmt.pct(r["win_rate"]) + _uncertain_mark(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
            fmt.pts((r["win_rate"] or 0) - fair),
            text.adjusted_cell(adjusted.get(r["family"])),
        ]
        for r in rows
    ]
    orders = sorted({r["start_order"] for r in fams["by_family_and_start_order"]})
    cells = {(r["family"], r["start_order"]): r for r in fams["by_family_and_start_order"]}
    grid = []
    for r in rows:
        line = [e(name(r["family"]))]
        for o in orders:
            c = cells.get((r["family"], o))
            if c is None:
                line.append(fmt.DASH)
            else:
                style = ' class="note"' if c["too_uncertain"] else ""
                line.append(
                    f'<span{style} title="{fmt.pct_range(c["ci_low"], c["ci_high"])}'
                    f', n = {c["n"]:,}">{fmt.pct(c["win_rate"])}</span>'
                    f' <span class="note">n={c["n"]:,}</span>'
                )
        grid.append(line)
    return (
        f"<p>{e(text.family_sentence(report))}</p>"
        + figure(svg, "Win rate of the seats that kept each family tile, with 95% intervals.")
        + table(
            [
                "Family",
                "Seat-games",
                "Win rate (raw)",
                "95% interval",
                "vs fair (win-rate pts)",
                "Effect (adjusted), 95% (pts)",
            ],
            body,
        )
        + "<h3>Family by start order</h3><p>Win rate of each family from each start position "
        "(grey: too few games; hover for the interval).</p>"
        + table(["Family", *[f"{fmt.ordinal(o)} player" for o in orders]], grid)
    )


def _examples_html(row: Row) -> str:
    """The first example seed; all of them (with their commands) behind a click."""
    if not row["examples"]:
        return '<span class="note">none found</span>'
    first = row["examples"][0]
    items = "".join(
        f'<li><code>{e(x["command"])}</code> <span class="note">{e(x["seat_name"])} '
        f"{'won' if x['won'] else 'lost'}</span></li>"
        for x in row["examples"]
    )
    return (
        f'<details class="seeds"><summary><code title="{e(first["command"])}">{first["seed"]}'
        f"</code> +{len(row['examples']) - 1}</summary><ul>{items}</ul></details>"
        if len(row["examples"]) > 1
        else f'<code title="{e(first["command"])}">{first["seed"]}</code>'
    )


def _ablation_html(row: Row) -> list[str]:
    """The ablation cells: causal Δ with its interval, and the verdict."""
    a = row.get("ablation") or {}
    if a.get("verdict") is None:
        return [fmt.DASH, ""]
    cls = "flag weaker" if a["verdict"] == "not confirmed" else "note"
    return [e(text.ablation_cell(row)), f'<span class="{cls}">{e(a["verdict"])}</span>']


def confirmed(report: Report) -> bool:
    return report["cards"].get("confirm") is not None


def section_flagged(report: Report) -> str:
    rows = [r for r in report["cards"]["rows"] if cards.is_flagged(r)]
    rows.sort(key=lambda r: -cards.rank_key(r))
    intro = (
        f"<p>{e(text.cards_sentence(report))} Cards whose holders win more than non-holders "
        "of the same strategy, start order and family, by more than chance allows and by "
        'more than the margin, are <span class="stronger flag">stronger</span>; those that '
        'win less, <span class="weaker flag">weaker</span>.</p>'
        f"<p>{e(report['cards']['method'])}</p>"
        f"<p>Replay an example game: <code>{e(report['cards']['replay'])}</code>. "
        f"{inline_code(text.replay_note(report))}</p>"
    )
    if confirmed(report):
        intro += (
            f"<p>{e(text.confirm_sentence(report))}</p>"
            f'<p class="note">{inline_code(report["cards"]["confirm"]["method"])}</p>'
        )
    if not rows:
        return intro + "<p>No card is flagged.</p>"
    shown = rows[:15] + [r for r in rows[15:] if r["flag"] == "weaker"][-15:]
    svg = plots.forest_plot(
        shown, "flagged-forest", key="adj_diff", with_kind=True, xlim=plots.common_xlim(report)
    )
    body = []
    for r in rows:
        line = [
            e(plots.card_label(r)),
            e(r["kind"]) + (f" {e(r['deck'])}" if r.get("deck") else ""),
            f'<span class="flag {r["flag"]}">{r["flag"]}</span>',
            fmt.pts(r["adj_diff"]),
            fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
            fmt.pts(r["impact"]),
            fmt.pts(r["diff"]),
            fmt.count(r["n"]),
            e(fmt.p_value(r["q_value"])),
        ]
        if confirmed(report):
            line += _ablation_html(r)
        body.append([*line, _examples_html(r)])
    headers = [
        "Card",
        "Kind",
        "Flag",
        "effect (adjusted), win-rate pts",
        "95% interval",
        "impact (pts per seat-game)",
        "effect (raw), win-rate pts",
        "n",
        "q",
    ]
    if confirmed(report):
        headers += ["causal effect vs stand-in (win-rate pts, 95% interval)", "Ablation"]
    return (
        intro
        + figure(
            svg,
            "Flagged cards (at most 15 strongest and 15 weakest): adjusted win-rate "
            "difference of holders, with 95% intervals, on the scale shared by every card "
            "plot (intervals beyond it are cut at its edge).",
        )
        + table([*headers, "Example seeds"], body, left=3, cls="oneline")
    )


def section_strategies(report: Report) -> str:
    st = report["strategies"]
    rows = st["by_strategy"]
    body = [
        [
            e(r["strategy"]),
            fmt.count(r["n"]),
            fmt.pct(r["win_rate"]) + _uncertain_mark(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
        ]
        for r in rows
    ]
    table_ = table(["Strategy", "Seat-games", "Win rate", "95% interval"], body)
    same = text.matchups_sentence(report)
    if same is not None:
        return table_ + f'<h3>Matchups</h3><p class="note">{inline_code(same)}</p>'
    names = [r["strategy"] for r in rows]
    cells = {(r["strategy"], r["opponent"]): r for r in st["matchups"]}
    grid = []
    for a in names:
        line = [e(a)]
        for b in names:
            c = cells.get((a, b))
            line.append(
                fmt.DASH
                if c is None
                else f'{fmt.pct(c["win_rate"])} <span class="note">'
                f"{fmt.pct_range(c['ci_low'], c['ci_high'])}</span>"
            )
        grid.append(line)
    return (
        table_ + "<h3>Matchups</h3><p>Win rate of the row strategy's seats in games where another "
        "seat played the column strategy (95% interval in grey).</p>"
        + table(["Strategy", *[f"vs {e(n)}" for n in names]], grid)
    )


def section_scores(report: Report) -> str:
    sc = report["scores"]
    summary = sc["prestige"]["summary"]
    body = [
        [
            e(s["group"]),
            fmt.count(s["n"]),
            fmt.num(s["mean"]),
            fmt.num(s["median"], 0),
            f"{fmt.num(s['p10'], 0)}–{fmt.num(s['p90'], 0)}",
            f"{fmt.num(s['min'], 0)}–{fmt.num(s['max'], 0)}",
        ]
        for s in summary
    ]
    src = fmt.source_rows(sc["sources"], e)
    m = sc["margin"]
    ms = m["summary"]
    margin_text = (
        f"{fmt.pct(m['shared_win_rate'])} of games end in a shared victory. In the others the "
        f"winner leads by {fmt.num(ms['mean'])} prestige on average (median "
        f"{fmt.num(ms['median'], 0)}, middle 80% {fmt.num(ms['p10'], 0)}–"
        f"{fmt.num(ms['p90'], 0)}); the mean winning score is "
        f"{fmt.num(m['mean_winning_prestige'])}."
        if ms["n"]
        else "Every game ended in a shared victory."
    )
    return (
        "<h3>Final prestige</h3>"
        + table(["Seats", "n", "Mean", "Median", "Middle 80%", "Range"], body)
        + figure(
            plots.score_histogram(sc["prestige"]["histogram"]),
            "Final prestige: share of each group's seats at each score.",
        )
        + "<h3>Prestige by source</h3><p>Where winners and losers get their prestige: mean "
        "points per seat and their share of the group's total.</p>"
        + table(["Source", "Winners: mean", "Winners: share", "Losers: mean", "Losers: share"], src)
        + figure(plots.sources_plot(sc["sources"]), "Mean prestige per seat by source.")
        + f"<h3>Winning margin</h3><p>{e(margin_text)}</p>"
        + (
            figure(
                plots.margin_histogram(m["histogram"]),
                "Games by winning margin (shared victories left out).",
            )
            if m["histogram"]
            else ""
        )
    )


def _card_table(rows: list[Row], spec: Row, group: str, ablated: bool = False) -> str:
    awards = spec["per_level"]
    completes = bool(spec["completed"])
    # a goal's scoring is an outcome (reports.outcomes): no "Δ if completed" for goals
    done_delta = completes and group != "goal"
    patrons = group.startswith("patron")
    headers = ["Card"]
    if awards:
        headers += ["Level", "In play", "Claimed", "Claim rate"]
    else:
        headers += ["Dealt"] if rows and rows[0]["dealt"] is not None else []
        headers += ["Taken", "n"]
        if completes:
            headers += ["Completed"]
        if patrons:
            headers += ["Left"]
    headers += [
        "Win rate",
        "effect (adjusted), win-rate pts",
        "95% interval",
        "effect (raw), win-rate pts",
    ]
    if done_delta:
        headers += ["Δ if completed (win-rate pts)"]
    headers += ["Flag"]
    if ablated:
        headers += ["causal effect vs stand-in (win-rate pts, 95% interval)", "Ablation"]
    body, classes = [], []
    for r in rows:
        line = [e(r["card"])]
        if awards:
            line += [
                str(r["level"]),
                fmt.count(r["in_play"]),
                fmt.count(r["n"]),
                fmt.pct(r["completion_rate"]),
            ]
        else:
            if r["dealt"] is not None:
                line.append(fmt.count(r["dealt"]))
            line += [fmt.count(r["taken"]), fmt.count(r["n"])]
            if completes:
                line.append(fmt.pct(r["completion_rate"]))
            if patrons:
                line.append(fmt.count(r.get("abandoned")))
        line += [
            fmt.pct(r["win"]),
            fmt.pts(r["adj_diff"]),
            fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
            fmt.pts(r["diff"]),
        ]
        if done_delta:
            line.append(
                fmt.pts(r["completed_adj_diff"])
                if r["completed_tested"]
                else '<span class="note">too few</span>'
            )
        if cards.is_flagged(r):
            line.append(f'<span class="flag {r["flag"]}">{r["flag"]}</span>')
        elif not r["tested"]:
            line.append('<span class="note">too few games</span>')
        elif r["too_uncertain"]:
            line.append(f'<span class="note">{r["flag"]}, wide interval</span>')
        else:
            line.append(f'<span class="note">{r["flag"]}</span>')
        if ablated:
            line += _ablation_html(r)
        body.append(line)
        classes.append("uncertain" if r["too_uncertain"] and not cards.is_flagged(r) else "")
    return table(headers, body, row_classes=classes)


def section_cards(report: Report) -> str:
    c = report["cards"]
    out = [
        "<p>Every card of every kind. <b>n</b> is the number of seat-games in which the "
        "card was held; <b>Taken</b> counts events (a card can be taken twice); "
        "<b>Completed</b> is the share of holders who completed it; <b>Win rate</b> is the "
        "holders' win rate; <b>effect (adjusted)</b> its difference from non-holders of the same "
        "strategy, start order and family (Mantel-Haenszel), <b>effect (raw)</b> from all other "
        "seat-games. Sorted by the adjusted effect, strongest first; untested cards last.</p>"
    ]
    for g in c["groups"]:
        rows = cards.sort_cards([r for r in c["rows"] if r["group"] == g["group"]])
        if not rows:
            continue
        spec = c["kinds"][g["kind"]]
        words = f"Held = {spec['held']}" + (
            f"; completed = {spec['completed']}" if spec["completed"] else ""
        )
        out.append(
            f'<h3 id="card-{e(g["group"])}">{e(g["title"])}</h3>'
            f'<p class="note">{e(words)}. {len(rows)} rows.</p>'
        )
        if any(r["tested"] for r in rows):
            out.append(
                figure(
                    plots.forest_plot(
                        rows, f"forest-{g['group']}", key="adj_diff", xlim=plots.common_xlim(report)
                    ),
                    f"{g['title']}: adjusted win-rate difference of holders, 95% intervals "
                    "(blue stronger, orange weaker, grey very uncertain; untested cards left "
                    "out), on the scale shared by every card plot.",
                )
            )
        out.append(_card_table(rows, spec, g["group"], confirmed(report)))
    return "".join(out)


def section_outcomes(report: Report) -> str:
    o = report["outcomes"]
    awards = [
        [
            e(a["card"]),
            str(a["level"]),
            fmt.count(a["in_play"]),
            fmt.count(a["games_claimed"]),
            fmt.pct(a["claim_share"])
            + (f' <span class="note">{e(a["status"])}</span>' if a["status"] else ""),
            e(text.strategy_claims(a)),
        ]
        for a in o["awards"]
    ]
    goals = [
        [
            e(g["card"]),
            fmt.count(g["dealt"]),
            fmt.count(g["kept"]),
            fmt.pct(g["kept_rate"]),
            fmt.count(g["scored"]),
            fmt.pct(g["scored_when_kept"]),
        ]
        for g in o["goals"]
    ]
    return (
        f"<p>{e(text.outcomes_sentence(report))}</p>"
        '<h3 id="outcomes-awards">Public awards</h3>'
        + table(
            [
                "Award",
                "Level",
                "Games in play",
                "Games claimed",
                "Claimed in",
                "Claims by strategy",
            ],
            awards,
        )  # fmt: skip
        + '<h3 id="outcomes-goals">Personal goals</h3>'
        + table(["Goal", "Dealt", "Kept", "Kept rate", "Scored", "Scored when kept"], goals)
    )


def section_method(report: Report) -> str:
    items = "".join(
        f"<dt>{e(k)}</dt><dd>{inline_code(v)}</dd>" for k, v in text.method_items(report)
    )
    return (
        f'<dl class="method">{items}</dl>'
        f'<p class="note">Report built in {fmt.seconds(report.get("seconds"))}.</p>'
    )


def section_dead(report: Report) -> str:
    section = report["picks"]
    body = f"<p>{e(picks.sentence(section, report['settings']['min_sample']))}</p>"
    if section["dead"]:
        rows = [[e(c) for c in row] for row in picks.rows_of(section)]
        body += table([e(h) for h in picks.HEADERS], rows, left=2)
    return body


def section_arc(report: Report) -> str:
    found = report.get("arc")
    body = f"<p>{e(arc.arc_sentence(found))}</p>"
    if found is not None:
        rows = [[e(c) for c in row] for row in arc.arc_rows(found)]
        body += table([e(h) for h in arc.ARC_HEADERS], rows)
    return body


RENDER = {
    "summary": section_summary,
    "run": section_run,
    "seats": section_seats,
    "families": section_families,
    "dead": section_dead,
    "flagged": section_flagged,
    "strategies": section_strategies,
    "scores": section_scores,
    "arc": section_arc,
    "cards": section_cards,
    "outcomes": section_outcomes,
    "method": section_method,
}


def unsound_html(report: Report) -> str:
    """Games that broke the engine's invariant checks, before anything else (or nothing)."""
    found = violations.blocks(report)
    return f'<section id="violations">{"".join(html_parts(found))}</section>' if found else ""


def render_html(report: Report) -> str:
    """The whole page."""
    run = report["run"]
    toc_items = []
    for sid, title in SECTIONS:
        sub = ""
        if sid == "cards":
            sub = "".join(
                f'<a href="#card-{e(g["group"])}">{e(g["title"])}</a>, '
                for g in report["cards"]["groups"]
            ).rstrip(", ")
            sub = f' <span class="note">({sub})</span>'
        toc_items.append(f'<li><a href="#{sid}">{e(title)}</a>{sub}</li>')
    sections = [
        f'<section id="{sid}"><h2>{e(title)}</h2>{RENDER[sid](report)}</section>'
        for sid, title in SECTIONS
    ]
    title = f"Luthier card-balance report: {run['games']:,} games, {run['players']} players"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)}</title><style>{CSS}</style></head><body><main>"
        f"<h1>{e(title)}</h1>"
        f'<p class="sub">Strategies: {e(", ".join(run["strategies"]))} · seed {run["seed"]} · '
        f"tutti {e(run['package_version'])}, rules version {run['rules_version']}</p>"
        f"{unsound_html(report)}{sections[0]}"
        f'<nav class="toc"><b>Contents</b><ol>{"".join(toc_items)}</ol></nav>'
        f"{''.join(sections[1:])}</main></body></html>\n"
    )
