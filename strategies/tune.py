"""Parameter tuning by the cross-entropy method, on common random numbers.

Each generation samples `population` parameter vectors around the current mean,
plays every candidate on the SAME deals (duplicate play from every seat against
the field, `arena.py`), keeps the best quarter and moves the mean and spread
toward them. Generations use fresh deals, so the mean cannot overfit a few
seeds.

What the search returns is a vector it PLAYED, never the distribution's mean: it
keeps every candidate with the win rate its generation measured, and at the end the
CONFIRM_TOP best of them and the start play the same fresh deals (CONFIRM_FIRST
onwards, common random numbers; a fifth of the budget). The best on that check is
returned; when none wins more often than the start there (point estimates; a tie
goes to the start), the search says "no improvement found" and returns the start.

The tuned vector is then checked on deals neither the generations nor the
confirmation saw (EVAL_FIRST onwards), against the default vector on the same deals,
and the paired win-rate difference gets a confidence interval: the confirmation
chose the vector, so its own numbers lean toward it, and this check does not.
`search` is the loop with its confirmation; `exploit.py` runs it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError
from simcore.fmt import pct, pct_range, pts, pts_range
from simcore.progress import Progress
from simcore.seats import MAX_PARAMS, StrategySpec
from simcore.stats import Z95, paired_interval, wilson_interval
from strategies.arena import play_duplicate

EVAL_FIRST = 1 << 40  # final evaluation deals: game indices no search generation reaches
CONFIRM_FIRST = 1 << 41  # confirmation deals: beyond the generations and the final check
CONFIRM_TOP = 4  # best candidates the search confirms on fresh deals, beside its start
CONFIRM_SHARE = 5  # one budget game in CONFIRM_SHARE goes to the confirmation
MIN_CONFIRM_DEALS = 2  # the confirmation plays at least this many deals per vector
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
class Confirmed:
    """A vector of the confirmation: the start or one of the best candidates played."""

    values: np.ndarray  # len(spec.param_names)
    start: bool  # the search's start (never left out of the confirmation)
    generation: int  # the generation that played it (from 0; -1: the start, as such)
    search_win: float  # its win rate there (NaN for the start)
    win: float  # its win rate on the confirmation deals
    interval: tuple[float, float]  # 95% Wilson interval of `win`
    difference: float  # win - the start's win, game by game on the same deals
    difference_interval: tuple[float, float]  # 95% paired interval of `difference`


@dataclass(frozen=True)
class TuneResult:
    spec: StrategySpec
    values: np.ndarray  # tuned parameters (len(spec.param_names)): the search's return
    generations: int
    population: int
    deals_per_generation: int
    search_games: int  # the generations' games and the confirmation's
    history: list[float]  # mean win rate of the elites, per generation
    evaluation: Evaluation
    search: Search


def plan(budget: int, players: int, population: int) -> tuple[int, int, int]:
    """(generations, deals per generation, confirmation deals per vector) spending at most
    `budget` search games: a CONFIRM_SHARE-th to the confirmation, the rest to the
    generations."""
    per_deal = population * players  # games each deal costs in one generation
    sides = (CONFIRM_TOP + 1) * players  # games each confirmation deal costs
    confirm_deals = budget // CONFIRM_SHARE // sides
    if (
        budget - confirm_deals * sides < per_deal * MIN_GAMES_PER_CANDIDATE_DEALS
        or confirm_deals < MIN_CONFIRM_DEALS
    ):
        raise TuttiError(
            f"--budget {budget} is too small: one generation of {population} candidates and "
            f"the confirmation of the best need at least {min_budget(players, population)} games"
        )
    deals_total = (budget - confirm_deals * sides) // per_deal
    generations = max(1, min(12, deals_total // 64))
    return generations, deals_total // generations, confirm_deals


def min_budget(players: int, population: int) -> int:
    """The smallest budget `plan` accepts: one generation and the confirmation's minimum."""
    per_deal = population * players
    sides = (CONFIRM_TOP + 1) * players
    return max(
        per_deal * MIN_GAMES_PER_CANDIDATE_DEALS * CONFIRM_SHARE // (CONFIRM_SHARE - 1) + 1,
        MIN_CONFIRM_DEALS * sides * CONFIRM_SHARE,
    )


def planned_games(budget: int, players: int, population: int) -> int:
    """The games `search` plays within `budget`: its generations' and its confirmation's."""
    generations, deals, confirm_deals = plan(budget, players, population)
    return (generations * population * deals + (CONFIRM_TOP + 1) * confirm_deals) * players


@dataclass(frozen=True)
class Search:
    """What the cross-entropy search found, and what it spent."""

    values: np.ndarray  # the vector returned: confirmed[0] (the start: no improvement found)
    generations: int
    population: int
    deals_per_generation: int
    search_games: int  # the generations' games and the confirmation's
    history: list[float]  # mean win rate of the elites, per generation
    mean: np.ndarray  # the distribution's final mean (never played as such: not returned)
    confirm_games: int  # games per vector of the confirmation (its deals from every seat)
    confirmed: list[Confirmed]  # best first on the confirmation; the start among them

    @property
    def improved(self) -> bool:
        """A candidate beat the start on the confirmation (else the start is returned)."""
        return not self.confirmed[0].start


# after each generation: (generation index from 0, generations, the candidates' win rates,
# the elites' mean win rate, the new mean vector)
OnGeneration = Callable[[int, int, np.ndarray, float, np.ndarray], None]
# (vector, first deal, deals) -> the vector's win share in each game of those deals
Play = Callable[[np.ndarray, int, int], np.ndarray]


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
    threads: int | None = None,
    stream: int = 0,
) -> Search:
    """The cross-entropy search for `spec`'s best vector against `field`, from `start`,
    and the confirmation of its best candidates (`cross_entropy`).

    Generation g plays deals g * deals .. (g + 1) * deals - 1 of `seed`, each candidate
    from every seat (duplicate play); the sampler draws from its own stream of `seed`.
    `progress(games played, games in all)` counts `final_games` more games than the
    search plays (the caller's final check) and is called after each candidate.
    `project(vector)` maps every candidate and mean into the allowed region (an
    archetype's style, registry.style_projection). `threads`: kernel threads (None:
    every core); the games do not depend on it. `stream`: which of the seed's sampler
    streams draws the candidates (searches sharing a seed and its deals, as exploit's
    starts, each draw their own; 0 is tune's).
    """
    generations, deals, confirm_deals = plan(budget, players, population)
    total = planned_games(budget, players, population)
    played = [0]

    def play(values: np.ndarray, first: int, n: int) -> np.ndarray:
        out = play_duplicate(
            cards, players, seed, spec, field, first, n, _vector(values), field_params, game,
            threads,
        )  # fmt: skip
        played[0] += len(out.win)
        if progress:
            progress(played[0], total + final_games)
        return out.win

    k = len(spec.param_names)
    return cross_entropy(
        play, np.asarray(start, np.float64)[:k], generations, deals, population,
        confirm_deals, seed, project, on_generation, stream,
    )  # fmt: skip


def cross_entropy(
    play: Play,
    start: np.ndarray,
    generations: int,
    deals: int,
    population: int,
    confirm_deals: int,
    seed: int,
    project: Callable[[np.ndarray], np.ndarray] | None = None,
    on_generation: OnGeneration | None = None,
    stream: int = 0,
) -> Search:
    """The search loop on any `play(vector, first deal, deals)`, its confirmation included.

    Every candidate played is kept with its win rate; the distribution's mean is only
    where the next generation samples. The confirmation plays the CONFIRM_TOP best
    candidates (their generation's win rate; a tie goes to the earlier) and the start on
    deals CONFIRM_FIRST onwards, and orders them by their win rate there: the start
    first among equals, so a candidate is returned only when it beats the start.
    Candidates are clipped at 0, so a weight's range always includes 0 (noise among them)."""
    k = len(start)
    mean = start.copy()
    sigma = 0.3 * np.abs(mean) + 0.05
    n_elite = max(2, population // 4)
    # the sampler's own stream: "tune" (and `stream`, for searches beside one another)
    rng = np.random.default_rng([seed, 0x7475_6E65] + ([stream] if stream else []))
    history = []
    kept: list[tuple[float, int, np.ndarray]] = []  # (win rate, generation, vector)
    games = 0
    for gen in range(generations):
        cands = np.maximum(mean + sigma * rng.standard_normal((population, k)), 0.0)
        cands[0] = mean  # the current mean is always a candidate
        if project is not None:
            cands = np.array([project(c) for c in cands])
        scores = np.empty(population)
        for c in range(population):
            win = play(cands[c], gen * deals, deals)
            scores[c], games = win.mean(), games + len(win)
            kept.append((float(scores[c]), gen, cands[c]))
        elite = cands[np.argsort(-scores, kind="stable")[:n_elite]]
        history.append(float(np.sort(scores)[-n_elite:].mean()))
        mean = 0.7 * elite.mean(axis=0) + 0.3 * mean
        if project is not None:
            mean = project(mean)
        sigma = np.maximum(0.7 * elite.std(axis=0) + 0.3 * sigma, 0.01 * (np.abs(mean) + 0.1))
        if on_generation:
            on_generation(gen, generations, scores, history[-1], mean)
    confirmed, per_vector = confirm(play, start, best_played(kept, start), confirm_deals)
    games += per_vector * len(confirmed)
    return Search(
        confirmed[0].values, generations, population, deals, games, history, mean,
        per_vector, confirmed,
    )  # fmt: skip


def best_played(
    kept: list[tuple[float, int, np.ndarray]], start: np.ndarray, top: int = CONFIRM_TOP
) -> list[tuple[float, int, np.ndarray]]:
    """The `top` best (win rate, generation, vector) played, best first (a tie goes to the
    one played first), leaving out the start and repeats: they add nothing to confirm."""
    order = sorted(range(len(kept)), key=lambda i: -kept[i][0])  # stable: play order on ties
    best: list[tuple[float, int, np.ndarray]] = []
    for i in order:
        values = kept[i][2]
        if np.array_equal(values, start) or any(np.array_equal(values, b[2]) for b in best):
            continue
        best.append(kept[i])
        if len(best) == top:
            break
    return best


def confirm(
    play: Play, start: np.ndarray, best: list[tuple[float, int, np.ndarray]], deals: int
) -> tuple[list[Confirmed], int]:
    """The start and `best` on the same fresh deals (CONFIRM_FIRST onwards), best first
    by their win rate there, the start first among equals; and the games per vector."""
    base = play(start, CONFIRM_FIRST, deals)
    rows = [_confirmed(start, True, -1, np.nan, base, base)]
    for search_win, gen, values in best:
        win = play(values, CONFIRM_FIRST, deals)
        rows.append(_confirmed(values, False, gen, search_win, win, base))
    rows.sort(key=lambda r: -r.win)  # stable: the start (first) keeps its place on a tie
    return rows, len(base)


def _confirmed(values, start, gen, search_win, win: np.ndarray, base: np.ndarray) -> Confirmed:
    n = len(win)
    d = win - base
    diff, low, high, _ = paired_interval(n, float(d.sum()), float((d * d).sum()), Z95)
    return Confirmed(
        np.asarray(values, np.float64).copy(), start, gen, search_win, float(win.mean()),
        wilson_interval(float(win.sum()), n), diff, (low, high),
    )  # fmt: skip


def confirm_lines(spec: StrategySpec, found: Search) -> list[str]:
    """The confirmation as printed lines, best first, ending with what the search returns:
    the progress notes and the printed result are these same lines."""
    lines = [
        f"confirmation of the {len(found.confirmed) - 1} best candidates played and the start "
        f"on {found.confirm_games} fresh games each (the same games):"
    ]
    for r in found.confirmed:
        who = "start" if r.start else f"generation {r.generation + 1}"
        measured = "" if r.start else f", {pct(r.search_win, 2)} in its generation"
        versus = ""
        if not r.start:
            versus = (
                f", {pts(r.difference, 2)} points against the start "
                f"({pts_range(*r.difference_interval, 2)})"
            )
        lines.append(f"  {who}: {pct(r.win, 2)} ({pct_range(*r.interval, 2)}){measured}{versus}")
    if found.improved:
        best = found.confirmed[0]
        lines.append(
            f"returned: the candidate of generation {best.generation + 1} "
            f"({_fmt(spec, best.values)})"
        )
    else:
        lines.append("no improvement found: no candidate beat the start; returned: the start")
    return lines


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
    threads: int | None = None,
) -> TuneResult:
    """Tune `spec`'s parameters against `field` within `budget` search games.

    The search returns its best confirmed candidate, or its start (`cross_entropy`).
    The final check plays `eval_games` fresh games per vector: eval_games // players
    deals, each from every seat. `progress(games played, games in all)` is called after
    each candidate, `log(line)` after each generation and for each line of the
    confirmation. `project(vector)` maps every candidate into the allowed region (an
    archetype's style, registry.style_projection). The final check compares the tuned
    vector with `baseline` (default: the strategy's shipped defaults). `threads`: kernel
    threads (None: every core); the result does not depend on it.
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
        2 * eval_deals * players, progress, logged, project, game, threads,
    )  # fmt: skip
    if log:
        for line in confirm_lines(spec, found):
            log(line)
    reference = default if baseline is None else np.asarray(baseline, np.float64)[: len(default)]
    evaluation = evaluate(
        cards, spec, field, players, seed, found.values, reference, eval_deals, field_params,
        game, threads,
    )  # fmt: skip
    if progress:
        final = found.search_games + 2 * eval_deals * players
        progress(final, final)
    return TuneResult(
        spec, found.values, found.generations, population, found.deals_per_generation,
        found.search_games, found.history, evaluation, found,
    )  # fmt: skip


def evaluate(
    cards,
    spec,
    field,
    players,
    seed,
    tuned,
    default,
    deals,
    field_params=None,
    game=None,
    threads=None,
) -> Evaluation:
    """Paired comparison of two parameter vectors on fresh deals (common random numbers)."""

    def wins(values):
        return play_duplicate(
            cards, players, seed, spec, field, EVAL_FIRST, deals, _vector(values),
            field_params, game, threads,
        ).win  # fmt: skip

    a = wins(tuned)
    b = a if np.array_equal(tuned, default) else wins(default)  # the same vector: the same games
    d = a - b
    diff, low, high, p = paired_interval(len(d), float(d.sum()), float((d * d).sum()), Z95)
    n = len(d)
    return Evaluation(
        n,
        float(a.mean()),
        wilson_interval(float(a.sum()), n),
        float(b.mean()),
        wilson_interval(float(b.sum()), n),
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
