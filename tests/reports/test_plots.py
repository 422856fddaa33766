"""The report's plots: searchable text, and tick labels that never repeat (issue 34)."""

from __future__ import annotations

import re

import pytest

from reports.render import plots


def labels(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def seat_rows(rates: list[float], half: float) -> list[dict]:
    return [
        {"start_order": i + 1, "win_rate": r, "ci_low": r - half, "ci_high": r + half,
         "too_uncertain": False}
        for i, r in enumerate(rates)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("rates", "half"),
    [
        ([0.252, 0.249, 0.251, 0.248], 0.004),  # a range of 1.3 points: "25%, 25%, 26%" before
        ([0.2455, 0.2501, 0.2548, 0.2499], 0.006),
        ([0.431, 0.21, 0.183, 0.177], 0.01),
        ([0.5, 0.5], 0.0004),
    ],
)
def test_tick_labels_never_repeat(rates, half) -> None:
    svg = plots.win_rate_plot(seat_rows(rates, half), "start_order", 0.25, "seats")
    ticks = [t for t in labels(svg) if re.fullmatch(r"-?[\d.]+%", t)]
    assert len(ticks) >= 3, ticks
    assert len(set(ticks)) == len(ticks), ticks
    values = [float(t[:-1]) for t in ticks]
    steps = {round(b - a, 6) for a, b in zip(values, values[1:], strict=False)}
    assert len(steps) == 1 and str(steps.pop()).strip("0.")[:1] in "125", ticks  # 1-2-5


def test_points_ticks_are_signed_and_distinct() -> None:
    row = {"tested": True, "flag": None, "too_uncertain": False, "card": "Violin", "kind": "x",
           "level": 0, "diff": 0.001, "diff_low": -0.003, "diff_high": 0.004}  # fmt: skip
    ticks = [t for t in labels(plots.forest_plot([row], "f")) if re.fullmatch(r"[+-]?[\d.]+", t)]
    assert len(set(ticks)) == len(ticks) >= 3, ticks
    assert "0" in ticks and all(t[0] in "+-" for t in ticks if t != "0"), ticks


def test_the_formatter_takes_the_decimals_its_step_needs() -> None:
    fmt = plots.HundredthsFormatter("%")
    for locs, expected in [
        ([0.24, 0.25, 0.26], ["24%", "25%", "26%"]),
        ([0.245, 0.25, 0.255], ["24.5%", "25.0%", "25.5%"]),
        ([0.248, 0.25, 0.252], ["24.8%", "25.0%", "25.2%"]),
        ([0.0, 0.2, 0.4], ["0%", "20%", "40%"]),
    ]:
        fmt.set_locs(locs)
        assert [fmt(x) for x in locs] == expected


def test_plot_text_is_searchable_text_not_paths() -> None:
    svg = plots.win_rate_plot(seat_rows([0.3, 0.2], 0.02), "start_order", 0.25, "seats")
    assert "win rate (95% interval)" in labels(svg)
    assert "fair share (25%)" in labels(svg)
    assert "<metadata" not in svg and "\n " not in svg  # no bytes nothing reads
    assert len(re.findall(r'\bid="', svg)) == len(re.findall(r'\bid="seats-', svg))
