"""The card-balance sections (reports.cardbalance.card_report) laid out as blocks
(reports.render.blocks: written once to HTML and Markdown); reports.render.sections orders
them in the report.

The page has every card, every plot and a table of contents; the Markdown summary (for a
pull request or a chat) has no plots and short tables: the flagged cards in full, per
kind only the three strongest and three weakest tested cards (`alt` blocks). The JSON
has every number.
"""

from __future__ import annotations

from typing import Any

from reports.cardbalance import arc, findings
from reports.percard import cards, picks
from reports.render import text
from reports.render.blocks import Block, Rich
from reports.render.html_kit import e, inline_code
from reports.run import violations
from simcore import fmt

Report = dict[str, Any]
Row = dict[str, Any]

ABLATION_HEADERS = ["causal effect vs stand-in (win-rate pts, 95% interval)", "Ablation"]


def _caveat(report: Report) -> Rich:
    words = text.caveat(report)
    return Rich(f"**Read with care.** {words}", f"<b>Read with care.</b> {e(words)}")


def _plots():
    """reports.render.plots, imported only when a figure is drawn or a label made (matplotlib)."""
    from reports.render import plots

    return plots


def _label(row: Row) -> str:
    """A card's name, with its level for a per-level kind."""
    return f"{row['card']} (level {row['level']})" if row.get("level") else str(row["card"])


def _note(words: str) -> Rich:
    return Rich(words, f'<span class="note">{e(words)}</span>')


def _rate(row: Row) -> Rich:
    """A win rate, marked where its interval is too wide to act on."""
    rate = fmt.pct(row["win_rate"])
    if not row["too_uncertain"]:
        return Rich(rate, rate)
    return Rich(f"{rate} (too few games)", f"{rate} {_note('(too few games)').html}")


def _flag(row: Row) -> Rich:
    return Rich(row["flag"], f'<span class="flag {row["flag"]}">{row["flag"]}</span>')


def _confirmed(report: Report) -> bool:
    return report["cards"].get("confirm") is not None


def _ablation(row: Row) -> list[Rich]:
    """The ablation cells: causal effect with its interval, and the verdict."""
    a = row.get("ablation") or {}
    if a.get("verdict") is None:
        return [Rich(text.ablation_cell(row), fmt.DASH), Rich("", "")]
    cls = "flag weaker" if a["verdict"] == "not confirmed" else "note"
    cell = text.ablation_cell(row)
    return [
        Rich(cell, e(cell)),
        Rich(a["verdict"], f'<span class="{cls}">{e(a["verdict"])}</span>'),
    ]


# ----------------------------------------------------------------- sections


def header(report: Report) -> list[Block]:
    """The title and one line on the run (its full setup: the Run section, or at the end)."""
    run = report["run"]
    strategies = ", ".join(run["strategies"])
    incomplete = (
        "" if run["complete"] else f" (incomplete: {run['games']:,} of {run['games_planned']:,})"
    )
    sub = (
        f"Strategies: {strategies} · seed {run['seed']} · tutti {run['package_version']}, "
        f"rules version {run['rules_version']}"
    )
    return [
        (
            "h1",
            f"{run['title']} card-balance report: {run['games']:,} games, {run['players']} players",
        ),
        *text.notes(report),
        (
            "alt",
            [("sub", sub)],
            [
                (
                    "p",
                    f"Run `{run['run_dir']}`{incomplete}: strategies {strategies}, master seed "
                    f"{run['seed']} (full setup under Run setup, at the end).",
                )
            ],
        ),
    ]


def summary(report: Report) -> list[Block]:
    """The findings first (at most five), then the caveat and what is too uncertain."""
    items = report["summary"]
    out: list[Block] = []
    if items:
        out.append(
            (
                "ol",
                [
                    Rich(
                        f["text"],
                        f'<span class="kind">{e(f["kind"].replace("_", " "))}</span> '
                        f"{inline_code(f['text'])}",
                    )
                    for f in items
                ],
            )
        )
    else:
        out.append(("p", Rich(findings.nothing_found(report), e(findings.nothing_found(report)))))
    out.append(("note", Rich(text.cards_sentence(report), e(text.cards_sentence(report)))))
    note = findings.params_note(report) if items else None
    if note:
        out.append(("note", note))
    confirmed = text.confirm_sentence(report)
    if confirmed:
        out.append(("note", Rich(confirmed, e(confirmed))))
    caveat: Block = (
        "quote",
        _caveat(report),
        "",
    )
    notes = report["warnings"] + report["too_uncertain"]
    tail: list[Block] = [("panel", "Too uncertain or incomplete", notes)] if notes else []
    # the page shows the caveat under the run's facts (the Run section)
    return out + [("alt", [], [caveat])] + tail


def _seat_params(run: Row) -> Rich:
    """Each seat's strategy on one line; in HTML their parameters folded away."""
    line = ", ".join(f"{s['seat_name']}: {s['strategy']}" for s in run["seats"])
    html = ", ".join(f"{e(s['seat_name'])}: <b>{e(s['strategy'])}</b>" for s in run["seats"])
    if not any(s["params"] for s in run["seats"]):
        return Rich(line, html + ' <span class="note">(no parameters)</span>')
    from reports.render.html_kit import table

    rows = [
        [e(s["seat_name"]), e(s["strategy"]), e(text.params_text(s["params"])) or fmt.DASH]
        for s in run["seats"]
    ]
    return Rich(
        line,
        f'<details><summary>{html} <span class="note">(parameters: click)</span></summary>'
        + table(["Seat", "Strategy", "Parameters"], rows, left=3)
        + "</details>",
    )


def run_facts(report: Report) -> list[Block]:
    """The Run section of the page: what was simulated, and the caveat."""
    run = report["run"]
    games = f"{run['games']:,}" + (
        "" if run["complete"] else f" of {run['games_planned']:,} planned (incomplete)"
    )
    facts = [
        ("Run directory", f"`{run['run_dir']}`"),
        ("Games", games),
        ("Players", str(run["players"])),
        ("Strategies", _seat_params(run)),
        ("Master seed", str(run["seed"])),
        ("Card data", f"{run['cards_dir'] or 'shipped set'}, hash `{run['card_hash'][:16]}`"),
        ("Versions", f"tutti {run['package_version']}, rules version {run['rules_version']}"),
        ("Simulated in", fmt.seconds(run["simulation_seconds"])),
        ("Engine checks", violations.checks_text(report)),
    ]
    caveat = _caveat(report)
    return [("dl", facts, "kv"), ("quote", caveat, "")]


def setup(report: Report) -> list[Block]:
    """The run's full setup at the end of the Markdown summary (the page: the Run section)."""
    run = report["run"]
    seats = [
        [s["seat_name"], s["strategy"], text.params_text(s["params"]) or fmt.DASH]
        for s in run["seats"]
    ]
    return [
        ("h2", "Run setup"),
        (
            "ul",
            [
                f"Run: `{run['run_dir']}`, {run['games']:,} games"
                + ("" if run["complete"] else f" of {run['games_planned']:,} planned (incomplete)")
                + f", {run['players']} players, master seed {run['seed']}",
                f"Card data {run['cards_dir'] or 'shipped set'} (hash `{run['card_hash'][:16]}`); "
                f"tutti {run['package_version']}, rules version {run['rules_version']}",
                f"Engine invariant checks: {violations.checks_text(report)}",
            ],
        ),
        ("table", ["Seat", "Strategy", "Parameters"], seats, 3),
    ]


def seats(report: Report) -> list[Block]:
    s = report["seats"]
    rows = s["by_start_order"]
    chi = s["chi_square"]
    test = (
        "too few games for the test"
        if chi["too_few_games"]
        else f"chi-square = {fmt.num(chi['statistic'], 2)}, df = {chi['df']}, "
        f"{fmt.p_is(chi['p_value'])}"
    )
    full = [
        [
            f"{fmt.ordinal(r['start_order'])} player",
            fmt.count(r["n"]),
            fmt.count(r["wins"]),
            _rate(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
            fmt.pts((r["win_rate"] or 0) - s["fair_rate"]),
        ]
        for r in rows
    ]
    short = [[x[0], x[1], x[3], x[4]] for x in full]
    figure: Block = (
        "figure",
        lambda: _plots().win_rate_plot(
            rows,
            "start_order",
            s["fair_rate"],
            "seat-win-rates",
            labeller=lambda o: f"{fmt.ordinal(o)} player",
        ),
        "Win rate by start order (1st = first player in round 1), with 95% Wilson "
        "intervals; the dashed line is the fair share.",
        [],
    )
    headers = ["Start order", "Games", "Wins", "Win rate", "95% interval", "vs fair (win-rate pts)"]
    return [
        (
            "alt",
            [
                ("p", text.seat_sentence(report)),
                figure,
                ("table", headers, full, 1),
                (
                    "note",
                    f"Seat balance test: {test}. Wins of shared victories count as fractions.",
                ),
            ],
            [
                ("table", ["Start order", "Games", "Win rate", "95% interval"], short, 1),
                ("p", f"Seat balance test: {test}."),
            ],
        ),
    ]


def grouping(report: Report, g: Row) -> list[Block]:
    """A grouping's section (Luthier's family tiles): win rate per value, the value's
    adjusted effect where its values are cards, and per value and start order."""
    column = g["column"]
    found = report[g["key"]]
    fair = report["seats"]["fair_rate"]
    adjusted = text.tile_effects(report, g)
    rows = text.by_adjusted(found[f"by_{column}"], adjusted, column)
    name = lambda f: text.tile_name(report, g, f)  # noqa: E731
    label = g["label"]
    both = found[f"by_{column}_and_start_order"]
    body = [
        [
            name(r[column]),
            fmt.count(r["n"]),
            _rate(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
            fmt.pts((r["win_rate"] or 0) - fair),
            text.adjusted_cell(adjusted.get(r[column])),
        ]
        for r in rows
    ]
    short = [[x[0], x[1], x[2], x[3], x[5]] for x in body]
    orders = sorted({r["start_order"] for r in both})
    cells = {(r[column], r["start_order"]): r for r in both}
    grid = []
    for r in rows:
        line: list[Any] = [name(r[column])]
        for o in orders:
            c = cells.get((r[column], o))
            if c is None:
                line.append(fmt.DASH)
                continue
            style = ' class="note"' if c["too_uncertain"] else ""
            line.append(
                Rich(
                    f"{fmt.pct(c['win_rate'])} (n={c['n']:,})",
                    f'<span{style} title="{fmt.pct_range(c["ci_low"], c["ci_high"])}'
                    f', n = {c["n"]:,}">{fmt.pct(c["win_rate"])}</span>'
                    f' <span class="note">n={c["n"]:,}</span>',
                )
            )
        grid.append(line)
    figure: Block = (
        "figure",
        lambda: _plots().win_rate_plot(
            rows, column, fair, f"{column}-win-rates", labeller=name, horizontal=True
        ),
        f"Win rate of the seats of each {label.lower()}, with 95% intervals.",
        [],
    )
    headers = [
        label,
        "Seat-games",
        "Win rate (raw)",
        "95% interval",
        "vs fair (win-rate pts)",
        "Effect (adjusted), 95% (pts)",
    ]
    return [
        ("p", text.grouping_sentence(report, g)),
        (
            "alt",
            [
                figure,
                ("table", headers, body, 1),
                ("h3", f"{label} by start order"),
                (
                    "p",
                    f"Win rate of each {label.lower()} from each start position (grey: too few "
                    "games; hover for the interval).",
                ),
                ("table", [label, *[f"{fmt.ordinal(o)} player" for o in orders]], grid, 1),
            ],
            [
                (
                    "table",
                    [
                        label,
                        "Seat-games",
                        "Win rate (raw)",
                        "95% interval",
                        "Effect (adjusted), 95%",
                    ],
                    short,
                    1,
                ),
            ],
        ),
    ]


def dead(report: Report) -> list[Block]:
    section = report["picks"]
    out: list[Block] = [("p", picks.sentence(section, report["settings"]["min_sample"]))]
    if section["dead"]:
        out.append(("table", picks.HEADERS, picks.rows_of(section), 2))
    return out


def _seeds(row: Row) -> Rich:
    """The first example seed; in HTML all of them (with their commands) behind a click."""
    if not row["examples"]:
        return Rich("none found", '<span class="note">none found</span>')
    first = row["examples"][0]
    md = f"{first['seed']} ({first['seat_name']})"
    if len(row["examples"]) == 1:
        return Rich(md, f'<code title="{e(first["command"])}">{first["seed"]}</code>')
    items = "".join(
        f'<li><code>{e(x["command"])}</code> <span class="note">{e(x["seat_name"])} '
        f"{'won' if x['won'] else 'lost'}</span></li>"
        for x in row["examples"]
    )
    return Rich(
        md,
        f'<details class="seeds"><summary><code title="{e(first["command"])}">{first["seed"]}'
        f"</code> +{len(row['examples']) - 1}</summary><ul>{items}</ul></details>",
    )


def flagged(report: Report) -> list[Block]:
    c = report["cards"]
    rows = sorted((r for r in c["rows"] if cards.is_flagged(r)), key=lambda r: -cards.rank_key(r))
    replay = f"Replay an example game: `{c['replay']}`. {text.replay_note(report)}"
    sentence = text.cards_sentence(report)
    out: list[Block] = [
        (
            "alt",
            [
                (
                    "p",
                    Rich(
                        sentence,
                        f"{e(sentence)} Cards whose holders win more than non-holders of "
                        "the same strategy, start order and family, by more than chance allows and "
                        'by more than the margin, are <span class="stronger flag">stronger</span>; '
                        'those that win less, <span class="weaker flag">weaker</span>.',
                    ),
                ),
                ("p", c["method"]),
            ],
            [("p", sentence)],
        ),
        ("p", replay),
    ]
    if _confirmed(report):
        confirmed = text.confirm_sentence(report) or ""
        out += [
            ("alt", [("p", Rich(confirmed, e(confirmed)))], []),
            ("note", c["confirm"]["method"]),
        ]
    if not rows:
        return out + [("p", "No card is flagged.")]
    shown = rows[:15] + [r for r in rows[15:] if r["flag"] == "weaker"][-15:]
    ablated = _confirmed(report)
    body = [
        [
            _label(r),
            r["kind"] + (f" {r['deck']}" if r.get("deck") else ""),
            _flag(r),
            fmt.pts(r["adj_diff"]),
            fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
            fmt.pts(r["impact"]),
            fmt.pts(r["diff"]),
            fmt.count(r["n"]),
            Rich(fmt.p_value(r["q_value"]), e(fmt.p_value(r["q_value"]))),
            *(_ablation(r) if ablated else []),
            _seeds(r),
        ]
        for r in rows
    ]
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
        *(ABLATION_HEADERS if ablated else []),
    ]
    q = headers.index("q")
    short = [row[:q] + row[q + 1 :] for row in body]
    figure: Block = (
        "figure",
        lambda: _plots().forest_plot(
            shown,
            "flagged-forest",
            key="adj_diff",
            with_kind=True,
            xlim=_plots().common_xlim(report),
        ),
        "Flagged cards (at most 15 strongest and 15 weakest): adjusted win-rate difference of "
        "holders, with 95% intervals, on the scale shared by every card plot (intervals "
        "beyond it are cut at its edge).",
        [],
    )
    return out + [
        (
            "alt",
            [
                figure,
                ("table", [*headers, "Example seeds"], body, 3, {"cls": "oneline"}),
            ],
            [
                ("table", [*headers[:q], *headers[q + 1 :], "Example seed (seat)"], short, 3),
            ],
        ),
    ]


def strategies(report: Report) -> list[Block]:
    st = report["strategies"]
    rows = st["by_strategy"]
    body = [
        [r["strategy"], fmt.count(r["n"]), _rate(r), fmt.pct_range(r["ci_low"], r["ci_high"])]
        for r in rows
    ]
    out: list[Block] = [("table", ["Strategy", "Seat-games", "Win rate", "95% interval"], body, 1)]
    same = text.matchups_sentence(report)
    if same is not None:
        return out + [("alt", [("h3", "Matchups"), ("note", same)], [("p", same)])]
    names = [r["strategy"] for r in rows]
    cells = {(r["strategy"], r["opponent"]): r for r in st["matchups"]}
    grid = [
        [
            a,
            *[
                fmt.DASH
                if (a, b) not in cells
                else Rich(
                    fmt.pct(cells[(a, b)]["win_rate"]),
                    f'{fmt.pct(cells[(a, b)]["win_rate"])} <span class="note">'
                    f"{fmt.pct_range(cells[(a, b)]['ci_low'], cells[(a, b)]['ci_high'])}</span>",
                )
                for b in names
            ],
        ]
        for a in names
    ]
    return out + [
        (
            "alt",
            [
                ("h3", "Matchups"),
                (
                    "p",
                    "Win rate of the row strategy's seats in games where another seat played the "
                    "column strategy (95% interval in grey).",
                ),
            ],
            [
                (
                    "p",
                    "Matchups: win rate of the row strategy's seats in games where another seat "
                    "played the column strategy.",
                ),
            ],
        ),
        ("table", ["Strategy", *[f"vs {n}" for n in names]], grid, 1),
    ]


def scores(report: Report) -> list[Block]:
    sc = report["scores"]
    score = report["run"]["score"]
    full = [
        [
            s["group"],
            fmt.count(s["n"]),
            fmt.num(s["mean"]),
            fmt.num(s["median"], 0),
            f"{fmt.num(s['p10'], 0)}–{fmt.num(s['p90'], 0)}",
            f"{fmt.num(s['min'], 0)}–{fmt.num(s['max'], 0)}",
        ]
        for s in sc[score]["summary"]
    ]
    src = fmt.source_rows(sc["sources"])
    src_headers = ["Source", "Winners: mean", "Winners: share", "Losers: mean", "Losers: share"]
    m = sc["margin"]
    ms = m["summary"]
    margin_text = (
        f"{fmt.pct(m['shared_win_rate'])} of games end in a shared victory. In the others the "
        f"winner leads by {fmt.num(ms['mean'])} {score} on average (median "
        f"{fmt.num(ms['median'], 0)}, middle 80% {fmt.num(ms['p10'], 0)}–"
        f"{fmt.num(ms['p90'], 0)}); the mean winning score is "
        f"{fmt.num(m.get(f'mean_winning_{score}'))}."
        if ms["n"]
        else "Every game ended in a shared victory."
    )
    margin_md = (
        f"Shared victories: {fmt.pct(m['shared_win_rate'])} of games. Winning margin "
        f"otherwise: mean {fmt.num(ms['mean'])}, median {fmt.num(ms['median'], 0)}, "
        f"middle 80% {fmt.num(ms['p10'], 0)}–{fmt.num(ms['p90'], 0)}."
    )
    page: list[Block] = [
        ("h3", f"Final {score}"),
        ("table", ["Seats", "n", "Mean", "Median", "Middle 80%", "Range"], full, 1),
        (
            "figure",
            lambda: _plots().score_histogram(sc[score]["histogram"], key=score),
            f"Final {score}: share of each group's seats at each score.",
            [],
        ),
        ("h3", f"{score.capitalize()} by source"),
        (
            "p",
            f"Where winners and losers get their {score}: mean points per seat and their "
            "share of the group's total.",
        ),
        ("table", src_headers, src, 1),
        (
            "figure",
            lambda: _plots().sources_plot(sc["sources"], score=score),
            f"Mean {score} per seat by source.",
            [],
        ),
        ("h3", "Winning margin"),
        ("p", margin_text),
    ]
    if m["histogram"]:
        page.append(
            (
                "figure",
                lambda: _plots().margin_histogram(m["histogram"], score=score),
                "Games by winning margin (shared victories left out).",
                [],
            )
        )
    summary_md: list[Block] = [
        (
            "table",
            ["Seats", "n", f"Mean {score}", "Median", "Middle 80%"],
            [x[:5] for x in full],
            1,
        ),
        ("table", src_headers, src, 1),
        ("p", margin_md),
    ]
    return [("alt", page, summary_md)]


def arc_section(report: Report) -> list[Block]:
    found = report.get("arc")
    score = report["run"]["score"]
    out: list[Block] = [("p", arc.arc_sentence(found, score))]
    if found is not None:
        out.append(("table", arc.arc_headers(score), arc.arc_rows(found), 1))
    return out


def _status(r: Row) -> Rich:
    if cards.is_flagged(r):
        return _flag(r)
    if not r["tested"]:
        return _note("too few games")
    if r["too_uncertain"]:
        return _note(f"{r['flag']}, wide interval")
    return _note(r["flag"])


def _card_table(rows: list[Row], spec: Row, group: str, ablated: bool) -> Block:
    """Every card of one group, as the page shows it."""
    awards = spec["per_level"]
    completes = bool(spec["completed"])
    # a kind whose completion is an outcome (reports.percard.outcomes) has no "Δ if completed"
    done_delta = completes and not spec["completion_is_outcome"]
    decked = spec["leaves"]
    dealt = bool(rows) and rows[0]["dealt"] is not None
    headers = ["Card"]
    if awards:
        headers += ["Level", "In play", "Claimed", "Claim rate"]
    else:
        headers += ["Dealt"] if dealt else []
        headers += [
            "Taken",
            "n",
            *(["Completed"] if completes else []),
            *(["Left"] if decked else []),
        ]
    headers += [
        "Win rate",
        "effect (adjusted), win-rate pts",
        "95% interval",
        "effect (raw), win-rate pts",
        *(["Δ if completed (win-rate pts)"] if done_delta else []),
        "Flag",
        *(ABLATION_HEADERS if ablated else []),
    ]
    body, classes = [], []
    for r in rows:
        line: list[Any] = [r["card"]]
        if awards:
            line += [
                str(r["level"]),
                fmt.count(r["in_play"]),
                fmt.count(r["n"]),
                fmt.pct(r["completion_rate"]),
            ]
        else:
            if dealt:
                line.append(fmt.count(r["dealt"]))
            line += [fmt.count(r["taken"]), fmt.count(r["n"])]
            if completes:
                line.append(fmt.pct(r["completion_rate"]))
            if decked:
                line.append(fmt.count(r.get("abandoned")))
        line += [
            fmt.pct(r["win"]),
            fmt.pts(r["adj_diff"]),
            fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
            fmt.pts(r["diff"]),
        ]
        if done_delta:
            line.append(
                fmt.pts(r["completed_adj_diff"]) if r["completed_tested"] else _note("too few")
            )
        line.append(_status(r))
        if ablated:
            line += _ablation(r)
        body.append(line)
        classes.append("uncertain" if r["too_uncertain"] and not cards.is_flagged(r) else "")
    return ("table", headers, body, 1, {"row_classes": classes})


def _short_table(rows: list[Row], ablated: bool) -> Block:
    """The three strongest and three weakest tested cards, for the Markdown summary."""
    picked = rows if len(rows) <= 6 else rows[:3] + rows[-3:]
    body = [
        [
            _label(r),
            fmt.count(r["n"]),
            fmt.pct(r["win"]),
            fmt.pts(r["adj_diff"]),
            fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
            fmt.pts(r["diff"]),
            r["flag"],
            *(_ablation(r) if ablated else []),
        ]
        for r in picked
    ]
    headers = [
        "Card",
        "n",
        "Win rate",
        "effect (adjusted), win-rate pts",
        "95% interval",
        "effect (raw), win-rate pts",
        "Flag",
        *(ABLATION_HEADERS if ablated else []),
    ]
    return ("table", headers, body, 1)


def cards_by_kind(report: Report) -> list[Block]:
    c = report["cards"]
    ablated = _confirmed(report)
    page: list[Block] = [
        (
            "p",
            Rich(
                "",
                "Every card of every kind. <b>n</b> is the number of seat-games in which "
                "the card was held; <b>Taken</b> counts events (a card can be taken twice); "
                "<b>Completed</b> is the share of holders who completed it; <b>Win rate</b> is "
                "the holders' win rate; <b>effect (adjusted)</b> its difference from "
                f"non-holders of the same strategy, {e(text.grouping_words(report))} "
                "(Mantel-Haenszel), "
                "<b>effect (raw)</b> from all other seat-games. Sorted by the adjusted effect, "
                "strongest first; untested cards last.",
            ),
        ),
    ]
    summary: list[Block] = [
        (
            "p",
            "The three strongest and three weakest tested cards of each kind (all cards are "
            "in the HTML report and the JSON).",
        ),
    ]
    for g in c["groups"]:
        rows = cards.sort_cards([r for r in c["rows"] if r["group"] == g["group"]])
        tested = [r for r in rows if r["tested"]]
        if tested:
            summary += [("h3", g["title"]), _short_table(tested, ablated)]
        else:
            summary.append(("p", f"**{g['title']}**: too few games for any card."))
        if not rows:
            continue
        spec = c["kinds"][g["kind"]]
        words = f"Held = {spec['held']}" + (
            f"; completed = {spec['completed']}" if spec["completed"] else ""
        )
        page += [("h3", g["title"], f"card-{g['group']}"), ("note", f"{words}. {len(rows)} rows.")]
        if tested:
            page.append(
                (
                    "figure",
                    lambda rows=rows, g=g: _plots().forest_plot(
                        rows,
                        f"forest-{g['group']}",
                        key="adj_diff",
                        xlim=_plots().common_xlim(report),
                    ),
                    f"{g['title']}: adjusted win-rate difference of holders, 95% intervals (blue "
                    "stronger, orange weaker, grey very uncertain; untested cards left out), on "
                    "the scale shared by every card plot.",
                    [],
                )
            )
        page.append(_card_table(rows, spec, g["group"], ablated))
    return [("alt", page, summary)]


def outcomes(report: Report) -> list[Block]:
    o = report["outcomes"]
    kinds = report["cards"]["kinds"]
    level_title = kinds[o["level_kind"]]["title"]
    goal_title = kinds[o["goal_kind"]]["title"] if o["goal_kind"] else None
    awards = [
        [
            a["card"],
            str(a["level"]),
            fmt.count(a["in_play"]),
            fmt.count(a["games_claimed"]),
            Rich(
                fmt.pct(a["claim_share"]) + text.level_mark(a["status"]),
                fmt.pct(a["claim_share"])
                + (f' <span class="note">{e(a["status"])}</span>' if a["status"] else ""),
            ),
            text.strategy_claims(a),
        ]
        for a in o["awards"]
    ]
    awards_md = [[f"{x[0]} level {x[1]}", *x[2:]] for x in awards]
    goals = [
        [
            g["card"],
            fmt.count(g["dealt"]),
            fmt.count(g["kept"]),
            fmt.pct(g["kept_rate"]),
            fmt.count(g["scored"]),
            fmt.pct(g["scored_when_kept"]),
        ]
        for g in o["goals"]
    ]
    goal_headers = ["Goal", "Dealt", "Kept", "Kept rate", "Scored", "Scored when kept"]
    return [
        ("p", text.outcomes_sentence(report)),
        (
            "alt",
            [
                ("h3", level_title, "outcomes-awards"),
                (
                    "table",
                    [
                        "Award",
                        "Level",
                        "Games in play",
                        "Games claimed",
                        "Claimed in",
                        "Claims by strategy",
                    ],
                    awards,
                    1,
                ),
                *([("h3", goal_title, "outcomes-goals")] if goal_title else []),
            ],
            [
                (
                    "table",
                    [
                        "Award level",
                        "Games in play",
                        "Games claimed",
                        "Claimed in",
                        "Claims by strategy",
                    ],
                    awards_md,
                    1,
                ),
            ],
        ),
        *([("table", goal_headers, goals, 1)] if goal_title else []),
    ]


def method(report: Report) -> list[Block]:
    items = text.method_items(report)
    built = f"Report built in {fmt.seconds(report.get('seconds'))}."
    return [
        (
            "alt",
            [("dl", items, "method"), ("note", built)],
            [("ul", [f"**{k}.** {v}" for k, v in items])],
        ),
    ]
