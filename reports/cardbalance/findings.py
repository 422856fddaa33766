"""The report's top summary: at most five findings a designer reads in 30 seconds.

Each finder looks at one part of the report dict and returns findings: one plain
sentence each with its size (win-rate points), its 95% interval and what to look
at next (an example seed, the command that confirms it). `summary` collects them,
largest weight first, at most `MAX_FINDINGS`, at most `CAPS[kind]` of a kind. A new
kind of finding is one finder added to `FINDERS`.

The weight is a finding's *impact*: its size times the share of the run's seat-games it
concerns, the win-rate points it moves per seat-game of the whole run (a card held by
most seats at +6 points decides more games than one held by a few at +9; a strategy
that dominates concerns the seats it plays). A dead card moves no win rate; it weighs
as much as a finding that moves the margin in every seat-game (`dead_card_findings`),
so it leads the summary unless something decides more of the games.

A finding is made only where its interval lies wholly beyond the report's margin
(`--margin`, as for the card flags), so the summary lists what is both real and
large enough to act on.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from reports.percard import card_advice, cards
from reports.percard.adjusted import effect_words
from reports.render.text import grouping_words, ranked_tiles, tile_grouping
from reports.run.commands import shell, strategies_word
from simcore import fmt
from simcore.stats import Z95

Report = dict[str, Any]
Finding = dict[str, Any]

MAX_FINDINGS = 5
# a grouping's tiles finding (`tile_findings`) has the grouping's column as its kind: 1
CAPS = {"strategy": 1, "seat_order": 1, "group": 2, "card": 3, "dead_card": 2}
DEAD_PICK_RATE = 0.02  # a card offered often and taken at most this often is "dead"
MIN_GROUP = 3  # tested cards of one card section (the game's card_sections) a group finding needs
LEAN_SHARE = 2 / 3  # ... and the share of them flagged the group's way
# Any game's card finding (this Summary's and the game report's, `reports.game.game_summary`):
MIN_FINDING_SHARE = 0.01  # holders in at least this share of the run's seat-games
MIN_FINDING_HOLDERS = 30  # ... and in at least this many seat-games


def findable(row: dict, run: dict, min_holders: int = MIN_FINDING_HOLDERS) -> bool:
    """Whether a card row may be a finding in any game's Summary: held in at least
    `min_holders` seat-games (the report's --min-sample) and MIN_FINDING_SHARE of the
    run's, with an adjusted interval of positive width (a zero-width one comes from a
    handful of holders)."""
    n = row.get("n") or 0
    seat_games = (run.get("games") or 0) * (run.get("players") or 0)
    low, high = row.get("adj_diff_low"), row.get("adj_diff_high")
    return (
        n >= min_holders
        and seat_games > 0
        and n / seat_games >= MIN_FINDING_SHARE
        and low is not None
        and high is not None
        and high - low > 1e-9
    )


def finding(kind: str, subject: str, text: str, size: float, low, high, **extra) -> Finding:
    """One finding: `size`, `low`, `high` are win-rate differences (fractions, 0.02 = 2
    win-rate points); `weight` orders the summary (largest first)."""
    return {
        "kind": kind,
        "subject": subject,
        "text": text,
        "size": size,
        "low": low,
        "high": high,
        "unit": "win-rate points",
        "seed": extra.get("seed"),
        "command": extra.get("command"),
        "advice": extra.get("advice"),
        "weight": extra.get("weight", abs(size)),
    }


def _margin(report: Report) -> float:
    return report["settings"]["margin"]


def _spread_interval(best: dict, worst: dict) -> tuple[float, float, float]:
    """Best minus worst win rate with a conservative 95% interval: the standard errors
    add (the two rates may come from the same games, where wins are negatively
    correlated, so the usual sqrt of the summed variances could be too narrow)."""
    se = sum(
        math.sqrt(max(r["win_rate"] * (1 - r["win_rate"]), 0.0) / r["n"]) for r in (best, worst)
    )
    spread = best["win_rate"] - worst["win_rate"]
    return spread, spread - Z95 * se, spread + Z95 * se


def _rate(r: dict) -> str:
    return f"{fmt.pct(r['win_rate'])} (95% interval {fmt.pct_range(r['ci_low'], r['ci_high'])})"


def _quote(command: str) -> str:
    return f"`{command}`"


def ablate_command(report: Report, kind: str, card_id: str) -> str:
    """The `tutti ablate` command line that ablates one card with the run's settings."""
    run = report["run"]
    words: list[object] = ["tutti", "ablate", _file_kind(report, kind), "--only", card_id]
    words += ["--players", run["players"], "--seed", run["seed"]]
    words += ["--strategies", strategies_word([s["strategy"] for s in run["seats"]])]
    if run["cards_dir"]:
        words += ["--cards", run["cards_dir"]]
    return shell(*words)


def _file_kind(report: Report, kind: str) -> str:
    """The card data file of a cards-table kind (the `--set` spelling), as the game
    declares it (the report's card kinds); else the kind."""
    return report["cards"]["kinds"].get(kind, {}).get("file") or kind


def confirm_command(report: Report, n: int = 1) -> str:
    return shell("tutti", "report", report["run"]["run_dir"], "--confirm", n)


def params_note(report: Report) -> str | None:
    """Where the run set strategy parameters: `tutti ablate` seats the defaults."""
    if not any(s["params"] for s in report["run"]["seats"]):
        return None
    return (
        "The `tutti ablate` commands seat each strategy with its default parameters; "
        f"`{confirm_command(report, 3)}` ablates with this run's own (see Run)."
    )


# ------------------------------------------------------------------ finders


def strategy_findings(report: Report) -> list[Finding]:
    """A strategy whose win-rate interval lies wholly above the fair share + margin."""
    rows = [r for r in report["strategies"]["by_strategy"] if r["ci_low"] is not None]
    if len({r["strategy"] for r in rows}) < 2:
        return []
    fair = report["seats"]["fair_rate"]
    best = max(rows, key=lambda r: r["win_rate"])
    worst = min(rows, key=lambda r: r["win_rate"])
    if best["ci_low"] - fair <= _margin(report):
        return []
    size = best["win_rate"] - fair
    share = best["n"] / sum(r["n"] for r in rows)
    text = (
        f"The {best['strategy']} strategy dominates: it wins {_rate(best)} of its seat-games, "
        f"{fmt.pts(size)} win-rate points above the fair share of {fmt.pct(fair)}, while "
        f"{worst['strategy']} wins {fmt.pct(worst['win_rate'])}; every card effect below is "
        "measured in this lopsided field, so look at the Strategies section first."
    )
    return [
        finding("strategy", best["strategy"], text, size, best["ci_low"] - fair,
                best["ci_high"] - fair, weight=size * share)
    ]  # fmt: skip


def seat_findings(report: Report) -> list[Finding]:
    """A spread between the best and worst start position beyond the margin (and a
    significant chi-square test)."""
    seats = report["seats"]
    chi = seats["chi_square"]
    rows = [r for r in seats["by_start_order"] if r["win_rate"] is not None and r["n"]]
    if len(rows) < 2 or chi["too_few_games"] or chi["p_value"] is None or chi["p_value"] >= 0.05:
        return []
    best = max(rows, key=lambda r: r["win_rate"])
    worst = min(rows, key=lambda r: r["win_rate"])
    spread, low, high = _spread_interval(best, worst)
    if low <= _margin(report):
        return []
    text = (
        f"Seat order matters: the {fmt.ordinal(best['start_order'])} player wins {_rate(best)}, "
        f"the {fmt.ordinal(worst['start_order'])} {_rate(worst)}, a spread of "
        f"{fmt.pts(spread)} win-rate points (conservative 95% interval "
        f"{fmt.pts_range(low, high)}; chi-square {fmt.p_is(chi['p_value'])})"
        + "".join(
            f"; look at the {g['label']} by start order table to see where the advantage comes from"
            for g in report["groupings"][:1]
        )
        + "."
    )
    # the best and the worst seat each play 1/len(rows) of the seat-games: half the
    # spread each away from the middle
    weight = spread / len(rows)
    return [
        finding("seat_order", fmt.ordinal(best["start_order"]), text, spread, low, high,
                weight=weight)
    ]  # fmt: skip


def tile_findings(report: Report) -> list[Finding]:
    """A spread beyond the margin between the tiles of the grouping (the game's grouping
    with a card kind: Luthier's family tiles) with the largest and smallest adjusted
    effects (holders against non-holders of the same strategy and start order: the raw
    win rates mix the tile with the strategies that keep it)."""
    g = tile_grouping(report)
    ranked = ranked_tiles(report) if g is not None else None  # its section's order
    if g is None or ranked is None:
        return []
    best, worst = ranked
    se = sum((r["adj_diff_high"] - r["adj_diff_low"]) / (2 * Z95) for r in (best, worst))
    spread = best["adj_diff"] - worst["adj_diff"]
    low, high = spread - Z95 * se, spread + Z95 * se
    if low <= _margin(report):
        return []

    def effect(r: dict) -> str:
        return f"{r['card']} " + effect_words(r["adj_diff"], r["adj_diff_low"], r["adj_diff_high"])

    command = ablate_command(report, g["kind"], best["card_id"])
    words = (
        f"{g['title']} differ: against non-holders of the same strategy and start order, "
        f"strongest {effect(best)}, weakest {effect(worst)}, a spread of "
        f"{fmt.pts(spread)} win-rate points (conservative 95% interval "
        f"{fmt.pts_range(low, high)}); confirm with {_quote(command)}."
    )
    weight = abs(best.get("impact") or 0.0) + abs(worst.get("impact") or 0.0)
    return [
        finding(g["column"], best["card"], words, spread, low, high, command=command,
                weight=weight)
    ]  # fmt: skip


def lean_groups(report: Report) -> list[dict]:
    """Sections of a kind (the string instruments, the wind repairs, ...) whose cards lean
    one way together: at least MIN_GROUP tested cards, at least LEAN_SHARE of them flagged
    the same way, and the mean of their adjusted differences beyond the margin with a
    conservative interval (the mean of their standard errors, as if the cards' estimates
    moved together: holders of one section's cards overlap). Such a group points at
    what its cards share rather than at each card's number."""
    margin = _margin(report)
    sections: dict[tuple[str, str], list[dict]] = {}
    for r in report["cards"]["rows"]:
        if r.get("section") and r["tested"] and not cards.is_outcome(r):
            sections.setdefault((r["kind"], r["section"]), []).append(r)
    groups = []
    for (kind, section), rows in sections.items():
        if len(rows) < MIN_GROUP:
            continue
        mean = sum(r["adj_diff"] for r in rows) / len(rows)
        se = sum((r["adj_diff_high"] - r["adj_diff_low"]) / (2 * Z95) for r in rows) / len(rows)
        low, high = mean - Z95 * se, mean + Z95 * se
        flag = "stronger" if mean > 0 else "weaker"
        leaning = [r for r in rows if r["flag"] == flag]
        if not (low > margin or high < -margin) or len(leaning) < LEAN_SHARE * len(rows):
            continue
        groups.append(
            {"kind": kind, "section": section, "rows": rows, "leaning": leaning,
             "mean": mean, "low": low, "high": high, "flag": flag}
        )  # fmt: skip
    return groups


def _group_name(report: Report, group: dict) -> str:
    """ "string instruments": the section in words (the game's card_sections) and the kind's
    plural (its CardKind.words)."""
    section = report["cards"].get("sections", {}).get(group["section"], group["section"])
    plural = report["cards"]["kinds"].get(group["kind"], {}).get("plural") or group["kind"]
    return f"{section} {plural}"


def group_findings(report: Report) -> list[Finding]:
    """A section whose cards lean one way together (`lean_groups`): one finding instead of
    one per card, ranked as its leaning member with the largest impact."""
    groups = lean_groups(report)
    out = []
    for g in groups:
        name = _group_name(report, g)
        others = [
            f"the {_group_name(report, o)} lean {o['flag']} ({fmt.pts(o['mean'])})"
            for o in groups
            if o["kind"] == g["kind"] and o["flag"] != g["flag"]
        ]
        cards_named = ", ".join(r["card"] for r in sorted(g["leaning"], key=lambda r: r["card"]))
        text = (
            f"The {name} are {g['flag']} as a group: {len(g['leaning'])} of the "
            f"{len(g['rows'])} tested are flagged {g['flag']} ({cards_named}), their adjusted "
            f"differences average {fmt.pts(g['mean'])} win-rate points (conservative 95% "
            f"interval {fmt.pts_range(g['low'], g['high'])})"
            + (f", while {' and '.join(others)}" if others else "")
            + "; look at what they share (materials, their orchestra row, the patrons and "
            "goals that ask for them) before changing each card's number."
        )
        weight = max(abs(cards.rank_key(r)) for r in g["leaning"])
        subject = name[0].upper() + name[1:]
        out.append(finding("group", subject, text, g["mean"], g["low"], g["high"], weight=weight))
    return out


def _ablation_words(row: dict) -> str:
    a = row.get("ablation") or {}
    if a.get("delta") is None:
        return ""
    return (
        f"; ablated on the run's own games it moves its holders' win rate by "
        f"{fmt.pts(a['delta'])} win-rate points ({fmt.pts_range(a['low'], a['high'])}): "
        f"{a['verdict']}"
    )


def _card_weight(row: dict) -> float:
    """A card's place in the summary: its impact (`reports.percard.cards.rank_key`), or, once its
    ablation did not confirm it (`--confirm`), the ablation's effect times the same share
    of seat-games (the card itself matters that little)."""
    impact = abs(cards.rank_key(row))
    a = row.get("ablation") or {}
    if a.get("verdict") == "not confirmed" and a.get("delta") is not None and row["adj_diff"]:
        return abs(a["delta"]) * impact / abs(row["adj_diff"])
    return impact


def _held_share(row: dict) -> float:
    """The share of the run's seat-games holding the card (impact / adjusted Δ)."""
    if not row.get("adj_diff") or row.get("impact") is None:
        return 0.0
    return row["impact"] / row["adj_diff"]


def card_findings(report: Report) -> list[Finding]:
    """The flagged cards with the largest impact (their interval lies beyond
    the margin by the flag's definition); a grouping's tiles are the tile finding's, and
    the cards of a section that leans one way together the group finding's."""
    # a card of a leaning section that goes the group's way is the group finding's; one
    # going against it (a planted strong violin among weak strings) stays a finding of its own
    grouped = {(r["kind"], r["card_id"]) for g in lean_groups(report) for r in g["leaning"]}
    tiles = {g["kind"] for g in report["groupings"] if g["kind"]}
    rows = [
        r
        for r in report["cards"]["rows"]
        if cards.is_flagged(r)
        and findable(r, report["run"], report["settings"]["min_sample"])
        and r["kind"] not in tiles
        and (r["kind"], r["card_id"]) not in grouped
    ]
    rows.sort(key=lambda r: -_card_weight(r))
    rows = rows[: CAPS["card"]]
    advisor = card_advice.Advisor(report) if rows else None
    out = []
    for r in rows:
        more = "more" if r["adj_diff"] > 0 else "less"
        example = r["examples"][0] if r["examples"] else None
        replay = (
            f"; replay seed {example['seed']} ({example['seat_name']} held it and "
            f"{'won' if example['won'] else 'lost'})"
            if example
            else ""
        )
        advice = advisor.advise(r) if advisor else None
        command = advice["command"] if advice else ablate_command(report, r["kind"], r["card_id"])
        then = advice["text"] if advice else f"confirm with {_quote(command)}"
        text = (
            f"{r['card']} ({r['kind']}) is {r['flag']}: its holders win "
            f"{abs(r['adj_diff']) * 100:.1f} win-rate points {more} than non-holders of the "
            f"same strategy, {grouping_words(report)} (effect (adjusted), 95% interval "
            f"{fmt.pts_range(r['adj_diff_low'], r['adj_diff_high'])}; raw "
            f"{fmt.pts(r['diff'])}; held in {fmt.pct(_held_share(r))} of the seat-games)"
            f"{_ablation_words(r)}{replay}; {then}."
        )
        out.append(
            finding(
                "card",
                r["card"],
                text,
                r["adj_diff"],
                r["adj_diff_low"],
                r["adj_diff_high"],
                seed=example["seed"] if example else None,
                command=command,
                advice=advice,
                weight=_card_weight(r),
            )
        )
    return out


def dead_card_findings(report: Report) -> list[Finding]:
    """Cards offered often and (almost) never taken. Needs per-card pick rates (`offered`,
    `pick_rate` in the card rows); runs without them give no finding."""
    min_sample = report["settings"]["min_sample"]
    rows = [
        r
        for r in report["cards"]["rows"]
        if not cards.is_outcome(r)
        and (r.get("offered") or 0) >= min_sample
        and r.get("pick_rate") is not None
        and r["pick_rate"] <= DEAD_PICK_RATE
    ]
    rows.sort(key=lambda r: (r["pick_rate"], -r["offered"]))
    rows = rows[: CAPS["dead_card"]]
    advisor = card_advice.Advisor(report) if rows else None
    out = []
    for r in rows:
        rate = r["pick_rate"]
        taken = "never taken" if rate == 0 else f"taken {fmt.pct(rate)} of the times"
        advice = advisor.advise(r, dead=True) if advisor else None
        then = (
            advice["text"]
            if advice
            else "look at its cost and reward in the card files "
            f"(`tutti cards list {_file_kind(report, r['kind'])}`)"
        )
        text = (
            f"{r['card']} ({r['kind']}) is a dead card: offered in {r['offered']:,} "
            f"seat-games and {taken}; {then}."
        )
        # as much as a finding moving the margin in every seat-game (module docstring);
        # the rarer taken, the earlier
        weight = _margin(report) * (1 + DEAD_PICK_RATE - rate)
        command = advice["command"] if advice else None
        out.append(
            finding("dead_card", r["card"], text, 0.0, None, None, weight=weight,
                    command=command, advice=advice)
        )  # fmt: skip
    return out


FINDERS: tuple[Callable[[Report], list[Finding]], ...] = (
    dead_card_findings,
    strategy_findings,
    seat_findings,
    tile_findings,
    group_findings,
    card_findings,
)


def summary(report: Report) -> list[Finding]:
    """At most MAX_FINDINGS findings, largest impact first (ties: in FINDERS order)."""
    found = [f for finder in FINDERS for f in finder(report)]
    found.sort(key=lambda f: -f["weight"])
    out: list[Finding] = []
    taken: dict[str, int] = {}
    for f in found:
        if len(out) == MAX_FINDINGS:
            break
        if taken.get(f["kind"], 0) < CAPS.get(f["kind"], 1):
            out.append(f)
            taken[f["kind"]] = taken.get(f["kind"], 0) + 1
    return out


def nothing_found(report: Report) -> str:
    """The sentence shown when no finding passes."""
    return (
        "Nothing stands out beyond the margin of ±"
        f"{_margin(report) * 100:g} win-rate points: no dominating strategy, no seat-order"
        + "".join(f" or {g['label'].lower()}" for g in report["groupings"][:1])
        + " spread and no flagged card (see the sections below for what is too uncertain)."
    )
