"""The patrons' keep conditions K1-K3 (rules/keep_nb.py) on hand-made states: checked at
the end of the holder's own turn with the grace of ruling EW-20, the hand-limit choice of
ruling EW-19, a lost patron in the array (ruling EW-7); and in whole games."""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import Keep
from simcore.games.ewmh.rules.keep_nb import turn_start_keep_nb
from simcore.games.ewmh.state.codes import VOC_CARD, Ev, Opt, Stage
from simcore.games.ewmh.state.dtypes import Loc
from tests.ewmh.state import (
    blank_game,
    give_comp,
    give_design,
    hand,
    options,
    row,
    take,
)
from tests.ewmh.test_patrons import events, fill

ARRAY_SIZE = 4


def since_turn_start(games, seats, w, cards, p=0):
    """Seat p's turn begins with what it holds now (the grace of ruling EW-20 is over)."""
    turn_start_keep_nb(cards.tables, games[0], seats[0], w, p)


def end_turn(cards, games, seats, w):
    games[0].rolled = 1
    take(cards, games, seats, w, row(Opt.END))


def patched(*patches):
    from simcore.games.ewmh.carddata.load import load_cards

    return load_cards(None, list(patches))


def test_a_negative_action_loses_alfonso_to_the_array_ruling_EW_20_and_EW_7(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    alfonso = give_design(ecards, g, "alfonso_the_wise", 0)
    plag = give_design(ecards, g, "plagiarize", 0)
    since_turn_start(games, seats, w, ecards)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 2))  # Plagiarize: negative
    assert seats[0, 0].negative == 1 and events(g, w, Ev.NEGATIVE) == [(0, 2, 0, 0, 0)]
    end_turn(ecards, games, seats, w)
    assert g.card_loc[alfonso] == Loc.ARRAY and g.array[ARRAY_SIZE] == alfonso  # extra slot
    assert events(g, w, Ev.KEEP) == [(0, alfonso, 0, Keep.NO_NEGATIVE, 0)]
    assert events(g, w, Ev.PATRON_LOST) == [(0, alfonso, ARRAY_SIZE, 0, 0)]
    assert seats[0, 0].patrons_lost == 1 and seats[0, 0].negative == 0  # afresh
    g.current = g.actor = 1  # the next player may take it ("publicly available")
    g.stage = Stage.TAKE
    g.left = 1
    assert row(Opt.TAKE, ARRAY_SIZE) in options(ecards, games, seats, w)


def test_not_negative_actions_keep_philip_ruling_EW_20(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    philip = give_design(ecards, g, "philip_the_good", 0)
    revolt = give_design(ecards, g, "peasants_revolt", 0)
    harden = give_design(ecards, g, "harden_soften", 0)
    since_turn_start(games, seats, w, ecards)
    seats[0, 1].pos = 4
    take(ecards, games, seats, w, row(Opt.FLIP, harden, 1, 1))  # another pawn forward
    g.card_loc[philip] = 0  # whatever the Revolt deals, Philip stays for the check
    take(ecards, games, seats, w, row(Opt.SPEND, revolt))  # global, not negative
    assert seats[0, 0].negative == 0
    for c in hand(g, 0):
        if c != philip:
            g.card_loc[c] = 1
    g.card_loc[philip] = 0
    g.card_start[philip] = 1
    end_turn(ecards, games, seats, w)
    assert g.card_loc[philip] == 0 and events(g, w, Ev.KEEP)[-1][2] == 1


def test_moving_another_pawn_backwards_is_negative_ruling_EW_20(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    philip = give_design(ecards, g, "philip_the_good", 0)
    harden = give_design(ecards, g, "harden_soften", 0)
    since_turn_start(games, seats, w, ecards)
    seats[0, 1].pos = 4
    take(ecards, games, seats, w, row(Opt.FLIP, harden, 1, -1))
    end_turn(ecards, games, seats, w)
    assert g.card_loc[philip] == Loc.ARRAY


def test_a_patron_gained_this_turn_is_checked_next_turn_ruling_EW_20(ecards):
    games, seats, w = blank_game(ecards)  # no turn start: Alfonso came this turn
    g = games[0]
    alfonso = give_design(ecards, g, "alfonso_the_wise", 0)
    plag = give_design(ecards, g, "plagiarize", 0)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 2))
    end_turn(ecards, games, seats, w)
    assert g.card_loc[alfonso] == 0 and events(g, w, Ev.KEEP) == []  # the grace
    strict = patched("rules.patron_grace.value=false")  # switch off: checked at once
    games, seats, w = blank_game(strict)
    g = games[0]
    alfonso = give_design(strict, g, "alfonso_the_wise", 0)
    plag = give_design(strict, g, "plagiarize", 0)
    take(strict, games, seats, w, row(Opt.SPEND, plag, 2))
    end_turn(strict, games, seats, w)
    assert g.card_loc[alfonso] == Loc.ARRAY


def test_nevell_is_kept_only_by_publishing_a_piece_this_turn_ruling_EW_20(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    nevell = give_design(ecards, g, "elizabeth_nevell", 0)
    seats[0, 0].produced = 3  # earlier turns' pieces do not count
    since_turn_start(games, seats, w, ecards)
    end_turn(ecards, games, seats, w)
    assert g.card_loc[nevell] == Loc.ARRAY
    assert events(g, w, Ev.KEEP) == [(0, nevell, 0, Keep.PUBLISH_EACH_TURN, 0)]
    games, seats, w = blank_game(ecards)
    g = games[0]
    nevell = give_design(ecards, g, "elizabeth_nevell", 0)
    filler = give_design(ecards, g, "ockeghem", 0)
    give_comp(ecards, g, "cantiga", 0)
    since_turn_start(games, seats, w, ecards)
    take(ecards, games, seats, w, row(Opt.PRODUCE, ecards.index("compositions", "cantiga"), 0))
    take(ecards, games, seats, w, (int(Opt.PAY), VOC_CARD, 0, -1, -1, 0))
    take(ecards, games, seats, w, (int(Opt.PAY), filler, 0, -1, -1, 0))
    end_turn(ecards, games, seats, w)
    assert g.card_loc[nevell] == 0 and events(g, w, Ev.KEEP)[-1][2] == 1


def test_the_hand_limit_choice_six_keeps_amadeus_seven_loses_it_ruling_EW_19(ecards):
    for discard in (True, False):
        games, seats, w = blank_game(ecards)
        g = games[0]
        amadeus = give_design(ecards, g, "amadeus_viii", 0)
        fill(ecards, g, 0, 5)  # 6 effect cards and the vocation: 7, within the limit
        since_turn_start(games, seats, w, ecards)
        end_turn(ecards, games, seats, w)
        assert g.stage == Stage.HAND_LIMIT
        rows = options(ecards, games, seats, w)
        assert rows[-1] == row(Opt.STOP) and len(rows) == 7  # 6 discards or stay at 7
        if discard:
            take(ecards, games, seats, w, row(Opt.DISCARD, hand(g, 0)[0]))
            assert g.card_loc[amadeus] == 0  # kept at 6
        else:
            take(ecards, games, seats, w, row(Opt.STOP))
            assert g.card_loc[amadeus] == Loc.ARRAY and len(hand(g, 0)) == 5
            assert events(g, w, Ev.KEEP) == [(0, amadeus, 0, Keep.HAND_LIMIT, 0)]
        assert g.stage == Stage.TURN and g.current == 1


def test_no_stop_above_the_hand_limit_and_no_choice_in_the_grace_ruling_EW_19(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    give_design(ecards, g, "william_v", 0)
    fill(ecards, g, 0, 6)  # 7 + vocation: above 7, discards only
    since_turn_start(games, seats, w, ecards)
    end_turn(ecards, games, seats, w)
    assert row(Opt.STOP) not in options(ecards, games, seats, w)
    take(ecards, games, seats, w, options(ecards, games, seats, w)[0])
    assert row(Opt.STOP) in options(ecards, games, seats, w)  # now at 7: the choice
    games, seats, w = blank_game(ecards)  # William gained this turn: no check, no choice
    give_design(ecards, games[0], "william_v", 0)
    fill(ecards, games[0], 0, 5)
    end_turn(ecards, games, seats, w)
    assert games[0].stage == Stage.TURN


def test_alfonso_and_amadeus_stop_between_six_and_nine_ruling_EW_19(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    alfonso = give_design(ecards, g, "alfonso_the_wise", 0)
    amadeus = give_design(ecards, g, "amadeus_viii", 0)
    fill(ecards, g, 0, 6)  # 8 + vocation = 9: Alfonso's limit, above Amadeus's 6
    since_turn_start(games, seats, w, ecards)
    end_turn(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.STOP))
    assert g.card_loc[amadeus] == Loc.ARRAY and g.card_loc[alfonso] == 0
    assert g.violations == 0  # 8 left without Amadeus: within Alfonso's 9


def test_losing_alfonso_at_the_check_is_no_hand_violation_ruling_EW_19(ecards):
    games, seats, w = blank_game(ecards)
    g = games[0]
    alfonso = give_design(ecards, g, "alfonso_the_wise", 0)
    plag = give_design(ecards, g, "plagiarize", 0)
    fill(ecards, g, 0, 7)
    since_turn_start(games, seats, w, ecards)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 1))
    end_turn(ecards, games, seats, w)  # 9 within Alfonso's limit, then Alfonso lost
    assert g.card_loc[alfonso] == Loc.ARRAY and len(hand(g, 0)) == 7 and g.violations == 0


def test_one_round_returns_a_lost_patron_to_the_discard_pile_ruling_EW_7(ecards):
    cards = patched("rules.patron_in_array.value=one_round")
    games, seats, w = blank_game(cards)
    g = games[0]
    alfonso = give_design(cards, g, "alfonso_the_wise", 0)
    plag = give_design(cards, g, "plagiarize", 0)
    since_turn_start(games, seats, w, cards)
    take(cards, games, seats, w, row(Opt.SPEND, plag, 2))
    end_turn(cards, games, seats, w)
    assert g.array[ARRAY_SIZE] == alfonso and g.array_lost_by[ARRAY_SIZE] == 1
    since_turn_start(games, seats, w, cards, 1)  # another seat's turn: it stays
    assert g.card_loc[alfonso] == Loc.ARRAY
    since_turn_start(games, seats, w, cards, 0)  # the loser's next turn: gone
    assert g.card_loc[alfonso] == Loc.DISCARD and g.array[ARRAY_SIZE] == -1
    assert events(g, w, Ev.EXPIRE) == [(0, alfonso, ARRAY_SIZE, 0, 0)]
    games, seats, w = blank_game(ecards)  # until_taken (default): it stays
    g = games[0]
    alfonso = give_design(ecards, g, "alfonso_the_wise", 0)
    plag = give_design(ecards, g, "plagiarize", 0)
    since_turn_start(games, seats, w, ecards)
    take(ecards, games, seats, w, row(Opt.SPEND, plag, 2))
    end_turn(ecards, games, seats, w)
    since_turn_start(games, seats, w, ecards, 0)
    assert g.card_loc[alfonso] == Loc.ARRAY


def test_court_keeps_the_same_conditions_ruling_EW_21(ecards):
    games, seats, w = blank_game(ecards, vocations=[1] * 4)
    g = games[0]
    amadeus = give_design(ecards, g, "amadeus_viii", 0)
    fill(ecards, g, 0, 5)
    since_turn_start(games, seats, w, ecards)
    end_turn(ecards, games, seats, w)
    take(ecards, games, seats, w, row(Opt.STOP))  # 7 > 6, Court or not
    assert g.card_loc[amadeus] == Loc.ARRAY


def test_patrons_are_kept_lost_and_move_pawns_in_random_games(ecards):
    from simcore.games.ewmh.game import GAME

    b = GAME.play_batch(ecards, 4, 3, GAME.parse_seats(None, 4), 0, 300)
    s = b.seats[:, :4]
    assert (b.games["violations"] == 0).all()
    assert s["patrons_lost"].sum() > 0 and s["patron_spaces"].sum() > 0
    seats = GAME.result_tables(ecards, b, 4, GAME.parse_seats(None, 4))["seats"]
    assert seats.column("patrons_lost").to_pylist() == s["patrons_lost"].reshape(-1).tolist()
    for seed in range(40):
        played = GAME.play_game(ecards, 4, seed, GAME.parse_seats(None, 4))
        text = GAME.transcript(ecards, played, [])
        if "loses" in text and "fails the keep condition" in text:
            break
    else:
        raise AssertionError("no patron lost in 40 games")
    assert "keeps" in text or "moves" in text
    assert np.all(played.game["violations"] == 0)


def test_the_end_of_a_turn_resumes_from_a_copy_at_the_keep_choice(ecards):
    """The keep-6-or-lose choice is a stage like the others (ruling EW-19): a copy of the
    records taken there plays on exactly as the original."""
    from simcore.games.ewmh.play.resume_nb import apply_top_nb

    t = ecards.tables
    games, seats, w = blank_game(ecards)
    g = games[0]
    give_design(ecards, g, "william_v", 0)
    fill(ecards, g, 0, 5)
    since_turn_start(games, seats, w, ecards)
    end_turn(ecards, games, seats, w)
    assert g.stage == Stage.HAND_LIMIT and g.ending > 0
    copy_games, copy_seats = games.copy(), seats.copy()
    for gs, ss in ((games, seats), (copy_games, copy_seats)):
        n = len(options(ecards, gs, ss, w))
        apply_top_nb(t, gs[0], ss[0], w, 0, n - 1)  # STOP: William moves, then is lost
    assert games.tobytes() == copy_games.tobytes() and seats.tobytes() == copy_seats.tobytes()
    assert g.stage == Stage.TURN and seats[0, 0].patrons_lost == 1 and seats[0, 0].pos == 2 * 7
