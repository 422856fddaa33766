"""Producing compositions (rulebook: Compositions, Effect cards; spec 1.2.4): the banner,
the cost, the units, and the points with the half for another age and the bonuses."""

from __future__ import annotations

from simcore.games.ewmh.carddata.load import load_cards
from simcore.games.ewmh.codes import Age
from simcore.games.ewmh.rules.produce_nb import banner_points_nb
from simcore.games.ewmh.rules.scoring_nb import end_game_nb
from simcore.games.ewmh.state.codes import VOC_CARD, End, Opt, Stage
from tests.ewmh.state import (
    blank_game,
    give_comp,
    give_design,
    hand_comps,
    options,
    row,
    take,
)

CHURCH, COURT, COUNTRYSIDE = 0, 1, 2


def points(cards, games, p, genre_id, age):
    gi = cards.index("compositions", genre_id)
    return banner_points_nb(cards.tables, games[0], p, gi, age)


def test_the_cantiga_example_flips_two_cards_and_scores_two(ecards):
    # rulebook: "to produce my Cantiga in the Age of Monophony, I would need to flip 2
    # effect cards to their red-bannered side. Then I would score 2 points"
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    k = give_comp(ecards, g, "cantiga", 0)
    a = give_design(ecards, g, "guido", 0)
    cantiga = ecards.index("compositions", "cantiga")
    take(ecards, games, seats, w, row(Opt.PRODUCE, cantiga, Age.MONOPHONY))
    assert g.stage == Stage.PAY and g.left == 2
    take(ecards, games, seats, w, row(Opt.PAY, a, 0))
    take(ecards, games, seats, w, row(Opt.PAY, VOC_CARD, 0))  # the vocation is a unit too
    assert g.stage == Stage.PHASE and g.comp_state[k] == 2 and g.comp_base[k] == 2
    assert g.card_flipped[a] == 1 and seats[0, 0].voc_flipped == 1
    end_game_nb(ecards.tables, g, seats[0], w, End.ALL_ARRIVED)
    assert seats[0, 0].points == 2 and g.violations == 0


def test_the_madrigal_example_in_the_high_renaissance_scores_five():
    cards = load_cards(None, ["rules.age.value=high_renaissance"])
    games, seats, w = blank_game(cards, vocations=[COURT] * 4)
    assert points(cards, games, 0, "madrigal", Age.HIGH_RENAISSANCE) == 5


def test_a_production_is_offered_only_when_its_units_are_at_hand(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    give_comp(ecards, g, "cantiga", 0)
    cantiga = ecards.index("compositions", "cantiga")
    assert row(Opt.PRODUCE, cantiga, Age.MONOPHONY) not in options(ecards, games, seats, w)
    give_design(ecards, g, "guido", 0)
    assert row(Opt.PRODUCE, cantiga, Age.MONOPHONY) in options(ecards, games, seats, w)


def test_another_ages_banner_scores_half_rounded_down(ecards):
    games, seats, w = blank_game(ecards)
    assert points(ecards, games, 0, "motet", Age.EARLY_POLYPHONY) == 2  # 4 / 2
    assert points(ecards, games, 0, "ballata", Age.EARLY_POLYPHONY) == 1  # 3 / 2 down (EW-9)
    assert points(ecards, games, 0, "motet", Age.MONOPHONY) == -1  # the Motet has none


def test_half_rounds_up_and_off_age_forbidden_by_switch():
    cards = load_cards(None, ["rules.half_round.value=up", "rules.off_age.value=forbidden"])
    games, seats, w = blank_game(cards)
    assert points(cards, games, 0, "ballata", Age.EARLY_POLYPHONY) == -1
    give_design(cards, games[0], "leonin", 0)
    assert points(cards, games, 0, "ballata", Age.EARLY_POLYPHONY) == 3
    cards = load_cards(None, ["rules.half_round.value=up"])
    games, seats, w = blank_game(cards)
    assert points(cards, games, 0, "ballata", Age.EARLY_POLYPHONY) == 2


def test_a_full_points_card_scores_its_age_in_full(ecards):
    games, seats, w = blank_game(ecards)
    give_design(ecards, games[0], "leonin", 0)  # "Score full points for Early Polyphonic"
    assert points(ecards, games, 0, "motet", Age.EARLY_POLYPHONY) == 4
    assert points(ecards, games, 1, "motet", Age.EARLY_POLYPHONY) == 2  # only its holder


def test_vocation_and_genre_bonuses_are_fixed_at_production(ecards):
    t = ecards.tables
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COUNTRYSIDE, COURT, COURT])
    g = games[0]
    give_design(ecards, g, "susato", 1, 0)
    give_design(ecards, g, "susato", 1, 1)
    k = give_comp(ecards, g, "dance", 1)
    c = give_comp(ecards, g, "plainchant", 0)
    g.current = g.actor = 1
    seats[0, 1].pending_free = 1
    g.stage = Stage.FREE
    dance = ecards.index("compositions", "dance")
    take(ecards, games, seats, w, row(Opt.FREE, dance, Age.MONOPHONY))
    # Countryside +2 (Dance), Susato +1 twice (rulebook cards; ruling EW-10)
    assert (g.comp_base[k], g.comp_voc[k], g.comp_bonus[k]) == (2, 2, 4)
    g.current = g.actor = 0
    seats[0, 0].pending_free = 1
    g.stage = Stage.FREE
    plainchant = ecards.index("compositions", "plainchant")
    take(ecards, games, seats, w, row(Opt.FREE, plainchant, Age.MONOPHONY))
    assert (g.comp_base[c], g.comp_bonus[c]) == (2, 2)  # Church +2 (Sacred, Liturgical)
    give_comp(ecards, g, "mass", 2)  # unproduced: 1 point at the end
    end_game_nb(t, g, seats[0], w, End.ALL_ARRIVED)
    assert list(seats[0, :3].points) == [4, 6, 1]
    assert seats[0, 1].points_genre == 2 and seats[0, 1].points_vocation == 2
    assert g.violations == 0


def test_petrucci_pays_three_units(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    give_comp(ecards, g, "dance", 0)
    p = give_design(ecards, g, "petrucci", 0)
    seats[0, 0].voc_flipped = 1
    dance = ecards.index("compositions", "dance")
    # a 3-point banner (Early Renaissance) paid by Petrucci alone (ruling EW-12)
    take(ecards, games, seats, w, row(Opt.PRODUCE, dance, Age.EARLY_RENAISSANCE))
    take(ecards, games, seats, w, row(Opt.PAY, p, 0))
    assert g.stage == Stage.PHASE and seats[0, 0].produced == 1 and seats[0, 0].units == 3


def test_printing_press_takes_two_off_one_piece(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    pp = give_design(ecards, g, "printing_press", 0)
    give_comp(ecards, g, "cantiga", 0)
    give_comp(ecards, g, "cantiga", 0, 1)
    seats[0, 0].voc_flipped = 1
    take(ecards, games, seats, w, row(Opt.FLIP, pp))
    cantiga = ecards.index("compositions", "cantiga")
    take(ecards, games, seats, w, row(Opt.PRODUCE, cantiga, Age.MONOPHONY))  # costs 0
    assert seats[0, 0].produced == 1 and g.stage == Stage.PHASE
    assert row(Opt.PRODUCE, cantiga, Age.MONOPHONY) not in options(ecards, games, seats, w)
    assert len(hand_comps(g, 0)) == 1


def test_house_medici_pays_with_the_targets_fresh_cards(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    medici = give_design(ecards, g, "house_medici", 0)
    theirs = give_design(ecards, g, "guido", 2)
    give_comp(ecards, g, "cantiga", 0)
    seats[0, 0].voc_flipped = 1
    take(ecards, games, seats, w, row(Opt.FLIP, medici, 2))
    assert g.medici == 2 and g.bank == 1
    cantiga = ecards.index("compositions", "cantiga")
    take(ecards, games, seats, w, row(Opt.PRODUCE, cantiga, Age.MONOPHONY))
    assert g.stage == Stage.PAY and g.left == 1  # Medici's own unit paid 1 of 2
    take(ecards, games, seats, w, row(Opt.PAY, theirs, 2))
    assert g.card_flipped[theirs] == 1 and seats[0, 0].produced == 1


def test_tied_leaders_share_the_win_or_the_earlier_arriver_takes_it():
    for patch, wins in (([], [0.5, 0.5, 0.0]), (["rules.tie_break.value=arrival"], [0, 1, 0])):
        cards = load_cards(None, patch)
        games, seats, w = blank_game(cards, 3, vocations=[COURT] * 3)
        g = games[0]
        give_comp(cards, g, "mass", 0)
        give_comp(cards, g, "dance", 1)
        for p, arrival in ((0, 2), (1, 1), (2, 0)):
            seats[0, p].arrival = arrival
        end_game_nb(cards.tables, g, seats[0], w, End.CAP)  # ruling EW-18
        assert list(seats[0, :3].points) == [1, 1, 0]
        assert list(seats[0, :3].win) == wins


def test_bonuses_read_at_the_end_by_switch():
    cards = load_cards(None, ["rules.bonus_timing.value=end"])
    games, seats, w = blank_game(cards, vocations=[COURT] * 4)
    g = games[0]
    k = give_comp(cards, g, "mass", 0)
    seats[0, 0].pending_free = 1
    g.stage = Stage.FREE
    mass = cards.index("compositions", "mass")
    take(cards, games, seats, w, row(Opt.FREE, mass, Age.EARLY_POLYPHONY))
    assert g.comp_bonus[k] == 0
    give_design(cards, g, "ockeghem", 0)  # held at the end: "Masses are worth 3 additional"
    end_game_nb(cards.tables, g, seats[0], w, End.ALL_ARRIVED)
    assert seats[0, 0].points == 2 + 3 and seats[0, 0].points_genre == 3 and g.violations == 0
