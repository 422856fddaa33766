"""A turn (spec 1.2.2-1.2.5): refresh, the die move and its tile, arrival and End, the
hand limit, the end of the game and the round cap, each on a hand-made state."""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import Rule, Tile
from simcore.games.ewmh.rules.move_nb import move_pawn_nb
from simcore.games.ewmh.rules.react_nb import skip_idle_windows_nb
from simcore.games.ewmh.rules.turn_nb import die_move_nb, end_turn_nb, start_turn_nb
from simcore.games.ewmh.state.codes import VOC_CARD, End, Opt, Stage
from tests.ewmh.state import (
    blank_game,
    give,
    give_comp,
    give_design,
    hand,
    hand_comps,
    options,
    row,
    take,
)

L = 36  # the estimated path (rules.toml path_length)


def tile_at(ecards, kind, n=None):
    """The first position whose tile is of `kind` (with parameter n)."""
    t = ecards.tables
    for pos in range(1, L):
        e = t.path[pos]
        if t.tile_kind[e] == kind and (n is None or t.tile_params[e, 0] == n):
            return pos
    raise AssertionError("no such tile")


def test_refresh_turns_up_to_three_flipped_cards_and_one_more_per_inspiration(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    for design in ("guido", "gesualdo", "rondeaux", "printing_press"):
        give_design(ecards, g, design, 0, flipped=1)
    seats[0, 0].voc_flipped = 1
    g.rounds = 2
    start_turn_nb(t, g, seats[0], w)  # 5 flipped, 3 refreshes: the player chooses
    assert g.stage == Stage.REFRESH and g.left == 3
    assert row(Opt.REFRESH, VOC_CARD) in options(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.REFRESH, VOC_CARD))
    assert seats[0, 0].voc_flipped == 0 and g.left == 2
    games, seats, w = blank_game(ecards)
    g = games[0]
    for design in ("guido", "gesualdo", "rondeaux", "inspiration"):
        give_design(ecards, g, design, 0, flipped=1)
    g.rounds = 2
    start_turn_nb(t, g, seats[0], w)  # 4 flipped, 3 + 1 (Inspiration): all refreshed
    assert g.stage == Stage.PHASE
    assert all(g.card_flipped[c] == 0 for c in hand(g, 0))


def test_the_die_move_triggers_the_tile_it_ends_on(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    pos = tile_at(ecards, Tile.DRAW_COMPOSITION, 1)
    seats[0, 0].pos = pos - 3
    die_move_nb(t, g, seats[0], w, 0, 3)
    assert seats[0, 0].pos == pos and len(hand_comps(g, 0)) == 1
    pos = tile_at(ecards, Tile.DRAW_EFFECT)
    seats[0, 1].pos = pos - 2
    die_move_nb(t, g, seats[0], w, 1, 2)
    assert len(hand(g, 1)) == 1


def test_a_take_tile_offers_the_array_and_the_deck_top(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    pos = tile_at(ecards, Tile.TAKE_EFFECT)
    seats[0, 0].pos = pos - 1
    die_move_nb(t, g, seats[0], w, 0, 1)
    assert g.stage == Stage.TAKE
    rows = options(ecards, games, seats, w)
    assert rows == [row(Opt.TAKE, i) for i in range(4)] + [row(Opt.TAKE, -1)]
    slot0 = int(g.array[0])
    take(ecards, games, seats, w, row(Opt.TAKE, 0))
    assert hand(g, 0) == [slot0] and g.array[0] >= 0  # refilled at once (ruling EW-6)
    assert g.stage == Stage.PHASE


def test_a_move_tile_moves_without_triggering_another_tile(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    back = tile_at(ecards, Tile.MOVE, -2)
    seats[0, 0].pos = back - 4
    die_move_nb(t, g, seats[0], w, 0, 4)
    assert seats[0, 0].pos == back - 2  # ruling EW-14: only the die's tile triggers
    assert hand(g, 0) == [] and hand_comps(g, 0) == []


def test_arrival_gives_three_two_one_free_productions_and_is_final(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    for p, owed in ((2, 3), (0, 2), (3, 1), (1, 0)):
        seats[0, p].pos = L - 2
        assert move_pawn_nb(t, g, seats[0], w, p, 5, True) == 0  # no tile on arrival
        assert seats[0, p].pos == L and seats[0, p].pending_free == owed
    assert list(seats[0, :4].arrival) == [2, 4, 1, 3]
    move_pawn_nb(t, g, seats[0], w, 2, -4, False)  # ruling EW-15: arrival is final
    assert seats[0, 2].pos == L


def test_a_move_back_stops_at_start(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    seats[0, 1].pos = 2
    move_pawn_nb(t, games[0], seats[0], w, 1, -4, False)
    assert seats[0, 1].pos == 0


def test_free_productions_are_chosen_at_once_after_arriving(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards, vocations=[1] * 4)  # Court: no tag bonus
    g = games[0]
    give_comp(ecards, g, "cantiga", 0)
    give_comp(ecards, g, "motet", 0)
    seats[0, 0].pos = L - 1
    die_move_nb(t, g, seats[0], w, 0, 6)
    assert g.stage == Stage.FREE and g.actor == 0 and seats[0, 0].pending_free == 3
    cantiga = ecards.index("compositions", "cantiga")
    take(ecards, games, seats, w, row(Opt.FREE, cantiga, 0))
    assert seats[0, 0].produced_free == 1 and seats[0, 0].running == 2
    take(ecards, games, seats, w, row(Opt.STOP))  # "you may produce": the rest forgone
    assert seats[0, 0].pending_free == 0 and g.stage == Stage.PHASE


def test_a_turn_begun_on_end_draws_one_and_produces_one_free_without_a_roll(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    seats[0, 1].pos = L
    seats[0, 1].arrival = 1
    g.n_arrived = 1
    g.current = 1
    start_turn_nb(t, g, seats[0], w)
    skip_idle_windows_nb(t, g, seats[0], w)  # the draw's window: nobody holds Divine Trance
    assert len(hand_comps(g, 1)) == 1  # ruling EW-16
    assert g.stage == Stage.FREE and seats[0, 1].pending_free == 1
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])
    assert g.stage == Stage.PHASE and g.rolled == 1
    assert options(ecards, games, seats, w)[0] == row(Opt.END)  # no roll, no tile


def test_the_hand_limit_discards_down_to_seven_the_vocation_included(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    g.rolled = 1
    for design in ("guido", "gesualdo", "rondeaux", "printing_press", "byrd", "leonin", "landini"):
        give_design(ecards, g, design, 0)
    take(ecards, games, seats, w, row(Opt.END))
    assert g.stage == Stage.HAND_LIMIT and len(options(ecards, games, seats, w)) == 7
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])
    assert len(hand(g, 0)) == 6 and g.stage == Stage.TURN and g.current == 1


def test_the_game_ends_when_the_last_arriver_ends_its_turn(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards, 2)
    g = games[0]
    for p in (0, 1):
        seats[0, p].pos = L
        seats[0, p].arrival = p + 1
    g.n_arrived = 2
    end_turn_nb(t, g, seats[0], w, 0)
    assert g.stage == Stage.OVER and g.end_trigger == End.ALL_ARRIVED


def test_the_round_cap_places_every_pawn_on_end_and_ends_the_game(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards, 3)
    g = games[0]
    g.rounds = int(t.rules[Rule.ROUND_CAP]) - 1
    seats[0, 2].pos = L
    seats[0, 2].arrival = 1
    g.n_arrived = 1
    seats[0, 0].pos = 5
    start_turn_nb(t, g, seats[0], w)  # seat 0 is first: round 60 begins (ruling EW-17)
    assert g.end_trigger == End.CAP and g.stage == Stage.OVER
    assert list(seats[0, :3].pos) == [L, L, L]
    assert list(seats[0, :3].arrival) == [0, 0, 1]  # no arrival for the placed pawns
    assert np.isclose(seats[0, :3].win.sum(), 1.0)


def test_rondeaux_rerolls_the_die_and_either_result_is_used(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    c = give_design(ecards, g, "rondeaux", 0)
    take(ecards, games, seats, w, row(Opt.ROLL))
    assert g.stage == Stage.REROLL
    assert options(ecards, games, seats, w) == [row(Opt.KEEP, int(g.die1)), row(Opt.REROLL, c)]
    take(ecards, games, seats, w, row(Opt.REROLL, c))
    assert g.stage == Stage.REROLL_PICK and g.card_flipped[c] == 1  # ruling EW-28
    second = int(g.die2)
    take(ecards, games, seats, w, options(ecards, games, seats, w)[1])
    assert seats[0, 0].pos in (second, second + 2, second - 2)  # a move tile may follow
    assert seats[0, 0].rolls == 2 and g.rolled == 1


def test_empty_decks_reshuffle_their_discards_or_give_nothing(ecards):
    from simcore.games.ewmh.rules.decks_nb import draw_comps_nb, draw_effects_nb

    games, seats, w = blank_game(ecards)
    g = games[0]
    deck = [int(c) for c in g.deck[: g.deck_n]]
    for c in deck[:-2]:  # all but 2 to the discard pile: 2 in the deck
        give(g, c, 1)
        g.card_loc[c] = -3
        g.discard[g.discard_n] = c
        g.discard_n += 1
    assert draw_effects_nb(g, seats[0], w, 0, 5) == 5  # ruling EW-43: DECK reshuffle
    assert len(hand(g, 0)) == 5 and g.deck_n + g.discard_n == len(deck) - 5
    g.comp_deck_n = 0
    g.comp_state[:] = 4  # no composition anywhere: nothing is drawn
    assert draw_comps_nb(g, seats[0], w, 0, 2) == 0
