"""Pig's rules, one kernel at a time, on hand-made states (rules of Pig, folk game): a 1
loses the turn total, any other face adds to it, holding banks it, the target wins at once,
the turn cap ends the game as an outcome, ties at the cap share the win."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.pig.cards import load_cards
from simcore.games.pig.codes import End, Ev, Violation
from simcore.games.pig.dtypes import Stage, Stream, new_state, new_work
from simcore.games.pig.rules_nb import end_game_nb, hold_nb, roll_nb, setup_nb, start_turn_nb
from simcore.kernels.rng_nb import randint_nb


@pytest.fixture(scope="module")
def rules():
    return load_cards().table_array[0]


def _game(rules, players=3, seed=5):
    games, seats = new_state(1)
    w = new_work(np.zeros((9, 16)), n_log=200)
    setup_nb(rules, games[0], seats[0], w, players, seed, 0)
    return games[0], seats[0], w


def _dice_state_giving(face: int, faces: int = 6) -> np.uint64:
    """A dice-stream state whose next roll shows `face`."""
    for k in range(10_000):
        state = np.zeros(3, np.uint64)
        state[Stream.DICE] = k
        if 1 + randint_nb(state, Stream.DICE, faces) == face:
            return np.uint64(k)
    raise AssertionError(f"no state rolls {face}")


def _events(g, w) -> list[tuple[int, ...]]:
    return [tuple(r[1:6]) for r in w.log[: g.log_n].tolist()]


def test_setup_starts_a_random_first_player_s_turn(rules):
    firsts = set()
    for seed in range(40):
        g, s, _ = _game(rules, players=4, seed=seed)
        firsts.add(int(g.first))
        assert g.current == g.first and g.turn == 1 and g.stage == Stage.ROLL
        assert sorted(s.start_pos[:4].tolist()) == [0, 1, 2, 3] and s[g.first].start_pos == 0
    assert firsts == {0, 1, 2, 3}


def test_a_face_other_than_1_adds_to_the_turn_total_and_asks_the_seat(rules):
    g, s, w = _game(rules)
    p = int(g.current)
    g.turn_total = 7
    g.rng[Stream.DICE] = _dice_state_giving(5)
    roll_nb(rules, g, s, w, p)
    assert g.turn_total == 12 and g.stage == Stage.CHOOSE and g.current == p
    assert s[p].points_rolled == 5 and s[p].rolls == 1
    assert _events(g, w)[-1] == (p, Ev.ROLL, 5, 12, 0)


def test_a_1_loses_the_turn_total_and_passes_the_turn(rules):
    g, s, w = _game(rules)
    p = int(g.current)
    g.turn_total = 9
    s[p].score = 30
    g.rng[Stream.DICE] = _dice_state_giving(1)
    roll_nb(rules, g, s, w, p)
    assert s[p].score == 30 and s[p].points_lost == 9 and s[p].busts == 1
    assert g.turn_total == 0 and g.current == (p + 1) % 3 and g.stage == Stage.ROLL
    assert (p, Ev.ROLL, 1, 0, 0) in _events(g, w)


def test_holding_banks_the_turn_total_and_passes_the_turn(rules):
    g, s, w = _game(rules)
    p = int(g.current)
    g.turn_total = 20
    hold_nb(rules, g, s, w, p)
    assert s[p].score == 20 and s[p].holds == 1 and g.turn_total == 0
    assert g.current == (p + 1) % 3 and g.end_trigger == End.NONE


def test_banking_the_target_wins_at_once(rules):
    g, s, w = _game(rules)
    p = int(g.current)
    other = (p + 1) % 3
    s[p].score = s[p].points_rolled = 90
    s[p].points_rolled += 10
    s[other].score = s[other].points_rolled = 99
    g.turn_total = 10
    hold_nb(rules, g, s, w, p)
    assert g.end_trigger == End.TARGET and g.stage == Stage.OVER and g.violations == 0
    assert s[p].score == 100 and s[p].rank == 1 and s[p].win == 1.0
    assert s[other].rank == 2 and s[other].win == 0.0


def test_the_turn_cap_ends_the_game_when_every_player_had_its_turns(rules):
    capped = load_cards(patches=["rules.turn_cap.value=2"]).table_array[0]
    g, s, w = _game(capped)
    first = int(g.first)
    for p in range(3):
        s[p].turns = 2
    start_turn_nb(capped, g, s, w, (first + 1) % 3)  # not the first player: a turn begins
    assert g.end_trigger == End.NONE and s[(first + 1) % 3].turns == 3
    start_turn_nb(capped, g, s, w, first)  # the first player would begin turn 3
    assert g.end_trigger == End.CAP and g.stage == Stage.OVER and g.violations == 0


def test_tied_leaders_at_the_cap_share_the_win(rules):
    g, s, w = _game(rules)
    for p, score in enumerate((40, 55, 55)):
        s[p].score = s[p].points_rolled = score
    end_game_nb(rules, g, s, w, End.CAP)
    assert s.rank[:3].tolist() == [3, 1, 1]
    assert s.win[:3].tolist() == [0.0, 0.5, 0.5]


def test_a_score_that_is_not_its_parts_is_a_violation(rules):
    g, s, w = _game(rules)
    s[0].score = 12  # nothing rolled
    end_game_nb(rules, g, s, w, End.TARGET)
    assert g.violations == Violation.SCORE


def test_capped_games_end_by_the_cap_with_the_highest_score_winning():
    from simcore import games

    game = games.get("pig")
    cards = game.load_cards(patches=["rules.turn_cap.value=3"])
    seats = game.parse_seats("random", 4)
    batch = game.play_batch(cards, 4, 1, seats, 0, 500)
    tables = game.result_tables(cards, batch, 4, seats)["games"].to_pydict()
    ends = set(tables["end_trigger"])
    assert ends == {"cap", "target"} or ends == {"cap"}
    s = np.asarray(batch.seats)[:, :4]
    capped = np.array(tables["end_trigger"]) == "cap"
    assert (np.asarray(tables["turns"])[capped] == 12).all()  # 3 turns for each of 4
    assert (s["turns"][capped] == 3).all()
    best = s["score"].max(axis=1, keepdims=True)
    assert ((s["win"] > 0) == (s["score"] == best))[capped].all()
    assert set(tables["violations"]) == {0}
