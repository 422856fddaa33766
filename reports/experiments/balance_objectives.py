"""What `tutti balance` minimises: spreads of win rates and card effects, weighted.

    seat-spread            max minus min win rate by start order
    family-spread          the same by luthier family (GROUP-spread: by each of the
                           game's `drift_groups`; Maestro has none)
    strategy-spread        the same by strategy (needs two different strategies)
    card:KIND.CARD         |adjusted win-rate effect| of holding that card
    0.5*strategy-spread    a weight: WEIGHT*NAME (default 1); several --objective add up

`card:` is the card's Mantel-Haenszel holders-minus-others win-rate difference
within strata of (strategy, start order, family), as the report's adjusted effect
(`reports.percard.adjusted`; a family tile: strata without family). In general: strata of
strategy, start order and the game's grouping columns (`drift_groups`), without a
grouping column for a card of the kind it names (Luthier's family tiles); `KIND` is a
card kind the game's cards table holds (`card_roles.files`: Maestro's rows and
instruments). It needs no games beyond
the candidate's own, so every candidate costs one play; the paired ablation
(`reports.experiments.ablate`) would cost a second play per candidate, and it measures the card
against a stand-in worth 0, so a prestige search would simply drive the card to 0.
Stratification removes what the seat, family and strategy explain; what it leaves
(who chooses the card) is the same for every candidate, on the same deals.

Every objective is a function of per-game sums, so `value(data, weights)` takes one
weight per game: ones for the estimate, bootstrap counts for its interval (games,
not seats, are the independent units).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from reports.drift.drift_window import Window
from reports.percard.adjusted import stratified_difference
from simcore import games
from simcore.errors import TuttiError, did_you_mean
from simcore.games.api import Cards, Game

BASE_COLUMNS = ("start_order", "strategy")  # every game's seats table has them


def spreads(game: Game) -> dict[str, str]:
    """Objective name -> seats column: seat- and strategy-spread, and one per grouping
    column of the game (Luthier: family-spread)."""
    groups = {f"{g}-spread": g for g in game.drift_groups}
    return {"seat-spread": "start_order", **groups, "strategy-spread": "strategy"}


def names(game: Game) -> list[str]:
    """The objectives `game` has, as the messages list them."""
    return [*spreads(game), "card:KIND.CARD"]


@dataclass(frozen=True)
class Term:
    """One weighted objective."""

    text: str  # as given
    name: str  # "seat-spread", ... or "card:instruments.violin"
    weight: float
    column: str | None = None  # a spread's seats column
    card_key: str | None = None  # a card's key in the cards table ("instrument/violin")
    group_strata: bool = True  # card effects: strata include the game's grouping columns


def parse_term(text: str, card_set: Cards, strategies: list[str], game: Game | None = None) -> Term:
    """`[WEIGHT*]NAME` of `game` (a game object; None: the default game); a TuttiError
    naming the problem."""
    game = games.get() if game is None else game
    head, star, name = text.strip().partition("*")
    if not star:
        head, name = "1", head
    name = name.strip()
    try:
        weight = float(head)
    except ValueError:
        raise TuttiError(
            f"--objective {text!r}: expected NAME or WEIGHT*NAME (WEIGHT a number), "
            "e.g. 0.5*seat-spread"
        ) from None
    if not math.isfinite(weight) or weight <= 0:
        raise TuttiError(f"--objective {text!r}: the weight must be a positive number")
    by = spreads(game)
    if name in by:
        if name == "strategy-spread" and len(set(strategies)) < 2:
            raise TuttiError(
                f"--objective {text}: the field has one strategy ({strategies[0]}); "
                "strategy-spread needs at least two different ones (--strategies a,b,...)"
            )
        return Term(text, name, weight, column=by[name])
    if name in _every_spread():  # another game's grouping: Maestro has no family
        raise TuttiError(
            f"--objective {text}: {game.title} seats have no {name.removesuffix('-spread')} "
            f"to spread over; its objectives: {', '.join(names(game))}"
        )
    if not name.startswith("card:"):
        raise TuttiError(
            f"--objective {text}: unknown objective {name!r}{did_you_mean(name, names(game))}"
        )
    table_kind = {file: table for table, file in game.card_roles.files.items()}
    kind, _, cid = name.removeprefix("card:").partition(".")
    kind = game.card_kind(kind)
    if kind not in table_kind or not cid:
        kinds = list(table_kind)
        raise TuttiError(
            f"--objective {text}: expected card:KIND.CARD with KIND one of {', '.join(kinds)}"
            + (did_you_mean(kind, kinds) if kind not in table_kind else "")
        )
    try:
        game.card_name(card_set, kind, cid)
    except TuttiError as err:
        raise TuttiError(f"--objective {text}: {err}") from None
    return Term(
        text, f"card:{kind}.{cid}", weight, card_key=game.card_key(kind, cid),
        group_strata=table_kind[kind] not in game.drift_groups,
    )  # fmt: skip


def _every_spread() -> set[str]:
    """The spread objectives of every registered game (family-spread: Luthier's)."""
    return {name for g in games.names() for name in spreads(games.get(g))}


def parse_terms(
    texts: list[str], card_set: Cards, strategies: list[str], game: Game | None = None
) -> list[Term]:
    game = games.get() if game is None else game
    if not texts:
        raise TuttiError("give at least one --objective: " + ", ".join(names(game)))
    return [parse_term(t, card_set, strategies, game) for t in texts]


@dataclass(frozen=True)
class SeatData:
    """One candidate's games as seat-game arrays (one entry per game and seat)."""

    games: int
    game: np.ndarray  # int64: game index from 0 within these games
    win: np.ndarray  # float64: 1 win, 1/k a k-way tie, 0 otherwise
    codes: dict[str, np.ndarray]  # int64 codes per column (start_order, strategy, groups)
    strata: dict[bool, np.ndarray]  # int64 stratum from 0, with (True) and without the groups
    held: dict[str, np.ndarray]  # float64 0/1 per card key: the seat held the card


def seat_data(
    windows: list[Window], first: int, terms: list[Term], groups: tuple[str, ...] | None = None
) -> SeatData:
    """The arrays the terms need from windows of games first, first + 1, ...; `groups`:
    the game's grouping columns (None: those the windows carry, `Window.groups`)."""
    seats = pl.concat([w.seats for w in windows])
    cards = pl.concat([w.cards for w in windows])
    groups = windows[0].groups if groups is None else groups
    codes = {
        col: seats[col].cast(pl.String).rank("dense").cast(pl.Int64).to_numpy() - 1
        for col in (*BASE_COLUMNS, *groups)
    }
    base = codes["strategy"] * 16 + codes["start_order"]
    grouped = base
    for g in groups:
        grouped = grouped * 4096 + codes[g]
    strata = {
        with_groups: np.unique(code, return_inverse=True)[1]
        for with_groups, code in ((False, base), (True, grouped))
    }
    held = {}
    for key in {t.card_key for t in terms if t.card_key}:
        match = (pl.col("key") == key) | pl.col("key").str.starts_with(key + "/")
        rows = cards.filter((pl.col("role") == "held") & match).select("game", "seat").unique()
        flag = seats.select("game", "seat").join(
            rows.with_columns(h=pl.lit(1.0)), on=["game", "seat"], how="left", maintain_order="left"
        )
        held[key] = flag["h"].fill_null(0.0).to_numpy()
    game = seats["game"].to_numpy() - first
    n_games = int(game.max()) + 1 if len(game) else 0
    return SeatData(n_games, game, seats["win"].to_numpy().astype(np.float64), codes, strata, held)


def term_value(term: Term, data: SeatData, weights: np.ndarray) -> float:
    """The term's value (unweighted by its weight) with one weight per game; nan if undefined."""
    w = weights[data.game]
    if term.column is not None:
        code = data.codes[term.column]
        n = np.bincount(code, w)
        rates = np.bincount(code, w * data.win)[n > 0] / n[n > 0]
        return float(rates.max() - rates.min()) if len(rates) > 1 else math.nan
    return abs(card_effect(data, term, weights))


def card_effect(data: SeatData, term: Term, weights: np.ndarray) -> float:
    """The card's adjusted effect (`reports.percard.adjusted.stratified_difference`, the report's
    measure) with `weights`, one per game."""
    assert term.card_key is not None
    delta, _ = stratified_difference(
        data.strata[term.group_strata], data.game, data.win, data.held[term.card_key],
        data.games, weights,
    )  # fmt: skip
    return delta


def total(terms: list[Term], values: list[float]) -> float:
    """The weighted sum of the terms' values."""
    return float(sum(t.weight * v for t, v in zip(terms, values, strict=True)))


def values(terms: list[Term], data: SeatData, weights: np.ndarray | None = None) -> list[float]:
    """Each term's value on `data` (weights: one per game, default ones)."""
    w = np.ones(data.games) if weights is None else weights
    return [term_value(t, data, w) for t in terms]


def bootstrap(
    terms: list[Term], sides: list[SeatData], rng: np.random.Generator, replicates: int
) -> np.ndarray:
    """Replicates of every side's terms on the same resampled games:
    float64[replicates, len(sides), len(terms)] (the sides play the same games)."""
    n = sides[0].games
    out = np.empty((replicates, len(sides), len(terms)))
    for b in range(replicates):
        weights = np.bincount(rng.integers(0, n, n), minlength=n).astype(np.float64)
        for s, data in enumerate(sides):
            out[b, s] = values(terms, data, weights)
    return out
