"""The drift result as a short verdict table for a terminal, as a Markdown comment for a
pull request, and as JSON.

Both lead with what changed: the verdict, each side with its card data, then the cards
whose data differ, field by field ("repairs.r15 (Bell rebuild): prestige 2 -> 3"),
each with its holders' and completers' win-rate difference in the baseline and the
candidate and the change, whatever its verdict.
The terminal then gives the metrics that moved (drifted, then inconclusive) and the
overall metrics (start order, the game's groups such as Luthier's family, strategy,
score), in one table that fits its width.
The Markdown lists drifted metrics first, then the inconclusive ones, each with
baseline, candidate, difference and interval; the passing metrics are folded away
in a <details> block. The JSON is the result dict itself.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from reports.render.blocks import md_table as table
from simcore import fmt

Result = dict[str, Any]
HEADLINE = {
    "pass": "✅ pass: no metric moved beyond the tolerance",
    "drift": "❌ drift: win rates or scores moved beyond the tolerance",
    "inconclusive": "⚠️ inconclusive: too few games to decide",
}
MAX_PASS_ROWS = 60
MAX_TERMINAL_ROWS = 20  # metrics that did not pass, in the terminal table
MAX_LEAD_CARDS = 5  # changed cards on the terminal (the Markdown and JSON have them all)
# the per-card groups; every other group (start order, the game's groups, strategy,
# score) is always in the terminal table
CARD_GROUPS = ("card", "completed")


def _score(result: Result) -> str:
    """The game's score in words ("prestige", "points")."""
    return result.get("score") or "score"


def _score_tolerance(result: Result) -> str:
    """ "±0.80 prestige (10% of the baseline's mean, 8.02)" or "±1 prestige"."""
    s = result["settings"]
    if s.get("score_tolerance_share") is None:
        return f"±{s['score_tolerance']:g} {_score(result)}"
    return (
        f"±{s['score_tolerance']:.2f} {_score(result)} ({s['score_tolerance_share'] * 100:g}% "
        f"of the baseline's mean, {s['score_scale']:.2f})"
    )


def _cards_of(side: dict[str, Any]) -> str:
    """Where a side's card data came from, in words."""
    return f"cards {side['cards_dir']}" if side.get("cards_dir") else "the shipped cards"


def value_text(x: Any) -> str:
    """A card field's value as a card file writes it, short: 2, true, strings, [0, 1],
    {animal = 1}; "unset" for a field the card lacks."""
    if x is None:
        return "unset"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, float):
        return f"{x:g}"
    if isinstance(x, list):
        return "[" + ", ".join(value_text(v) for v in x) + "]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k} = {value_text(v)}" for k, v in x.items()) + "}"
    return str(x)


def change_text(change: dict[str, Any]) -> str:
    """ "repairs.r15 (Bell rebuild): prestige 2 -> 3, cost.wood 1 -> 2"."""
    if change["change"] == "added":
        return f"{change['label']}: only in the candidate (a new card)"
    if change["change"] == "removed":
        return f"{change['label']}: only in the baseline (removed)"
    fields = ", ".join(
        f"{f['field']} {value_text(f['baseline'])} -> {value_text(f['candidate'])}"
        for f in change["fields"]
    )
    return f"{change['label']}: {fields}"


def _with_interval(x: float | None, low: float | None, high: float | None, wide: bool) -> str:
    if x is None:
        return fmt.DASH
    return fmt.pts(x) + (f" ({fmt.pts_range(low, high)})" if wide and low is not None else "")


def _lead_cells(m: dict[str, Any], wide: bool) -> list[str]:
    """One changed card's metric: who, baseline, candidate, the change with its interval, and
    the verdict; each side with its own interval when `wide`."""
    return [
        f"  {m['who']}",
        _with_interval(m["baseline"], m["baseline_low"], m["baseline_high"], wide),
        _with_interval(m["candidate"], m["candidate_low"], m["candidate_high"], wide),
        _with_interval(m["diff"], m["low"], m["high"], True),
        m["verdict"],
    ]


def _aligned(rows: list[list[str]]) -> list[str]:
    """Rows of cells in columns two spaces apart: the first left-aligned, the others right,
    the last (a verdict) left."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [r[0].ljust(widths[0])]
        cells += [c.rjust(w) for c, w in zip(r[1:-1], widths[1:-1], strict=True)]
        out.append("  ".join([*cells, r[-1]]).rstrip())
    return out


def lead_lines(result: Result, width: int = 100) -> list[str]:
    """The cards whose data differ, each with its metrics in the baseline and the candidate
    and the change (at most MAX_LEAD_CARDS cards), or one line saying the card data are the
    same, or why no card is listed."""
    cards = result.get("cards")
    if cards is None:
        return []
    if cards["same"]:
        return [f"Card data: the same on both sides (hash {cards['baseline']['card_hash'][:8]})."]
    if cards["note"]:
        return textwrap.wrap(cards["note"], width)
    changes = cards["changes"]
    n = len(changes)
    lines = textwrap.wrap(
        f"{n} changed card{'s' if n > 1 else ''}, effects in win-rate points (adjusted: "
        "as the report):",
        width,
    )
    shown = changes[:MAX_LEAD_CARDS]
    metrics = [m for change in shown for m in change.get("metrics") or []]
    header = ["", "baseline", "candidate", "change", "verdict"]
    for wide in (True, False):  # each side's interval, when the table fits
        rows = _aligned([header, *(_lead_cells(m, wide) for m in metrics)])
        if max(len(r) for r in rows) <= width:
            break
    cells = iter(rows[1:])
    if metrics:
        lines.append(rows[0])
    for change in shown:
        lines += textwrap.wrap(change_text(change), width, subsequent_indent="    ")
        lines += [next(cells) for _ in change.get("metrics") or []]
        if not change.get("metrics") and change["change"] == "changed":
            lines.append("  no per-card metric: no seat holds it (a rule?); see the metrics below")
    if n > MAX_LEAD_CARDS:
        lines.append(f"... and {n - MAX_LEAD_CARDS} more: --markdown FILE or --json FILE.")
    return lines


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
    lines += _lead_markdown(result)
    if result["paired"]:
        changed = result["games_changed"]
        lines.append(
            f"Compared game by game (same seeds): {changed:,} of "
            f"{result['games_baseline']:,} games played out differently."
        )
    lines += [*result["notes"], ""] if result["notes"] else [""]
    lines.append(
        f"Tolerance: ±{s['tolerance'] * 100:g} points of win rate, ±{s['card_tolerance'] * 100:g} "
        f"points of a card's win-rate difference, {_score_tolerance(result)}. "
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


def _lead_markdown(result: Result) -> list[str]:
    """The changed cards as a Markdown section: one row per card metric."""
    cards = result.get("cards")
    if cards is None:
        return []
    if cards["same"]:
        return [f"Card data: the same on both sides (hash `{cards['baseline']['card_hash'][:8]}`).",
                ""]  # fmt: skip
    if cards["note"]:
        return [cards["note"], ""]
    changes = cards["changes"]
    lines = [f"### Cards whose data differ ({len(changes)})", ""]
    lines.append(
        "Each with the win rate of its holders (completers) minus the other seats', in the "
        "baseline and the candidate, and the change (candidate minus baseline), in points."
    )
    lines.append("")
    headers = ["card", "metric", "baseline", "candidate", "change", "interval", "verdict"]
    rows = []
    for change in changes:
        what = change_text(change)
        metrics = change.get("metrics") or []
        if not metrics:
            rows.append([what, fmt.DASH, fmt.DASH, fmt.DASH, fmt.DASH, fmt.DASH, fmt.DASH])
        for i, m in enumerate(metrics):
            rows.append([
                what if i == 0 else "",
                m["who"],
                _with_interval(m["baseline"], m["baseline_low"], m["baseline_high"], True),
                _with_interval(m["candidate"], m["candidate_low"], m["candidate_high"], True),
                fmt.pts(m["diff"]),
                fmt.pts_range(m["low"], m["high"]),
                m["verdict"],
            ])  # fmt: skip
    lines += table(headers, rows, left=2)
    return lines


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
        lines.append(
            f"{name}: {side['path']} ({side['kind']}, {side['games']:,} games; {_cards_of(side)})"
        )
    lines = [
        part
        for line in lines
        for part in textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
    ]  # a path is broken at a space only
    lines += lead_lines(result, width)
    lines.append("")
    rest = []
    if result["paired"]:
        rest.append(
            f"Compared game by game (same seeds): {result['games_changed']:,} of "
            f"{result['games_baseline']:,} games played out differently."
        )
    rest += result["notes"]
    c = result["counts"]
    rest.append(
        f"{c['drift']} drifted, {c['inconclusive']} inconclusive, {c['pass']} passed, "
        f"{c['untested']} untested; tolerance ±{s['tolerance'] * 100:g} points of win rate, "
        f"{_score_tolerance(result)}; intervals {(1 - s['alpha']) * 100:g}%."
    )
    lines += [part for line in rest for part in textwrap.wrap(line, width) or [""]]
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
