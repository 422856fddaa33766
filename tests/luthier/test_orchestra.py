"""The orchestra and its first chairs (rulebook pp.25-27, rulings 11 and 12)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.luthier.rules.orchestra_nb import (
    CLAIMED,
    CONSOLED,
    INSTRUMENT_TOKEN,
    PERFORMANCE_TOKEN,
    REPAIR_TOKEN,
    STOLEN,
    chair_outcome_nb,
    chairs_held_nb,
    place_token_nb,
    token_spots_nb,
)
from simcore.games.luthier.state.dtypes import MAX_SPOTS, NEUTRAL
from simcore.games.luthier.state.enums import Era, Family, Res
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import BLUE, GREEN, RED, YELLOW, Table

RESOURCES = ("money", "inspiration")


def spot(cards, spot_id: str) -> int:
    return cards.index("orchestra", spot_id)


def hold(t: Table, at: int, p: int, kind: int, n: int = 1) -> None:
    """Seat (or neutral owner) p has n tokens of `kind` at spot `at` and holds its chair."""
    t.g["tokens"][at, p, kind] += n
    t.g["chair_seat"][at] = p
    t.g["chair_kind"][at] = kind


def place(t: Table, p: int, at: int, kind: int, factor: int = 1) -> int:
    return place_token_nb(*t.args(), p, at, kind, factor)


def snapshot(t: Table, p: int) -> dict[str, int]:
    r = t.seat(p)
    return {
        "money": int(r["money"]),
        "inspiration": int(r["inspiration"]),
        "materials": int(r["materials"].sum()),
        "apprentices": int(r["apprentices"]),
        "prestige": int(r["prestige"]),
    }


def gained(t: Table, p: int, before: dict[str, int]) -> dict[str, int]:
    after = snapshot(t, p)
    return {k: after[k] - before[k] for k in before}


def seeded(cards, seed: int) -> Table:
    t = Table(cards)
    seed_streams_nb(seed, t.g["rng"])
    return t


# ---------------------------------------------------------------- the rulebook's examples


def test_clarinet_example_repair_token_steals_with_a_performance_token_there(cards):
    """Rulebook pp.26-27 "First Chair Examples" (1), ruling 12.

    Yellow holds the Clarinet first chair with one performance token; Red already
    has a performance token there. Red repairs a wind instrument: the repair token
    makes Red's 2 performance/repair tokens outnumber Yellow's 1, so Red takes the
    chair and its bonus, 2 money + 1 wood. Yellow's token stays beside it.
    """
    a = cards.table
    t = Table(cards)
    clarinet = spot(cards, "clarinet")
    spots = np.empty(MAX_SPOTS, np.int64)
    n = token_spots_nb(a, REPAIR_TOKEN, Family.WINDS, spots)
    assert clarinet in spots[:n]  # a wind repair may go to the Clarinet
    hold(t, clarinet, YELLOW, PERFORMANCE_TOKEN)
    t.g["tokens"][clarinet, RED, PERFORMANCE_TOKEN] = 1
    before = snapshot(t, RED)

    assert place(t, RED, clarinet, REPAIR_TOKEN) == STOLEN

    assert (t.g["chair_seat"][clarinet], t.g["chair_kind"][clarinet]) == (RED, REPAIR_TOKEN)
    assert t.seat(RED)["money"] - before["money"] == 2
    assert t.seat(RED)["materials"].tolist() == [0, 1, 0]  # 1 wood
    assert t.g["tokens"][clarinet, YELLOW, PERFORMANCE_TOKEN] == 1
    assert t.g["tokens"][clarinet, RED].tolist() == [0, 1, 1]
    assert chairs_held_nb(a, t.g, RED) == 1
    assert chairs_held_nb(a, t.g, YELLOW) == 0
    assert t.seat(RED)["chairs_claimed"] == 1 and t.seat(RED)["n_consoled"] == 0


def test_clarinet_example_without_the_performance_token_only_consoles(cards):
    """Ruling 12: the same repair without Red's earlier performance token ties 1-1: no steal."""
    a = cards.table
    t = Table(cards)
    clarinet = spot(cards, "clarinet")
    hold(t, clarinet, YELLOW, PERFORMANCE_TOKEN)
    assert place(t, RED, clarinet, REPAIR_TOKEN) == CONSOLED
    assert t.g["chair_seat"][clarinet] == YELLOW
    assert t.seat(RED)["materials"].sum() == 0  # no clarinet bonus
    assert chairs_held_nb(a, t.g, YELLOW) == 1
    assert t.seat(RED)["n_consoled"] == 1


def test_viola_example_instrument_token_bumps_a_performance_token(cards):
    """Rulebook p.27 "First Chair Examples" (2): Red crafts a Viola and bumps Green's
    performance token from the Viola first chair, taking the chair and 4 money."""
    a = cards.table
    t = Table(cards)
    viola = spot(cards, "viola")
    spots = np.empty(MAX_SPOTS, np.int64)
    n = token_spots_nb(a, INSTRUMENT_TOKEN, cards.index("instruments", "viola"), spots)
    assert spots[:n].tolist() == [viola]
    hold(t, viola, GREEN, PERFORMANCE_TOKEN)
    before = snapshot(t, RED)

    assert place(t, RED, viola, INSTRUMENT_TOKEN) == STOLEN

    assert gained(t, RED, before) == {
        "money": 4,
        "inspiration": 0,
        "materials": 0,
        "apprentices": 0,
        "prestige": 0,
    }
    assert (t.g["chair_seat"][viola], t.g["chair_kind"][viola]) == (RED, INSTRUMENT_TOKEN)
    assert t.g["tokens"][viola, GREEN, PERFORMANCE_TOKEN] == 1  # slid beside the chair
    assert chairs_held_nb(a, t.g, RED) == 1
    assert chairs_held_nb(a, t.g, GREEN) == 0


def test_instrument_token_also_bumps_its_owners_own_performance_token(cards):
    """Rulebook p.26 (Instrument tokens): "They can displace their own tokens in this way"."""
    t = Table(cards)
    viola = spot(cards, "viola")
    hold(t, viola, RED, PERFORMANCE_TOKEN)
    assert place(t, RED, viola, INSTRUMENT_TOKEN) == STOLEN
    assert (t.g["chair_seat"][viola], t.g["chair_kind"][viola]) == (RED, INSTRUMENT_TOKEN)
    assert t.seat(RED)["money"] == 4


def test_harp_example_rare_instrument_always_takes_a_chair(cards):
    """Rulebook p.27 "First Chair Examples" (3), ruling 11: Red crafts the rare harp and
    takes a chair and its bonus (1 material of choice + 1 inspiration + 1 money) without
    bumping Green, who keeps a chair there (unlimited chairs)."""
    a = cards.table
    t = Table(cards)
    harp = spot(cards, "harp")
    assert a.spot_rare[harp] == 1
    hold(t, harp, GREEN, INSTRUMENT_TOKEN)
    before = snapshot(t, RED)

    assert place(t, RED, harp, INSTRUMENT_TOKEN) == CLAIMED

    assert gained(t, RED, before) == {
        "money": 1,
        "inspiration": 1,
        "materials": 1,
        "apprentices": 0,
        "prestige": 0,
    }
    assert chairs_held_nb(a, t.g, RED) == 1
    assert chairs_held_nb(a, t.g, GREEN) == 1
    assert t.g["tokens"][harp, GREEN, INSTRUMENT_TOKEN] == 1


# ---------------------------------------------------------------- ruling 12, case by case


def test_chair_outcomes(cards):
    """Ruling 12 / rulebook p.26, for a token the placer has just added to the spot."""
    a = cards.table
    oboe = spot(cards, "oboe")  # a standard (non-rare) spot

    def outcome(setup, p, kind) -> int:
        t = Table(cards)
        for owner, k, n, holds in setup:
            t.g["tokens"][oboe, owner, k] += n
            if holds:
                t.g["chair_seat"][oboe] = owner
                t.g["chair_kind"][oboe] = k
        t.g["tokens"][oboe, p, kind] += 1
        return chair_outcome_nb(a, t.g, p, oboe, kind)

    p_, r_, i_ = PERFORMANCE_TOKEN, REPAIR_TOKEN, INSTRUMENT_TOKEN
    # empty chair: claimed, whatever the kind
    for kind in (p_, r_, i_):
        assert outcome([], RED, kind) == CLAIMED
    # held by an instrument token: a performance/repair/instrument token only consoles
    for kind in (p_, r_, i_):
        assert outcome([(BLUE, i_, 1, True)], RED, kind) == CONSOLED
        assert outcome([(RED, i_, 1, True)], RED, kind) == CONSOLED
    # held by a performance/repair token: an instrument token steals
    assert outcome([(BLUE, r_, 2, True)], RED, i_) == STOLEN
    # a performance/repair token steals only by outnumbering every other owner
    assert outcome([(BLUE, p_, 1, True)], RED, p_) == CONSOLED  # 1 vs 1
    assert outcome([(BLUE, p_, 1, True), (RED, r_, 1, False)], RED, p_) == STOLEN  # 2 vs 1
    assert outcome([(BLUE, p_, 2, True), (RED, r_, 1, False)], RED, p_) == CONSOLED  # 2 vs 2
    three_way = [(BLUE, p_, 2, True), (GREEN, r_, 2, False), (RED, p_, 2, False)]
    assert outcome(three_way, RED, r_) == STOLEN  # 3 vs 2 and 2
    three_way[1] = (GREEN, r_, 3, False)
    assert outcome(three_way, RED, r_) == CONSOLED  # 3 vs 2 and 3
    # the placer's own performance/repair chair: no more to take, consolation
    assert outcome([(RED, p_, 1, True)], RED, p_) == CONSOLED
    # the 2-player neutral tokens (ruling 16) count as another owner
    assert outcome([(NEUTRAL, p_, 1, True)], RED, p_) == CONSOLED
    assert outcome([(NEUTRAL, p_, 1, True), (RED, p_, 1, False)], RED, r_) == STOLEN


@pytest.mark.parametrize("holder_kind", [INSTRUMENT_TOKEN, PERFORMANCE_TOKEN])
def test_consolation_is_one_inspiration_or_two_money(cards, holder_kind):
    """Rulebook p.26, ruling 12: a token placed beside an instrument token, or a
    performance token that does not outnumber, takes 1 inspiration or 2 money.

    The choice is the seat's (random here): exactly one of the two happens, and
    over a few seeds both do.
    """
    a = cards.table
    clarinet = spot(cards, "clarinet")
    seen = set()
    for seed in range(16):
        t = seeded(cards, seed)
        hold(t, clarinet, YELLOW, holder_kind)
        before = snapshot(t, RED)
        assert place(t, RED, clarinet, PERFORMANCE_TOKEN) == CONSOLED
        delta = gained(t, RED, before)
        assert delta in (
            {"money": 0, "inspiration": 1, "materials": 0, "apprentices": 0, "prestige": 0},
            {"money": 2, "inspiration": 0, "materials": 0, "apprentices": 0, "prestige": 0},
        )
        seen.add((delta["money"], delta["inspiration"]))
        assert (t.g["chair_seat"][clarinet], t.g["chair_kind"][clarinet]) == (YELLOW, holder_kind)
        assert t.g["tokens"][clarinet, RED, PERFORMANCE_TOKEN] == 1
        assert chairs_held_nb(a, t.g, RED) == 0
        assert (t.seat(RED)["n_consoled"], t.seat(RED)["chairs_claimed"]) == (1, 0)
    assert seen == {(0, 1), (2, 0)}


def test_factor_two_doubles_the_chair_bonus(cards):
    """Rulebook p.23, finishing 6+: "you double the bonus earned from the Orchestra"."""
    t = Table(cards)
    before = snapshot(t, RED)
    place(t, RED, spot(cards, "viola"), INSTRUMENT_TOKEN, factor=2)
    assert gained(t, RED, before)["money"] == 8
    before = snapshot(t, RED)
    place(t, RED, spot(cards, "harp"), INSTRUMENT_TOKEN, factor=2)
    assert gained(t, RED, before) == {
        "money": 2,
        "inspiration": 2,
        "materials": 2,
        "apprentices": 0,
        "prestige": 0,
    }
    before = snapshot(t, RED)
    wood = int(t.seat(RED)["materials"][1])
    place(t, RED, spot(cards, "clarinet"), INSTRUMENT_TOKEN, factor=2)
    assert gained(t, RED, before)["money"] == 4
    assert t.seat(RED)["materials"][1] - wood == 2  # 2 x 1 wood


def test_factor_two_doubles_the_consolation(cards):
    """Rulebook p.23, 6+: the consolation is also earned from the Orchestra: 2 inspiration
    or 4 money when the chair is already held by an instrument token."""
    for seed in range(8):
        t = seeded(cards, seed)
        clarinet = spot(cards, "clarinet")
        hold(t, clarinet, YELLOW, INSTRUMENT_TOKEN)
        before = snapshot(t, RED)
        assert place(t, RED, clarinet, INSTRUMENT_TOKEN, factor=2) == CONSOLED
        delta = gained(t, RED, before)
        assert (delta["money"], delta["inspiration"]) in ((4, 0), (0, 2))


def test_chair_bonus_is_the_spots_data(cards):
    """Ruling 11: each spot's first chair pays its own bonus (orchestra data), once."""
    a = cards.table
    for at, rec in enumerate(cards.records["orchestra"]):
        if rec["first_chair"].get("any_material") or rec["first_chair"].get("apprentice"):
            continue  # a choice / a capped gain: covered by the harp example
        t = Table(cards)
        before = snapshot(t, BLUE)
        assert place(t, BLUE, at, REPAIR_TOKEN) == CLAIMED
        bonus = rec["first_chair"]
        delta = gained(t, BLUE, before)
        assert delta["money"] == bonus.get("money", 0), rec["id"]
        assert delta["inspiration"] == bonus.get("inspiration", 0), rec["id"]
        mats = t.seat(BLUE)["materials"].tolist()
        assert mats == [bonus.get("animal", 0), bonus.get("wood", 0), bonus.get("metal", 0)]
        assert a.spot_bonus[at, Res.MONEY] == bonus.get("money", 0)


# ---------------------------------------------------------------- where tokens may go


def test_token_spots(cards):
    """Ruling 11 / rulebook p.25: instrument tokens only on their instrument's spots (the
    violin has two), performance tokens on every spot of their era, repair tokens on
    every spot of their family. Expected spots are read from the orchestra file."""
    a = cards.table
    recs = cards.records["orchestra"]
    out = np.empty(MAX_SPOTS, np.int64)

    def spots_for(kind: int, key: int) -> set[int]:
        n = token_spots_nb(a, kind, key, out)
        got = out[:n].tolist()
        assert len(got) == len(set(got))
        return set(got)

    for i, inst in enumerate(cards.ids["instruments"]):
        expected = {k for k, r in enumerate(recs) if r["instrument"] == inst}
        assert spots_for(INSTRUMENT_TOKEN, i) == expected, inst
        assert len(expected) == (2 if inst == "violin" else 1)
    for era in Era:
        expected = {k for k, r in enumerate(recs) if era.name.lower() in r["eras"]}
        assert spots_for(PERFORMANCE_TOKEN, era) == expected, era
    for fam in Family:
        expected = {k for k, r in enumerate(recs) if r["family"] == fam.name.lower()}
        assert spots_for(REPAIR_TOKEN, fam) == expected, fam
    # the violin spots span two eras each and take performance tokens of either era
    bc, cr = spot(cards, "violin_bc"), spot(cards, "violin_cr")
    assert bc in spots_for(PERFORMANCE_TOKEN, Era.BAROQUE)
    assert bc in spots_for(PERFORMANCE_TOKEN, Era.CLASSICAL)
    assert cr in spots_for(PERFORMANCE_TOKEN, Era.CLASSICAL)
    assert cr in spots_for(PERFORMANCE_TOKEN, Era.ROMANTIC)


def test_chairs_held_counts_rare_chairs_for_every_instrument_owner(cards):
    """Ruling 11: rare spots seat every instrument token; ordinary spots one holder."""
    a = cards.table
    t = Table(cards)
    harp, oboe, viola = spot(cards, "harp"), spot(cards, "oboe"), spot(cards, "viola")
    place(t, RED, harp, INSTRUMENT_TOKEN)
    place(t, BLUE, harp, INSTRUMENT_TOKEN)
    place(t, BLUE, oboe, PERFORMANCE_TOKEN)
    place(t, YELLOW, oboe, PERFORMANCE_TOKEN)  # 1 vs 1: consoled
    place(t, RED, viola, REPAIR_TOKEN)
    held = [chairs_held_nb(a, t.g, p) for p in (RED, BLUE, YELLOW, GREEN)]
    assert held == [2, 2, 0, 0]
    # a performance token at the harp does not take a chair from the instrument tokens
    place(t, GREEN, harp, PERFORMANCE_TOKEN)
    assert [chairs_held_nb(a, t.g, p) for p in (RED, BLUE, YELLOW, GREEN)] == [2, 2, 0, 0]
