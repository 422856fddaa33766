"""Hand-made Early Western Music History states for the rule tests: a game after setup
with every effect card in the deck, no composition dealt, seat 0 to move in its free
phase; helpers to place cards and compositions."""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.rules.decks_nb import refill_array_nb
from simcore.games.ewmh.rules.setup_nb import setup_nb
from simcore.games.ewmh.state.codes import Stage
from simcore.games.ewmh.state.dtypes import CompState, Loc, new_state
from simcore.games.ewmh.state.work import new_work


def blank_game(cards, n_players: int = 4, vocations=None, seed: int = 7, array: bool = True):
    """(games, seats, w): a set-up game with empty hands and the array dealt (unless
    `array` is False), seat 0 first and to move, before its roll. By default seat 0 is
    Church and the others Countryside, so that no other seat holds Absolution (its
    window would ask them at every activation: tests/ewmh/test_reactions.py)."""
    t = cards.tables
    games, seats = new_state(1)
    w = new_work(n_log=4096)
    setup_nb(t, games[0], seats[0], w, n_players, seed, 0)
    g = games[0]
    for p in range(n_players):
        seats[0, p].vocation = (0 if p == 0 else 2) if vocations is None else vocations[p]
        seats[0, p].start_pos = p
    g.first = 0
    g.current = 0
    g.actor = 0
    g.rounds = 1
    g.turn = 1
    g.stage = Stage.PHASE
    if array:
        refill_array_nb(t, g)
    return games, seats, w


def cards_of(cards, design_id: str) -> list[int]:
    """The physical card ids of a design."""
    d = cards.index("effects", design_id)
    return [int(c) for c in np.flatnonzero(cards.tables.card_design == d)]


def unplace(g, c: int) -> None:
    """Take card c out of wherever it is (deck, array, discard, a hand)."""
    loc = int(g.card_loc[c])
    if loc == Loc.DECK:
        deck = [int(x) for x in g.deck[: g.deck_n] if x != c]
        g.deck[: len(deck)] = deck
        g.deck_n = len(deck)
    elif loc == Loc.DISCARD:
        pile = [int(x) for x in g.discard[: g.discard_n] if x != c]
        g.discard[: len(pile)] = pile
        g.discard_n = len(pile)
    elif loc == Loc.ARRAY:  # the slot refilled from the deck, as after a take (EW-6)
        slot = list(g.array).index(c)
        g.deck_n -= 1
        g.array[slot] = g.deck[g.deck_n]
        g.card_loc[g.array[slot]] = Loc.ARRAY
    g.card_loc[c] = Loc.NONE


def give(g, c: int, p: int, flipped: int = 0) -> int:
    """Card c to seat p's hand (face `flipped`); returns c."""
    unplace(g, c)
    g.card_loc[c] = p
    g.card_flipped[c] = flipped
    return c


def give_design(cards, g, design_id: str, p: int, copy: int = 0, flipped: int = 0) -> int:
    return give(g, cards_of(cards, design_id)[copy], p, flipped)


def comps_of(cards, genre_id: str) -> list[int]:
    gi = cards.index("compositions", genre_id)
    return [int(k) for k in np.flatnonzero(cards.tables.comp_genre == gi)]


def give_comp(cards, g, genre_id: str, p: int, copy: int = 0) -> int:
    """Composition `copy` of a genre from the deck to seat p's hand; returns its id."""
    k = comps_of(cards, genre_id)[copy]
    deck = [int(x) for x in g.comp_deck[: g.comp_deck_n] if x != k]
    g.comp_deck[: len(deck)] = deck
    g.comp_deck_n = len(deck)
    g.comp_state[k] = CompState.HAND
    g.comp_owner[k] = p
    return k


def hand(g, p: int) -> list[int]:
    return [c for c in range(g.n_cards) if g.card_loc[c] == p]


def hand_comps(g, p: int) -> list[int]:
    return [
        k for k in range(g.n_comps) if g.comp_state[k] == CompState.HAND and g.comp_owner[k] == p
    ]


def options(cards, games, seats, w) -> list[tuple[int, ...]]:
    """The option rows of the decision at the current stage."""
    from simcore.games.ewmh.rules.options_nb import list_options_nb

    n = list_options_nb(cards.tables, games[0], seats[0], w)
    return [tuple(int(x) for x in row) for row in w.opts[:n]]


def take(cards, games, seats, w, row: tuple[int, ...]) -> None:
    """The actor takes the option `row` (it must be listed)."""
    from simcore.games.ewmh.play.resume_nb import apply_top_nb

    rows = options(cards, games, seats, w)
    assert row in rows, f"{row} not in {rows}"
    apply_top_nb(cards.tables, games[0], seats[0], w, int(games[0].actor), rows.index(row))


def row(kind: int, a: int = -1, b: int = -1, c: int = -1) -> tuple[int, ...]:
    """An option row as the listing writes it (kind, a, b, c, d = -1, 0)."""
    return (int(kind), a, b, c, -1, 0)
