"""Search card values that meet a balance objective, on common random numbers (issue 19).

    from reports.balance import balance
    result = balance(["instruments.cello.prestige=2..6"], ["card:instruments.cello"])
    result["best"], result["objective"]
    balance(["rules.applause.value=10..18"], ["seat-spread"], game="maestro")

Any game of the registry: what can be varied, the objectives and the written card
files come through the game interface (simcore/games/api.py).

The search is the cross-entropy method (as `strategies.tune.search`): each
generation samples `population` value vectors around a mean inside the ranges
(rounded to whole numbers where the field is whole, clipped to the range), plays
every distinct candidate on the SAME games (common random numbers), keeps the best
quarter (lowest objective) and moves the mean and spread toward them. Each generation
plays the games after the previous generation's (the search games left, divided
among the generations left and the distinct candidates), so the mean does not
overfit a few deals; the sampler draws from its own stream of `seed`, so a seed gives
one result. Generation 0 also tries the current values.

The final mean (rounded and clipped) is the best vector. It is confirmed on fresh
games, CONFIRM_FIRST onwards (no generation reaches them), against the current
values: both play the same games, and 95% percentile intervals come from a bootstrap
over games (the independent units), the same resampled games for both sides, so the
difference has its own interval. (A spread is a maximum minus a minimum of noisy
rates: with few games it and its interval lean upward.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from reports import balance_objectives as objectives
from reports.balance_out import check_out_dir, write_cards
from reports.balance_search import MIN_DEALS, Clock, Note, finite, fmt, plan, play, search
from reports.balance_space import Vary, check_extremes, number, parse_varies, patches
from reports.variants import baseline, variant
from simcore.progress import Progress

FORMAT = "tutti-balance/1"
CONFIRM_FIRST = 1 << 40  # confirmation games: game indices no generation reaches
BOOTSTRAP = 1000  # bootstrap replicates for the confirmation's intervals


def balance(
    vary: list[str],
    objective: list[str],
    budget: int = 100_000,
    players: int = 4,
    strategies: str | None = None,
    cards: str | Path | None = None,
    params_file: str | Path | None = None,
    seed: int = 1,
    population: int = 12,
    confirm_games: int | None = None,
    allow_stated: bool = False,
    progress: Progress | None = None,
    note: Note | None = None,
    out: str | Path | None = None,
    command: str | None = None,
    game: str | None = None,
) -> dict[str, Any]:
    """Search the `vary` ranges for the values minimising `objective`; confirm them.

    `confirm_games` (default a tenth of `budget`) are played by each side of the final
    check; the search spends the rest. `progress(games, games in all)` is called after
    each window of games, `note(line)` after each generation. `out`: a card directory
    for the found values (`reports.balance_out`); `command`: the command line, kept in
    the result and the written files; `game`: the game's name (None: the default game).
    """
    confirm = max(budget // 10, MIN_DEALS) if confirm_games is None else confirm_games
    base = baseline(players, max(confirm, 1), seed, strategies, cards, params_file, game)
    the_game = base.game
    varies = parse_varies(vary, base.card_set, allow_stated, the_game)
    strategy_names = [s.name for s in base.seats]
    terms = objectives.parse_terms(objective, base.card_set, strategy_names, the_game)
    generations, search_games = plan(budget, population, confirm)
    check_extremes(varies, cards, the_game)
    if out is not None:
        check_out_dir(out)
    clock = Clock(search_games + 2 * confirm, progress)
    best, history, played = search(
        varies, terms, base, seed, population, generations, search_games, clock, note
    )
    confirmed = confirm_best(varies, terms, base, best, confirm, seed, clock)
    c = base.config
    result = {
        "format": FORMAT,
        "command": command,
        "game": c.game,
        "seed": seed,
        "players": c.players,
        "strategies": c.strategies,
        "cards_dir": c.cards_dir,
        "rules_version": c.rules_version,
        "card_hash": base.card_set.data_hash,
        "budget": budget,
        "vary": [_vary_row(v) for v in varies],
        "objectives": [{"text": t.text, "name": t.name, "weight": t.weight} for t in terms],
        "best": {v.key: number(x, v.integer) for v, x in zip(varies, best, strict=True)},
        "current": {v.key: number(v.current, v.integer) for v in varies},
        "sets": [s for v, x in zip(varies, best, strict=True) for s in v.sets(x, changed=True)],
        **confirmed,
        "search": {
            "generations": generations,
            "population": population,
            "games_played": played,
            "history": history,
        },
        "out": None,
    }
    if out is not None:
        changes = [
            (v.kind, cid, v.field, number(value, v.integer))
            for v, x in zip(varies, best, strict=True)
            for (cid, value), own in zip(v.values(x), v.own, strict=True)
            if value != own
        ]
        what = command or f"reports.balance.balance(seed={seed})"
        comment = f"{what}; objective {fmt(confirmed['objective']['best'])} (current "
        comment += f"{fmt(confirmed['objective']['current'])}) on {confirm:,} fresh games"
        files = write_cards(out, base.card_set, cards, changes, comment, the_game)
        result["out"] = {"folder": str(out), "files": [str(f) for f in files]}
    return result


def confirm_best(varies, terms, base, best, games, seed, clock) -> dict[str, Any]:
    """The best and the current values on the same fresh games, with bootstrap intervals."""
    current = base
    data_current = play(current, CONFIRM_FIRST, games, terms, clock.add)
    if all(b == v.current for b, v in zip(best, varies, strict=True)):
        data_best = data_current
        clock.add(games, played=False)
    else:
        data_best = play(
            variant(base, patches(varies, best)), CONFIRM_FIRST, games, terms, clock.add
        )
    sides = [data_best, data_current]
    point = np.array([objectives.values(terms, d) for d in sides])  # [side, term]
    rng = np.random.default_rng([seed, 0x626F_6F74])  # "boot"
    reps = objectives.bootstrap(terms, sides, rng, BOOTSTRAP)  # [rep, side, term]
    weights = np.array([t.weight for t in terms])
    totals = (reps * weights).sum(axis=2)  # [rep, side]
    value = (point * weights).sum(axis=1)
    per_term = {
        t.name: {
            "weight": t.weight,
            "best": finite(point[0, i]),
            "current": finite(point[1, i]),
            "best_interval": _interval(reps[:, 0, i]),
            "current_interval": _interval(reps[:, 1, i]),
        }
        for i, t in enumerate(terms)
    }
    return {
        "objective": {
            "best": finite(value[0]),
            "current": finite(value[1]),
            "best_interval": _interval(totals[:, 0]),
            "current_interval": _interval(totals[:, 1]),
            "difference": finite(value[0] - value[1]),
            "difference_interval": _interval(totals[:, 0] - totals[:, 1]),
            "terms": per_term,
        },
        "confirm": {"games": games, "first_game": CONFIRM_FIRST, "bootstrap": BOOTSTRAP},
    }


def _interval(samples: np.ndarray) -> list[float | None]:
    finite = samples[np.isfinite(samples)]
    if len(finite) < len(samples) // 2:
        return [None, None]
    low, high = np.percentile(finite, [2.5, 97.5])
    return [float(low), float(high)]


def _vary_row(v: Vary) -> dict[str, Any]:
    return {
        "text": v.text,
        "key": v.key,
        "kind": v.kind,
        "cards": list(v.cards),
        "field": ".".join(v.field),
        "low": number(v.lo, v.integer),
        "high": number(v.hi, v.integer),
        "whole": v.integer,
        "offset": v.offset,
        "left_out_stated": list(v.left_out),
    }
