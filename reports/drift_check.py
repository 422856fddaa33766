"""`tutti check`: a baseline file against its games played again by the current code.

The games come from a `play(first, n_games) -> (seats, cards)` callable (the
engine's result tables of the baseline's game), so this module never imports numba.
The comparison is always paired: the replayed games use the baseline's seeds.

Sequential mode looks after every window of games and stops as soon as the
verdict is clear: at the first drifted metric, or when every tested metric
passes, but not before MIN_PASS_GAMES games (or the whole baseline, if smaller):
a pass from the first few thousand games could miss a change that only touches
rare cards. The always-valid intervals of `reports.drift_verdict` keep the error
rates at alpha however many looks are taken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyarrow as pa

from reports.drift import WINDOW, Comparison, card_names, describe, result_dict
from reports.drift_baseline import Baseline
from reports.drift_verdict import DRIFT, PASS, Tolerances
from reports.drift_window import game_spec, window_from_tables
from simcore.progress import Progress

Play = Callable[[int, int], tuple[pa.Table, pa.Table]]
MIN_PASS_GAMES = 10_000


def check_baseline(
    baseline: Baseline,
    play: Play,
    candidate: dict[str, Any],
    tol: Tolerances,
    sequential: bool = False,
    window: int = WINDOW,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Replay the baseline's games window by window and compare; the drift result dict."""
    games = baseline.games
    spec = game_spec(baseline.config.game)
    names = card_names(spec, candidate.get("cards_dir"))
    comparison = Comparison(paired=True, names=names, spec=spec)
    stopped = None
    for start in range(0, games, window):
        stop = min(start + window, games)
        seats, cards = play(start, stop - start)
        comparison.add_pair(baseline.window(start, stop), window_from_tables(seats, cards, spec))
        if progress:
            progress(stop, games)
        if sequential and stop < games:
            verdict, _ = comparison.rows(tol, sequential=True)
            if verdict == DRIFT or (verdict == PASS and stop >= min(games, MIN_PASS_GAMES)):
                stopped = stop
                break
    c = baseline.config
    base = describe(str(baseline.path), "baseline file", games, c)
    notes = []
    if sequential:
        notes.append(
            f"Sequential: stopped after {stopped:,} of {games:,} games."
            if stopped
            else f"Sequential: played all {games:,} games."
        )
    result = result_dict(comparison, tol, base, candidate, sequential=sequential, notes=notes)
    result["stopped_after"] = stopped
    return result
