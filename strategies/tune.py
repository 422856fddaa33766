"""Parameter tuning by the cross-entropy method, on common random numbers.

Each generation samples `population` parameter vectors around the current mean,
plays every candidate on the SAME deals (duplicate play from every seat against
the field, `arena.py`), keeps the best quarter and moves the mean and spread
toward them. Generations use fresh deals, so the mean cannot overfit a few
seeds. The result is checked on deals no candidate saw: the tuned and the
default vector each play them, and the paired win-rate difference gets a
confidence interval. `search` is the loop alone; `exploit.py` runs it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError
from simcore.fmt import pct
from simcore.progress import Progress
from simcore.seats import MAX_PARAMS, StrategySpec
from simcore.stats import Z95, paired_interval, wilson_interval
from strategies.arena import play_duplicate

EVAL_FIRST = 1 << 40  # final evaluation deals: game indices no search generation reaches
MIN_EVAL_DEALS = 10  # the final check plays at least this many deals from every seat
MIN_GAMES_PER_CANDIDATE_DEALS = 8


@dataclass(frozen=True)
class Evaluation:
    """Tuned against default on the same fresh deals, every deal from every seat."""

    games: int  # games per vector
    tuned_win: float
    tuned_interval: tuple[float, float]
    default_win: float
    default_interval: tuple[float, float]
    difference: float
    difference_interval: tuple[float, float]
    p_value: float

    @property
    def significant(self) -> bool:
        """Tuned beats default at 95% confidence: the interval lies above zero."""
        return self.difference_interval[0] > 0


@dataclass(frozen=True)
class TuneResult:
    spec: StrategySpec
    values: np.ndarray  # tuned parameters (len(spec.param_names))
    generations: int
    population: int
    deals_per_generation: int
    search_games: int
    history: list[float]  # mean win rate of the elites, per generation
    evaluation: Evaluation


def plan(budget: int, players: int, population: int) -> tuple[int, int]:
    """(generations, deals per generation) spending at most `budget` search games."""
    per_deal = population * players  # games each deal costs in one generation
    if budget < per_deal * MIN_GAMES_PER_CANDIDATE_DEALS:
        raise TuttiError(
            f"--budget {budget} is too small: one generation of {population} candidates "
            f"needs at least {per_deal * MIN_GAMES_PER_CANDIDATE_DEALS} games"
        )
    deals_total = budget // per_deal
    generations = max(1, min(12, deals_total // 64))
    return generations, deals_total // generations


@dataclass(frozen=True)
class Search:
    """What the cross-entropy search found, and what it spent."""

    values: np.ndarray  # the final mean vector (len(spec.param_names))
    generations: int
    population: int
    deals_per_generation: int
    search_games: int
    history: list[float]  # mean win rate of the elites, per generation


# after each generation: (generation index from 0, generations, the candidates' win rates,
# the elites' mean win rate, the new mean vector)
OnGeneration = Callable[[int, int, np.ndarray, float, np.ndarray], None]


def check_search(
    spec: StrategySpec, players: int, seed: int, population: int, eval_games: int
) -> int:
    """Refuse (TuttiError) what no search can run with; returns the final check's deals."""
    from simcore.seeds import check_seed

    check_seed(seed)
    if not spec.param_names:
        raise TuttiError(f"strategy {spec.name!r} has no parameters to tune")
    if population < 4:
        raise TuttiError(f"--population must be at least 4 (got {population})")
    if eval_games < MIN_EVAL_DEALS * players:
        raise TuttiError(
            f"--eval-games must be at least {MIN_EVAL_DEALS * players} (got {eval_games})"
        )
    return eval_games // players


def search(
    cards,
    spec: StrategySpec,
    field: list[StrategySpec],
    players: int,
    budget: int,
    seed: int,
    population: int,
    start: np.ndarray,
    field_params: dict[str, np.ndarray] | None = None,
    final_games: int = 0,
    progress: Progress | None = None,
    on_generation: OnGeneration | None = None,
    project: Callable[[np.ndarray], np.ndarray] | None = None,
    game: str | None = None,
) -> Search:
    """The cross-entropy search for `spec`'s best vector against `field`, from `start`.

    Generation g plays deals g * deals .. (g + 1) * deals - 1 of `seed`, each candidate
    from every seat (duplicate play); the sampler draws from its own stream of `seed`.
    `progress(games played, games in all)` counts `final_games` more games than the
    search plays (the caller's final check) and is called after each candidate.
    `project(vector)` maps every candidate and mean into the allowed region (an
    archetype's style, registry.style_projection).
    """
    k = len(spec.param_names)
    generations, deals = plan(budget, players, population)
    mean = np.asarray(start, np.float64)[:k].copy()
    sigma = 0.3 * np.abs(mean) + 0.05
    n_elite = max(2, population // 4)
    rng = np.random.default_rng([seed, 0x7475_6E65])  # the sampler's own stream: "tune"
    history = []
    per_candidate = deals * players
    total = generations * population * per_candidate + final_games
    for gen in range(generations):
        cands = np.maximum(mean + sigma * rng.standard_normal((population, k)), 0.0)
        cands[0] = mean  # the current mean is always a candidate
        if project is not None:
            cands = np.array([project(c) for c in cands])
        scores = np.empty(population)
        for c in range(population):
            out = play_duplicate(
                cards, players, seed, spec, field, gen * deals, deals,
                _vector(cands[c]), field_params, game,
            )  # fmt: skip
            scores[c] = out.win.mean()
            if progress:
                progress((gen * population + c + 1) * per_candidate, total)
        elite = cands[np.argsort(-scores, kind="stable")[:n_elite]]
        history.append(float(np.sort(scores)[-n_elite:].mean()))
        mean = 0.7 * elite.mean(axis=0) + 0.3 * mean
        if project is not None:
            mean = project(mean)
        sigma = np.maximum(0.7 * elite.std(axis=0) + 0.3 * sigma, 0.01 * (np.abs(mean) + 0.1))
        if on_generation:
            on_generation(gen, generations, scores, history[-1], mean)
    return Search(
        mean, generations, population, deals, generations * population * per_candidate, history
    )


def tune(
    cards,
    spec: StrategySpec,
    field: list[StrategySpec],
    players: int,
    budget: int,
    seed: int = 1,
    population: int = 16,
    eval_games: int = 20_000,
    start: np.ndarray | None = None,
    field_params: dict[str, np.ndarray] | None = None,
    progress: Progress | None = None,
    log: Callable[[str], None] | None = None,
    project: Callable[[np.ndarray], np.ndarray] | None = None,
    baseline: np.ndarray | None = None,
    game: str | None = None,
) -> TuneResult:
    """Tune `spec`'s parameters against `field` within `budget` search games.

    The final check plays `eval_games` fresh games per vector: eval_games // players
    deals, each from every seat. `progress(games played, games in all)` is called after
    each candidate, `log(line)` after each generation. `project(vector)` maps every
    candidate into the allowed region (an archetype's style, registry.style_projection).
    The final check compares the tuned vector with `baseline` (default: the strategy's
    shipped defaults).
    """
    eval_deals = check_search(spec, players, seed, population, eval_games)
    default = spec.vector()[: len(spec.param_names)]

    def logged(gen, generations, scores, elite_mean, mean):
        if log:
            log(
                f"generation {gen + 1}/{generations}: best {pct(scores.max())}, "
                f"elite mean {pct(elite_mean)}, mean vector {_fmt(spec, mean)}"
            )

    found = search(
        cards, spec, field, players, budget, seed, population,
        default if start is None else start, field_params,
        2 * eval_deals * players, progress, logged, project, game,
    )  # fmt: skip
    reference = default if baseline is None else np.asarray(baseline, np.float64)[: len(default)]
    evaluation = evaluate(
        cards, spec, field, players, seed, found.values, reference, eval_deals, field_params, game
    )
    if progress:
        final = found.search_games + 2 * eval_deals * players
        progress(final, final)
    return TuneResult(
        spec, found.values, found.generations, population, found.deals_per_generation,
        found.search_games, found.history, evaluation,
    )  # fmt: skip


def evaluate(
    cards, spec, field, players, seed, tuned, default, deals, field_params=None, game=None
) -> Evaluation:
    """Paired comparison of two parameter vectors on fresh deals (common random numbers)."""
    a = play_duplicate(
        cards, players, seed, spec, field, EVAL_FIRST, deals, _vector(tuned), field_params, game
    )
    b = play_duplicate(
        cards, players, seed, spec, field, EVAL_FIRST, deals, _vector(default), field_params, game
    )
    d = a.win - b.win
    diff, low, high, p = paired_interval(len(d), float(d.sum()), float((d * d).sum()), Z95)
    n = len(d)
    return Evaluation(
        n,
        float(a.win.mean()),
        wilson_interval(float(a.win.sum()), n),
        float(b.win.mean()),
        wilson_interval(float(b.win.sum()), n),
        diff,
        (low, high),
        p,
    )


def _vector(values: np.ndarray) -> np.ndarray:
    vec = np.zeros(MAX_PARAMS, np.float64)
    vec[: len(values)] = values
    return vec


def _fmt(spec: StrategySpec, values: np.ndarray) -> str:
    return ", ".join(f"{n}={v:.3g}" for n, v in zip(spec.param_names, values, strict=False))
