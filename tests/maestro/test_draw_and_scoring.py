"""Rulebook, The Game (the draw), The Critic, The Appraisal, Game End: each rule on a
hand-made state (tests/maestro/state.py)."""

from __future__ import annotations

import pytest

from simcore.games.maestro.carddata.cards import load_cards
from simcore.games.maestro.state.codes import End
from tests.maestro.state import A, C, Table


def test_five_per_musician_in_a_begun_row(mcards):
    t = Table(mcards)
    t.lay("haydn", {1: "violin"})
    t.agency(0, s3="violin", s4="viola")
    t.start_turn(0)
    t.place(0, 0, 3, "haydn", 2)
    t.place(0, 0, 4, "haydn", 3)
    assert t.s[0].placed_points == 10 and t.s[0].one_turn_points == 0
    assert t.g.critic == -1  # not completed


def test_completing_a_begun_row_pays_five_each_and_takes_the_critic(mcards):
    t = Table(mcards)
    t.lay("debussy", {1: "flute", 2: "viola"})
    t.g.critic = 1
    t.agency(0, s5="harp")
    t.start_turn(0)
    t.place(0, 0, 5, "debussy", 3)
    assert t.s[0].placed_points == 5 and t.s[0].one_turn_points == 0
    assert t.g.critic == 0 and t.g.critic_row == t.row("debussy")
    assert t.s[0].rows_completed == 1 and t.s[0].rows_one_turn == 0


def test_a_row_filled_in_one_turn_pays_ten_each(mcards):
    t = Table(mcards)
    t.agency(0, s10="conductor", s1="viola", s2="harp")
    t.start_turn(0)
    t.place(0, 0, 10, "debussy", 1)  # the conductor as the flute
    t.place(0, 0, 1, "debussy", 2)
    t.place(0, 0, 2, "debussy", 3)
    assert t.s[0].placed_points + t.s[0].one_turn_points == 30  # 3 musicians x 10
    assert t.s[0].rows_one_turn == 1 and t.g.critic == 0


def test_printed_values_double_in_one_turn():
    cards = load_cards(patches=["rules.scoring.value=printed", "rows.debussy.value=8"])
    t = Table(cards)
    t.agency(0, s10="conductor", s1="viola", s2="harp")
    t.start_turn(0)
    t.place(0, 0, 10, "debussy", 1)
    assert t.s[0].placed_points == 8
    t.place(0, 0, 1, "debussy", 2)
    t.place(0, 0, 2, "debussy", 3)
    assert t.s[0].placed_points + t.s[0].one_turn_points == 48  # 3 x 2 x 8


def test_the_critic_pays_ten_at_the_beginning_of_the_holders_draw(mcards):
    t = Table(mcards, strategy="greedy", draw=1.0)
    t.g.critic = 0
    t.pool("violin", "cello")
    t.start_turn(0)
    t.draw(0)
    assert t.s[0].critic_points == 10 and t.s[0].critic_bonuses == 1
    t.start_turn(1)
    t.draw(1)
    assert t.s[1].critic_points == 0


def test_no_critic_bonus_when_the_holder_cannot_draw(mcards):
    t = Table(mcards)
    t.g.critic = 0
    t.fill_agency(0)
    t.pool("violin")
    t.start_turn(0)
    t.draw(0)
    assert t.s[0].critic_points == 0
    assert t.g.over == 1 and t.g.end_trigger == End.CANNOT_DRAW


def test_declared_draw_is_one_to_three_and_limited_by_free_spaces(mcards):
    from simcore.games.maestro.rules.options_nb import list_declare_nb

    t = Table(mcards)
    t.pool(*["violin"] * 10)
    assert list_declare_nb(mcards.table, t.g, t.w, 10) == 3  # 1, 2, 3
    assert t.w.opts[:3, 1].tolist() == [1, 2, 3]
    assert list_declare_nb(mcards.table, t.g, t.w, 2) == 2  # two free spaces
    t.pool("violin")
    assert list_declare_nb(mcards.table, t.g, t.w, 10) == 1  # one counter left


def test_drawn_musicians_go_onto_empty_agency_spaces(mcards):
    t = Table(mcards, strategy="greedy", draw=3.0)
    t.agency(0, s1="horn", s10="conductor")
    t.pool("viola", "cello", "violin", "viola")
    t.start_turn(0)
    t.draw(0)
    tiles = t.tiles(0)
    assert len(tiles) == 5 and tiles[1] == t.inst("horn") and tiles[10] == C
    assert t.g.pool_n == 1 and t.s[0].drawn == 3


def test_applause_goes_to_the_track_and_ends_the_draw(mcards):
    t = Table(mcards, strategy="greedy", draw=3.0)
    t.pool("viola", "cello", "applause")  # the applause is drawn first
    t.start_turn(0)
    t.draw(0)
    assert t.g.applause == 1 and t.s[0].applause_drawn == 1
    assert t.tiles(0) == {} and t.g.pool_n == 2  # "you do not get to draw another"


def test_applause_counting_as_one_counter_reading():
    cards = load_cards(patches=["rules.applause_draw.value=counts_one"])
    t = Table(cards, strategy="greedy", draw=3.0)
    t.pool("viola", "cello", "applause")
    t.start_turn(0)
    t.draw(0)
    assert t.g.applause == 1 and len(t.tiles(0)) == 2


def test_the_last_applause_ends_the_game_at_once(mcards):
    t = Table(mcards, strategy="greedy", draw=3.0)
    t.g.applause = 13  # of 14
    t.pool("viola", "applause")
    t.start_turn(0)
    t.draw(0)
    assert t.g.over == 1 and t.g.end_trigger == End.APPLAUSE and t.g.end_seat == 0
    assert t.g.applause == 14 and t.g.pool_n == 1


def test_a_full_agency_cannot_draw_and_ends_the_game(mcards):
    t = Table(mcards)
    t.fill_agency(0)
    t.pool("viola", A)
    t.start_turn(0)
    t.draw(0)
    assert t.g.over == 1 and t.g.end_trigger == End.CANNOT_DRAW


def test_cannot_draw_skips_reading():
    cards = load_cards(patches=["rules.cannot_draw.value=skips"])
    t = Table(cards, 3)
    for p in range(3):
        t.fill_agency(p)
    t.pool("viola")
    for p in range(3):
        t.start_turn(p)
        t.draw(p)
        assert t.g.over == (1 if p == 2 else 0)  # over once every player in a row skipped
    assert t.g.end_trigger == End.CANNOT_DRAW


def test_contracts_are_deducted_at_the_end(mcards):
    t = Table(mcards, 3)
    t.s[0].placed_points = 40
    t.s[0].critic_points = 10
    t.agency(0, s1="violin", s6="cello", s10="conductor")  # 1 + 6 + 10
    t.s[1].placed_points = 20
    t.agency(1, s2="violin")
    t.s[2].placed_points = 18
    t.score()
    assert t.s[0].contracts == 17 and t.s[0].points == 33 and t.s[0].unplaced == 3
    assert t.s[1].points == 18 and t.s[2].points == 18
    assert t.s[0].rank == 1 and t.s[0].win == 1.0
    assert t.s[1].rank == t.s[2].rank == 2 and t.s[1].win == 0


def test_ties_share_the_win_or_go_to_fewer_contracts():
    for reading, wins in (("shared", [0.5, 0.5]), ("fewer_contracts", [0.0, 1.0])):
        cards = load_cards(patches=[f"rules.tie_break.value={reading}"])
        t = Table(cards, 3)
        t.s[0].placed_points = 30
        t.agency(0, s10="conductor")  # 30 - 10 = 20
        t.s[1].placed_points = 21
        t.agency(1, s1="violin")  # 21 - 1 = 20
        t.score()
        assert [float(t.s[0].win), float(t.s[1].win)] == wins


def critic_taken_this_turn(cards) -> Table:
    """Seat 0 completes Debussy in its turn (taking the critic), then draws."""
    t = Table(cards, strategy="greedy", draw=1.0)
    t.lay("debussy", {1: "flute", 2: "viola"})
    t.agency(0, s5="harp")
    t.pool("violin", "cello", "piano", "horn")
    t.start_turn(0)
    t.place(0, 0, 5, "debussy", 3)
    assert t.g.critic == 0
    t.draw(0)
    return t


@pytest.mark.parametrize(("reading", "capture_turn"), [("next_turn", 0), ("same_turn", 10)])
def test_critic_pays_from_the_next_turn_or_the_same(reading, capture_turn):
    """Rule critic_pays: the literal 'at the beginning of your draw' pays in the capture
    turn (same_turn); the German descriptions from the holder's next turn (next_turn);
    either way every later draw while held pays."""
    t = critic_taken_this_turn(load_cards(patches=[f"rules.critic_pays.value={reading}"]))
    assert t.s[0].critic_points == capture_turn
    t.start_turn(1)
    t.draw(1)
    t.start_turn(0)
    t.draw(0)
    assert t.s[0].critic_points == capture_turn + 10 and t.s[1].critic_points == 0


def test_the_default_critic_reading_is_next_turn(mcards):
    assert mcards.rules["critic_pays"] == "next_turn"
    assert critic_taken_this_turn(mcards).s[0].critic_points == 0
