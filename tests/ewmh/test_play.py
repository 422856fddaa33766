"""Whole games: random games end soundly at 2, 4 and 9 players; the same seed plays the
same games whatever the threads and blocks; a game resumes at any decision; the result
tables carry the common columns; a bad pick is caught."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.ewmh.game import GAME
from simcore.games.ewmh.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.ewmh.rules.setup_nb import setup_nb
from simcore.games.ewmh.sizes import MAX_PLAYERS
from simcore.games.ewmh.state.codes import End, Stage, Violation
from simcore.games.ewmh.state.dtypes import new_state
from simcore.games.ewmh.state.work import new_work
from strategies.ewmh.dispatch_nb import choose_nb

ALL = (1 << MAX_PLAYERS) - 1


def batch(cards, n, games, seed=1, threads=1, first=0):
    return GAME.play_batch(cards, n, seed, GAME.parse_seats(None, n), first, games, threads=threads)


SOUND = [pytest.param(1000, id="1000"), pytest.param(20_000, id="20000", marks=pytest.mark.slow)]


@pytest.mark.parametrize("games", SOUND)
@pytest.mark.parametrize("n", [2, 4, 9])
def test_random_games_end_soundly(ecards, n, games):
    b = batch(ecards, n, games)
    g = b.games
    assert (g["violations"] == 0).all(), np.unique(g["violations"])
    assert (g["stage"] == Stage.OVER).all()
    assert set(np.unique(g["end_trigger"])) <= {End.ALL_ARRIVED, End.CAP}
    assert (g["end_trigger"] == End.CAP).mean() < 0.01  # the cap is a rare way to end
    s = b.seats[:, :n]
    assert np.allclose(s["win"].sum(axis=1), 1.0)
    parts = s["points_base"] + s["points_vocation"] + s["points_genre"] + s["points_unproduced"]
    assert (s["points"] == parts).all()
    arrived = np.sort(s["arrival"], axis=1)
    done = g["end_trigger"] == End.ALL_ARRIVED
    assert (arrived[done] == np.arange(1, n + 1)).all()


def test_the_same_seed_plays_the_same_games_whatever_the_threads_and_blocks(ecards):
    one = batch(ecards, 4, 400, seed=5, threads=1)
    two = batch(ecards, 4, 400, seed=5, threads=2)
    assert one.games.tobytes() == two.games.tobytes()
    assert one.seats.tobytes() == two.seats.tobytes()
    tail = batch(ecards, 4, 100, seed=5, threads=1, first=300)  # games 300..399 alone
    assert one.games[300:].tobytes() == tail.games.tobytes()
    other = batch(ecards, 4, 400, seed=6, threads=1)
    assert one.games["seed"].tolist() != other.games["seed"].tolist()


def test_a_single_game_replays_from_its_seed(ecards):
    seats = GAME.parse_seats(None, 9)
    a = GAME.play_game(ecards, 9, 12345, seats)
    b = GAME.play_game(ecards, 9, 12345, seats)
    assert np.array_equal(a.log, b.log) and a.game.tobytes() == b.game.tobytes()
    text = GAME.transcript(ecards, a, ["a game"])
    assert "the game ends" in text and text.count("rank") == 9


def fresh(cards, n, seed):
    games, seats = new_state(1)
    w = new_work(n_log=0)
    setup_nb(cards.tables, games[0], seats[0], w, n, seed, 0)
    return games, seats, w


def test_a_game_stepped_decision_by_decision_is_the_game_played_in_one_go(ecards):
    t = ecards.tables
    for n, seed in ((3, 21), (9, 4)):
        whole = fresh(ecards, n, seed)
        advance_nb(t, whole[0][0], whole[1][0], whole[2], 0)
        games, seats, w = fresh(ecards, n, seed)
        steps = 0
        while True:
            p = advance_nb(t, games[0], seats[0], w, ALL)
            if p < 0:
                break
            steps += 1
            if steps % 7 == 0:  # go on from a copy, as a search would
                games, seats = games.copy(), seats.copy()
            from simcore.games.ewmh.rules.options_nb import list_options_nb

            k = list_options_nb(t, games[0], seats[0], w)
            pick = choose_nb(seats[0, p].strategy, w.params[p], t, games[0], seats[0], p, w.opts, k)
            apply_top_nb(t, games[0], seats[0], w, p, pick)
        assert steps > 50
        assert games.tobytes() == whole[0].tobytes()
        assert seats.tobytes() == whole[1].tobytes()


def test_a_pick_outside_the_options_sets_the_bad_pick_bit(ecards):
    t = ecards.tables
    games, seats, w = fresh(ecards, 4, 8)
    p = advance_nb(t, games[0], seats[0], w, ALL)
    apply_top_nb(t, games[0], seats[0], w, p, 999)
    assert games[0].violations & Violation.BAD_PICK
    assert "PICK" in Violation.BAD_PICK.name


def test_the_result_tables_carry_the_common_columns(ecards):
    b = batch(ecards, 4, 50)
    tables = GAME.result_tables(ecards, b, 4, GAME.parse_seats(None, 4))
    games = tables["games"].column_names
    for col in (
        "game",
        "seed",
        "players",
        "winner_seats",
        "shared_win",
        "end_trigger",
        "violations",
    ):
        assert col in games
    seats = tables["seats"]
    for col in (
        "game",
        "seat",
        "start_order",
        "strategy",
        "points",
        "rank",
        "win",
        "vocation",
        "arrival",
    ):
        assert col in seats.column_names
    assert set(seats.column("vocation").to_pylist()) <= {"church", "court", "countryside"}
    assert sorted(set(seats.column("start_order").to_pylist())) == [1, 2, 3, 4]
    assert set(tables["games"].column("end_trigger").to_pylist()) <= {"all_arrived", "cap"}
    cards = tables["cards"]  # card events (tests/ewmh/test_results.py checks them)
    assert cards.num_rows > 0 and set(cards["game"].to_pylist()) == set(range(50))


def test_player_counts_outside_two_to_nine_are_one_line_errors(ecards):
    from simcore.errors import TuttiError

    with pytest.raises(TuttiError, match="2.9 players"):
        GAME.play_batch(ecards, 10, 1, GAME.parse_seats(None, 2) * 5, 0, 1)


PLAIN = """
import sys
from simcore.games.ewmh.game import GAME
cards = GAME.load_cards()
played = GAME.play_game(cards, 3, 5, GAME.parse_seats(None, 3))
sys.stdout.write(GAME.transcript(cards, played, []))
"""


def test_plain_python_plays_the_same_game(ecards):
    import os
    import subprocess
    import sys

    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", PLAIN], env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    played = GAME.play_game(ecards, 3, 5, GAME.parse_seats(None, 3))
    assert proc.stdout == GAME.transcript(ecards, played, [])


def test_the_registered_game_binds_its_random_dispatch():
    from simcore import games
    from simcore.games import binding
    from simcore.games.ewmh.play import decide_nb

    assert games.get("ewmh").name == "ewmh"  # registered (merged with phases (b) and (c))
    assert decide_nb.choose_nb is choose_nb and not binding.is_unbound(choose_nb)
    assert binding.dispatch_module(decide_nb.__name__) == "strategies.ewmh.dispatch_nb"
