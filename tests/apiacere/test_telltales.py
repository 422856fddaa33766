"""Tell Tales and Do Good on hand-made states (rulebook: 5B, examples 8-10 and 13;
rulings AP-10 to AP-14, AP-21)."""

from __future__ import annotations

from simcore.games.apiacere.carddata.load import load_cards
from simcore.games.apiacere.codes import Colour
from simcore.games.apiacere.state.codes import Opt, Stage
from simcore.games.apiacere.state.dtypes import FRONT, Loc
from tests.apiacere.state import (
    blank_game,
    city,
    full_options,
    give,
    hand,
    opt,
    options,
    take,
    take_full,
)

HOMELESS = 0


def in_front(cards, g, design, q, copy=0, left=None, ban_city=-1):
    """A Tell Tale or Do Good of the design active in front of seat q."""
    c = give(cards, g, design, q, copy=copy)
    g.card_loc[c] = FRONT + q
    g.card_left[c] = cards.tables.card_level[c] if left is None else left
    g.card_city[c] = ban_city
    return c


def at_play(g, actions, free=0):
    g.stage = Stage.PLAY
    g.actions_left = actions
    g.free_left = free


def row(kind, a=-1, b=-1, c=-1, d=-1, e=-1):
    return (int(kind), a, b, c, d, e)


def test_draw_cards_cut_the_city_draws_but_not_the_proximity_take(apcards):
    """Example 8: Blue, with two Draw cards on him, draws two cards less; he can still
    take a face-up yellow card for his neighbour (example 4)."""
    games, seats, w = blank_game(apcards, cities=["strasbourg", "mannheim", "vienna"])
    g = games[0]
    g.variety[apcards.tables.city_slot[city(apcards, "mannheim")]] = 7  # a +1 tile
    in_front(apcards, g, "draw_1", 1, copy=0)
    g.actor = g.current = 1
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.draws_left == 1  # 1 + 1 - 1
    in_front(apcards, g, "draw_1", 1, copy=1)
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.draws_left == 0 and g.takes_n == 1 and g.takes[0] == 1 << Colour.YELLOW


def test_a_take_from_afar_blocks_perform_and_teach_until_paid(apcards):
    """Example 9: a level 2 Take played on you from the next city lies in front of you;
    you discard one level 2 or two level 1 Perform/Teach cards before playing any again
    (ruling AP-12)."""
    games, seats, w = blank_game(apcards, cities=["strasbourg", "mannheim", "vienna"])
    g = games[0]
    take2 = give(apcards, g, "take_2", 1)
    g.actor = g.current = 1
    at_play(g, 2)
    rows = full_options(apcards, games, seats, w)
    assert row(Opt.PLAY, take2, 2, 0) in rows and row(Opt.PLAY, take2, 2, 2) in rows
    take_full(apcards, games, seats, w, row(Opt.PLAY, take2, 2, 0))
    assert g.card_loc[take2] == FRONT + 0 and g.card_left[take2] == 2
    perform1 = give(apcards, g, "perform_1", 0, copy=0)
    teach1 = give(apcards, g, "teach_1", 0)
    g.actor = g.current = 0
    at_play(g, 1)
    rows = options(apcards, games, seats, w)
    assert opt(Opt.PLAY, perform1, 1) not in rows
    assert opt(Opt.PAY, perform1) in rows and opt(Opt.PAY, teach1) in rows
    take(apcards, games, seats, w, opt(Opt.PAY, perform1))
    assert g.card_loc[take2] == FRONT + 0  # one level paid of two
    take(apcards, games, seats, w, opt(Opt.PAY, teach1))
    assert g.card_loc[take2] == Loc.DISCARD and g.actions_left == 1  # paying is free
    perform = give(apcards, g, "perform_1", 0, copy=1)
    assert opt(Opt.PLAY, perform, 1) in options(apcards, games, seats, w)


def test_a_take_in_the_same_city_takes_cards_from_the_revealed_hand(apcards):
    """Example 9, alternate: in the same city Blue takes the Perform 1 and the Teach 1
    (1 + 1 = 2), but not the Perform 3 or the Compose 1."""
    games, seats, w = blank_game(apcards, cities=["strasbourg", "strasbourg", "vienna"])
    g = games[0]
    perform1 = give(apcards, g, "perform_1", 0)
    teach1 = give(apcards, g, "teach_1", 0)
    perform3 = give(apcards, g, "perform_3", 0)
    give(apcards, g, "harp_sonata", 0)
    take2 = give(apcards, g, "take_2", 1)
    g.actor = g.current = 1
    at_play(g, 2)
    take_full(apcards, games, seats, w, row(Opt.PLAY, take2, 2, 0))
    assert g.stage == Stage.STEAL and g.card_loc[take2] == Loc.DISCARD
    rows = options(apcards, games, seats, w)
    assert rows == [opt(Opt.STOP), opt(Opt.STEAL, perform1), opt(Opt.STEAL, teach1)]
    take(apcards, games, seats, w, opt(Opt.STEAL, perform1))
    take(apcards, games, seats, w, opt(Opt.STEAL, teach1))
    assert g.stage == Stage.PLAY  # nothing left to take within 2 levels
    assert set(hand(g, 1)) == {perform1, teach1} and g.card_loc[perform3] == 0
    assert seats[0, 1].stolen == 2


def test_a_ban_forces_a_move_bars_the_city_and_the_royal_event(apcards):
    """Example 10: a Ban 2 marks Mannheim (die 3); Blue must move at the start of his
    turn, paying the cheapest option (ruling AP-11), and cannot come back; example 13:
    banned, he scores no event keys and cannot win the tile (ruling AP-21)."""
    from simcore.games.apiacere.rules.royal_nb import royal_event_nb

    mannheim = city(apcards, "mannheim")
    games, seats, w = blank_game(apcards, cities=["strasbourg", "mannheim", "mannheim"])
    g = games[0]
    ban = give(apcards, g, "ban_2", 0)
    at_play(g, 2)
    rows = full_options(apcards, games, seats, w)
    assert row(Opt.PLAY, ban, 2, 1, mannheim) in rows
    assert row(Opt.PLAY, ban, 2, 1, city(apcards, "troyes")) not in rows  # no die face
    take_full(apcards, games, seats, w, row(Opt.PLAY, ban, 2, 1, mannheim))
    assert g.card_loc[ban] == FRONT + 1 and g.card_city[ban] == mannheim
    g.royal_order[0] = apcards.ids["royal"].index("mannheim_royal")
    assert royal_event_nb(apcards.tables, g, seats[0], w) == 2
    assert seats[0, 1].white == 0 and seats[0, 2].white == 2
    g.actor = g.current = 1
    g.stage = Stage.MOVE
    rows = options(apcards, games, seats, w)
    assert rows == [opt(Opt.MOVE, 0, city(apcards, "strasbourg")),
                    opt(Opt.MOVE, 0, city(apcards, "munchen"))]  # fmt: skip
    take(apcards, games, seats, w, opt(Opt.MOVE, 0, city(apcards, "munchen")))
    assert seats[0, 1].florins == 90 and seats[0, 1].forced_moves == 1
    g.stage = Stage.MOVE
    assert all(r[2] != mannheim for r in options(apcards, games, seats, w))
    assert opt(Opt.STAY, -1, -1) in options(apcards, games, seats, w)


def test_a_banned_seat_that_cannot_pay_steps_for_free(apcards):
    """Ruling AP-11: unaffordable, one step for free; the `free` switch always so."""
    for cards, florins in (
        (apcards, 0),
        (load_cards(patches=["rules.banned_move.value=free"]), 500),
    ):
        games, seats, w = blank_game(cards, cities=["vienna"] * 3, florins=florins)
        g = games[0]
        in_front(cards, g, "ban_1", 0, ban_city=city(cards, "vienna"))
        assert options(cards, games, seats, w) == [opt(Opt.MOVE, -1, city(cards, "salzburg"))]
        take(cards, games, seats, w, opt(Opt.MOVE, -1, city(cards, "salzburg")))
        assert seats[0, 0].florins == florins


def test_do_good_diminishes_a_tell_tale_or_waits_as_a_shield(apcards):
    """Example 10: Blue's Do Good 1 on a Ban 2 leaves it at 1, still active (partly
    diminished); ruling AP-13: a shield meets the next Tell Tale, and both are discarded
    when it is blocked."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    ban = in_front(apcards, g, "ban_2", 0, ban_city=city(apcards, "mannheim"))
    good = give(apcards, g, "do_good_1", 0)
    at_play(g, 1)
    rows = full_options(apcards, games, seats, w)
    assert row(Opt.PLAY, good, 1, ban) in rows and row(Opt.PLAY, good, 1, -1) in rows
    assert not any(r[0] == Opt.PLAY and r[3] in (1, 2) for r in rows)  # not on others
    take_full(apcards, games, seats, w, row(Opt.PLAY, good, 1, ban))
    assert g.card_loc[ban] == FRONT + 0 and g.card_left[ban] == 1
    assert g.card_loc[good] == Loc.DISCARD
    shield = give(apcards, g, "do_good_2", 0)
    at_play(g, 2)
    take_full(apcards, games, seats, w, row(Opt.PLAY, shield, 2, -1))
    assert g.card_loc[shield] == FRONT + 0 and g.card_left[shield] == 2
    draw = give(apcards, g, "draw_1", 1)
    g.actor = g.current = 1
    at_play(g, 1)
    take_full(apcards, games, seats, w, row(Opt.PLAY, draw, 1, 0))
    assert g.card_loc[draw] == Loc.DISCARD and g.card_loc[shield] == Loc.DISCARD
    assert seats[0, 0].blocked == 1


def test_the_reference_do_good_costs_two_actions_to_clear_one(apcards):
    """5B: "The back of the reference card has a Do-Good card which can be used in any
    turn, but requires two actions to clear 1"."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    draw = in_front(apcards, g, "draw_2", 0)
    at_play(g, 1)
    assert opt(Opt.REFERENCE, draw) not in options(apcards, games, seats, w)
    at_play(g, 2)
    take(apcards, games, seats, w, opt(Opt.REFERENCE, draw))
    assert g.card_left[draw] == 1 and g.actions_left == 0
    at_play(g, 1, free=1)  # the free point counts for a Do Good
    take(apcards, games, seats, w, opt(Opt.REFERENCE, draw))
    assert g.card_loc[draw] == Loc.DISCARD


def test_a_full_target_loses_the_tell_tale_the_attacker_replaces(apcards):
    """Ruling AP-14: up to three interaction cards in front of a player; on a full
    target the attacker chooses which Tell Tale to replace."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    olds = [in_front(apcards, g, "draw_1", 1, copy=0),
            in_front(apcards, g, "ban_1", 1, ban_city=1),
            in_front(apcards, g, "take_1", 1)]  # fmt: skip
    new = give(apcards, g, "draw_1", 0, copy=1)
    at_play(g, 1)
    rows = [r for r in full_options(apcards, games, seats, w) if r[1] == new and r[3] == 1]
    assert rows == [row(Opt.PLAY, new, 1, 1, -1, old) for old in sorted(olds)]
    take_full(apcards, games, seats, w, row(Opt.PLAY, new, 1, 1, -1, olds[1]))
    assert g.card_loc[olds[1]] == Loc.DISCARD and g.card_loc[new] == FRONT + 1


def test_only_a_seat_behind_the_leader_gets_the_free_tell_tale_point(apcards):
    """5B: "If you are not the (tied) leading player (white + black keys), you get one
    free Tell Tale or Do Good action point this turn" (ruling AP-10)."""
    games, seats, w = blank_game(apcards, cities=["paris"] * 3)
    g = games[0]
    seats[0, 1].white = 5
    draw = give(apcards, g, "draw_1", 0)
    perform = give(apcards, g, "perform_1", 0)
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.free_left == 1 and g.actions_left == 1
    g.stage = Stage.PLAY
    take_full(apcards, games, seats, w, row(Opt.PLAY, draw, 1, 1))
    assert g.free_left == 0 and g.actions_left == 1  # the free point paid for it
    assert opt(Opt.PLAY, perform, 1) in options(apcards, games, seats, w)
    seats[0, 0].white = 5  # now tied for the lead
    g.stage = Stage.HOUSING
    take(apcards, games, seats, w, opt(Opt.HOUSE, HOMELESS, 0))
    assert g.free_left == 0
