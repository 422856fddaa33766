"""Search card values that meet a balance objective, on common random numbers (issue 19).

    from reports.experiments.balance import balance
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

The answer is a vector the search PLAYED, never its distribution's mean: every
candidate is kept with its objective, and the CONFIRM_TOP best of them replay fresh
games, CONFIRM_FIRST onwards (no generation reaches them), beside the current values:
all play the same games, and 95% percentile intervals come from a bootstrap over games
(the independent units), the same resampled games for every side, so each difference
from the current values has its own interval. The check is the result's last word, so
a candidate is returned only when it beats the current values there beyond doubt: the
lowest objective among the candidates whose difference from the current values has its
95% interval wholly below zero (`better`). When none has, the search says "no
improvement found" and returns the current values: the answer is to keep them (`keep`,
one `KIND.CARD.FIELD=VALUE` per varied field), and `--out` writes nothing. So the check
never shows the returned values worse than the current ones, and no card directory holds
a value the check does not favour. (It also chose them, so its numbers lean
their way a little. A spread is a maximum minus a minimum of noisy rates: with few
games it and its interval lean upward.)
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from reports.experiments import balance_objectives as objectives
from reports.experiments.balance_out import check_out_dir, write_cards
from reports.experiments.balance_search import (
    MIN_DEALS,
    SIDES,
    Clock,
    Note,
    finite,
    fmt,
    named_values,
    plan,
    play,
    search,
    values_text,
)
from reports.experiments.balance_space import Vary, check_extremes, number, parse_varies, patches
from reports.experiments.variants import baseline, variant
from simcore.games import get as get_game
from simcore.games.api import require_card_data
from simcore.progress import Progress

FORMAT = "tutti-balance/2"  # 2: the best played and confirmed, not the search's mean
CONFIRM_FIRST = 1 << 40  # confirmation games: game indices no generation reaches
BOOTSTRAP = 1000  # bootstrap replicates for the confirmation's intervals


def balance(
    vary: list[str],
    objective: list[str],
    budget: int = 100_000,
    players: int | None = None,
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
    threads: int | None = None,
) -> dict[str, Any]:
    """Search the `vary` ranges for the values minimising `objective`; confirm them.

    `confirm_games` (default a sixteenth of `budget`) are played by each side of the
    final check (the current values and at most CONFIRM_TOP candidates); the search
    spends the rest. `progress(games, games in all)` is called after each window of
    games, `note(line)` after each generation and for each line of the check. `out`: a
    card directory for the returned values (`reports.experiments.balance_out`); `command`: the
    command line, kept in the result and the written files; `game`: the game's name
    (None: the default game); `threads`: kernel threads (None: every core), on which
    the result does not depend.
    """
    require_card_data(get_game(game), "tutti balance")  # before any game is played
    confirm = max(budget // (4 * SIDES), MIN_DEALS) if confirm_games is None else confirm_games
    base = baseline(players, max(confirm, 1), seed, strategies, cards, params_file, game, threads)
    the_game = base.game
    varies = parse_varies(vary, base.card_set, allow_stated, the_game)
    strategy_names = [s.name for s in base.seats]
    terms = objectives.parse_terms(objective, base.card_set, strategy_names, the_game)
    generations, search_games = plan(budget, population, confirm)
    check_extremes(varies, cards, the_game)
    if out is not None:
        check_out_dir(out)
    clock = Clock(search_games + SIDES * confirm, progress)
    mean, history, played, found = search(
        varies, terms, base, seed, population, generations, search_games, clock, note
    )
    confirmed = confirm_best(varies, terms, base, found, confirm, seed, clock)
    best = confirmed.pop("values")
    if note:
        for line in check_lines(confirmed):
            note(line)
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
        # the answer when the check favours no candidate: keep each field's current value
        "keep": []
        if confirmed["improvement_found"]
        else [f"{v.key}={number(v.current, v.integer)}" for v in varies],
        **confirmed,
        "search": {
            "generations": generations,
            "population": population,
            "games_played": played,
            "history": history,
            "mean": named_values(varies, np.array(mean), snapped=False),
        },
        "out": None,
    }
    if out is not None and confirmed["improvement_found"]:  # else nothing is written
        changes = [
            (v.kind, cid, v.field, number(value, v.integer))
            for v, x in zip(varies, best, strict=True)
            for (cid, value), own in zip(v.values(x), v.own, strict=True)
            if value != own
        ]
        what = command or f"reports.experiments.balance.balance(seed={seed})"
        comment = f"{what}; objective {fmt(confirmed['objective']['best'])} (current "
        comment += f"{fmt(confirmed['objective']['current'])}) on {confirm:,} fresh games"
        files = write_cards(out, base.card_set, cards, changes, comment, the_game)
        result["out"] = {"folder": str(out), "files": [str(f) for f in files]}
    return result


def confirm_best(varies, terms, base, found, games, seed, clock) -> dict[str, Any]:
    """The current values and the best candidates `found` (values, search objective,
    search games) on the same fresh games, with bootstrap intervals; "values" are the
    lowest objective there of the candidates `better` than the current values, or the
    current values ("no improvement found")."""
    current = tuple(float(v.current) for v in varies)
    keys = [current, *(key for key, _, _ in found)]
    sides = [play(base, CONFIRM_FIRST, games, terms, clock.add)]
    for key in keys[1:]:
        side = variant(base, patches(varies, list(key)))
        sides.append(play(side, CONFIRM_FIRST, games, terms, clock.add))
    clock.add(games * (SIDES - len(sides)), played=False)  # fewer candidates than sides
    point = np.array([objectives.values(terms, d) for d in sides])  # [side, term]
    rng = np.random.default_rng([seed, 0x626F_6F74])  # "boot"
    reps = objectives.bootstrap(terms, sides, rng, BOOTSTRAP)  # [rep, side, term]
    weights = np.array([t.weight for t in terms])
    totals = (reps * weights).sum(axis=2)  # [rep, side]
    value = (point * weights).sum(axis=1)
    ranked = np.where(np.isnan(value), math.inf, value)
    order = [int(i) for i in np.argsort(ranked, kind="stable")]  # the current values first on a tie
    differences = [_interval(totals[:, s] - totals[:, 0]) for s in range(len(sides))]
    b = next((s for s in order if s != 0 and better(value[s], value[0], differences[s])), 0)
    if not value[b] < value[0]:  # whatever `better` says, never a value the check disfavours
        b = 0
    per_term = {
        t.name: {
            "weight": t.weight,
            "best": finite(point[b, i]),
            "current": finite(point[0, i]),
            "best_interval": _interval(reps[:, b, i]),
            "current_interval": _interval(reps[:, 0, i]),
        }
        for i, t in enumerate(terms)
    }
    searched = {key: (objective, n) for key, objective, n in found}
    rows = []
    for s in order:
        objective, n = searched.get(keys[s], (None, 0))
        rows.append(
            {
                "values": named_values(varies, np.array(keys[s])),
                "current": s == 0,
                "returned": s == b,
                "search_objective": finite(objective) if objective is not None else None,
                "search_games": n,
                "objective": finite(value[s]),
                "interval": _interval(totals[:, s]),
                "difference": finite(value[s] - value[0]),
                "difference_interval": differences[s],
            }
        )
    return {
        "values": [float(x) for x in keys[b]],
        "improvement_found": b != 0,
        "objective": {
            "best": finite(value[b]),
            "current": finite(value[0]),
            "best_interval": _interval(totals[:, b]),
            "current_interval": _interval(totals[:, 0]),
            "difference": finite(value[b] - value[0]),
            "difference_interval": differences[b],
            "terms": per_term,
        },
        "confirmed": rows,
        "confirm": {"games": games, "first_game": CONFIRM_FIRST, "bootstrap": BOOTSTRAP},
    }


def better(value: float, current: float, difference: list[float | None]) -> bool:
    """A candidate beats the current values on the check: a lower objective, and the 95%
    interval of its difference from them wholly below zero."""
    high = difference[1]
    return bool(value < current) and high is not None and high < 0


def check_lines(confirmed: dict[str, Any]) -> list[str]:
    """The check as lines, best first, ending with what is returned: the progress notes
    and the printed result say the same."""
    games = confirmed["confirm"]["games"]
    rows = confirmed["confirmed"]
    lines = [
        f"check of the {len(rows) - 1} best candidates played and the current values on "
        f"{games:,} fresh games each (the same games):"
    ]
    for row in rows:
        who = values_text(row["values"]) + (" (current)" if row["current"] else "")
        searched = ""
        if row["search_objective"] is not None:
            searched = f", {fmt(row['search_objective'])} in the search"
        versus = ""
        if not row["current"]:
            low, high = row["difference_interval"]
            versus = f", {_signed(row['difference'])} against the current values"
            versus += "" if low is None else f" [{_signed(low)}, {_signed(high)}]"
        lines.append(f"  {who}: {fmt(row['objective'])}{searched}{versus}")
    returned = next(r for r in rows if r["returned"])
    if confirmed["improvement_found"]:
        lines.append(f"returned: {values_text(returned['values'])}")
    else:
        lines.append(
            "no improvement found: no candidate's difference from the current values has its "
            f"95% interval below zero; returned: the current values "
            f"({values_text(returned['values'])})"
        )
    return lines


def _signed(x: float | None) -> str:
    return "undefined" if x is None else f"{x:+.4f}"


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
