"""The flip and spend effects of phase (a) (spec 1.2.6), each on a hand-made state."""

from __future__ import annotations

import itertools

from simcore.games.ewmh.rules.effects_nb import spheres_success_nb
from simcore.games.ewmh.state.codes import Opt, Stage
from tests.ewmh.state import (
    blank_game,
    cards_of,
    give,
    give_comp,
    give_design,
    hand,
    hand_comps,
    options,
    row,
    take,
)

CHURCH, COURT, COUNTRYSIDE = 0, 1, 2


def ability(cards, ability_id):
    return cards.index("abilities", ability_id)


def test_gesualdo_moves_back_four_stopping_at_start_and_draws_two(ecards):
    games, seats, w = blank_game(ecards)
    c = give_design(ecards, games[0], "gesualdo", 0)
    seats[0, 0].pos = 3
    take(ecards, games, seats, w, row(Opt.FLIP, c))
    assert seats[0, 0].pos == 0 and len(hand_comps(games[0], 0)) == 2  # ruling EW-35
    assert games[0].card_flipped[c] == 1 and games[0].stage == Stage.PHASE


def test_guido_and_sacred_art_draw_compositions(ecards):
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COURT, COURT, COURT])
    c = give_design(ecards, games[0], "guido", 0)
    take(ecards, games, seats, w, row(Opt.FLIP, c))
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "church_sacred_art")))
    assert len(hand_comps(games[0], 0)) == 3 and seats[0, 0].voc_flipped == 1


def test_the_guidonian_hand_takes_from_the_array_only(ecards):
    games, seats, w = blank_game(ecards)
    c = give_design(ecards, games[0], "guidonian_hand", 0)
    take(ecards, games, seats, w, row(Opt.FLIP, c))
    rows = options(ecards, games, seats, w)
    assert rows == [row(Opt.TAKE, i) for i in range(4)]  # no deck top: "from the array"


def test_higher_education_takes_a_patron_from_the_array_first(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    alfonso = cards_of(ecards, "alfonso_the_wise")[0]
    give(g, alfonso, 3)
    g.card_loc[alfonso] = -2  # into the array's slot 2 (a patron face up)
    g.array[2] = alfonso
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "court_higher_education")))
    assert options(ecards, games, seats, w) == [row(Opt.TAKE, 2)]  # face B (ruling EW-2)
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4, seed=3)
    t = ecards.tables
    assert all(t.design_keep[t.card_design[c]] == 0 for c in games[0].array if c >= 0)
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "court_higher_education")))
    assert games[0].left == 2 and row(Opt.TAKE, -1) in options(ecards, games, seats, w)


def test_plagiarize_steals_a_random_unpublished_piece_and_nothing_from_an_empty_hand(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    a, b = cards_of(ecards, "plagiarize")[:2]
    give(g, a, 0)
    give(g, b, 0)
    k = give_comp(ecards, g, "mass", 2)
    take(ecards, games, seats, w, row(Opt.SPEND, a, 2))
    assert hand_comps(g, 0) == [k] and g.card_loc[a] == -3  # spent: discarded
    take(ecards, games, seats, w, row(Opt.SPEND, b, 1))  # ruling EW-31: still spent
    assert hand_comps(g, 0) == [k] and g.card_loc[b] == -3


def test_lost_to_history_removes_a_published_piece_and_its_points(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    c = give_design(ecards, g, "lost_to_history", 0)
    k = give_comp(ecards, g, "cantiga", 1)
    g.comp_state[k] = 2
    g.comp_base[k] = 2
    g.comp_bonus[k] = 2
    seats[0, 1].running = 4
    take(ecards, games, seats, w, row(Opt.SPEND, c, 1, k))
    assert g.comp_state[k] == 3 and seats[0, 1].running == 0 and g.comp_discard_n == 1


def test_royal_annex_discards_a_players_card_and_moves_them_three(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    c = give_design(ecards, g, "royal_annex", 0)
    victim = give_design(ecards, g, "guido", 2)
    seats[0, 2].pos = 5
    own = give_design(ecards, g, "gesualdo", 0)
    assert row(Opt.SPEND, c, 0, own) in options(ecards, games, seats, w)  # yourself too (EW-30)
    take(ecards, games, seats, w, row(Opt.SPEND, c, 2, victim))
    assert g.card_loc[victim] == -3 and seats[0, 2].pos == 8


def test_noble_sacrifice_discards_an_opponents_card_and_two_of_your_own(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    theirs = give_design(ecards, g, "guido", 1)
    mine = [give_design(ecards, g, d, 0) for d in ("gesualdo", "rondeaux", "byrd")]
    sacrifice = ability(ecards, "court_noble_sacrifice")
    take(ecards, games, seats, w, row(Opt.VOC, sacrifice, 1, theirs))
    assert g.card_loc[theirs] == -3 and g.stage == Stage.DISCARD_OWN
    assert row(Opt.STOP) not in options(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.DISCARD, mine[0]))
    take(ecards, games, seats, w, row(Opt.DISCARD, mine[2]))
    assert hand(g, 0) == [mine[1]] and g.stage == Stage.PHASE


def test_cost_of_living_makes_the_victim_flip_two_of_its_choice(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    c = give_design(ecards, g, "cost_of_living", 0)
    a = give_design(ecards, g, "guido", 3)
    take(ecards, games, seats, w, row(Opt.FLIP, c, 3))
    assert g.stage == Stage.FORCE_FLIP and g.actor == 3 and g.left == 2
    take(ecards, games, seats, w, row(Opt.FORCE, a))
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])  # its vocation
    assert g.card_flipped[a] == 1 and seats[0, 3].voc_flipped == 1
    assert g.stage == Stage.PHASE and g.actor == 0


def test_peasants_revolt_deals_every_held_card_evenly_from_the_spenders_left(ecards):
    games, seats, w = blank_game(ecards, vocations=[COUNTRYSIDE] * 4)  # no Absolution
    g = games[0]
    revolt = give_design(ecards, g, "peasants_revolt", 1)
    for i, d in enumerate(("guido", "gesualdo", "rondeaux", "byrd", "leonin", "landini")):
        give_design(ecards, g, d, 3 if i < 5 else 0, flipped=i % 2)
    g.current = g.actor = 1
    take(ecards, games, seats, w, row(Opt.SPEND, revolt))
    sizes = [len(hand(g, p)) for p in range(4)]
    assert sizes == [1, 1, 2, 2]  # 6 cards: seats 2 and 3 (left of 1) get the extra
    assert sum(int(g.card_flipped[c]) for p in range(4) for c in hand(g, p)) == 3  # faces kept


def test_harden_soften_moves_any_pawn_one_either_way(ecards):
    games, seats, w = blank_game(ecards)
    c = give_design(ecards, games[0], "harden_soften", 0)
    seats[0, 2].pos = 4
    rows = [r for r in options(ecards, games, seats, w) if r[0] == Opt.FLIP]
    assert rows == [row(Opt.FLIP, c, q, 1) for q in (0, 1)] + [
        row(Opt.FLIP, c, 2, 1), row(Opt.FLIP, c, 2, -1), row(Opt.FLIP, c, 3, 1)
    ]  # fmt: skip
    take(ecards, games, seats, w, row(Opt.FLIP, c, 2, -1))
    assert seats[0, 2].pos == 3


def test_beatriz_pushes_a_pawn_on_your_tile(ecards):
    games, seats, w = blank_game(ecards)
    c = give_design(ecards, games[0], "beatriz_de_dia", 0)
    assert not [r for r in options(ecards, games, seats, w) if r[0] == Opt.FLIP]  # on Start
    seats[0, 0].pos = seats[0, 1].pos = 10
    take(ecards, games, seats, w, row(Opt.FLIP, c, 1))
    assert (seats[0, 0].pos, seats[0, 1].pos) == (14, 7)


def test_wandering_minstrel_turns_discards_into_spaces(ecards):
    games, seats, w = blank_game(ecards, vocations=[COUNTRYSIDE] * 4)
    g = games[0]
    a = give_design(ecards, g, "guido", 0)
    b = give_design(ecards, g, "byrd", 0)
    seats[0, 0].pos = 2
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "countryside_wandering_minstrel")))
    assert row(Opt.STOP) not in options(ecards, games, seats, w)  # k >= 1 (ruling EW-37)
    take(ecards, games, seats, w, row(Opt.DISCARD, a))
    take(ecards, games, seats, w, row(Opt.DISCARD, b))
    assert seats[0, 0].pos == 4 and g.stage == Stage.PHASE


def test_concertante_gives_every_countryside_player_an_array_card_in_turn_order(ecards):
    games, seats, w = blank_game(ecards, vocations=[COUNTRYSIDE, CHURCH, COUNTRYSIDE, COUNTRYSIDE])
    g = games[0]
    g.current = g.actor = 2
    take(ecards, games, seats, w, row(Opt.VOC, ability(ecards, "countryside_concertante")))
    take(ecards, games, seats, w, row(Opt.PASS))  # seat 1's Absolution (ruling EW-25)
    order = []
    while g.stage == Stage.TAKE:
        order.append(int(g.actor))
        assert row(Opt.TAKE, -1) not in options(ecards, games, seats, w)  # not the deck top
        take(ecards, games, seats, w, row(Opt.TAKE, 0))
    assert order == [2, 3, 0]  # ruling EW-36, from the activator
    assert [len(hand(g, p)) for p in range(4)] == [1, 0, 1, 1]


def test_music_of_the_spheres_succeeds_on_twelve_of_thirty_six(ecards):
    hits = sum(spheres_success_nb(x, y) for x, y in itertools.product(range(1, 7), repeat=2))
    assert hits == 12  # ruling EW-27


def test_reactive_cards_are_no_flip_or_spend_on_their_holders_turn(ecards):
    games, seats, w = blank_game(ecards)  # patrons play since phase (b): test_patrons.py
    for design in ("sustain", "council_of_trent", "machaut", "elizabeth_nevell"):
        give_design(ecards, games[0], design, 0)
    rows = options(ecards, games, seats, w)
    assert not [r for r in rows if r[0] in (Opt.FLIP, Opt.SPEND)]
