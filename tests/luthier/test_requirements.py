"""Requirement designation (rulebook p.16 Patron Requirements; ruling 21): cards under a
patron are matched to its requirements only when it completes; performances and repairs
count automatically, a finished instrument only by the player's choice."""

from __future__ import annotations

from simcore.games.luthier.rules.patience_nb import patience_nb
from simcore.games.luthier.rules.patrons_nb import place_patron_nb
from simcore.games.luthier.rules.requirements_nb import (
    INSTRUMENT,
    PERFORMANCE,
    REPAIR,
    offer_to_patrons_nb,
)
from simcore.games.luthier.state.codes import Ev
from simcore.games.luthier.state.enums import Era, Family, Source
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import HEURISTIC, RED, Table

MONEY_SLOT = 0  # the slot whose bonus is 4 money: no decision involved
PRIMARY, SECONDARY_1, SECONDARY_2 = 0, 1, 2


def with_pompadour(cards, seed: int = 0) -> Table:
    """Madame de Pompadour (noble): primary percussion & keyboards, secondaries (strings,
    Baroque) and (winds, Baroque), in seat Red's money slot."""
    t = Table(cards)
    seed_streams_nb(seed, t.g["rng"])
    pompadour = cards.index("patrons", "madame_de_pompadour")
    a = cards.arrays
    assert a.patron_primary[pompadour] == Family.PK
    assert a.patron_secondary[pompadour].tolist() == [
        [Family.STRINGS, Era.BAROQUE],
        [Family.WINDS, Era.BAROQUE],
    ]
    place_patron_nb(*t.args(), RED, pompadour, MONEY_SLOT)
    return t


def met(t: Table) -> list[int]:
    return t.seat(RED)["patron_met"][MONEY_SLOT].tolist()


def test_baroque_performance_then_strings_repair_meets_both(cards):
    """Ruling 21, the issue's example: a Baroque performance could meet either secondary;
    a later strings repair can only meet (strings, Baroque), so the performance counts
    for (winds, Baroque): both are met, whatever the (random) seat would have chosen."""
    for seed in range(20):
        t = with_pompadour(cards, seed)
        red = t.seat(RED)
        assert offer_to_patrons_nb(*t.args(), RED, PERFORMANCE, -1, Era.BAROQUE)
        red["patience"][MONEY_SLOT] = 1
        assert offer_to_patrons_nb(*t.args(), RED, REPAIR, Family.STRINGS, -1)
        assert met(t) == [0, 1, 1], seed
        assert red["patience"][MONEY_SLOT] == 0  # one more requirement met: reset
        assert red["requirements_met"] == 2
        satisfied = [e[3:7].tolist() for e in t.events() if e[2] == Ev.SATISFY]
        pompadour = red["patrons"][MONEY_SLOT]
        assert satisfied == [
            [pompadour, SECONDARY_1, PERFORMANCE, Era.BAROQUE],
            [pompadour, SECONDARY_2, REPAIR, Family.STRINGS],  # the newly met one
        ]


def test_performances_and_repairs_count_without_a_choice(cards):
    """Ruling 21 (issue item 8): a seat never declines a performance or repair that helps
    a patron; with one patron to help there is no decision at all."""
    t = with_pompadour(cards)
    before = int(t.g["n_decisions"])
    assert offer_to_patrons_nb(*t.args(), RED, REPAIR, Family.WINDS, -1)
    assert int(t.g["n_decisions"]) == before
    assert met(t) == [0, 0, 1]
    assert not offer_to_patrons_nb(*t.args(), RED, REPAIR, Family.PK, -1)  # meets nothing


def test_patience_resets_only_when_one_more_requirement_is_met(cards):
    """Ruling 21: a second Baroque performance meets the other secondary (reset); a third
    meets nothing more (no reset, not kept)."""
    t = with_pompadour(cards)
    red = t.seat(RED)
    assert offer_to_patrons_nb(*t.args(), RED, PERFORMANCE, -1, Era.BAROQUE)
    red["patience"][MONEY_SLOT] = 1
    assert offer_to_patrons_nb(*t.args(), RED, PERFORMANCE, -1, Era.BAROQUE)
    assert met(t) == [0, 1, 1] and red["patience"][MONEY_SLOT] == 0
    red["patience"][MONEY_SLOT] = 1
    assert not offer_to_patrons_nb(*t.args(), RED, PERFORMANCE, -1, Era.BAROQUE)
    assert red["patience"][MONEY_SLOT] == 1
    assert red["patron_cards_n"][MONEY_SLOT] == 2


def test_completed_as_soon_as_some_assignment_meets_all(cards):
    """Ruling 21: the finished percussion & keyboards instrument (given by choice) completes
    the patron; the final assignment is logged requirement by requirement."""
    t = with_pompadour(cards)
    t.seat(RED)["strategy"] = HEURISTIC  # gives the instrument (a random seat may not)
    red = t.seat(RED)
    pompadour = red["patrons"][MONEY_SLOT]
    offer_to_patrons_nb(*t.args(), RED, PERFORMANCE, -1, Era.BAROQUE)
    offer_to_patrons_nb(*t.args(), RED, REPAIR, Family.STRINGS, -1)
    assert red["completed_n"] == 0
    assert offer_to_patrons_nb(*t.args(), RED, INSTRUMENT, Family.PK, -1)
    assert red["completed"][: red["completed_n"]].tolist() == [pompadour]
    assert red["patrons"][MONEY_SLOT] == -1 and red["patron_cards_n"][MONEY_SLOT] == 0
    assert red["prestige_src"][Source.PATRONS] == cards.arrays.patron_prestige[pompadour]
    designated = [e[3:7].tolist() for e in t.events() if e[2] == Ev.DESIGNATE]
    assert designated == [
        [pompadour, PRIMARY, INSTRUMENT, Family.PK],
        [pompadour, SECONDARY_1, REPAIR, Family.STRINGS],
        [pompadour, SECONDARY_2, PERFORMANCE, Era.BAROQUE],
    ]


def test_a_finished_instrument_is_given_only_by_choice(cards):
    """Ruling 21 (rulebook p.24: "You may give a finished instrument"): a random seat
    sometimes keeps it off the patron, sometimes gives it."""
    outcomes = set()
    for seed in range(16):
        t = with_pompadour(cards, seed)
        outcomes.add(bool(offer_to_patrons_nb(*t.args(), RED, INSTRUMENT, Family.STRINGS, -1)))
    assert outcomes == {False, True}


def test_leaving_costs_the_requirements_the_best_assignment_leaves_unmet(cards):
    """Ruling 1 with ruling 21: the patron leaves with only its primary unmet: -3."""
    t = with_pompadour(cards)
    red = t.seat(RED)
    red["prestige"] = red["prestige_src"][Source.OTHER] = 10
    offer_to_patrons_nb(*t.args(), RED, PERFORMANCE, -1, Era.BAROQUE)
    offer_to_patrons_nb(*t.args(), RED, REPAIR, Family.STRINGS, -1)
    red["patience"][MONEY_SLOT] = 2
    patience_nb(*t.args(), RED)
    assert red["patrons"][MONEY_SLOT] == -1
    assert red["prestige_src"][Source.PATIENCE] == -3
