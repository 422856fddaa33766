"""Hand-built Dice-Mining Patrons states for the rule tests."""

from __future__ import annotations

import numpy as np

from simcore.games.dicemining.carddata.load import load_cards
from simcore.games.dicemining.rules.turn_nb import setup_nb
from simcore.games.dicemining.state.dtypes import IN_DECK, MAX_PLAYERS, UP, new_state, new_work


def table(*patches: str):
    return load_cards(patches=("rules.mulligan.value=false", *patches)).table_array[0]


def game(cards, players=2, seed=3):
    """A game set up without the mulligan: seat g.first to move, its first roll made."""
    games, seats = new_state(1)
    w = new_work(np.zeros((MAX_PLAYERS, 16)), n_log=2000)
    setup_nb(cards, games[0], seats[0], w, players, seed, 0)
    return games[0], seats[0], w


def events(g, w, code):
    return [tuple(r[1:6]) for r in w.log[: g.log_n].tolist() if r[2] == code]


def card_of(cards, data, design: str, copy: int = 0) -> int:
    """The patron card index of `design`'s copy-th card."""
    d = data.index("patrons", design)
    return [c for c in range(cards.n_patrons) if cards.patron_design[c] == d][copy]


def give_patron(g, c, p, up=False):
    """Move patron card c into seat p's hand (or face up), out of the deck."""
    if g.patron_loc[c] == IN_DECK:
        k = list(g.deck[: g.deck_n]).index(c)
        g.deck[k : g.deck_n - 1] = g.deck[k + 1 : g.deck_n].copy()
        g.deck_n -= 1
    g.patron_loc[c] = UP + p if up else p


def clear_hands(cards, g):
    """Every card in a hand goes back to the deck (bottom)."""
    for c in range(cards.n_patrons):
        if 0 <= g.patron_loc[c] < UP:
            g.patron_loc[c] = IN_DECK
            g.deck[1 : g.deck_n + 1] = g.deck[: g.deck_n].copy()
            g.deck[0] = c
            g.deck_n += 1
