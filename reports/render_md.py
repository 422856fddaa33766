"""The report as a Markdown summary (for a pull request or a chat): no plots, short tables.

The flagged cards are listed in full; per kind only the three strongest and three
weakest tested cards. The HTML report and the JSON have every card.
"""

from __future__ import annotations

from typing import Any

from reports import arc, cards, findings, picks, text, violations
from reports.game_render import markdown_lines
from reports.plots import card_label
from simcore import fmt

Report = dict[str, Any]
Row = dict[str, Any]


def cell(value: Any) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def table(headers: list[str], rows: list[list[str]], left: int = 1) -> list[str]:
    """A Markdown table; the first `left` columns are left-aligned, the rest right."""
    lines = [
        "| " + " | ".join(headers) + " |",
        "|" + "|".join("---" if i < left else "---:" for i in range(len(headers))) + "|",
    ]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return [*lines, ""]


def _mark(row: Row) -> str:
    return " (too few games)" if row["too_uncertain"] else ""


def header(report: Report) -> list[str]:
    """The title and one line on the run; its full setup is at the end (`setup`)."""
    run = report["run"]
    strategies = ", ".join(run["strategies"])
    incomplete = (
        "" if run["complete"] else f" (incomplete: {run['games']:,} of {run['games_planned']:,})"
    )
    return [
        f"# Luthier card-balance report: {run['games']:,} games, {run['players']} players",
        "",
        f"Run `{run['run_dir']}`{incomplete}: strategies {strategies}, master seed "
        f"{run['seed']} (full setup under Run setup, at the end).",
        "",
    ]


def unsound(report: Report) -> list[str]:
    """Games that broke the engine's invariant checks, before anything else (or nothing)."""
    return markdown_lines(violations.blocks(report))


def summary(report: Report) -> list[str]:
    """The findings first (at most five), then the caveat and what is too uncertain."""
    items = report["summary"]
    lines = ["## Summary", ""]
    if items:
        lines += [f"{i}. {f['text']}" for i, f in enumerate(items, 1)]
    else:
        lines.append(findings.nothing_found(report))
    lines += ["", text.cards_sentence(report), ""]
    note = findings.params_note(report) if items else None
    if note:
        lines += [note, ""]
    confirmed = text.confirm_sentence(report)
    if confirmed:
        lines += [confirmed, ""]
    lines += [f"> **Read with care.** {text.CAVEAT}", ""]
    notes = report["warnings"] + report["too_uncertain"]
    if notes:
        lines += ["**Too uncertain or incomplete:**", "", *[f"- {n}" for n in notes], ""]
    return lines


def setup(report: Report) -> list[str]:
    """The run's full setup: each seat's strategy and parameters, card data, versions."""
    run = report["run"]
    seats = [
        [s["seat_name"], s["strategy"], text.params_text(s["params"]) or fmt.DASH]
        for s in run["seats"]
    ]
    return [
        "## Run setup",
        "",
        f"- Run: `{run['run_dir']}`, {run['games']:,} games"
        + ("" if run["complete"] else f" of {run['games_planned']:,} planned (incomplete)")
        + f", {run['players']} players, master seed {run['seed']}",
        f"- Card data {run['cards_dir'] or 'shipped set'} (hash `{run['card_hash'][:16]}`); "
        f"tutti {run['package_version']}, rules version {run['rules_version']}",
        f"- Engine invariant checks: {violations.checks_text(report)}",
        "",
        *table(["Seat", "Strategy", "Parameters"], seats, left=3),
    ]


def seats(report: Report) -> list[str]:
    s = report["seats"]
    chi = s["chi_square"]
    rows = [
        [
            f"{fmt.ordinal(r['start_order'])} player",
            fmt.count(r["n"]),
            fmt.pct(r["win_rate"]) + _mark(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
        ]
        for r in s["by_start_order"]
    ]
    test = (
        "too few games for the test"
        if chi["too_few_games"]
        else f"chi-square = {fmt.num(chi['statistic'], 2)}, df = {chi['df']}, "
        f"{fmt.p_is(chi['p_value'])}"
    )
    return [
        "## Seat order",
        "",
        *table(["Start order", "Games", "Win rate", "95% interval"], rows),
        f"Seat balance test: {test}.",
        "",
    ]


def families(report: Report) -> list[str]:
    adjusted = text.family_effects(report)
    fams = text.by_adjusted(report["families"]["by_family"], adjusted)
    rows = [
        [
            text.family_name(report, r["family"]),
            fmt.count(r["n"]),
            fmt.pct(r["win_rate"]) + _mark(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
            text.adjusted_cell(adjusted.get(r["family"])),
        ]
        for r in fams
    ]
    return [
        "## Family tiles",
        "",
        text.family_sentence(report),
        "",
        *table(
            ["Family", "Seat-games", "Win rate (raw)", "95% interval", "Effect (adjusted), 95%"],
            rows,
        ),
    ]


def _seed(row: Row) -> str:
    """One short seed reference: the first example (all of them are in the HTML and JSON)."""
    if not row["examples"]:
        return "none found"
    x = row["examples"][0]
    return f"{x['seed']} ({x['seat_name']})"


def _confirmed(report: Report) -> bool:
    return report["cards"].get("confirm") is not None


def _ablation(row: Row) -> list[str]:
    a = row.get("ablation") or {}
    return [text.ablation_cell(row), a.get("verdict") or ""]


def flagged(report: Report) -> list[str]:
    rows = sorted(
        (r for r in report["cards"]["rows"] if cards.is_flagged(r)),
        key=lambda r: -cards.rank_key(r),
    )
    replay = f"Replay an example game: `{report['cards']['replay']}`. {text.replay_note(report)}"
    lines = ["## Strongest and weakest cards", "", text.cards_sentence(report), "", replay, ""]
    if _confirmed(report):
        lines += [report["cards"]["confirm"]["method"], ""]
    if not rows:
        return [*lines, "No card is flagged.", ""]
    ablation = (
        ["causal effect vs stand-in (win-rate pts, 95% interval)", "Ablation"]
        if _confirmed(report)
        else []
    )
    body = [
        [
            card_label(r),
            r["kind"] + (f" {r['deck']}" if r.get("deck") else ""),
            r["flag"],
            fmt.pts(r["adj_diff"]),
            fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
            fmt.pts(r["impact"]),
            fmt.pts(r["diff"]),
            fmt.count(r["n"]),
            *(_ablation(r) if ablation else []),
            _seed(r),
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
        *ablation,
        "Example seed (seat)",
    ]
    return [*lines, *table(headers, body, left=3)]


HEADERS_STRATEGY = ["Strategy", "Seat-games", "Win rate", "95% interval"]


def strategies(report: Report) -> list[str]:
    st = report["strategies"]
    rows = [
        [
            r["strategy"],
            fmt.count(r["n"]),
            fmt.pct(r["win_rate"]) + _mark(r),
            fmt.pct_range(r["ci_low"], r["ci_high"]),
        ]
        for r in st["by_strategy"]
    ]
    head = ["## Strategies", "", *table(HEADERS_STRATEGY, rows)]
    same = text.matchups_sentence(report)
    if same is not None:
        return [*head, same, ""]
    names = [r["strategy"] for r in st["by_strategy"]]
    cells = {(r["strategy"], r["opponent"]): r for r in st["matchups"]}
    grid = [
        [a, *[fmt.pct(cells[(a, b)]["win_rate"]) if (a, b) in cells else fmt.DASH for b in names]]
        for a in names
    ]
    return [
        *head,
        "Matchups: win rate of the row strategy's seats in games where another seat played "
        "the column strategy.",
        "",
        *table(["Strategy", *[f"vs {n}" for n in names]], grid),
    ]


def scores(report: Report) -> list[str]:
    sc = report["scores"]
    rows = [
        [
            s["group"],
            fmt.count(s["n"]),
            fmt.num(s["mean"]),
            fmt.num(s["median"], 0),
            f"{fmt.num(s['p10'], 0)}–{fmt.num(s['p90'], 0)}",
        ]
        for s in sc["prestige"]["summary"]
    ]
    src = fmt.source_rows(sc["sources"])
    m = sc["margin"]
    ms = m["summary"]
    margin = (
        f"Shared victories: {fmt.pct(m['shared_win_rate'])} of games. Winning margin "
        f"otherwise: mean {fmt.num(ms['mean'])}, median {fmt.num(ms['median'], 0)}, "
        f"middle 80% {fmt.num(ms['p10'], 0)}–{fmt.num(ms['p90'], 0)}."
    )
    return [
        "## Scores",
        "",
        *table(["Seats", "n", "Mean prestige", "Median", "Middle 80%"], rows),
        *table(["Source", "Winners: mean", "Winners: share", "Losers: mean", "Losers: share"], src),
        margin,
        "",
    ]


def cards_by_kind(report: Report) -> list[str]:
    c = report["cards"]
    lines = [
        "## Cards by kind",
        "",
        "The three strongest and three weakest tested cards of each kind (all cards are in "
        "the HTML report and the JSON).",
        "",
    ]
    for g in c["groups"]:
        rows = [
            r
            for r in cards.sort_cards([r for r in c["rows"] if r["group"] == g["group"]])
            if r["tested"]
        ]
        if not rows:
            lines += [f"**{g['title']}**: too few games for any card.", ""]
            continue
        picked = rows if len(rows) <= 6 else rows[:3] + rows[-3:]
        body = [
            [
                card_label(r),
                fmt.count(r["n"]),
                fmt.pct(r["win"]),
                fmt.pts(r["adj_diff"]),
                fmt.pts_range(r["adj_diff_low"], r["adj_diff_high"]),
                fmt.pts(r["diff"]),
                r["flag"],
                *(_ablation(r) if _confirmed(report) else []),
            ]
            for r in picked
        ]
        lines += [
            f"### {g['title']}",
            "",
            *table(
                [
                    "Card",
                    "n",
                    "Win rate",
                    "effect (adjusted), win-rate pts",
                    "95% interval",
                    "effect (raw), win-rate pts",
                    "Flag",
                    *(["causal effect vs stand-in (win-rate pts, 95% interval)", "Ablation"]
                      if _confirmed(report) else []),
                ],
                body,
            ),
        ]  # fmt: skip
    return lines


def outcomes(report: Report) -> list[str]:
    o = report["outcomes"]
    awards = [
        [
            f"{a['card']} level {a['level']}",
            fmt.count(a["in_play"]),
            fmt.count(a["games_claimed"]),
            fmt.pct(a["claim_share"]) + text.level_mark(a["status"]),
            text.strategy_claims(a),
        ]
        for a in o["awards"]
    ]
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
    return [
        "## Awards and goals (outcomes)",
        "",
        text.outcomes_sentence(report),
        "",
        *table(
            ["Award level", "Games in play", "Games claimed", "Claimed in", "Claims by strategy"],
            awards,
        ),
        *table(["Goal", "Dealt", "Kept", "Kept rate", "Scored", "Scored when kept"], goals),
    ]


def dead_cards(report: Report) -> list[str]:
    section = report["picks"]
    lines = [
        "## Dead and ignored cards",
        "",
        picks.sentence(section, report["settings"]["min_sample"]),
        "",
    ]
    if section["dead"]:
        lines += table(picks.HEADERS, picks.rows_of(section), left=2)
    return lines


def game_arc(report: Report) -> list[str]:
    found = report.get("arc")
    lines = ["## Game arc", "", arc.arc_sentence(found), ""]
    if found is not None:
        lines += table(arc.ARC_HEADERS, arc.arc_rows(found))
    return lines


def method(report: Report) -> list[str]:
    return [
        "## Method and definitions",
        "",
        *[f"- **{k}.** {v}" for k, v in text.method_items(report)],
        "",
    ]


def render_markdown(report: Report) -> str:
    parts = [
        header, unsound, summary, seats, families, dead_cards, flagged, strategies, scores,
        game_arc, cards_by_kind, outcomes, method, setup,
    ]  # fmt: skip
    lines: list[str] = []
    for part in parts:
        lines += part(report)
    return "\n".join(lines).rstrip() + "\n"
