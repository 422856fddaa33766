"""The top of a game report: at most five plain sentences a designer reads in 30 seconds.

One sentence each on the run and its strategies, the first-player advantage, the end of
the game, the critic (or the one-turn completions) and the card effect to look at next;
a section the game's tables lack is left out.
"""

from __future__ import annotations

from typing import Any

from reports.cardbalance.findings import findable
from simcore import fmt

MAX_FINDINGS = 5
Q = 0.05  # false-discovery rate for a card effect to be named
Report = dict[str, Any]


def _ci(r: dict[str, Any], low: str = "ci_low", high: str = "ci_high") -> str:
    return f"95% interval {fmt.pct_range(r[low], r[high])}"


def _pts_ci(r: dict[str, Any], prefix: str = "") -> str:
    return f"95% interval {fmt.pts_range(r[prefix + 'diff_low'], r[prefix + 'diff_high'])}"


def run_sentence(report: Report, few_games: int) -> str:
    run, st = report["run"], report["strategies"]
    best, worst = st[0], st[-1]
    if len(st) == 1:
        text = (
            f"{run['games']:,} games of {run['title']} at {run['players']} players with "
            f"{best['strategy']} in every seat (so a seat wins {fmt.pct(best['rate'])} on "
            "average by construction)"
        )
        if run["games"] < few_games:
            text += f"; with under {few_games:,} games these numbers are too uncertain to act on"
        return text + "."
    text = (
        f"{run['games']:,} games of {run['title']} at {run['players']} players: the strongest "
        f"strategy, {best['strategy']}, won {fmt.pct(best['rate'])} ({_ci(best)})"
    )
    if len(st) > 1:
        text += f" and the weakest, {worst['strategy']}, {fmt.pct(worst['rate'])} ({_ci(worst)})"
    if run["games"] < few_games:
        text += f"; with under {few_games:,} games these numbers are too uncertain to act on"
    return text + "."


def first_player_sentence(report: Report) -> str:
    s = report["start_order"]
    first = s["by_start_order"][0]
    d = s["first_vs_others_within_strategy"]
    if d["diff"] is None:
        d = s["first_vs_others"]
    lead = (
        f"The first player won {fmt.pct(first['rate'])} ({_ci(first)}) against a fair "
        f"{fmt.pct(s['fair_rate'])}"
    )
    if d["diff"] is None:
        return lead + "."
    if d["diff_low"] > 0 or d["diff_high"] < 0:
        word = "an advantage" if d["diff"] > 0 else "a disadvantage"
        return (
            f"{lead}, {fmt.pts(d['diff'])} win-rate points over the other seats within "
            f"strategy ({_pts_ci(d)}): {word} of going first."
        )
    return f"{lead}; no first-player advantage is detectable ({_pts_ci(d)} points)."


def end_sentence(report: Report) -> str | None:
    """Each end trigger's share, and the strategy that most often triggered it."""
    end = report.get("end")
    if not end or not end["by_trigger"]:
        return None
    parts = []
    for t in end["by_trigger"]:
        part = f"by {_name(t['trigger'])} in {fmt.pct(t['share'])}"
        enders = [x for x in end["by_ender"] if x["trigger"] == t["trigger"]]
        if len(report["strategies"]) > 1 and enders:
            top = max(enders, key=lambda x: x["share_of_trigger"])
            part += (
                f" (most often at {top['strategy']} seats: {fmt.pct(top['share_of_trigger'], 0)})"
            )
        parts.append(part)
    return f"Games ended {' and '.join(parts)}."


def _name(s: str) -> str:
    return s.replace("_", " ")


def critic_sentence(report: Report) -> str | None:
    c = report.get("critic")
    if not c:
        return None
    text = (
        f"The critic gave {fmt.num(c['mean_points'])} points per seat on average "
        f"({fmt.num(c['winners_mean_points'])} to winners)"
    )
    held = c.get("held_at_end")
    if held and held["vs_others_within_strategy"]["diff"] is not None:
        d = held["vs_others_within_strategy"]
        text += (
            f", and its holder at the end won {fmt.pct(held['rate'])}, "
            f"{fmt.pts(d['diff'])} win-rate points over comparable seats "
            f"({_pts_ci(d)}; a correlation)"
        )
    return text + "."


def one_turn_sentence(report: Report) -> str | None:
    o = report.get("one_turn")
    if not o or o["any_vs_none"]["diff"] is None:
        return None
    d = o["any_vs_none"]
    return (
        f"Seats with a one-turn completion won {fmt.pct(d['win_with'])} against "
        f"{fmt.pct(d['win_without'])}, {fmt.pts(d['diff'])} win-rate points within strategy "
        f"({_pts_ci(d)}; a correlation)."
    )


def next_sentence(report: Report) -> str | None:
    """The card effect with the largest adjusted difference (q <= Q) of the first kind."""
    cards = report["cards"]
    if not cards["kinds"]:
        return None
    kind = cards["kinds"][0]["kind"]
    rows = [
        r
        for r in cards["rows"]
        if r["kind"] == kind
        and r["q_value"] is not None
        and r["q_value"] <= Q
        and findable(r, report["run"], report["settings"]["min_sample"])  # enough holders
    ]
    if not rows:
        return f"No {kind} shows a win-rate effect at a false-discovery rate of {Q:.0%}."
    top = max(rows, key=lambda r: abs(r["adj_diff"]))
    event = "any event" if top["event"] == "any" else _name(top["event"])
    return (
        f"Look next at the {kind} {top['card']}, event '{event}': seats that had it won "
        f"{fmt.pts(top['adj_diff'], 1)} win-rate points against comparable seats "
        f"({_pts_ci(top, 'adj_')}), the largest {kind} effect; correlational, not causal."
    )


def summary(report: Report, few_games: int) -> list[dict[str, str]]:
    """At most MAX_FINDINGS findings: {"topic", "text"}."""
    found = [
        ("run", run_sentence(report, few_games)),
        ("first player", first_player_sentence(report)),
        ("end", end_sentence(report)),
        ("critic", critic_sentence(report) or one_turn_sentence(report)),
        ("next", next_sentence(report)),
    ]
    return [{"topic": t, "text": s} for t, s in found if s][:MAX_FINDINGS]
