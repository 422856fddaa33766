"""The report's plots, drawn with matplotlib (Agg) and returned as inline SVG text.

Every function takes parts of the report dict and returns one `<svg>` element
whose ids are prefixed with the plot's name, so many plots can share a page.
Text is SVG `<text>` in the page's sans-serif font: searchable, selectable, and a
fraction of the size of text drawn as paths (issue 34: the report page was 1 MB).
Axes in percent or win-rate points get ticks in 1-2-5 steps, labelled with as many
decimals as the step needs, so no two tick labels read the same.
"""

from __future__ import annotations

import functools
import io
import math
import re
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import Formatter, MaxNLocator  # noqa: E402

Row = dict[str, Any]

BLUE = "#0072B2"  # stronger / winners
RED = "#D55E00"  # weaker / losers
GREY = "#8C8C8C"  # too uncertain, all seats
INK = "#333333"
STYLE = {
    "font.size": 9,
    "axes.edgecolor": "#999999",
    "axes.labelcolor": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "svg.fonttype": "none",  # text as <text>, not paths
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans", "Arial", "Helvetica"],  # the layout's font first
}
SVG_METADATA = ("Date", "Creator", "Format", "Type")  # left out: bytes in every plot
WIDTH = 7.2  # inches: about 700 px, the page's column


def _styled(plot):
    """Draw the whole plot under the report's style (rcParams apply when artists are made)."""

    @functools.wraps(plot)
    def wrapper(*args, **kwargs):
        with matplotlib.rc_context(STYLE):
            return plot(*args, **kwargs)

    return wrapper


def _figure(height: float, width: float = WIDTH) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


def to_svg(fig: Figure, name: str) -> str:
    """The figure as one `<svg>` element with ids made unique by `name`."""
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": name}):
        fig.savefig(buf, format="svg", metadata=dict.fromkeys(SVG_METADATA))
    text = buf.getvalue()
    text = re.sub(r">\s+<", "><", text[text.index("<svg") :])  # indentation: a third
    text = re.sub(r'<g id="[^"]+">', "<g>", text)  # ids nothing refers to
    text = re.sub(r'\bid="([^"]+)"', rf'id="{name}-\1"', text)
    text = re.sub(r'href="#([^"]+)"', rf'href="#{name}-\1"', text)
    text = re.sub(r"url\(#([^)]+)\)", rf"url(#{name}-\1)", text)
    return text.replace("<svg ", f'<svg role="img" aria-label="{name}" ', 1)


NICE_STEPS = [1, 2, 5, 10]  # tick steps: 1, 2 or 5 times a power of ten


class HundredthsFormatter(Formatter):
    """Tick labels of fractions as percent or win-rate points (value * 100), with the
    decimals the tick step needs: steps of 1 point or more get none, of 0.5 or 0.2 one,
    and so on; so two ticks never read the same after rounding ("26%, 26%, 25%")."""

    def __init__(self, suffix: str = "", signed: bool = False):
        self.suffix = suffix
        self.signed = signed
        self.decimals = 0

    def set_locs(self, locs) -> None:
        super().set_locs(locs)
        steps = [round(abs(b - a) * 100, 9) for a, b in zip(locs, locs[1:], strict=False)]
        step = min((s for s in steps if s > 0), default=1.0)
        self.decimals = max(0, -math.floor(math.log10(step) + 1e-6))

    def __call__(self, x: float, pos=None) -> str:
        value = round(x * 100, self.decimals)
        if value == 0:
            return f"0{self.suffix}"
        sign = "+" if self.signed else ""
        return f"{value:{sign}.{self.decimals}f}{self.suffix}"


def hundredths_axis(axis, suffix: str = "", signed: bool = False) -> None:
    """Nice ticks (1-2-5 steps) on an axis of fractions, labelled in hundredths."""
    axis.set_major_locator(MaxNLocator(nbins="auto", steps=NICE_STEPS))
    axis.set_major_formatter(HundredthsFormatter(suffix, signed))


def _pct_axis(ax, axis: str = "y") -> None:
    hundredths_axis(ax.yaxis if axis == "y" else ax.xaxis, "%")


def _interval_points(ax, labels, values, lows, highs, colors, horizontal: bool) -> None:
    pos = list(range(len(labels)))
    for i, (v, lo, hi, c) in enumerate(zip(values, lows, highs, colors, strict=True)):
        if v is None:
            continue
        if horizontal:
            ax.plot([lo, hi], [i, i], color=c, lw=1.6, solid_capstyle="butt")
            ax.plot([v], [i], "o", color=c, ms=4.5)
        else:
            ax.plot([i, i], [lo, hi], color=c, lw=1.6, solid_capstyle="butt")
            ax.plot([i], [v], "o", color=c, ms=5)
    if horizontal:
        ax.set_yticks(pos, labels)
        ax.set_ylim(len(labels) - 0.5, -0.5)
    else:
        ax.set_xticks(pos, labels)
        ax.set_xlim(-0.5, len(labels) - 0.5)


@_styled
def win_rate_plot(
    rows: list[Row], label_key: str, fair: float, name: str, labeller=str, horizontal: bool = False
) -> str:
    """Win rate with its 95% interval per row, against the fair rate 1/players."""
    labels = [labeller(r[label_key]) for r in rows]
    height = 0.9 + 0.28 * len(rows) if horizontal else 2.8
    fig = _figure(height)
    ax = fig.add_subplot()
    colors = [GREY if r["too_uncertain"] else BLUE for r in rows]
    _interval_points(
        ax,
        labels,
        [r["win_rate"] for r in rows],
        [r["ci_low"] for r in rows],
        [r["ci_high"] for r in rows],
        colors,
        horizontal,
    )
    line = ax.axvline if horizontal else ax.axhline
    line(fair, color=RED, lw=1, ls="--", label=f"fair share ({fair:.0%})")
    _pct_axis(ax, "x" if horizontal else "y")
    if horizontal:
        ax.set_xlabel("win rate (95% interval)")
    else:
        ax.set_ylabel("win rate (95% interval)")
    ax.legend(loc="best", frameon=False)
    return to_svg(fig, name)


@_styled
def score_histogram(hist: list[Row], name: str = "scores", key: str = "score") -> str:
    """Share of seats at each final score (rows keyed by `key`, the score): all seats, winners and
    losers."""
    fig = _figure(3.0)
    ax = fig.add_subplot()
    xs = [r[key] for r in hist]
    xlabel = f"final {key}"
    for key, color, label in (
        ("all", GREY, "all seats"),
        ("winners", BLUE, "winners"),
        ("losers", RED, "losers"),
    ):
        total = sum(r[key] for r in hist)
        if total:
            ax.step(
                xs, [r[key] / total for r in hist], where="mid", color=color, lw=1.6, label=label
            )
    _pct_axis(ax)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of the group's seats")
    ax.legend(frameon=False)
    return to_svg(fig, name)


@_styled
def margin_histogram(hist: list[Row], name: str = "margins", score: str = "score") -> str:
    """Games by winning margin (games with a shared victory left out)."""
    fig = _figure(2.6)
    ax = fig.add_subplot()
    total = sum(r["games"] for r in hist) or 1
    ax.bar([r["margin"] for r in hist], [r["games"] / total for r in hist], width=0.85, color=BLUE)
    _pct_axis(ax)
    ax.set_xlabel(f"winning margin ({score})")
    ax.set_ylabel("share of games")
    return to_svg(fig, name)


@_styled
def sources_plot(rows: list[Row], name: str = "sources", score: str = "score") -> str:
    """Mean score per source, winners next to losers."""
    rows = [r for r in rows if r["winners_mean"] is not None or r["losers_mean"] is not None]
    fig = _figure(0.9 + 0.32 * len(rows))
    ax = fig.add_subplot()
    pos = list(range(len(rows)))
    ax.barh(
        [p - 0.2 for p in pos],
        [r["winners_mean"] or 0 for r in rows],
        height=0.38,
        color=BLUE,
        label="winners",
    )
    ax.barh(
        [p + 0.2 for p in pos],
        [r["losers_mean"] or 0 for r in rows],
        height=0.38,
        color=RED,
        label="losers",
    )
    ax.set_yticks(pos, [r["source"].replace("_", " ") for r in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.axvline(0, color=INK, lw=0.8)
    ax.set_xlabel(f"mean {score} per seat")
    ax.legend(frameon=False, loc="lower right")
    return to_svg(fig, name)


def card_label(row: Row) -> str:
    """A card's name, with its level for awards."""
    return f"{row['card']} (level {row['level']})" if row.get("level") else str(row["card"])


def common_xlim(report: dict[str, Any], key: str = "adj_diff") -> tuple[float, float]:
    """One x-axis for every card forest plot of a report, so kinds compare by eye:
    symmetric about 0, wide enough for every tested card's interval that is not too
    uncertain (all tested ones if none), rounded up to 5 win-rate points."""
    rows = [
        r
        for r in report["cards"]["rows"]
        if r["tested"] and not r.get("outcome") and r.get(f"{key}_low") is not None
    ]
    sure = [r for r in rows if not r["too_uncertain"]] or rows
    reach = max((max(-r[f"{key}_low"], r[f"{key}_high"]) for r in sure), default=0.05)
    half = math.ceil(reach * 1.05 * 20) / 20  # multiples of 0.05 = 5 points
    return -max(half, 0.05), max(half, 0.05)


@_styled
def forest_plot(
    rows: list[Row],
    name: str,
    key: str = "diff",
    with_kind: bool = False,
    xlabel: str = "win rate of holders minus non-holders (win-rate points, 95% interval)",
    xlim: tuple[float, float] | None = None,
) -> str:
    """Win-rate difference of each card's holders with its 95% interval.

    Flagged cards are coloured (blue stronger, orange weaker), very uncertain ones
    grey; cards held in too few games to test are left out. `xlim` (from
    `common_xlim`) puts several plots on one scale; intervals beyond it are cut.
    """
    rows = [r for r in rows if r["tested"] and r.get(key) is not None]
    fig = _figure(0.8 + 0.2 * max(len(rows), 1))
    ax = fig.add_subplot()
    colors = [
        BLUE
        if r["flag"] == "stronger"
        else RED
        if r["flag"] == "weaker"
        else GREY
        if r["too_uncertain"]
        else INK
        for r in rows
    ]
    _interval_points(
        ax,
        [f"{card_label(r)} · {r['kind']}" if with_kind else card_label(r) for r in rows],
        [r[key] for r in rows],
        [r[f"{key}_low"] for r in rows],
        [r[f"{key}_high"] for r in rows],
        colors,
        horizontal=True,
    )
    _ablation_points(ax, rows)
    ax.axvline(0, color=INK, lw=0.8)
    if xlim is not None:
        ax.set_xlim(*xlim)
    hundredths_axis(ax.xaxis, signed=True)
    ax.set_xlabel(xlabel)
    ax.tick_params(axis="y", labelsize=8)
    return to_svg(fig, name)


def _ablation_points(ax, rows: list[Row]) -> None:
    """The ablated cards' causal effect (`--confirm`): a hollow diamond with its interval,
    just below the card's adjusted one."""
    drawn = False
    for i, r in enumerate(rows):
        a = r.get("ablation") or {}
        if a.get("delta") is None:
            continue
        y = i + 0.3
        if a.get("low") is not None:
            ax.plot([a["low"], a["high"]], [y, y], color=INK, lw=1.0, ls=":")
        ax.plot([a["delta"]], [y], "D", mfc="white", mec=INK, ms=4,
                label=None if drawn else "ablation (--confirm)")  # fmt: skip
        drawn = True
    if drawn:
        ax.legend(frameon=False, loc="lower right", fontsize=8)


@_styled
def sweep_plot(points: list[Row], name: str, xlabel: str, band: tuple[float, float] | None) -> str:
    """The changed card's adjusted effect at each value, with 95% intervals."""
    fig = _figure(3.0)
    ax = fig.add_subplot()
    labels = [str(p["value"]) for p in points]
    effects = [p["card_effect"][0] if p["card_effect"] else None for p in points]
    xs = [i for i, r in enumerate(effects) if r and r.get("candidate_low") is not None]
    ys = [effects[i]["candidate"] for i in xs]
    err = [
        [ys[k] - effects[i]["candidate_low"] for k, i in enumerate(xs)],
        [effects[i]["candidate_high"] - ys[k] for k, i in enumerate(xs)],
    ]
    if band is not None:
        centre, width = band
        ax.axhspan(centre - width, centre + width, color=BLUE, alpha=0.12, lw=0, label="target")
    ax.errorbar(xs, ys, yerr=err, fmt="o-", color=INK, ms=4.5, capsize=3,
                label="card effect (adjusted)")  # fmt: skip
    ax.axhline(0, color=GREY, lw=0.8)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlabel(xlabel)
    hundredths_axis(ax.yaxis, signed=True)
    ax.set_ylabel("win-rate difference (points)")
    ax.legend(frameon=False, loc="best")
    return to_svg(fig, name)
