"""The drift result as a short verdict table for a terminal, as a Markdown comment for a
pull request, and as JSON.

The terminal gets the verdict, the overall metrics (start order, the game's groups such
as Luthier's family, strategy, score) and the card metrics that did not pass, in one
table that fits its width.
The Markdown lists drifted metrics first, then the inconclusive ones, each with
baseline, candidate, difference and interval; the passing metrics are folded away
in a <details> block. The JSON is the result dict itself.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from reports.render_md import table
from simcore import fmt

Result = dict[str, Any]
HEADLINE = {
    "pass": "✅ pass: no metric moved beyond the tolerance",
    "drift": "❌ drift: win rates or scores moved beyond the tolerance",
    "inconclusive": "⚠️ inconclusive: too few games to decide",
}
MAX_PASS_ROWS = 60
MAX_TERMINAL_ROWS = 20  # metrics that did not pass, in the terminal table
# the per-card groups; every other group (start order, the game's groups, strategy,
# score) is always in the terminal table
CARD_GROUPS = ("card", "completed")


def _score(result: Result) -> str:
    """The game's score in words ("prestige", "points")."""
    return result.get("score") or "score"


def _value(r: dict[str, Any], x: float | None) -> str:
    if r["kind"] == "score":
        return fmt.num(x, 2)
    return fmt.pts(x) + " pts" if r["kind"] == "card" and x is not None else fmt.pct(x)


def _diff(r: dict[str, Any], x: float | None) -> str:
    return f"{x:+.2f}" if r["kind"] == "score" and x is not None else fmt.pts(x)


def _interval(r: dict[str, Any]) -> str:
    if r["low"] is None:
        return fmt.DASH
    if r["kind"] == "score":
        return f"{r['low']:+.2f} to {r['high']:+.2f}"
    return fmt.pts_range(r["low"], r["high"])


def _tolerance(r: dict[str, Any]) -> str:
    t = r["tolerance"]
    return f"±{t:.2f}" if r["kind"] == "score" else f"±{t * 100:.1f}"


def metric_rows(rows: list[dict[str, Any]]) -> list[list[str]]:
    return [
        [
            r["verdict"],
            r["metric"],
            _value(r, r["baseline"]),
            _value(r, r["candidate"]),
            _diff(r, r["diff"]),
            _interval(r),
            _tolerance(r),
            fmt.p_value(r["holm_p"]),
        ]
        for r in rows
    ]


HEADERS = ["verdict", "metric", "baseline", "candidate", "difference", "interval", "tolerance"]


def _side(name: str, side: dict[str, Any]) -> str:
    cards = side["cards_dir"] or "shipped card set"
    return (
        f"- **{name}**: `{side['path']}` ({side['kind']}): {side['games']:,} games, "
        f"{side['players']} players, seed {side['seed']}, strategies "
        f"{','.join(side['strategies'])}; cards {cards} (hash {side['card_hash'][:8]}), "
        f"rules version {side['rules_version']}"
    )


def render_markdown(result: Result) -> str:
    s = result["settings"]
    rows = [r for r in result["metrics"] if r["tested"]]
    confidence = f"{(1 - s['alpha']) * 100:g}%"
    lines = [f"## tutti drift check: {HEADLINE[result['verdict']]}", ""]
    lines += [_side("Baseline", result["baseline"]), _side("Candidate", result["candidate"]), ""]
    if result["paired"]:
        changed = result["games_changed"]
        lines.append(
            f"Compared game by game (same seeds): {changed:,} of "
            f"{result['games_baseline']:,} games played out differently."
        )
    lines += [*result["notes"], ""] if result["notes"] else [""]
    lines.append(
        f"Tolerance: ±{s['tolerance'] * 100:g} points of win rate, ±{s['card_tolerance'] * 100:g} "
        f"points of a card's win-rate difference, ±{s['score_tolerance']:g} {_score(result)}. "
        f"Intervals are {confidence}"
        + (" always-valid (sequential test)" if result["sequential"] else "")
        + f"; drift needs a Holm-adjusted p ≤ {s['alpha']:g} across the {len(rows)} tested "
        "metrics. Differences are candidate minus baseline, in percentage points (pts)."
    )
    lines.append("")
    c = result["counts"]
    lines.append(
        f"**{c['drift']} drifted, {c['inconclusive']} inconclusive, {c['pass']} passed**"
        + (f"; {c['untested']} metrics untested (fewer than {s['min_sample']} holders, "
           "5 wins or 5 losses in a group, or 50 games)." if c["untested"] else ".")
    )  # fmt: skip
    lines.append("")
    headers = [*HEADERS, "Holm p"]
    for verdict, title in (("drift", "Drifted"), ("inconclusive", "Inconclusive")):
        chosen = [r for r in rows if r["verdict"] == verdict]
        if chosen:
            lines += [f"### {title} ({len(chosen)})", ""]
            lines += table(headers, metric_rows(chosen), left=2)
    passed = [r for r in rows if r["verdict"] == "pass"]
    if passed:
        shown = passed[:MAX_PASS_ROWS]
        lines += [f"<details><summary>Passed ({len(passed)})</summary>", ""]
        lines += table(headers, metric_rows(shown), left=2)
        if len(passed) > len(shown):
            lines += [f"... and {len(passed) - len(shown)} more (see the JSON).", ""]
        lines += ["</details>", ""]
    return "\n".join(lines).rstrip() + "\n"


def render_json(result: Result) -> str:
    return json.dumps(result, indent=2, allow_nan=False) + "\n"


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render_terminal(result: Result, width: int = 100) -> str:
    """The verdict and a short table (metric, verdict, difference, interval) in `width` columns."""
    s = result["settings"]
    rows = [r for r in result["metrics"] if r["tested"]]
    lines = [f"tutti drift check: {HEADLINE[result['verdict']]}"]
    for name in ("baseline", "candidate"):
        side = result[name]
        lines.append(f"{name}: {side['path']} ({side['kind']}, {side['games']:,} games)")
    if result["paired"]:
        lines.append(
            f"Compared game by game (same seeds): {result['games_changed']:,} of "
            f"{result['games_baseline']:,} games played out differently."
        )
    lines += result["notes"]
    c = result["counts"]
    lines.append(
        f"{c['drift']} drifted, {c['inconclusive']} inconclusive, {c['pass']} passed, "
        f"{c['untested']} untested; tolerance ±{s['tolerance'] * 100:g} points of win rate, "
        f"±{s['score_tolerance']:g} {_score(result)}; intervals {(1 - s['alpha']) * 100:g}%."
    )
    lines = [part for line in lines for part in textwrap.wrap(line, width) or [""]]
    open_rows = [r for r in rows if r["verdict"] != "pass"]
    shown = open_rows[:MAX_TERMINAL_ROWS]
    shown += [r for r in rows if r["verdict"] == "pass" and r["group"] not in CARD_GROUPS]
    cells = [
        [r["metric"], r["verdict"], _diff(r, r["diff"]) + (" pts" if r["kind"] != "score" else ""),
         _interval(r)]
        for r in shown
    ]  # fmt: skip
    headers = ["metric", "verdict", "difference", "interval"]
    widths = [max(len(row[i]) for row in [headers, *cells]) for i in range(1, 4)]
    metric_width = max(12, width - sum(widths) - 2 * 3)
    metric_width = min(metric_width, max(len(row[0]) for row in [headers, *cells]))
    lines.append("")
    for row in [headers, *cells]:
        parts = [_fit(row[0], metric_width).ljust(metric_width), row[1].ljust(widths[0])]
        parts += [row[2].rjust(widths[1]), row[3].rjust(widths[2])]
        lines.append("  ".join(parts).rstrip())
    hidden = len(open_rows) - min(len(open_rows), MAX_TERMINAL_ROWS)
    if hidden:
        lines.append(f"... and {hidden} more metrics that did not pass.")
    return "\n".join(lines) + "\n"
