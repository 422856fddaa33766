"""What-if, ablation and sweep results as terminal tables, Markdown and HTML."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from reports.percard.adjusted import ADJUSTED, CAUSAL, RAW, STRATA_WORDS, effect_words
from reports.percard.card_names import card_text
from reports.render.html_kit import CSS, e, figure, table
from reports.render.plots import forest_plot, sweep_plot

Row = dict[str, Any]
GROUP_ORDER = ("card", "completed", "strategy", "seat", "family", "score")


def group_rank(group: str) -> int:
    """A metric group's place in GROUP_ORDER; a game's own grouping column (its
    `drift_groups`: Luthier's family, another game's vocation) stands where "family" does."""
    return GROUP_ORDER.index(group if group in GROUP_ORDER else "family")


def fmt_value(row: Row, key: str) -> str:
    v = row.get(key)
    if v is None:
        return "-"
    if row["kind"] == "score":
        return f"{v:.2f}"
    # a card's effect is a difference of win rates: points, as in every other command
    return f"{v * 100:+.1f} pts" if row["kind"] == "card" else f"{v:.1%}"


def fmt_diff(row: Row, key: str = "diff") -> str:
    v = row.get(key)
    if v is None:
        return "-"
    return f"{v:+.2f}" if row["kind"] == "score" else f"{v * 100:+.1f} pts"


def fmt_interval(row: Row) -> str:
    if row.get("low") is None:
        return "not tested"
    if row["kind"] == "score":
        return f"[{row['low']:+.2f}, {row['high']:+.2f}]"
    return f"[{row['low'] * 100:+.1f}, {row['high'] * 100:+.1f}]"


def whatif_rows(result: Row, everything: bool = False) -> list[Row]:
    """The rows to show: the changed card, then strategies, seats, families, score; other
    cards only where they changed significantly (all of them if `everything`)."""

    def shown(r: Row) -> bool:
        return (
            everything
            or r["changed_card"]
            or r["group"] not in ("card", "completed")
            or r["changed"]
        )

    rows = [r for r in result["metrics"] if shown(r)]
    return sorted(
        rows,
        key=lambda r: (not r["changed_card"], group_rank(r["group"]), not r["changed"]),
    )


def whatif_table(result: Row) -> list[list[str]]:
    """The changed cards' adjusted effects first, then the metrics (`whatif_rows`)."""
    rows = [*result.get("card_effects", []), *whatif_rows(result)]
    return [
        [
            r["metric"],
            fmt_value(r, "baseline"),
            fmt_value(r, "candidate"),
            fmt_diff(r),
            fmt_interval(r),
            "yes" if r["changed"] else "",
        ]
        for r in rows
    ]


WHATIF_HEADERS = ["metric", "baseline", "variant", "difference", "95% interval", "changed"]


def _md_table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def named_patches(result: Row) -> str:
    """ "repairs.r15.prestige=3 (Bell rebuild)": each change with its card's name."""
    cards = result.get("patched_cards") or [None] * len(result["patches"])
    pairs = zip(result["patches"], cards, strict=True)
    return ", ".join(_named(text, card) for text, card in pairs)


def _named(text: str, card: Row | None) -> str:
    if card is None or card_text(card["id"], card["name"]) == card["id"]:
        return text
    return f"{text} ({card['name']})"


def effect_lines(result: Row) -> str:
    """ "instruments.violin: effect (adjusted) -1.1 pts (95% ...), raw -2.3 pts at baseline;
    ... in the variant." for each changed card (empty for a rules change)."""
    lines = []
    for r in result.get("card_effects", []):
        name = r["metric"].removeprefix("card ").rsplit(":", 1)[0]
        base = effect_words(r["baseline"], r["baseline_low"], r["baseline_high"], r["raw_baseline"])
        cand = effect_words(
            r["candidate"], r["candidate_low"], r["candidate_high"], r["raw_candidate"]
        )
        lines.append(f"{name}: {base} at baseline; {cand} in the variant.")
    return " ".join(lines)


def whatif_summary(result: Row) -> str:
    changed = sum(r["changed"] for r in result["metrics"])
    effects = effect_lines(result)
    return (
        f"{named_patches(result)}: {result['games']:,} games of {result['players']} "
        f"players (seed {result['seed']}; {', '.join(result['strategies'])}) played with both "
        f"card sets; {result['games_changed']:,} games played out differently; "
        f"{changed} metric(s) changed significantly (Holm, alpha {result['alpha']})."
        + (f" {effects} {ADJUSTED_NOTE}" if effects else "")
    )


ADJUSTED_NOTE = (
    f"Adjusted: {STRATA_WORDS} (as the report); raw: holders' win rate minus every other seat's."
)


def whatif_markdown(result: Row) -> str:
    no_op = f"**Warning:** {result['no_op']}\n\n" if result.get("no_op") else ""
    return (
        f"## What if: {named_patches(result)}\n\n"
        f"{whatif_summary(result)}\n\n{no_op}"
        + _md_table(WHATIF_HEADERS, whatif_table(result))
        + "\n\nDifferences are variant minus baseline, paired game by game; other cards "
        "are listed only where they changed significantly (all are in the JSON).\n"
    )


def whatif_html(result: Row) -> str:
    """The page of `tutti whatif --out`: the summary and the table the terminal shows."""
    no_op = result.get("no_op")
    warning = f"<p><strong>warning:</strong> {e(no_op)}</p>" if no_op else ""
    body = (
        f"<p>{e(whatif_summary(result))}</p>"
        + warning
        + table(WHATIF_HEADERS, [[e(c) for c in row] for row in whatif_table(result)])
        + '<p class="note">Differences are variant minus baseline, paired game by game; other '
        "cards are listed only where they changed significantly (all are in the JSON).</p>"
    )
    return _page("What if: " + named_patches(result), body)


# ----------------------------------------------------------------- ablation


def pts(v: float | None, signed: bool = True) -> str:
    return "-" if v is None else (f"{v * 100:+.1f}" if signed else f"{v * 100:.1f}")


def ablate_table(result: Row) -> list[list[str]]:
    rows = []
    for rank, r in enumerate(result["cards"], 1):
        tested = r["tested"]
        rows.append(
            [
                str(rank) if tested else "",
                card_text(r["card_id"], r["card"]),
                f"{r['holders']:,}",
                pts(r["win_effect"]),
                f"[{pts(r['win_low'])}, {pts(r['win_high'])}]" if tested else "not tested",
                "-" if r["score_effect"] is None else f"{r['score_effect']:+.2f}",
                "yes" if r["significant"] else "",
            ]
        )
    return rows


ABLATE_HEADERS = [
    "rank",
    "card",
    "holder seat-games",
    f"{CAUSAL} (pts)",
    "95% interval",
    "prestige effect",
    "significant",
]


def score_name(result: Row) -> str:
    """The game's score ("points" for Maestro); Luthier's results name none: prestige."""
    return result.get("score", "prestige")


def ablate_headers(result: Row) -> list[str]:
    return [f"{score_name(result)} effect" if h == "prestige effect" else h for h in ABLATE_HEADERS]


def ablate_summary(result: Row) -> str:
    sig = sum(r["significant"] for r in result["cards"])
    return (
        f"{len(result['cards'])} {result['kind']} cards, each replaced in turn by a stand-in "
        f"that {result['neutral']}; {result['games']:,} games of {result['players']} players "
        f"(seed {result['seed']}; {', '.join(result['strategies'])}) per card. The {CAUSAL}: "
        f"the win rate ({score_name(result)}) of the seats that held the card with it, minus "
        f"with the stand-in, in the same games (not the report's {ADJUSTED}, which compares "
        f"holders with non-holders). {sig} card(s) significant after Holm's correction "
        "(alpha 0.05)."
    )


def ablate_markdown(result: Row) -> str:
    return (
        f"## Ablation: {result['kind']}\n\n{ablate_summary(result)}\n\n"
        + _md_table(ablate_headers(result), ablate_table(result))
        + "\n"
    )


def _page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{CSS}</style></head><body><main>"
        f"<h1>{e(title)}</h1>{body}</main></body></html>\n"
    )


def ablate_html(result: Row) -> str:
    rows = [
        {
            "tested": r["tested"],
            "flag": ("stronger" if r["win_effect"] > 0 else "weaker") if r["significant"] else None,
            "too_uncertain": False,
            "card": card_text(r["card_id"], r["card"]),
            "kind": result["kind"],
            "diff": r["win_effect"],
            "diff_low": r["win_low"],
            "diff_high": r["win_high"],
        }
        for r in result["cards"]
    ]
    plot = forest_plot(
        rows, "ablation", xlabel=f"{CAUSAL}: holders' win rate, card minus stand-in (points, 95%)"
    )
    body = (
        f"<p>{e(ablate_summary(result))}</p>"
        + figure(plot, "Strongest first. Blue: significantly helps its holders; orange: hurts.")
        + table(
            ablate_headers(result), [[e(c) for c in row] for row in ablate_table(result)], left=2
        )
    )
    return _page(f"Ablation: {result['kind']}", body)


# ----------------------------------------------------------------- sweep


def sweep_table(result: Row) -> list[list[str]]:
    rows = []
    for p in result["points"]:
        own = p["card_effect"][0] if p["card_effect"] else None
        effect = "-" if own is None or own["candidate"] is None else pts(own["candidate"])
        if own is not None and own.get("candidate_low") is not None:
            effect += f" [{pts(own['candidate_low'])}, {pts(own['candidate_high'])}]"
        raw = "-" if own is None else pts(own.get("raw_candidate"))
        change = "-" if own is None else f"{fmt_diff(own)} {fmt_interval(own)}"
        band = (
            ""
            if result["band"] is None
            else ("yes" if p["value"] in result["values_in_band"] else "")
        )
        rows.append([str(p["value"]), effect, raw, change, _moved(p), band])
    return rows


def _moved(point: Row) -> str:
    """The metrics that changed significantly at this value, with their values: "3: mean
    final points 41.2 -> 44.0; ..." (a rules sweep reads here what moved, not a count)."""
    moved = [r for r in point["metrics"] if r["changed"]]
    if not moved:
        return "none"
    shown = [
        f"{r['metric']} {fmt_value(r, 'baseline')} -> {fmt_value(r, 'candidate')}"
        for r in moved[:3]
    ]
    more = f" (+{len(moved) - 3} more)" if len(moved) > 3 else ""
    return "; ".join(shown) + more


SWEEP_HEADERS = [
    "value",
    f"{ADJUSTED}, 95% (pts)",
    f"{RAW} (pts)",
    "change of the adjusted effect vs baseline, 95%",
    "metrics changed (baseline -> variant)",
    "in target band",
]


def sweep_summary(result: Row) -> str:
    text = (
        f"{_sweep_target(result)} at {len(result['points'])} values; each compared with the "
        f"baseline on the same {result['games']:,} games of {result['players']} players "
        f"(seed {result['seed']}; {', '.join(result['strategies'])}). Card effect in the "
        f"variant's games: {ADJUSTED_NOTE[0].lower()}{ADJUSTED_NOTE[1:]}"
    )
    if result["band"] is not None:
        b = result["band"]
        inside = ", ".join(map(str, result["values_in_band"])) or "none"
        text += (
            f" Target {b['centre']:+.2f}±{b['half_width']:.2f} ({ADJUSTED}): values inside: "
            f"{inside}."
        )
    if result.get("no_op"):
        text += f"\nwarning: {result['no_op']}"
    return text


def _sweep_target(result: Row) -> str:
    points = result["points"]
    cards = points[0].get("patched_cards") if points else None
    return _named(result["target"], cards[0] if cards else None)


def sweep_markdown(result: Row) -> str:
    return (
        f"## Sweep: `{result['target']}`\n\n{sweep_summary(result)}\n\n"
        + _md_table(SWEEP_HEADERS, sweep_table(result))
        + "\n"
    )


def sweep_html(result: Row) -> str:
    band = result["band"]
    plot = sweep_plot(
        result["points"],
        "sweep",
        result["target"],
        None if band is None else (band["centre"], band["half_width"]),
    )
    body = (
        f"<p>{e(sweep_summary(result))}</p>"
        + figure(plot, f"The card's {ADJUSTED} at each value (95% interval).")
        + table(SWEEP_HEADERS, [[e(c) for c in row] for row in sweep_table(result)])
    )
    return _page(f"Sweep: {result['target']}", body)


# ----------------------------------------------------------------- what a command shows


class View(NamedTuple):
    """What a command prints (a titled table and a summary) and the files it writes."""

    name: str  # file stem: whatif, ablate, sweep
    title: str
    headers: list[str]
    rows: list[list[str]]
    summary: str
    files: dict[str, str]  # extension -> text


def _json(result: Row) -> str:
    return json.dumps(result, indent=2)


def whatif_view(result: Row) -> View:
    no_op = f"\nwarning: {result['no_op']}" if result.get("no_op") else ""
    return View(
        "whatif",
        "What if: " + named_patches(result),
        WHATIF_HEADERS,
        whatif_table(result),
        whatif_summary(result) + no_op,
        {"html": whatif_html(result), "md": whatif_markdown(result), "json": _json(result)},
    )


def ablate_view(result: Row) -> View:
    return View(
        "ablate",
        f"Ablation: {result['kind']}",
        ablate_headers(result),
        ablate_table(result),
        ablate_summary(result),
        {"html": ablate_html(result), "md": ablate_markdown(result), "json": _json(result)},
    )


def sweep_view(result: Row) -> View:
    return View(
        "sweep",
        f"Sweep: {_sweep_target(result)}",
        SWEEP_HEADERS,
        sweep_table(result),
        sweep_summary(result),
        {"html": sweep_html(result), "md": sweep_markdown(result), "json": _json(result)},
    )
