"""Rulebook, How the Musicians are Placed and Where do you get Musicians: each rule on a
hand-made state (tests/maestro/state.py)."""

from __future__ import annotations

import pytest

from simcore.games.maestro.carddata.cards import load_cards
from tests.maestro.state import C, Table


def test_an_empty_row_must_be_opened_by_a_conductor(mcards):
    t = Table(mcards)
    t.agency(0, s1="violin", s10="conductor")
    opts = t.place_options()
    haydn = [o for o in opts if o[2] == "haydn"]
    # the conductor on any of the four spaces ("at your discretion on any instrument")
    assert {o[3] for o in haydn} == {1, 2, 3, 4}
    assert all(o[4] == C for o in haydn)  # never the violin first
    assert all(o[4] == C for o in opts)


def test_a_begun_row_takes_its_instruments_and_conductors(mcards):
    t = Table(mcards)
    t.agency(0, s1="violin", s2="cello", s3="harp", s9="conductor")
    t.lay("haydn", {2: "violin"})  # violin, [violin], viola, cello
    haydn = {(o[1], o[3]) for o in t.place_options() if o[2] == "haydn"}
    # contiguous growth: spaces 1 and 3 only; the violin fits space 1, the conductor both
    assert haydn == {(1, 1), (9, 1), (9, 3)}


def test_contiguous_switch_off_allows_any_empty_space(mcards):
    cards = load_cards(patches=["rules.contiguous.value=false"])
    t = Table(cards)
    t.agency(0, s1="violin", s2="cello")
    t.lay("haydn", {2: "violin"})
    haydn = {(o[1], o[3]) for o in t.place_options() if o[2] == "haydn"}
    assert haydn == {(1, 1), (2, 4)}


def test_only_the_top_row_of_other_agencies_unless_full(mcards):
    t = Table(mcards)
    t.lay("haydn", {1: "violin", 2: "violin"})  # viola and cello spaces left
    t.agency(1, s2="viola", s7="viola")
    opts = {(o[0], o[1]) for o in t.place_options() if o[2] == "haydn"}
    assert (1, 2) in opts and (1, 7) not in opts
    t.fill_agency(1, "horn")  # completely full: the bottom row may be raided too
    opts = {(o[0], o[1]) for o in t.place_options() if o[2] == "haydn"}
    assert (1, 2) in opts and (1, 7) in opts


def test_bottom_row_only_while_the_agency_stays_full(mcards):
    t = Table(mcards, 3)
    t.lay("brahms_sextet", {1: "violin", 2: "violin", 3: "viola"})  # viola, cello, cello left
    t.agency(1, s1="horn", s6="viola", s7="cello")
    t.fill_agency(1, "horn")
    t.start_turn(0)
    t.place(0, 1, 6, "brahms_sextet", 4)  # bottom row of a full agency
    opts = {(o[0], o[1]) for o in t.place_options()}
    assert (1, 7) not in opts  # no longer full: "only as long as the agency is completely full"


def test_no_more_from_other_agencies_than_lay_in_the_row(mcards):
    t = Table(mcards)
    t.lay("schubert", {1: "piano"})  # piano, violin, viola, cello, double bass
    t.agency(1, s1="violin", s2="viola")
    t.start_turn(0)
    t.place(0, 1, 1, "schubert", 2)  # one raided musician: as many as lay in the row
    assert not [o for o in t.place_options() if o[0] == 1]  # a second is one too many


def test_an_empty_row_is_never_raided_into(mcards):
    t = Table(mcards)
    t.agency(1, s1="conductor")
    t.start_turn(0)
    assert not t.place_options()


@pytest.mark.parametrize(
    ("reading", "raids"),
    [("row_at_start", 1), ("row_now", 2), ("none", 3)],
)
def test_raid_limit_readings(reading, raids):
    """row_at_start: the row as the turn found it (1 musician); row_now: the row as it
    lies (1 + own placements); none: only the spaces limit."""
    cards = load_cards(patches=[f"rules.raid_limit.value={reading}"])
    t = Table(cards)
    t.lay("schubert", {1: "piano"})
    t.agency(0, s6="violin")
    t.agency(1, s1="viola", s2="cello", s3="double_bass")
    t.start_turn(0)
    t.place(0, 0, 6, "schubert", 2)  # own violin: the row now holds 2
    done = 0
    for contract, slot in ((1, 3), (2, 4), (3, 5)):
        if not [o for o in t.place_options() if o[0] == 1]:
            break
        t.place(0, 1, contract, "schubert", slot)
        done += 1
    assert done == raids


def test_only_one_row_completed_per_turn(mcards):
    t = Table(mcards)
    t.lay("milhaud", {1: "saxophone"})
    t.lay("debussy", {1: "flute", 2: "viola"})
    t.agency(0, s1="piano", s2="harp", s3="violin")
    t.lay("haydn", {1: "violin"})
    t.start_turn(0)
    t.place(0, 0, 1, "milhaud", 2)  # completes Milhaud
    rows = {o[2] for o in t.place_options()}
    assert "debussy" not in rows  # its last space would complete a second row
    assert "haydn" in rows  # musicians may still go into rows they do not complete


def test_rows_per_turn_one_keeps_a_turn_in_one_row():
    cards = load_cards(patches=["rules.rows_per_turn.value=one"])
    t = Table(cards)
    t.lay("haydn", {1: "violin"})
    t.lay("schubert", {1: "piano"})
    t.agency(0, s1="violin", s2="violin", s3="viola")
    t.start_turn(0)
    assert {o[2] for o in t.place_options()} == {"haydn", "schubert"}
    t.place(0, 0, 1, "haydn", 2)
    assert {o[2] for o in t.place_options()} == {"haydn"}  # the violin fits Schubert, but


@pytest.mark.parametrize(("reading", "conductor_spaces"), [("any", {1, 3}), ("one", set())])
def test_conductors_per_row(reading, conductor_spaces):
    """Rule conductors_per_row: the rulebook lets a conductor substitute for any musician
    (any, several in a row); the Aachen review allows one per row, the opening one (one)."""
    cards = load_cards(patches=[f"rules.conductors_per_row.value={reading}"])
    t = Table(cards)
    t.agency(0, s1="violin", s9="conductor")
    t.lay("haydn", {2: "conductor"})  # violin, [conductor], viola, cello
    haydn = {(o[1], o[3]) for o in t.place_options() if o[2] == "haydn"}
    assert {slot for k, slot in haydn if k == 9} == conductor_spaces
    assert (1, 1) in haydn  # its own instrument still goes in
    # an empty row opens with a conductor under either reading
    assert any(o[2] == "debussy" and o[4] == C for o in t.place_options())


def test_the_default_is_any_number_of_conductors_per_row(mcards):
    assert mcards.rules["conductors_per_row"] == "any"
