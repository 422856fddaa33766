"""The market (rulebook p.14, ruling 6): prices, payment, once-per-visit trade limits."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.market_nb import (
    apply_market_option_nb,
    buy_price_nb,
    market_options_nb,
    sell_price_nb,
)
from simcore.games.luthier.rules.tracks_nb import TRACK_FINAL
from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.enums import Material, Rule, Track
from tests.luthier.state import RED, Table


def fresh() -> np.ndarray:
    """No material bought or sold yet this visit."""
    return np.zeros(3, np.int8)


def options(t: Table, p: int, traded) -> set[tuple[int, int]]:
    n = market_options_nb(*t.opt_args(), p, traded)
    return {(int(t.w.opts[i, 0]), int(t.w.opts[i, 1])) for i in range(n)}


def apply(t: Table, p: int, kind, a=0, traded=None) -> list[int]:
    traded = traded if traded is not None else fresh()
    t.w.opts[0, :5] = (kind, a, 0, 0, 0)
    apply_market_option_nb(*t.args(), p, 0, traded)
    return traded


def test_round_one_card_has_average_prices(cards):
    t = Table(cards)
    prices = [buy_price_nb(cards.table, t.g, t.s, RED, m) for m in Material]
    assert prices == [2, 3, 5]
    assert [sell_price_nb(cards.table, t.g, m) for m in Material] == [2, 3, 5]


def test_buy_money_first_and_inspiration_first(cards):
    """Ruling 6 / ruling 24: the seat chooses the split; here the two ends of it."""
    t = Table(cards)
    r = t.seat(RED)
    r["money"], r["inspiration"] = 10, 2
    t.pay_with(RED, "money")
    apply(t, RED, Opt.BUY, Material.METAL)
    assert (r["money"], r["inspiration"], r["materials"][Material.METAL]) == (5, 2, 1)
    t.pay_with(RED, "inspiration")
    apply(t, RED, Opt.BUY, Material.METAL)
    assert (r["money"], r["inspiration"], r["materials"][Material.METAL]) == (2, 0, 2)


def test_inspiration_covers_a_shortfall(cards):
    t = Table(cards)
    r = t.seat(RED)
    r["money"], r["inspiration"] = 3, 2
    assert (Opt.BUY, Material.METAL) in options(t, RED, fresh())
    apply(t, RED, Opt.BUY, Material.METAL)
    assert (r["money"], r["inspiration"]) == (0, 0)


def test_cannot_afford_means_no_option(cards):
    t = Table(cards)
    r = t.seat(RED)
    r["money"], r["inspiration"] = 1, 0
    opts = options(t, RED, fresh())
    assert not any(o[0] == Opt.BUY for o in opts)  # even animal costs 2
    assert (Opt.DONE, 0) in opts


def test_no_buying_and_selling_the_same_material(cards):
    t = Table(cards)
    r = t.seat(RED)
    r["money"] = 20
    r["materials"][:] = (1, 1, 1)
    traded = apply(t, RED, Opt.BUY, Material.WOOD)
    traded = apply(t, RED, Opt.SELL, Material.ANIMAL, traded=traded)
    opts = options(t, RED, traded)
    assert not any(o[0] == Opt.SELL and o[1] == Material.WOOD for o in opts)
    assert not any(o[0] == Opt.BUY and o[1] == Material.ANIMAL for o in opts)
    assert any(o[0] == Opt.SELL and o[1] == Material.METAL for o in opts)
    assert r["money"] == 20 - 3 + 2


def test_buying_needs_storage_room(cards):
    t = Table(cards)
    r = t.seat(RED)
    r["money"] = 50
    r["materials"][:] = (3, 3, 3)  # 9 = storage
    assert not any(o[0] == Opt.BUY for o in options(t, RED, fresh()))


def test_hire_costs_four_and_respects_the_cap(cards):
    t = Table(cards)
    r = t.seat(RED)
    r["money"] = 20
    apply(t, RED, Opt.HIRE)
    assert (r["money"], r["apprentices"]) == (16, 1)
    r["apprentices"] = cards.arrays.rules[Rule.APPRENTICE_CAP]
    assert not any(o[0] == Opt.HIRE for o in options(t, RED, fresh()))


def test_training_costs_fifteen_and_never_buys_the_final_step(cards):
    t = Table(cards)
    r = t.seat(RED)
    r["money"] = 100
    apply(t, RED, Opt.TRAIN, Track.CRAFT)
    assert (r["money"], r["tracks"][Track.CRAFT]) == (85, 1)
    r["tracks"][Track.PERFORMANCE] = TRACK_FINAL[Track.PERFORMANCE] - 1
    opts = options(t, RED, fresh())
    assert (Opt.TRAIN, Track.CRAFT) in opts
    assert not any(o[0] == Opt.TRAIN and o[1] == Track.PERFORMANCE for o in opts)
    assert not any(o[0] == Opt.TRAIN and o[1] == Track.REPUTATION for o in opts)


def test_each_purchase_is_one_option_whatever_the_splits(cards):
    """Ruling 24: the split of money and inspiration is chosen when paying, so the number
    of ways to pay does not multiply the options (a random seat's odds stay per purchase)."""
    t = Table(cards)
    r = t.seat(RED)
    r["money"], r["inspiration"] = 10, 10
    n = market_options_nb(*t.opt_args(), RED, fresh())
    kinds = [(int(t.w.opts[i, 0]), int(t.w.opts[i, 1])) for i in range(n)]
    assert kinds.count((Opt.BUY, Material.WOOD)) == 1
    assert kinds.count((Opt.TRAIN, Track.CRAFT)) == 1


def test_storage_cap_makes_the_seat_discard(cards):
    from simcore.games.luthier.rules.resources_nb import gain_material_nb

    t = Table(cards)
    r = t.seat(RED)
    r["materials"][:] = (3, 3, 2)
    gain_material_nb(*t.args(), RED, Material.ANIMAL, 3, 0)
    assert int(np.sum(r["materials"])) == 9
    assert r["n_discarded"] == 2
