"""The cross-entropy search of `tutti balance` (see reports.experiments.balance): plan, play,
loop."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import polars as pl

from reports.drift.drift_window import (
    Window,
    empty_window,
    game_spec,
    seat_rows,
    window_from_tables,
)
from reports.experiments import balance_objectives as objectives
from reports.experiments.balance_space import Vary, number, patches
from reports.experiments.variants import WINDOW, variant
from simcore.errors import TuttiError
from simcore.progress import Progress

MIN_DEALS = 24  # games per candidate and generation, at least
MAX_GENERATIONS = 10
CONFIRM_TOP = 3  # best candidates played that the check replays, beside the current values
SIDES = CONFIRM_TOP + 1  # the check's sides, at most
Note = Callable[[str], None]
# (candidate values, first game, games) -> its objective on them (inf: no valid variant)
Measure = Callable[[tuple, int, int], float]


def plan(budget: int, population: int, confirm: int) -> tuple[int, int]:
    """(generations, search games) within `budget` games in all (SIDES * confirm go to the
    check)."""
    search = budget - SIDES * confirm
    if population < 4:
        raise TuttiError(f"--population must be at least 4 (got {population})")
    if confirm < MIN_DEALS:
        raise TuttiError(f"--confirm-games must be at least {MIN_DEALS} (got {confirm})")
    per_candidate = search // population
    if per_candidate < 2 * MIN_DEALS:
        need = 2 * MIN_DEALS * population + SIDES * confirm
        raise TuttiError(
            f"--budget {budget} is too small for {population} candidates: give at least {need}"
        )
    generations = max(2, min(MAX_GENERATIONS, per_candidate // 400))
    return generations, search


def play(side, first: int, n: int, terms, done: Callable[[int], None] | None = None):
    """One candidate's games first .. first + n - 1 as SeatData (`done(games)` per window)."""
    cards = any(t.card_key for t in terms)
    spec = game_spec(side.config.game)  # what the side's game tables carry
    windows = []
    for start in range(first, first + n, WINDOW):
        k = min(WINDOW, first + n - start)
        seats, card_rows = side.tables(start, k)
        if cards:
            windows.append(window_from_tables(seats, card_rows, spec))
        else:  # the spreads need the seats only: skip the costly card rows
            windows.append(Window(seat_rows(pl.from_arrow(seats), spec), empty_window(spec).cards))
        if done:
            done(k)
    return objectives.seat_data(windows, first, terms, spec.groups)


class Clock:
    """Games played so far against games in all: progress, games/s and time left."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total, self.progress = total, progress
        self.done = 0  # games played (and counted as played)
        self.played = 0  # games played
        self.start = time.monotonic()

    def add(self, games: int, played: bool = True) -> None:
        self.done += games
        self.played += games if played else 0
        if self.progress:
            self.progress(self.done, self.total)

    def speed(self) -> str:
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.played / elapsed
        left = (self.total - self.done) / (self.done / elapsed) if self.done else math.inf
        return f"{rate:,.0f} games/s, about {_duration(left)} left"


def _duration(seconds: float) -> str:
    if not math.isfinite(seconds):
        return "?"
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.1f} min"


def search(
    varies: list[Vary],
    terms,
    base,
    seed,
    population,
    generations,
    budget,
    clock,
    note,
    measure: Measure | None = None,
):
    """The cross-entropy loop; (the distribution's final mean, history rows, games played,
    the CONFIRM_TOP best candidates played other than the current values, best first).

    A generation plays each DISTINCT candidate on the same games, the next ones after
    the previous generation's: the games left divided among the generations left and
    the candidates to play (a candidate drawn twice costs nothing, and its games go to
    later generations). Every candidate played is kept with its objective (averaged over
    the generations that played it, weighted by their games): the best of them, not the
    mean, are what the check replays. `measure` (tests): a candidate's objective on
    games instead of playing them."""
    lo = np.array([v.lo for v in varies])
    hi = np.array([v.hi for v in varies])
    whole = np.array([v.integer for v in varies])
    if measure is None:

        def measure(key: tuple, first: int, deals: int) -> float:
            side = valid_variant(base, varies, key)
            if side is None:  # the values together break a card rule: never the answer
                return math.inf
            data = play(side, first, deals, terms, clock.add)
            return objectives.total(terms, objectives.values(terms, data))

    def snap(x: np.ndarray) -> np.ndarray:
        return np.clip(np.where(whole, np.round(x), x), lo, hi)

    floor = np.where(whole, 0.3, 0.01 * (hi - lo))
    mean = (lo + hi) / 2
    sigma = np.maximum((hi - lo) / 2, floor)
    n_elite = max(2, population // 4)
    rng = np.random.default_rng([seed, 0x6261_6C61])  # the sampler's own stream: "bala"
    history = []
    first = 0
    invalid: set[tuple] = set()
    kept: dict[tuple, list[float]] = {}  # values -> [objective x games, games]
    best: tuple[float, tuple | None] = (math.inf, None)
    for gen in range(generations):
        cands = snap(mean + sigma * rng.standard_normal((population, len(varies))))
        cands[0] = snap(mean)
        if gen == 0:
            cands[1] = snap(np.array([v.current for v in varies], np.float64))
        seen: dict[tuple, float] = dict.fromkeys(tuple(x) for x in cands)
        left = budget - clock.played
        deals = max(MIN_DEALS, left // ((generations - gen) * len(seen)))
        for key in seen:
            seen[key] = measure(key, first, deals)
            if math.isinf(seen[key]) and seen[key] > 0:
                invalid.add(key)
                continue
            if not math.isnan(seen[key]):
                total = kept.setdefault(key, [0.0, 0])
                total[0] += seen[key] * deals
                total[1] += deals
            if seen[key] < best[0]:
                best = (seen[key], key)
        scores = np.array([seen[tuple(x)] for x in cands])
        scores[np.isnan(scores)] = math.inf
        order = np.argsort(scores, kind="stable")
        elite = cands[order[:n_elite]]
        mean = np.clip(0.7 * elite.mean(axis=0) + 0.3 * mean, lo, hi)
        sigma = np.maximum(0.7 * elite.std(axis=0) + 0.3 * sigma, floor)
        row = {
            "generation": gen + 1,
            "first_game": first,
            "games_per_candidate": deals,
            "candidates_played": len(seen) - len(invalid & seen.keys()),
            "candidates_invalid": len(invalid & seen.keys()),
            "best": finite(scores[order[0]]),
            "best_values": named_values(varies, cands[order[0]]),
            "mean": named_values(varies, mean, snapped=False),
        }
        history.append(row)
        first += deals
        if note:
            so_far = finite(best[0])  # each generation plays fresh games: noisy across them
            note(
                f"generation {gen + 1}/{generations}: best objective "
                f"{fmt(row['best'])} (best so far {fmt(so_far)}) at "
                f"{values_text(row['best_values'])}; {clock.speed()}"
            )
    current = tuple(float(v.current) for v in varies)
    return [float(x) for x in mean], history, clock.played, best_played(kept, current)


def best_played(kept: dict[tuple, list[float]], current: tuple) -> list[tuple[tuple, float, int]]:
    """(values, objective, games) of the CONFIRM_TOP candidates with the lowest objective
    in the search, best first (a tie goes to the one played first), the current values
    left out (the check plays them anyway)."""
    rows = [(key, total / games, int(games)) for key, (total, games) in kept.items()]
    rows = [r for r in rows if r[0] != current]
    return sorted(rows, key=lambda r: r[1])[:CONFIRM_TOP]


def valid_variant(base, varies: list[Vary], key: tuple):
    """The variant side for values `key`, or None when together they break a card rule
    (each range's ends were checked alone: a performance's medium above its high)."""
    try:
        return variant(base, patches(varies, list(key)))
    except TuttiError:
        return None


def finite(x: float) -> float | None:
    return float(x) if math.isfinite(x) else None


def named_values(varies: list[Vary], x: np.ndarray, snapped: bool = True) -> dict[str, float]:
    return {
        v.key: number(xv, v.integer) if snapped else round(float(xv), 3)
        for v, xv in zip(varies, x, strict=True)
    }


def values_text(values: dict[str, float]) -> str:
    return ", ".join(f"{k}={v}" for k, v in values.items())


def fmt(x: float | None) -> str:
    return "undefined" if x is None else f"{x:.4f}"
