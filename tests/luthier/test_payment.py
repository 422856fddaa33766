"""Paying "money and/or inspiration" (rulebook p.15; ruling 24): any split is legal."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.instruments_nb import guild_options_nb, take_card_nb
from simcore.games.luthier.actions.market_nb import apply_market_option_nb
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.enums import CardRow, Family, Location, Material
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import RED, Table

SEEDS = range(40)


def searched_splits(cards, money: int, insp: int) -> set[tuple[int, int]]:
    """(money, inspiration) a random seat paid for a Guild deck search, over SEEDS."""
    violin = cards.index("instruments", "violin")
    seen = set()
    for seed in SEEDS:
        t = Table(cards)
        seed_streams_nb(seed, t.g["rng"])
        t.g["decks"][CardRow.INSTRUMENTS, 0] = violin
        t.g["deck_n"][CardRow.INSTRUMENTS] = 1
        r = t.seat(RED)
        r["money"], r["inspiration"] = money, insp
        i = t.place(RED, Location.GUILD, 1, apprentices=1)
        n = guild_options_nb(*t.opt_args(), RED, i, 0)
        k = next(k for k in range(n) if t.w.opts[k, 0] == Opt.SEARCH)
        assert t.w.opts[k, 2] == Family.STRINGS
        take_card_nb(*t.args(), RED, i, k)
        (ev,) = [e for e in t.events() if e[2] == Ev.SEARCH]
        paid = (int(ev[5]), int(ev[6]))
        assert sum(paid) == 10 and money - paid[0] == r["money"]
        seen.add(paid)
    return seen


def test_a_random_seat_can_pay_a_search_by_any_split(cards):
    """Ruling 24: 10 money and/or inspiration with 6 of each: 6+4, 5+5 or 4+6, each of
    which a random seat must be able to pick (not only money first or inspiration first)."""
    assert searched_splits(cards, 6, 6) == {(6, 4), (5, 5), (4, 6)}
    assert searched_splits(cards, 12, 0) == {(10, 0)}


def test_a_random_seat_can_buy_by_any_split(cards):
    """Ruling 24 with ruling 6 (market inspiration 1:1): metal at 5 with 3 money and 5
    inspiration can be paid 3+2, 2+3, 1+4 or 0+5."""
    seen = set()
    for seed in SEEDS:
        t = Table(cards)
        seed_streams_nb(seed, t.g["rng"])
        r = t.seat(RED)
        r["money"], r["inspiration"] = 3, 5
        t.w.opts[0] = (Opt.BUY, Material.METAL, 0, 0, 0, 0)
        apply_market_option_nb(*t.args(), RED, 0, np.zeros(3, np.int8))
        seen.add((3 - int(r["money"]), 5 - int(r["inspiration"])))
    assert seen == {(3, 2), (2, 3), (1, 4), (0, 5)}


def test_every_split_is_one_option(cards):
    """Ruling 24: PAY_SPLIT (money, inspiration) rows, least inspiration first; one legal
    split needs no decision."""
    from simcore.games.luthier.actions.access_nb import NO_LIMIT, choose_payment_nb

    t = Table(cards)
    r = t.seat(RED)
    r["money"], r["inspiration"] = 6, 6
    choose_payment_nb(*t.args(), RED, 10, NO_LIMIT)
    rows = [tuple(int(x) for x in t.w.opts[k, :3]) for k in range(3)]
    assert rows == [(Opt.PAY_SPLIT, 6, 4), (Opt.PAY_SPLIT, 5, 5), (Opt.PAY_SPLIT, 4, 6)]
    r["money"], r["inspiration"] = 6, 6
    before = int(t.g["n_decisions"])
    assert choose_payment_nb(*t.args(), RED, 10, 4) == (6, 4)  # a cap: one split left
    assert choose_payment_nb(*t.args(), RED, 0, NO_LIMIT) == (0, 0)
    assert int(t.g["n_decisions"]) == before
