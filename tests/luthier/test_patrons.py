"""Patrons (rulebook pp.11, 16, 24; rulings 1 and 2): gifts, patience, requirements.

The Completed Patron example (Chopin, p.24) is played through the real flow in
test_rulebook_examples.py."""

from __future__ import annotations

from simcore.games.luthier.actions.salon_nb import calm_patron_nb
from simcore.games.luthier.rules.patience_nb import patience_nb
from simcore.games.luthier.rules.patrons_nb import place_patron_nb
from simcore.games.luthier.rules.requirements_nb import (
    INSTRUMENT,
    PERFORMANCE,
    REPAIR,
    keep_card_nb,
    meets_nb,
    offer_to_patrons_nb,
)
from simcore.games.luthier.state.enums import Era, Family, Source
from tests.luthier.state import BLUE, RED, Table

MONEY_SLOT = 0  # the slot whose bonus is 4 money: no decision involved


def test_patience_example_mendelssohn(cards):
    """p.11: the cube moves under wood (gain 1 wood), then animal, then the patron leaves:
    -6 prestige, 3 per unmet requirement (primary + one secondary)."""
    t = Table(cards)
    blue = t.seat(BLUE)
    c = cards.index("patrons", "fanny_felix_mendelssohn")
    place_patron_nb(*t.args(), BLUE, c, MONEY_SLOT)
    blue["prestige"] = blue["prestige_src"][Source.OTHER] = 10
    patience_nb(*t.args(), BLUE)
    assert list(blue["materials"]) == [0, 1, 0]
    patience_nb(*t.args(), BLUE)
    assert list(blue["materials"]) == [1, 1, 0]
    assert blue["patrons"][MONEY_SLOT] == c
    patience_nb(*t.args(), BLUE)
    assert blue["patrons"][MONEY_SLOT] == -1
    assert blue["prestige"] == 4
    assert blue["prestige_src"][Source.PATIENCE] == -6
    assert blue["patrons_lost"].sum() == 1


def test_leaving_never_takes_prestige_below_zero(cards):
    t = Table(cards)
    blue = t.seat(BLUE)
    place_patron_nb(*t.args(), BLUE, cards.index("patrons", "fanny_felix_mendelssohn"), 0)
    blue["prestige"] = blue["prestige_src"][Source.OTHER] = 2
    for _ in range(3):
        patience_nb(*t.args(), BLUE)
    assert blue["prestige"] == 0
    assert blue["prestige_src"][Source.PATIENCE] == -2
    assert blue["prestige_src"].sum() == blue["prestige"]


def test_meeting_a_requirement_resets_patience(cards):
    t = Table(cards)
    red = t.seat(RED)
    c = cards.index("patrons", "fanny_felix_mendelssohn")
    place_patron_nb(*t.args(), RED, c, MONEY_SLOT)
    patience_nb(*t.args(), RED)
    patience_nb(*t.args(), RED)
    assert red["patience"][MONEY_SLOT] == 2
    primary = cards.table.patron_primary[c]
    assert keep_card_nb(*t.args(), RED, MONEY_SLOT, INSTRUMENT, primary) == 0
    assert red["patience"][MONEY_SLOT] == 0
    assert red["patron_met"][MONEY_SLOT, 0] == 1
    patience_nb(*t.args(), RED)  # one step again: a gift, not a departure
    assert red["patrons"][MONEY_SLOT] == c


def test_which_cards_meet_which_requirements(cards):
    """Ruling 2: primary = a finished instrument of the family; secondary (family, era) =
    an instrument or repair of the family, or a medium/high performance of the era."""
    a = cards.table
    chopin = cards.index("patrons", "frederic_chopin")  # strings; secondary (pk, romantic)
    assert not meets_nb(a, chopin, 0, REPAIR, Family.STRINGS, -1)
    assert not meets_nb(a, chopin, 0, INSTRUMENT, Family.WINDS, -1)
    assert meets_nb(a, chopin, 1, INSTRUMENT, Family.PK, -1)
    assert meets_nb(a, chopin, 1, REPAIR, Family.PK, -1)
    assert not meets_nb(a, chopin, 1, REPAIR, Family.STRINGS, -1)
    assert not meets_nb(a, chopin, 1, PERFORMANCE, -1, Era.BAROQUE)


def test_nothing_to_offer_means_no_decision(cards):
    t = Table(cards)
    place_patron_nb(*t.args(), RED, cards.index("patrons", "frederic_chopin"), MONEY_SLOT)
    before = int(t.g["n_decisions"])
    assert not offer_to_patrons_nb(*t.args(), RED, REPAIR, Family.WINDS, -1)
    assert int(t.g["n_decisions"]) == before


def test_salon_bonus_calms_a_patron_and_gives_a_gift(cards):
    """p.16: move a cube one step left (even from the leftmost space) and take one gift."""
    t = Table(cards)
    red = t.seat(RED)
    place_patron_nb(*t.args(), RED, cards.index("patrons", "fanny_felix_mendelssohn"), 0)
    red["patience"][0] = 2
    calm_patron_nb(*t.args(), RED, 0, 1)
    assert red["patience"][0] == 1
    assert list(red["materials"]) == [1, 0, 0]  # Mendelssohn's second gift: animal
    calm_patron_nb(*t.args(), RED, 0, 0)
    calm_patron_nb(*t.args(), RED, 0, 0)
    assert red["patience"][0] == 0
    assert list(red["materials"]) == [1, 2, 0]
    assert red["gifts"] == 3
