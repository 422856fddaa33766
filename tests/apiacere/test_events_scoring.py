"""Royal events, the next block's start player, the variety tiles, final scoring with
unfinished cards and legacy tiles, and the AP-1 tie-break switch, on hand-made states
(rulebook: Royal Events, After every Royal event, Game End & Scoring, examples 13-14)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.apiacere.carddata.load import load_cards
from simcore.games.apiacere.state.codes import Ev, Opt, Stage
from tests.apiacere.state import blank_game, city, give, opt, options, take


def royal_event(apcards, games, seats, w, tile="mannheim_royal"):
    from simcore.games.apiacere.rules.royal_nb import royal_event_nb

    g = games[0]
    g.royal_order[0] = apcards.ids["royal"].index(tile)
    g.events_done = 0
    return royal_event_nb(apcards.tables, g, seats[0], w)


def test_everyone_in_the_event_city_gains_its_keys_and_the_most_white_keys_wins(apcards):
    """Example 13 (without the ban): you and Yellow in Mannheim score the first field's 2
    white keys; Yellow has the most white keys and takes the tile; Blue elsewhere gets
    nothing."""
    games, seats, w = blank_game(apcards, cities=["mannheim", "paris", "mannheim"])
    seats[0, 0].white = 3
    seats[0, 2].white = 5
    assert royal_event(apcards, games, seats, w) == 2
    assert [int(seats[0, p].white) for p in range(3)] == [5, 0, 7]
    mannheim = apcards.ids["royal"].index("mannheim_royal")
    assert games[0].royal_holder[mannheim] == 2 and seats[0, 2].royal_tiles == 1
    assert games[0].events_done == 1


def test_a_royal_tile_tie_goes_to_black_keys_then_to_the_later_seat(apcards):
    """Royal Events: "If equal on white keys, the highest amount of black keys is
    decisive. If still equal, the player to start the previous round last wins"."""
    games, seats, w = blank_game(apcards, cities=["mannheim", "mannheim", "paris"])
    seats[0, 0].black = 4
    seats[0, 1].black = 3
    assert royal_event(apcards, games, seats, w) == 0
    games, seats, w = blank_game(apcards, cities=["mannheim", "mannheim", "paris"])
    games[0].order[:3] = [1, 0, 2]  # seat 0 played after seat 1
    assert royal_event(apcards, games, seats, w) == 0
    games, seats, w = blank_game(apcards, cities=["paris", "paris", "paris"])
    assert royal_event(apcards, games, seats, w) == -1  # nobody there: nobody wins it
    assert (games[0].royal_holder == -1).all()


def test_the_most_keys_start_the_next_block_ties_to_the_later_seat_then_clockwise(apcards):
    """After every Royal event, 4: the most points (white + black keys; if equal the last
    player to play the previous round) starts; the others follow clockwise."""
    from simcore.games.apiacere.rules.royal_nb import next_start_nb

    games, seats, w = blank_game(apcards, n_players=4)
    g = games[0]
    g.order[:4] = [0, 1, 2, 3]
    for p, (white, black) in enumerate([(3, 4), (1, 1), (5, 2), (0, 0)]):
        seats[0, p].white = white
        seats[0, p].black = black
    next_start_nb(g, seats[0], w)
    assert g.order[:4].tolist() == [2, 3, 0, 1]  # 0 and 2 tie at 7: 2 played later


def test_the_red_die_shifts_every_variety_tile_with_a_wrap(apcards):
    """After every Royal event, 2: the variety tiles move left or right by the die, from
    Vienna to Paris (the last slot wraps to the first)."""
    from simcore.games.apiacere.rules.royal_nb import shift_variety_nb

    games, seats, w = blank_game(apcards)
    g = games[0]
    before = g.variety[:9].copy()
    shift_variety_nb(apcards.tables, g, w)
    shift = int(w.log[g.log_n - 1][4])
    assert w.log[g.log_n - 1][2] == Ev.VARIETY
    assert g.variety[:9].tolist() == np.roll(before, shift).tolist()


def test_unfinished_cards_score_their_part_rounded_half_up(apcards):
    """Example 14: Teaching 3 at 2/3 of 2 white keys is 1; Symphony at 1/3 of 7 black
    keys is 2; 2.5 keys is 3 (ruling AP-22)."""
    from simcore.games.apiacere.rules.play_nb import half_up_nb, partial_keys_nb

    assert half_up_nb(2, 2, 3) == 1 and half_up_nb(7, 1, 3) == 2
    assert half_up_nb(5, 1, 2) == 3 and half_up_nb(3, 1, 2) == 2
    games, seats, w = blank_game(apcards)
    g = games[0]
    give(apcards, g, "teach_3", 0, prog=2)
    give(apcards, g, "symphony", 0, prog=1)
    give(apcards, g, "perform_2", 1, prog=1)
    partial_keys_nb(apcards.tables, g, seats[0], 0)
    assert seats[0, 0].partial_white == 1 and seats[0, 0].partial_black == 2


def legacy(apcards, name):
    return apcards.ids["legacy"].index(name)


def final(cards, games, seats, w):
    from simcore.games.apiacere.rules.scoring_nb import end_game_nb

    end_game_nb(cards.tables, games[0], seats[0], w)


def test_in_equal_measure_gives_the_closest_more_and_within_5_the_stated_3(apcards):
    """Example 14: 3 points for being within 5 keys, as Blue takes closest; equal
    differences all count as closest (Game End & Scoring; ruling AP-24)."""
    games, seats, w = blank_game(apcards, n_players=4)
    g = games[0]
    g.overall = legacy(apcards, "in_equal_measure")
    for p, (white, black) in enumerate([(19, 31), (10, 12), (20, 24), (12, 10)]):
        seats[0, p].white = white
        seats[0, p].black = black
        seats[0, p].legacy = legacy(apcards, "most_royal_tiles")  # nobody has one: 0
    final(apcards, games, seats, w)
    assert [int(seats[0, p].overall_points) for p in range(4)] == [0, 5, 3, 5]
    assert g.stage == Stage.OVER


def test_in_equal_measure_one_cube_out_switch(apcards):
    """Ruling AP-24's switch: a seat with only one cube on its second run (white past 25,
    black not past 36) does not count."""
    cards = load_cards(patches=["rules.equal_measure.value=one_cube_out"])
    games, seats, w = blank_game(cards)
    games[0].overall = legacy(cards, "in_equal_measure")
    for p, (white, black) in enumerate([(27, 30), (10, 20), (1, 40)]):
        seats[0, p].white = white
        seats[0, p].black = black
        seats[0, p].legacy = legacy(cards, "most_royal_tiles")
    final(cards, games, seats, w)
    assert [int(seats[0, p].overall_points) for p in range(3)] == [0, 5, 0]


def test_the_most_tiles_go_to_every_tied_seat_and_the_points_add_up(apcards):
    games, seats, w = blank_game(apcards)
    g = games[0]
    g.overall = legacy(apcards, "most_florins")
    for p, florins in enumerate([120, 120, 40]):
        seats[0, p].florins = florins
        seats[0, p].white = 10 + p
        seats[0, p].legacy = legacy(apcards, "most_black_keys")
    seats[0, 2].black = 3
    final(apcards, games, seats, w)
    assert [int(seats[0, p].overall_points) for p in range(3)] == [4, 4, 0]
    assert [int(seats[0, p].legacy_points) for p in range(3)] == [0, 0, 4]
    assert [int(seats[0, p].points) for p in range(3)] == [14, 15, 19]
    assert [int(seats[0, p].rank) for p in range(3)] == [3, 2, 1]
    assert seats[0, :3]["win"].tolist() == [0.0, 0.0, 1.0]


def test_sincerest_flattery_copies_an_opponents_tile_before_scoring(apcards):
    """Game End & Scoring: Sincerest Flattery chooses an opponent's legacy tile before
    any reveal, and scores as it (ruling AP-25)."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    g.overall = legacy(apcards, "most_royal_tiles")
    seats[0, 0].legacy = legacy(apcards, "sincerest_flattery")
    seats[0, 1].legacy = legacy(apcards, "most_black_keys")
    seats[0, 2].legacy = legacy(apcards, "most_florins")
    seats[0, 0].black = 9
    final(apcards, games, seats, w)
    assert g.stage == Stage.FLATTERY and g.actor == 0
    assert options(apcards, games, seats, w) == [opt(Opt.COPY, 1), opt(Opt.COPY, 2)]
    take(apcards, games, seats, w, opt(Opt.COPY, 1))
    assert seats[0, 0].copied == 1 and seats[0, 0].legacy_points == 4
    assert g.stage == Stage.OVER


@pytest.mark.parametrize(("rule", "winner"), [("later", 2), ("earlier", 0)])
def test_a_tie_goes_to_the_seat_starting_the_final_round_later_or_earlier(apcards, rule, winner):
    """Ruling AP-1: the rulebook says "later" (End of game) and "earlier" (Game End &
    Scoring); the switch decides, `later` by default. The final round's order is the last
    block's, not round 1's."""
    cards = apcards if rule == "later" else load_cards(patches=[f"rules.tie_break.value={rule}"])
    games, seats, w = blank_game(cards)
    g = games[0]
    g.order[:3] = [1, 0, 2]  # the final round: seat 1 first, then 0, then 2
    g.overall = legacy(cards, "most_royal_tiles")
    for p in range(3):
        seats[0, p].legacy = legacy(cards, "most_royal_tiles")
        seats[0, p].white = 10 if p != 1 else 3
    final(cards, games, seats, w)
    assert [int(seats[0, p].final_pos) for p in range(3)] == [1, 0, 2]
    assert [int(seats[0, p].start_pos) for p in range(3)] == [0, 1, 2]
    assert seats[0, winner].rank == 1 and seats[0, 1].rank == 3
    assert seats[0, :3]["win"].sum() == 1.0


def test_the_start_city_and_money_come_from_the_setup_sheet(apcards):
    """setup.toml: 100 florins, an apartment, a random royal city; each seat draws 3
    start cards from the level-1 stacks, in round 1's order from a random start player
    (ruling AP-3)."""
    from simcore.games.apiacere.rules.setup_nb import setup_nb
    from simcore.games.apiacere.state.dtypes import new_state
    from simcore.games.apiacere.state.work import new_work

    games, seats = new_state(1)
    w = new_work()
    setup_nb(apcards.tables, games[0], seats[0], w, 4, 99, 0)
    g = games[0]
    s = seats[0]
    assert g.stage == Stage.DRAW and g.draws_left == 3 and g.actor == g.order[0]
    assert sorted(g.order[:4].tolist()) == [0, 1, 2, 3]
    assert (s["florins"][:4] == 100).all() and (s["housing"][:4] == 1).all()
    assert all(apcards.tables.city_royal[c] == 1 for c in s["city"][:4])
    rows = options(apcards, games, seats, w)
    assert rows == [opt(Opt.DRAW, 0), opt(Opt.DRAW, 3)]  # level 1 only
    assert g.overall >= 0 and apcards.tables.legacy_overall[g.overall] == 1
    dealt = [g.overall, *s["legacy"][:4].tolist()]
    assert len(set(dealt)) == 5  # ruling AP-23
    assert city(apcards, "troyes") not in s["city"][:4]
