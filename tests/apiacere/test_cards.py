"""The shipped card data against issue 39's specification and the rulebook: counts, the
20 effect kinds, the estimated decks, the map, the rules' defaults, the compiled arrays."""

from __future__ import annotations

from collections import Counter

import numpy as np

from simcore.games.apiacere.carddata.params import FILE_EFFECTS, PARAMS
from simcore.games.apiacere.codes import (
    BannedMove,
    Colour,
    Effect,
    EqualMeasure,
    Family,
    InstrumentType,
    Rule,
    TieBreak,
)
from simcore.games.apiacere.sizes import MAX_PARAMS, MAX_PLAYERS

# spec 3.2.1: the 20 effect kinds, in its order
SPEC_KINDS = [
    "teach", "perform", "compose", "variation", "ban", "take", "draw", "do_good",
    "do_good_reference", "progress", "royal_draw", "royal_rent", "in_equal_measure",
    "bonus_cards", "sincerest_flattery", "most_black_keys", "most_royal_tiles",
    "most_florins", "most_instruments", "chain_unlock",
]  # fmt: skip


def _entry_effects(cards, kind):
    return {r["effect"] for r in cards.records[kind]}


def test_the_effect_kinds_are_the_specs_twenty_numbered_as_there():
    assert [Effect(n).name.lower() for n in range(1, 21)] == SPEC_KINDS
    beyond = [e.name.lower() for e in Effect if e > 20]
    assert beyond == ["royal_action", "royal_hand", "royal_travel", "royal_take"]  # spec 3.1 [E]
    assert all(len(PARAMS[e]) <= MAX_PARAMS for e in PARAMS)


def test_every_kind_has_a_home_in_the_data(apcards):
    used = set().union(*(_entry_effects(apcards, k) for k in FILE_EFFECTS))
    in_rules = {"do_good_reference", "progress"}  # their numbers are rules.toml keys
    assert used | in_rules == set(SPEC_KINDS) | {
        "royal_action", "royal_hand", "royal_travel", "royal_take",
    }  # fmt: skip
    assert {"reference_actions", "reference_clears", "progress_cards"} <= set(apcards.rules)


def test_the_six_stacks_hold_the_114_cards_as_stated(apcards):
    t = apcards.tables
    assert len(t.card_design) == 114
    assert list(np.diff(t.stack_first)) == [24, 19, 11, 25, 21, 14]
    assert list(t.stack_family) == [Family.COMPOSE] * 3 + [Family.PERFORM_TEACH] * 3
    assert list(t.stack_level) == [1, 2, 3, 1, 2, 3]
    for s in range(6):
        cards = slice(t.stack_first[s], t.stack_first[s + 1])
        assert (t.card_stack[cards] == s).all() and (t.card_level[cards] == t.stack_level[s]).all()
    assert (t.design_copies[t.card_design] > 0).all()


def test_the_compose_stacks_follow_the_spec(apcards):
    t = apcards.tables
    compose = t.card_effect == Effect.COMPOSE
    black = t.card_params[:, 0]
    for level, (lo, hi) in {1: (1, 2), 2: (3, 4), 3: (6, 7)}.items():
        keys = black[compose & (t.card_level == level)]
        assert keys.min() == lo and keys.max() == hi  # spec 3.1: 1-2, 3-4, 6-7
    variation = t.card_effect == Effect.VARIATION
    assert set(t.card_level[variation]) == {1, 2}
    assert (t.card_colour[compose | variation] == Colour.BLUE).all()
    assert (t.card_instrument[compose] >= 0).all() and (t.card_instrument[~compose] == -1).all()
    harp = apcards.index("instruments", "harp")
    assert (t.card_instrument[compose] == harp).sum() == 5  # 2 sonatas, 2 concertos, 1 grand


def test_the_perform_stacks_are_about_60_30_10(apcards):
    t = apcards.tables
    for level, size in ((1, 25), (2, 21), (3, 14)):
        at = (t.stack_family[t.card_stack] == Family.PERFORM_TEACH) & (t.card_level == level)
        colours = Counter(t.card_colour[at].tolist())
        do_good = int((t.card_effect[at] == Effect.DO_GOOD).sum())
        assert sum(colours.values()) == size
        assert abs(colours[Colour.YELLOW] / size - 0.6) < 0.05, level
        assert abs((colours[Colour.RED] - do_good) / size - 0.3) < 0.05, level
        assert 1 <= do_good <= 2
    teach = t.card_effect == Effect.TEACH
    assert (t.card_params[teach & (t.card_level == 1), 1] == 0).all()  # no keys at level 1 (5A)
    assert (t.card_params[teach & (t.card_level > 1), 1] > 0).all()  # "higher level ... white keys"


def test_the_map(apcards):
    t = apcards.tables
    city = {c: apcards.index("cities", c) for c in apcards.ids["cities"]}
    assert len(city) == 7 and int(t.city_royal.sum()) == 6 and not t.city_royal[city["troyes"]]
    assert sorted(t.city_die[t.city_royal == 1]) == [1, 2, 3, 4, 5, 6]
    d = t.city_distance
    assert (d == d.T).all() and (d >= 0).all() and (np.diag(d) == 0).all()
    assert d[city["paris"], city["strasbourg"]] == 1  # Example 1: the 10-florin move
    assert d[city["paris"], city["troyes"]] == 1  # "moving from Paris to Troyes, and back"
    assert d[city["strasbourg"], city["mannheim"]] == 1  # Example 4: "next to you"
    assert d[city["paris"], city["vienna"]] == d.max() == 5  # the ends of the line
    assert t.city_shield[city["salzburg"]] > 2  # its royal tile's [2] rent is a bonus
    assert len(set(t.city_slot.tolist())) == 7 and t.city_slot.max() < t.rules[Rule.VARIETY_SLOTS]


def test_housing_travel_and_proximity(apcards):
    t = apcards.tables
    assert apcards.ids["housing"] == ["homeless", "apartment", "house", "palace"]
    assert list(t.housing_actions) == [1, 1, 2, 3] and list(t.housing_hand) == [2, 3, 4, 5]
    assert list(t.housing_pay) == [50, 100, 100, 100]
    assert (t.housing_rent[0] == 0).all() and (np.diff(t.housing_rent, axis=0) >= 0).all()
    assert list(t.travel_steps) == [1, 2, -1] and list(t.travel_cost) == [10, 30, 60]
    assert list(t.prox_distance) == [0, 1]
    assert t.prox_takes[1] == 1 << Colour.YELLOW  # Example 4: a face-up yellow card


def test_tiles(apcards):
    t = apcards.tables
    assert len(t.royal_city) == 6 and sorted(t.royal_city) == sorted(np.flatnonzero(t.city_royal))
    assert Counter(t.royal_effect.tolist())[Effect.ROYAL_DRAW] == 1
    assert len(t.legacy_effect) == 7 and len(set(t.legacy_effect.tolist())) == 7
    sincerest = apcards.index("legacy", "sincerest_flattery")
    assert t.legacy_overall[sincerest] == 0 and t.legacy_overall.sum() == 6
    assert len(t.legacy_effect) >= 1 + MAX_PLAYERS * t.rules[Rule.PERSONAL_LEGACY]  # AP-23
    shared = t.bonus_shared == 1
    assert shared.sum() == 8 and (t.bonus_instrument[shared] >= 0).all()  # 8 instrument tiles
    assert sorted(t.bonus_type[~shared]) == list(InstrumentType)  # 3 type tiles (AP-2)
    assert set(t.bonus_params[shared, 0]) == {2} and set(t.bonus_params[~shared, 0]) == {4}
    piano = apcards.index("instruments", "piano")
    assert t.instrument_type[piano] == -1 and piano not in t.bonus_instrument
    assert len(t.variety_value) == t.rules[Rule.VARIETY_SLOTS] == 9
    assert set(t.variety_value.tolist()) == {-3, -2, -1, 0, 1}  # the stated values


def test_rules_and_setup_defaults(apcards):
    r = apcards.tables.rules
    assert r[Rule.TIE_BREAK] == TieBreak.LATER  # AP-1
    assert r[Rule.BANNED_MOVE] == BannedMove.PAID  # AP-11
    assert r[Rule.EQUAL_MEASURE] == EqualMeasure.TOTALS  # AP-24
    assert r[Rule.EVENTS] * r[Rule.ROUNDS_PER_EVENT] == r[Rule.ROUNDS] == 16
    assert list(apcards.tables.royal_keys) == [2, 3, 4, 5]  # AP-17
    assert list(apcards.tables.red_die) == [-1, -1, 0, 0, 1, 1]  # AP-19
    assert r[Rule.START_HOUSING] == apcards.index("housing", "apartment")
    assert r[Rule.START_CITY] == -1 and r[Rule.START_FLORINS] == 100


def test_the_compiled_tables_are_read_only_and_narrow(apcards):
    for name, array in zip(apcards.tables._fields, apcards.tables, strict=True):
        assert not array.flags.writeable, name
        assert array.dtype in (np.int8, np.int16), name
        assert len(array), name
