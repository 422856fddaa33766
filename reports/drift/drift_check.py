"""`tutti check`: a baseline file against its games played again by the current code.

The games come from a `play(first, n_games) -> (seats, cards)` callable (the
engine's result tables of the baseline's game), so this module never imports numba.
The comparison is always paired: the replayed games use the baseline's seeds.

Sequential mode looks after every window of games and stops as soon as the
verdict is clear: at the first drifted metric, or when every tested metric
passes, but not before MIN_PASS_GAMES games (or the whole baseline, if smaller):
a pass from the first few thousand games could miss a change that only touches
rare cards. The always-valid intervals of `reports.drift.drift_verdict` keep the error
rates at alpha however many looks are taken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pyarrow as pa

from reports.drift.drift import WINDOW, Comparison, describe, mean_score, result_dict
from reports.drift.drift_baseline import Baseline
from reports.drift.drift_cards import (
    add_window,
    card_data,
    effect_sides,
    names_of,
    trusted_cards,
    with_adjusted,
)
from reports.drift.drift_verdict import DRIFT, PASS, Tolerances
from reports.drift.drift_window import game_spec, window_from_tables
from simcore.progress import Progress
from simcore.runs.manifest import RunConfig

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
    card_set: Any = None,
) -> dict[str, Any]:
    """Replay the baseline's games window by window and compare; the drift result dict.

    `candidate` describes the replay (`reports.drift.drift.describe`); `card_set` is the card
    data it plays (None: unknown, no card is listed as changed)."""
    games = baseline.games
    spec = game_spec(baseline.config.game)
    tol = tol.scaled(mean_score(baseline))
    base_cards = trusted_cards(baseline.config)
    names = {**names_of(spec, base_cards), **names_of(spec, card_set)}
    comparison = Comparison(paired=True, names=names, spec=spec)
    c = baseline.config
    card_info = card_data(c, _config(c, candidate), base_cards, card_set)
    effects = effect_sides(card_info, spec)  # the changed cards' adjusted effects
    stopped = None
    for start in range(0, games, window):
        stop = min(start + window, games)
        seats, cards = play(start, stop - start)
        base_window = baseline.window(start, stop)
        cand_window = window_from_tables(seats, cards, spec)
        comparison.add_pair(base_window, cand_window)
        add_window(effects, 0, base_window)
        add_window(effects, 1, cand_window)
        if progress:
            progress(stop, games)
        if sequential and stop < games:
            verdict, _ = comparison.rows(tol, sequential=True)
            if verdict == DRIFT or (verdict == PASS and stop >= min(games, MIN_PASS_GAMES)):
                stopped = stop
                break
    base = describe(str(baseline.path), "baseline file", games, c)
    notes = []
    if sequential:
        notes.append(
            f"Sequential: stopped after {stopped:,} of {games:,} games."
            if stopped
            else f"Sequential: played all {games:,} games."
        )
    card_info = with_adjusted(card_info, effects, paired=True)
    result = result_dict(
        comparison, tol, base, candidate, sequential=sequential, notes=notes, cards=card_info
    )
    result["stopped_after"] = stopped
    return result


def _config(base: RunConfig, candidate: dict[str, Any]) -> RunConfig:
    """The replay's configuration: the baseline's with the candidate's card data."""
    return replace(base, card_hash=candidate["card_hash"], cards_dir=candidate["cards_dir"])
