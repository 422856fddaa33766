"""A turn's phases on hand-made states (rulebook: Player Turns 1-6, its examples 1-7 and
11; rulings AP-5, AP-6, AP-8, AP-20, AP-22, AP-29, AP-30)."""

from __future__ import annotations

from simcore.games.apiacere.codes import Colour
from simcore.games.apiacere.state.codes import Opt, Stage
from simcore.games.apiacere.state.dtypes import CHAIN, PLAY, Loc
from tests.apiacere.state import blank_game, city, give, hand, on_top, opt, options, take

HOMELESS, APARTMENT, HOUSE, PALACE = range(4)
ONE_STEP = 0
COMPOSE_1, COMPOSE_2, COMPOSE_3, PERFORM_1, PERFORM_2, PERFORM_3 = range(6)


def test_moving_discards_perform_and_teach_cards_and_pays_the_option(apcards):
    """Example 1: Paris to Strasbourg for 10 florins; Perform/Teach cards in hand and the
    unfinished ones in play are discarded, Compose cards kept (ruling AP-20)."""
    games, seats, w = blank_game(apcards, florins=100)
    g = games[0]
    perform = give(apcards, g, "perform_1", 0)
    teach = give(apcards, g, "teach_2", 0, prog=1)
    sonata = give(apcards, g, "harp_sonata", 0)
    rows = options(apcards, games, seats, w)
    assert rows[0] == (Opt.STAY, -1, -1)
    assert opt(Opt.MOVE, ONE_STEP, city(apcards, "strasbourg")) in rows
    assert opt(Opt.MOVE, ONE_STEP, city(apcards, "mannheim")) not in rows  # two roads
    take(apcards, games, seats, w, opt(Opt.MOVE, ONE_STEP, city(apcards, "strasbourg")))
    assert seats[0, 0].florins == 90 and seats[0, 0].city == city(apcards, "strasbourg")
    assert g.card_loc[perform] == Loc.DISCARD and g.card_loc[teach] == Loc.DISCARD
    assert g.card_loc[sonata] == 0
    assert g.stage == Stage.HOUSING


def test_an_option_the_seat_cannot_pay_is_not_offered(apcards):
    games, seats, w = blank_game(apcards, florins=20)
    rows = options(apcards, games, seats, w)
    assert all(r[1] == ONE_STEP for r in rows if r[0] == Opt.MOVE)  # 30 and 60 too dear


def test_housing_sets_actions_and_hand_and_rent_is_paid_by_the_shield(apcards):
    """Examples 2 and 3: a house in Strasbourg (shield 1) costs 50 and gives 2 actions
    and 4 cards; only affordable housing is offered (ruling AP-8)."""
    games, seats, w = blank_game(apcards, cities=["strasbourg"] * 3, florins=60)
    g = games[0]
    g.stage = Stage.HOUSING
    rows = options(apcards, games, seats, w)
    assert rows == [opt(Opt.HOUSE, HOMELESS, 0), opt(Opt.HOUSE, APARTMENT, 20),
                    opt(Opt.HOUSE, HOUSE, 50)]  # fmt: skip
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOUSE, 50))
    assert seats[0, 0].florins == 10 and seats[0, 0].rent_paid == 50
    assert g.actions_left == 2 and g.hand_limit == 4


def test_the_salzburg_tile_makes_its_holder_pay_a_shield_2_rent_there(apcards):
    """Royal Event Tiles: "[2] rent ... On Salzburg you're paying the rent you would
    normally pay in Mannheim" (ruling AP-30: only for the holder, only there)."""
    games, seats, w = blank_game(apcards, cities=["salzburg"] * 3, florins=500)
    g = games[0]
    g.stage = Stage.HOUSING
    assert opt(Opt.HOUSE, HOUSE, 150) in options(apcards, games, seats, w)
    g.royal_holder[apcards.ids["royal"].index("salzburg_royal")] = 0
    assert opt(Opt.HOUSE, HOUSE, 100) in options(apcards, games, seats, w)
    g.actor = 1
    assert opt(Opt.HOUSE, HOUSE, 150) in options(apcards, games, seats, w)


def slot(apcards, name):
    return int(apcards.tables.city_slot[city(apcards, name)])


def tile(apcards, value):
    return list(apcards.tables.variety_value).index(value)


def test_a_neighbour_gives_a_face_up_yellow_take_and_the_variety_tile_a_draw(apcards):
    """Example 4: you in Strasbourg, Blue in Mannheim next to you: one city card, one
    for the +1 variety tile, and a face-up yellow card as a take."""
    games, seats, w = blank_game(apcards, cities=["strasbourg", "mannheim", "vienna"])
    g = games[0]
    g.variety[slot(apcards, "strasbourg")] = tile(apcards, 1)
    g.faceup[:] = 1
    on_top(apcards, g, "perform_1")
    on_top(apcards, g, "harp_sonata")
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.stage == Stage.DRAW and g.draws_left == 2
    assert g.takes_n == 1 and g.takes[0] == 1 << Colour.YELLOW
    rows = options(apcards, games, seats, w)
    assert opt(Opt.TAKE, PERFORM_1, 0) in rows
    assert opt(Opt.TAKE, COMPOSE_1, 0) not in rows  # blue: not a yellow take
    assert opt(Opt.DRAW, COMPOSE_1) in rows and opt(Opt.DRAW, COMPOSE_2) not in rows  # AP-5


def test_the_variety_tile_never_makes_draws_negative_and_royal_draws_are_not_cut(apcards):
    """4. Draw Cards: "no negative draw"; example 13: the Mannheim tile's extra draw is
    not affected by variety tiles; the same city gives a take and a draw (proximity)."""
    games, seats, w = blank_game(apcards, cities=["mannheim", "vienna", "vienna"])
    g = games[0]
    g.variety[slot(apcards, "mannheim")] = tile(apcards, -3)
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.draws_left == 0 and g.takes_n == 0 and g.stage == Stage.DRAW
    assert options(apcards, games, seats, w) == [opt(Opt.STOP)]
    games, seats, w = blank_game(apcards, cities=["mannheim", "mannheim", "vienna"])
    g = games[0]
    g.variety[slot(apcards, "mannheim")] = tile(apcards, -3)
    g.royal_holder[apcards.ids["royal"].index("mannheim_royal")] = 0
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.draws_left == 1 + 1  # the royal draw, the same-city draw
    assert g.takes_n == 1 and g.takes[0] == (1 << Colour.YELLOW) | (1 << Colour.RED)


def test_an_empty_pile_takes_its_discard_pile_shuffled_with_the_top_face_down(apcards):
    """Example 5: the compose level 1 stack runs out: its discard pile is shuffled at once
    and its top card is not turned face up."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    pile = [int(c) for c in g.pile[COMPOSE_1, : g.pile_n[COMPOSE_1]]]
    for c in pile[:-1]:
        g.card_loc[c] = Loc.DISCARD
    g.disc[COMPOSE_1, : len(pile) - 1] = pile[:-1]
    g.disc_n[COMPOSE_1] = len(pile) - 1
    g.pile[COMPOSE_1, 0] = pile[-1]
    g.pile_n[COMPOSE_1] = 1
    g.faceup[:] = 1
    g.stage = Stage.DRAW
    g.draws_left = 2
    take(apcards, games, seats, w, opt(Opt.DRAW, COMPOSE_1))
    assert g.card_loc[pile[-1]] == 0
    assert g.pile_n[COMPOSE_1] == len(pile) - 1 and g.disc_n[COMPOSE_1] == 0
    assert g.faceup[COMPOSE_1] == 0
    assert sorted(g.pile[COMPOSE_1, : g.pile_n[COMPOSE_1]].tolist()) == sorted(pile[:-1])


def test_levels_open_at_the_turn_start_after_a_marker_is_passed(apcards):
    """Example 6 and ruling AP-5: one cube past the level-2 marker (6 keys, estimate)
    opens both level-2 stacks from the player's next turn."""
    from simcore.games.apiacere.rules.phases_nb import begin_turn_nb

    games, seats, w = blank_game(apcards)
    g = games[0]
    g.stage = Stage.TURN
    seats[0, 0].black = 6
    begin_turn_nb(apcards.tables, g, seats[0], w)
    assert seats[0, 0].level_open == 2 and g.stage == Stage.MOVE
    assert all(g.faceup[st] == 1 for st in range(6))
    seats[0, 0].white = 15
    g.pos = 0
    begin_turn_nb(apcards.tables, g, seats[0], w)
    assert seats[0, 0].level_open == 3


def test_perform_pays_florins_and_a_white_key_and_a_sonata_a_black_key(apcards):
    """Example 7: in a house, Perform gives 50 florins and a white key, the Harp Sonata
    one black key; each costs its level in actions."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    perform = give(apcards, g, "perform_1", 0)
    sonata = give(apcards, g, "harp_sonata", 0)
    seats[0, 0].housing = HOUSE
    g.stage = Stage.PLAY
    g.actions_left = 2
    take(apcards, games, seats, w, opt(Opt.PLAY, perform, 1))
    take(apcards, games, seats, w, opt(Opt.PLAY, sonata, 1))
    assert seats[0, 0].florins == 150 and seats[0, 0].white == 1 and seats[0, 0].black == 1
    assert g.card_loc[perform] == Loc.DISCARD
    assert g.card_loc[sonata] == CHAIN + 0  # a chain begins (tests/apiacere/test_chains.py)


def test_the_homeless_get_half_pay_rounded_up_to_a_coin_and_full_keys(apcards):
    """2. Housing: "half of 50 is 30" (ruling AP-6); keys are not halved."""
    from simcore.games.apiacere.rules.play_nb import pay_nb

    t = apcards.tables
    assert pay_nb(t, 50, HOMELESS) == 30 and pay_nb(t, 150, HOMELESS) == 80
    assert pay_nb(t, 50, APARTMENT) == 50
    games, seats, w = blank_game(apcards)
    g = games[0]
    perform = give(apcards, g, "perform_2", 0, prog=1)
    seats[0, 0].housing = HOMELESS
    g.stage = Stage.PLAY
    g.actions_left = 1
    take(apcards, games, seats, w, opt(Opt.PLAY, perform, 1))
    assert seats[0, 0].florins == 150 and seats[0, 0].white == 3


def test_a_level_3_card_is_paid_over_turns_and_scores_only_when_finished(apcards):
    """5C and example 12:3-4: a card with a progress marker scores nothing until
    finished; level 2-3 Teach cards pay out only then (5A)."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    teach = give(apcards, g, "teach_3", 0)
    seats[0, 0].housing = APARTMENT
    g.stage = Stage.PLAY
    g.actions_left = 1
    rows = options(apcards, games, seats, w)
    assert rows == [opt(Opt.END), opt(Opt.PLAY, teach, 1)]
    take(apcards, games, seats, w, opt(Opt.PLAY, teach, 1))
    assert g.card_loc[teach] == PLAY + 0 and g.card_prog[teach] == 1
    assert seats[0, 0].florins == 100 and seats[0, 0].white == 0
    g.stage = Stage.PLAY
    g.actions_left = 2
    assert opt(Opt.PLAY, teach, 2) in options(apcards, games, seats, w)
    take(apcards, games, seats, w, opt(Opt.PLAY, teach, 2))
    assert seats[0, 0].florins == 320 and seats[0, 0].white == 2  # Teaching 3: 2 white keys
    assert g.card_loc[teach] == Loc.DISCARD and g.card_prog[teach] == 0


def test_at_most_three_cards_wait_under_one_progress_marker(apcards):
    """5C: "Up to three cards can be stacked under a marker"."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    for copy in range(2):
        give(apcards, g, "violin_concerto", 0, copy=copy, prog=1)
    give(apcards, g, "cello_concerto", 0, prog=1)
    fourth = give(apcards, g, "harp_concerto", 0)
    g.stage = Stage.PLAY
    g.actions_left = 2
    rows = options(apcards, games, seats, w)
    assert opt(Opt.PLAY, fourth, 1) not in rows  # would be a fourth under marker 1
    assert opt(Opt.PLAY, fourth, 2) in rows  # finished at once


def test_keep_discards_down_to_the_hand_limit_then_the_next_seat_plays(apcards):
    """Example 11 (6. Keep Cards): in a house keep four cards; the discards go face up
    onto their own piles."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    held = [give(apcards, g, "perform_1", 0, copy=k) for k in range(6)]
    g.stage = Stage.PLAY
    g.actions_left = 0
    g.hand_limit = 4
    take(apcards, games, seats, w, opt(Opt.END))
    assert g.stage == Stage.KEEP
    assert options(apcards, games, seats, w) == [opt(Opt.DISCARD, c) for c in held]
    take(apcards, games, seats, w, opt(Opt.DISCARD, held[0]))
    assert g.stage == Stage.KEEP
    take(apcards, games, seats, w, opt(Opt.DISCARD, held[1]))
    assert len(hand(g, 0)) == 4 and g.disc_n[PERFORM_1] == 2
    assert g.stage == Stage.TURN and g.pos == 1
