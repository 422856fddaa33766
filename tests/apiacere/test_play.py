"""Whole games: random games end soundly at 2 to 5 players; the same seed plays the same
games whatever the threads and blocks; a game resumes at any decision; the result tables
carry both turn orders, the housing plan, the home city and the card events; a bad pick
is caught; the game is offered."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.errors import TuttiError
from simcore.games.apiacere.carddata.load import load_cards
from simcore.games.apiacere.game import GAME
from simcore.games.apiacere.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.apiacere.rules.setup_nb import setup_nb
from simcore.games.apiacere.sizes import MAX_PLAYERS
from simcore.games.apiacere.state.codes import End, Stage, Violation
from simcore.games.apiacere.state.dtypes import new_state
from simcore.games.apiacere.state.work import new_work

ALL = (1 << MAX_PLAYERS) - 1


def batch(cards, n, games, seed=1, threads=1, first=0):
    return GAME.play_batch(cards, n, seed, GAME.parse_seats(None, n), first, games, threads=threads)


SOUND = [pytest.param(1000, id="1000"), pytest.param(20_000, id="20000", marks=pytest.mark.slow)]


@pytest.mark.parametrize("games", SOUND)
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_soundly(apcards, n, games):
    b = batch(apcards, n, games)
    g = b.games
    assert (g["violations"] == 0).all(), np.unique(g["violations"])
    assert (g["stage"] == Stage.OVER).all() and (g["end_trigger"] == End.EVENTS).all()
    assert (g["rounds"] == 16).all() and (g["turn"] == 16 * n).all()
    assert (g["events_done"] == 4).all()
    s = b.seats[:, :n]
    assert (s["win"].sum(axis=1) == 1.0).all()
    assert (np.sort(s["rank"], axis=1) == np.arange(1, n + 1)).all()
    assert (np.sort(s["start_pos"], axis=1) == np.arange(n)).all()
    assert (np.sort(s["final_pos"], axis=1) == np.arange(n)).all()
    parts = s["white"] + s["black"] + s["partial_white"] + s["partial_black"]
    assert (s["points"] == parts + s["overall_points"] + s["legacy_points"]).all()
    assert (s["florins"] >= 0).all() and (s["turns"] == 16).all()
    assert (s["housing_turns"].sum(axis=2) == 16).all()
    assert (s["royal_tiles"].sum(axis=1) <= 4).all()
    assert (s["final_pos"] != s["start_pos"]).any()  # re-sorted after the events
    assert s["black"].mean() > 2 and s["white"].mean() > 2  # cards are played (about 3 each)
    for counter in ("tiles_won", "variations", "tell_tales", "blocked", "forced_moves"):
        assert s[counter].sum() > 0, counter  # every kind of play happens


def test_the_same_seed_plays_the_same_games_whatever_the_threads_and_blocks(apcards):
    one = batch(apcards, 4, 400, seed=5, threads=1)
    two = batch(apcards, 4, 400, seed=5, threads=2)
    assert one.games.tobytes() == two.games.tobytes()
    assert one.seats.tobytes() == two.seats.tobytes()
    tail = batch(apcards, 4, 100, seed=5, threads=1, first=300)  # games 300..399 alone
    assert one.games[300:].tobytes() == tail.games.tobytes()
    assert one.seats[300:].tobytes() == tail.seats.tobytes()
    other = batch(apcards, 4, 400, seed=6, threads=1)
    assert one.games["seed"].tolist() != other.games["seed"].tolist()


def test_a_single_game_replays_from_its_seed(apcards):
    seats = GAME.parse_seats(None, 5)
    a = GAME.play_game(apcards, 5, 12345, seats)
    b = GAME.play_game(apcards, 5, 12345, seats)
    assert np.array_equal(a.log, b.log) and a.game.tobytes() == b.game.tobytes()
    text = GAME.transcript(apcards, a, ["a game"])
    assert text.count("royal event in") == 4 and text.count("rank") == 5


def fresh(cards, n, seed):
    games, seats = new_state(1)
    w = new_work(n_log=0)
    setup_nb(cards.tables, games[0], seats[0], w, n, seed, 0)
    return games, seats, w


def test_a_game_stepped_decision_by_decision_is_the_game_played_in_one_go(apcards):
    t = apcards.tables
    for n, seed in ((3, 21), (5, 4)):
        whole = fresh(apcards, n, seed)
        advance_nb(t, whole[0][0], whole[1][0], whole[2], 0)
        games, seats, w = fresh(apcards, n, seed)
        steps = 0
        while True:
            p = advance_nb(t, games[0], seats[0], w, ALL)
            if p < 0:
                break
            g2, s2 = games.copy(), seats.copy()  # resume from a copy of the records
            k = int(g2[0].rng[-1] % 7) % 2  # any legal pick; the copy must agree
            apply_top_nb(t, g2[0], s2[0], w, p, k)
            apply_top_nb(t, games[0], seats[0], w, p, k)
            assert g2.tobytes() == games.tobytes() and s2.tobytes() == seats.tobytes()
            steps += 1
        assert steps > 50
        assert games[0]["violations"] == 0 and games[0]["stage"] == Stage.OVER


def test_a_pick_outside_the_options_is_a_violation(apcards):
    t = apcards.tables
    games, seats, w = fresh(apcards, 3, 8)
    p = advance_nb(t, games[0], seats[0], w, ALL)
    apply_top_nb(t, games[0], seats[0], w, p, 999)
    assert games[0]["violations"] & Violation.BAD_PICK


def test_the_result_tables_carry_both_turn_orders(apcards):
    b = batch(apcards, 3, 50)
    tables = GAME.result_tables(apcards, b, 3, GAME.parse_seats(None, 3))
    seats = tables["seats"].to_pydict()
    assert len(seats["game"]) == 150
    assert sorted(set(seats["start_order"])) == [1, 2, 3]
    assert sorted(set(seats["final_round_order"])) == [1, 2, 3]
    for column in ("points", "white", "black", "florins", "legacy", "housing", "royal_tiles"):
        assert column in seats
    games = tables["games"].to_pydict()
    assert set(games["end_trigger"]) == {"events"} and set(games["violations"]) == {0}
    s = tables["seats"].to_pydict()
    n = 3
    raw = np.asarray(b.seats)[:, :n].reshape(-1)
    for i, plan in enumerate(s["housing_plan"]):  # the housing of the most turns
        assert raw["housing_turns"][i][apcards.ids["housing"].index(plan)] == max(
            raw["housing_turns"][i]
        )
        assert raw["city_turns"][i][apcards.ids["cities"].index(s["home_city"][i])] == max(
            raw["city_turns"][i]
        )
    assert (raw["city_turns"].sum(axis=1) == 16).all()
    assert s["legacy_scored"] == [bool(x > 0) for x in raw["legacy_points"]]
    cards = tables["cards"].to_pydict()
    assert set(cards["event"]) == {"drawn", "taken", "played"}
    assert set(cards["card_id"]) <= set(apcards.ids["cards"])
    for seat in range(n):  # every card finished is one `played` event of its seat
        played = sum(1 for q, e in zip(cards["seat"], cards["event"], strict=True)
                     if q == seat and e == "played")  # fmt: skip
        counted = raw[seat::n]
        finished = (
            counted["composed"] + counted["performed"] + counted["taught"]
            + counted["variations"] + counted["tell_tales"]
        )  # fmt: skip
        assert played >= finished.sum()


def test_players_outside_2_to_5_are_one_line_errors_and_the_game_is_offered(apcards, tmp_path):
    from simcore.games import GAMES

    with pytest.raises(TuttiError, match="2-5 players, not 6"):
        GAME.play_batch(apcards, 6, 1, GAME.parse_seats(None, 6), 0, 1)
    assert GAMES["apiacere"] == "simcore.games.apiacere.game"
    extra = "".join(
        f'[[legacy]]\nid = "extra_{k}"\nname = "Extra {k}"\noverall = false\n'
        f'effect = "most_florins"\nparams = {{ points = 1 }}\nsource = "user: test"\n\n'
        for k in range(4)
    )
    (tmp_path / "legacy.toml").write_text(extra)
    two = load_cards(tmp_path, ["setup.personal_legacy.value=2"])
    with pytest.raises(TuttiError, match="personal_legacy:value: the engine deals 1"):
        GAME.play_batch(two, 2, 1, GAME.parse_seats(None, 2), 0, 1)
