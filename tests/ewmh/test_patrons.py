"""The patrons' own texts (rules/patrons_nb.py), each on a hand-made state: Alfonso the
Wise, Philip the Good, Amadeus VIII, William V and Court's doubling (ruling EW-21);
Elizabeth Nevell's text is a reaction (phase c), only her keep condition plays."""

from __future__ import annotations

from simcore.games.ewmh.rules.held_nb import plays_text_nb
from simcore.games.ewmh.state.codes import VOC_CARD, Ev, Opt, Stage
from tests.ewmh.state import (
    blank_game,
    cards_of,
    give_comp,
    give_design,
    hand,
    options,
    row,
    take,
)

CHURCH, COURT, COUNTRYSIDE = 0, 1, 2
FILLERS = (
    "ockeghem", "cipriano_de_rore", "landini", "hildegard_plainchant", "susato", "leonin",
    "byrd", "palestrina", "di_lasso", "petrucci",
)  # fmt: skip
L = 36


def fill(cards, g, p, n):
    """Seat p gets n statics that do nothing at the end of a turn."""
    return [give_design(cards, g, d, p) for d in FILLERS[:n]]


def events(g, w, code):
    """The logged events of one code: rows (seat, a, b, c, d)."""
    rows = w.log[: min(int(g.log_n), w.log.shape[0])]
    return [tuple(int(x) for x in r[[1, 3, 4, 5, 6]]) for r in rows if r[2] == code]


def end_turn(cards, games, seats, w):
    games[0].rolled = 1
    take(cards, games, seats, w, row(Opt.END))


def test_patrons_play_their_texts_but_nevell_waits_for_the_reactions(ecards):
    t = ecards.tables
    for design, effect in (
        ("alfonso_the_wise", 34),
        ("philip_the_good", 7),
        ("amadeus_viii", 35),
        ("william_v", 36),
    ):
        assert plays_text_nb(t, cards_of(ecards, design)[0]) == effect
    assert plays_text_nb(t, cards_of(ecards, "elizabeth_nevell")[0]) == -1  # phase (c)


def test_alfonso_raises_the_hand_limit_by_two_ruling_EW_19(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    give_design(ecards, g, "alfonso_the_wise", 0)
    fill(ecards, g, 0, 7)  # 8 effect cards and the vocation: 9, Alfonso's limit
    end_turn(ecards, games, seats, w)
    assert g.stage == Stage.TURN and g.current == 1 and len(hand(g, 0)) == 8
    games, seats, w = blank_game(ecards)  # without Alfonso: down to 7
    fill(ecards, games[0], 0, 8)
    end_turn(ecards, games, seats, w)
    assert games[0].stage == Stage.HAND_LIMIT


def test_court_takes_alfonsos_plus_four_ruling_EW_21(ecards):
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    g = games[0]
    give_design(ecards, g, "alfonso_the_wise", 0)
    fill(ecards, g, 0, 9)  # 10 and the vocation: 11 = 7 + 2 x 2
    end_turn(ecards, games, seats, w)
    assert g.stage == Stage.TURN and len(hand(g, 0)) == 10
    games, seats, w = blank_game(ecards, vocations=[COURT] * 4)
    give_design(ecards, games[0], "alfonso_the_wise", 0)
    fill(ecards, games[0], 0, 10)  # 12: one over
    end_turn(ecards, games, seats, w)
    assert games[0].stage == Stage.HAND_LIMIT


def test_philip_doubles_the_next_roll_ruling_EW_21(ecards):
    for voc, factor in ((CHURCH, 2), (COURT, 3)):  # Court: twice the benefit, x3
        others = [COUNTRYSIDE] * 3  # no other seat holds Absolution (its window: phase c)
        games, seats, w = blank_game(ecards, vocations=[voc, *others])
        g = games[0]
        c = give_design(ecards, g, "philip_the_good", 0)
        take(ecards, games, seats, w, row(Opt.FLIP, c))
        assert seats[0, 0].roll_mult == factor and g.card_flipped[c] == 1
        take(ecards, games, seats, w, row(Opt.ROLL))
        (roll,) = events(g, w, Ev.ROLL)
        assert roll[2] == factor * roll[1] and roll[4] == factor  # a die, b moved, d factor
        assert seats[0, 0].roll_mult == 0  # used up


def test_philip_flipped_after_the_roll_doubles_the_next_turns_roll_ruling_EW_13(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    c = give_design(ecards, g, "philip_the_good", 0)
    g.rolled = 1
    take(ecards, games, seats, w, row(Opt.FLIP, c))
    take(ecards, games, seats, w, row(Opt.END))
    assert g.current == 1 and seats[0, 0].roll_mult == 2  # pending, public (spec 1.3)
    g.card_flipped[c] = 0  # refreshed: no second doubling is listed while one is pending
    g.current = g.actor = 0
    g.stage = Stage.PHASE
    assert row(Opt.FLIP, c) not in options(ecards, games, seats, w)


def test_philip_is_not_offered_on_end_ruling_EW_16(ecards):
    games, seats, w = blank_game(ecards)
    c = give_design(ecards, games[0], "philip_the_good", 0)
    assert row(Opt.FLIP, c) in options(ecards, games, seats, w)
    seats[0, 0].pos = L
    seats[0, 0].arrival = 1
    games[0].n_arrived = 1
    assert row(Opt.FLIP, c) not in options(ecards, games, seats, w)


def test_william_moves_two_per_fresh_card_at_the_end_of_the_own_turn_ruling_EW_23(ecards):
    for voc, per in ((CHURCH, 2), (COURT, 4)):  # ruling EW-21: Court +4 per card
        games, seats, w = blank_game(ecards, vocations=[voc] * 4)
        g = games[0]
        william = give_design(ecards, g, "william_v", 0)
        a, b, flipped = fill(ecards, g, 0, 3)
        g.card_flipped[flipped] = 1
        seats[0, 0].pos = 3
        end_turn(ecards, games, seats, w)
        fresh = 4  # William, two fillers and the vocation
        assert seats[0, 0].pos == 3 + per * fresh and seats[0, 0].patron_spaces == per * fresh
        assert events(g, w, Ev.PATRON_MOVE) == [(0, william, per * fresh, fresh, 0)]
        assert g.stage == Stage.TURN and g.current == 1


def test_william_moves_nothing_on_end_ruling_EW_16(ecards):
    games, seats, w = blank_game(ecards)
    give_design(ecards, games[0], "william_v", 0)
    seats[0, 0].pos = L
    seats[0, 0].arrival = 1
    games[0].n_arrived = 1
    end_turn(ecards, games, seats, w)
    assert seats[0, 0].pos == L and events(games[0], w, Ev.PATRON_MOVE) == []


def test_a_william_arrival_produces_at_once_then_the_turn_ends_ruling_EW_15(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    give_design(ecards, g, "william_v", 0)
    give_comp(ecards, g, "cantiga", 0)
    seats[0, 0].pos = L - 3  # William and the vocation fresh: +4
    end_turn(ecards, games, seats, w)
    assert seats[0, 0].arrival == 1 and g.stage == Stage.FREE and g.actor == 0
    assert g.ending > 0  # the end of the turn resumes after the free productions
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])  # the Cantiga
    assert seats[0, 0].produced_free == 1
    take(ecards, games, seats, w, row(Opt.STOP))
    assert g.stage == Stage.TURN and g.current == 1 and g.ending == 0


def test_amadeus_moves_two_per_card_another_player_discards_ruling_EW_22(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    amadeus = give_design(ecards, g, "amadeus_viii", 1)
    seats[0, 1].pos = 5
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 2))  # seat 0 spends: a discard
    assert seats[0, 1].pos == 7
    assert events(g, w, Ev.PATRON_MOVE) == [(1, amadeus, 2, 1, 0)]
    annex = give_design(ecards, g, "royal_annex", 0)
    victim = give_design(ecards, g, "guido", 1)
    take(ecards, games, seats, w, row(Opt.SPEND, annex, 1, victim))
    assert seats[0, 1].pos == 7 + 3 + 2 * 2  # Annex's +3; two discards (the spend, the victim)
    assert g.stage == Stage.PHASE and (g.disc_pending == 0).all()


def test_amadeus_ignores_its_holders_own_discards_and_court_doubles_it_ruling_EW_21(ecards):
    games, seats, w = blank_game(ecards, vocations=[CHURCH, COURT, COUNTRYSIDE, COUNTRYSIDE])
    g = games[0]
    give_design(ecards, g, "amadeus_viii", 0)
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 2))
    assert seats[0, 0].pos == 0  # its own discard
    give_design(ecards, g, "amadeus_viii", 1)  # now Court's seat 1 holds it
    fill(ecards, g, 0, 8)  # 8 cards and the vocation: 2 hand-limit discards
    end_turn(ecards, games, seats, w)
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])
    assert seats[0, 1].pos == 2 * 4 and g.stage == Stage.TURN


def test_an_amadeus_arrival_in_the_free_phase_produces_at_once_ruling_EW_15(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    give_design(ecards, g, "amadeus_viii", 2)
    give_comp(ecards, g, "cantiga", 2)
    seats[0, 2].pos = L - 1
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 1))
    assert seats[0, 2].arrival == 1 and g.stage == Stage.FREE and g.actor == 2
    take(ecards, games, seats, w, row(Opt.STOP))
    assert g.stage == Stage.PHASE and g.actor == 0


def test_court_doubles_only_the_patrons_benefits_ruling_EW_21(ecards):
    from simcore.games.ewmh.rules.patrons_nb import patron_factor_nb

    t = ecards.tables
    games, seats, _ = blank_game(ecards, vocations=[CHURCH, COURT, COUNTRYSIDE, COURT])
    assert [patron_factor_nb(t, seats[0], p) for p in range(4)] == [1, 2, 1, 2]


def test_a_payment_unit_flip_of_philip_is_no_doubling(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    c = give_design(ecards, g, "philip_the_good", 0)
    give_comp(ecards, g, "cantiga", 0)
    genre = ecards.index("compositions", "cantiga")
    take(ecards, games, seats, w, row(Opt.PRODUCE, genre, 0))
    take(ecards, games, seats, w, (int(Opt.PAY), VOC_CARD, 0, -1, -1, 0))
    take(ecards, games, seats, w, (int(Opt.PAY), c, 0, -1, -1, 0))
    assert g.card_flipped[c] == 1 and seats[0, 0].roll_mult == 0
