"""The cross-entropy search of `tutti balance` (see reports.balance): plan, play, loop."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import polars as pl

from reports import balance_objectives as objectives
from reports.balance_space import Vary, number, patches
from reports.drift_window import Window, empty_window, game_spec, seat_rows, window_from_tables
from reports.variants import WINDOW, variant
from simcore.errors import TuttiError
from simcore.progress import Progress

MIN_DEALS = 24  # games per candidate and generation, at least
MAX_GENERATIONS = 10
Note = Callable[[str], None]


def plan(budget: int, population: int, confirm: int) -> tuple[int, int]:
    """(generations, search games) within `budget` games in all (2 * confirm go to the check)."""
    search = budget - 2 * confirm
    if population < 4:
        raise TuttiError(f"--population must be at least 4 (got {population})")
    if confirm < MIN_DEALS:
        raise TuttiError(f"--confirm-games must be at least {MIN_DEALS} (got {confirm})")
    per_candidate = search // population
    if per_candidate < 2 * MIN_DEALS:
        need = 2 * MIN_DEALS * population + 2 * confirm
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


def search(varies: list[Vary], terms, base, seed, population, generations, budget, clock, note):
    """The cross-entropy loop; (best vector, history rows, games played).

    A generation plays each DISTINCT candidate on the same games, the next ones after
    the previous generation's: the games left divided among the generations left and
    the candidates to play (a candidate drawn twice costs nothing, and its games go to
    later generations)."""
    lo = np.array([v.lo for v in varies])
    hi = np.array([v.hi for v in varies])
    whole = np.array([v.integer for v in varies])

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
            side = valid_variant(base, varies, key)
            if side is None:  # the values together break a card rule: never the answer
                seen[key] = math.inf
                invalid.add(key)
                continue
            data = play(side, first, deals, terms, clock.add)
            seen[key] = objectives.total(terms, objectives.values(terms, data))
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
            "best_values": _named(varies, cands[order[0]]),
            "mean": _named(varies, mean, snapped=False),
        }
        history.append(row)
        first += deals
        if note:
            so_far = finite(best[0])  # each generation plays fresh games: noisy across them
            note(
                f"generation {gen + 1}/{generations}: best objective "
                f"{fmt(row['best'])} (best so far {fmt(so_far)}) at "
                f"{_text(row['best_values'])}; {clock.speed()}"
            )
    final = tuple(snap(mean))
    if valid_variant(base, varies, final) is None and best[1] is not None:
        final = best[1]  # the mean breaks a card rule: the best valid candidate instead
        if note:
            chosen = _text(_named(varies, np.array(final)))
            note(f"the search mean breaks a card rule; best valid candidate: {chosen}")
    return [float(x) for x in final], history, clock.played


def valid_variant(base, varies: list[Vary], key: tuple):
    """The variant side for values `key`, or None when together they break a card rule
    (each range's ends were checked alone: a performance's medium above its high)."""
    try:
        return variant(base, patches(varies, list(key)))
    except TuttiError:
        return None


def finite(x: float) -> float | None:
    return float(x) if math.isfinite(x) else None


def _named(varies: list[Vary], x: np.ndarray, snapped: bool = True) -> dict[str, float]:
    return {
        v.key: number(xv, v.integer) if snapped else round(float(xv), 3)
        for v, xv in zip(varies, x, strict=True)
    }


def _text(values: dict[str, float]) -> str:
    return ", ".join(f"{k}={v}" for k, v in values.items())


def fmt(x: float | None) -> str:
    return "undefined" if x is None else f"{x:.4f}"
