"""Ruling 9 (priority) and the Balcony turn order: the rulebook's worked examples."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.play.round_nb import activate_nb
from simcore.games.luthier.rules.priority_nb import (
    balcony_turn_order_nb,
    priority_order_nb,
    skill_nb,
)
from simcore.games.luthier.state.enums import Location
from tests.luthier.state import BLUE, GREEN, RED, YELLOW, Table


def rulebook_placements(t: Table, loc: int) -> tuple[int, int, int]:
    """Rulebook p.13: Blue #1 + 2 apprentices first, then Red #5, then Yellow #3."""
    blue = t.place(BLUE, loc, 1, apprentices=2)
    red = t.place(RED, loc, 5)
    yellow = t.place(YELLOW, loc, 3)
    return blue, red, yellow


def order_at(t: Table, loc: int, owner: int = -1) -> list[int]:
    out = np.zeros(32, np.int64)
    n = priority_order_nb(t.cards.table, t.g, t.s, loc, owner, out)
    return [int(x) for x in out[:n]]


def test_priority_order_example(cards):
    """Red (#5) first; Blue (#1 + 2 = 3) before Yellow (#3): same skill, placed earlier."""
    t = Table(cards)
    blue, red, yellow = rulebook_placements(t, Location.GUILD)
    assert [skill_nb(cards.table, t.g, t.s, i) for i in (blue, red, yellow)] == [3, 5, 3]
    assert order_at(t, Location.GUILD) == [red, blue, yellow]


def test_each_chip_acts_separately_and_other_locations_are_ignored(cards):
    t = Table(cards)
    a = t.place(RED, Location.SALON, 2)
    t.place(BLUE, Location.GUILD, 5)
    b = t.place(RED, Location.SALON, 4, apprentices=1)
    c = t.place(YELLOW, Location.SALON, 4)
    d = t.place(GREEN, Location.SALON, 5)
    # skills: a 2, b 5, c 4, d 5 -> b (placed before d), d, c, a
    assert order_at(t, Location.SALON) == [b, d, c, a]


def test_bench_holds_only_its_owner(cards):
    t = Table(cards)
    mine = t.place(RED, Location.ROUGHING, 3)
    t.place(BLUE, Location.ROUGHING, 5)
    assert order_at(t, Location.ROUGHING, owner=RED) == [mine]


def test_turn_order_example(cards):
    """Rulebook p.21: the Balcony's priority order Red, Blue, Yellow; Green, absent, goes last."""
    t = Table(cards)
    t.g["turn_order"][:4] = [GREEN, YELLOW, BLUE, RED]
    rulebook_placements(t, Location.BALCONY)
    activate_nb(*t.args(), YELLOW, Location.BALCONY)
    assert list(t.g["balcony"][: t.g["balcony_n"]]) == [RED, BLUE, YELLOW]
    assert all(t.g["pl_done"][:3] == 1)
    balcony_turn_order_nb(t.g)
    assert list(t.g["turn_order"]) == [RED, BLUE, YELLOW, GREEN]


def test_turn_order_keeps_relative_order_of_absent_seats(cards):
    t = Table(cards)
    t.g["turn_order"][:4] = [GREEN, YELLOW, BLUE, RED]
    t.place(BLUE, Location.BALCONY, 1)
    t.place(BLUE, Location.BALCONY, 5)  # a seat with two chips there counts once, first
    activate_nb(*t.args(), BLUE, Location.BALCONY)
    balcony_turn_order_nb(t.g)
    assert list(t.g["turn_order"]) == [BLUE, GREEN, YELLOW, RED]


def test_no_balcony_keeps_turn_order(cards):
    t = Table(cards)
    t.g["turn_order"][:4] = [YELLOW, RED, GREEN, BLUE]
    balcony_turn_order_nb(t.g)
    assert list(t.g["turn_order"]) == [YELLOW, RED, GREEN, BLUE]
