"""Hand-made A Piacere states for the rule tests: a game after setup (start cards back
in their piles), every seat in a chosen city with chosen florins, seat 0 to act at a
chosen stage; helpers to place cards, list options and take one."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.rules.setup_nb import setup_nb
from simcore.games.apiacere.state.codes import Stage
from simcore.games.apiacere.state.dtypes import PLAY, Loc, new_state
from simcore.games.apiacere.state.work import new_work


def blank_game(cards, n_players: int = 3, cities=None, florins: int = 100, seed: int = 7):
    """(games, seats, w): a set-up game with empty hands, seats in order 0, 1, ..., seat 0
    to move in round 1 (cities by name, default all in Paris)."""
    t = cards.tables
    games, seats = new_state(1)
    w = new_work(n_log=4096)
    setup_nb(t, games[0], seats[0], w, n_players, seed, 0)
    g = games[0]
    for c in range(g.n_cards):
        if 0 <= g.card_loc[c] < n_players:
            unplace(g, int(c))
            put_back(cards, g, int(c))
    for p in range(n_players):
        g.order[p] = p
        seats[0, p].start_pos = p
        seats[0, p].florins = florins
        seats[0, p].city = city(cards, "paris" if cities is None else cities[p])
    g.rounds = 1
    g.pos = 0
    g.current = 0
    g.actor = 0
    g.stage = Stage.MOVE
    return games, seats, w


def city(cards, name: str) -> int:
    return cards.ids["cities"].index(name)


def cards_of(cards, design_id: str) -> list[int]:
    """The physical card ids of a design."""
    d = cards.ids["cards"].index(design_id)
    return [int(c) for c in np.flatnonzero(cards.tables.card_design == d)]


def unplace(g, c: int) -> None:
    """Take card c out of its pile (or discard pile, hand, play)."""
    for pile, count in (("pile", "pile_n"), ("disc", "disc_n")):
        for st in range(6):
            row = [int(x) for x in getattr(g, pile)[st, : getattr(g, count)[st]] if x != c]
            getattr(g, pile)[st, : len(row)] = row
            getattr(g, count)[st] = len(row)
    g.card_loc[c] = Loc.NONE
    g.card_prog[c] = 0


def put_back(cards, g, c: int) -> None:
    """Card c to the top of its stack's draw pile."""
    st = int(cards.tables.card_stack[c])
    g.pile[st, g.pile_n[st]] = c
    g.pile_n[st] += 1
    g.card_loc[c] = Loc.PILE


def on_top(cards, g, design_id: str, copy: int = 0) -> int:
    """A card of the design to the top of its draw pile; returns it."""
    c = cards_of(cards, design_id)[copy]
    unplace(g, c)
    put_back(cards, g, c)
    return c


def give(cards, g, design_id: str, p: int, copy: int = 0, prog: int = 0) -> int:
    """A card of the design to seat p's hand (prog > 0: in play with that progress)."""
    c = cards_of(cards, design_id)[copy]
    unplace(g, c)
    g.card_loc[c] = p if prog == 0 else PLAY + p
    g.card_prog[c] = prog
    return c


def hand(g, p: int) -> list[int]:
    return [c for c in range(g.n_cards) if g.card_loc[c] == p]


def options(cards, games, seats, w) -> list[tuple[int, ...]]:
    """The option rows (kind, a, b) of the decision at the current stage."""
    from simcore.games.apiacere.rules.options_nb import list_options_nb

    n = list_options_nb(cards.tables, games[0], seats[0], w)
    return [tuple(int(x) for x in row[:3]) for row in w.opts[:n]]


def take(cards, games, seats, w, row: tuple[int, ...]) -> None:
    """The actor takes the option `row` (kind, a, b), which must be listed."""
    from simcore.games.apiacere.play.resume_nb import apply_top_nb

    rows = options(cards, games, seats, w)
    assert row in rows, f"{row} not in {rows}"
    apply_top_nb(cards.tables, games[0], seats[0], w, int(games[0].actor), rows.index(row))


def opt(kind: int, a: int = 0, b: int = 0) -> tuple[int, int, int]:
    return (int(kind), a, b)


def full_options(cards, games, seats, w) -> list[tuple[int, ...]]:
    """The whole option rows (kind, a, b, c, d, e) of the current decision."""
    from simcore.games.apiacere.rules.options_nb import list_options_nb

    n = list_options_nb(cards.tables, games[0], seats[0], w)
    return [tuple(int(x) for x in row) for row in w.opts[:n]]


def take_full(cards, games, seats, w, row: tuple[int, ...]) -> None:
    """The actor takes the whole option `row`, which must be listed."""
    from simcore.games.apiacere.play.resume_nb import apply_top_nb

    rows = full_options(cards, games, seats, w)
    assert row in rows, f"{row} not in {rows}"
    apply_top_nb(cards.tables, games[0], seats[0], w, int(games[0].actor), rows.index(row))
