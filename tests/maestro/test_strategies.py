"""The heuristics beat random players by a wide margin, and decide only from what a
player at the table knows."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.maestro.play.engine import play_batch
from strategies.maestro.dispatch_nb import choose_nb
from strategies.maestro.registry import STRATEGIES, parse_seats
from tests.maestro.state import Table

# the archetypes (the search plays on one of them: tests/maestro/test_search.py)
HEURISTICS = [name for name in STRATEGIES if name not in ("random", "search")]


def win_share(cards, name: str, players: int, n_games: int, seed: int) -> float:
    """The heuristic's share of wins in seat 0 against random players in the others
    (the start player is drawn per game, so every start order is played)."""
    seats = parse_seats(",".join([name] + ["random"] * (players - 1)), players)
    batch = play_batch(cards, players, seed, seats, 0, n_games, threads=1)
    return float(batch.seats["win"][:, 0].mean())


def test_registry_has_random_first_and_three_plans():
    assert list(STRATEGIES)[0] == "random"
    assert len(HEURISTICS) >= 3
    vectors = {name: tuple(STRATEGIES[name].defaults) for name in HEURISTICS}
    assert len(set(vectors.values())) == len(HEURISTICS)  # each its own weights


@pytest.mark.parametrize("name", HEURISTICS)
def test_heuristic_clearly_beats_random_quick(mcards, name):
    # fair share is 1/4; 300 games put 0.6 more than 10 standard errors above it
    assert win_share(mcards, name, 4, 300, 21) > 0.6


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", HEURISTICS)
def test_heuristic_wins_85_percent_against_random(mcards, name, players):
    # 20,000 games: the standard error of the share is about 0.002
    assert win_share(mcards, name, players, 20_000, 1234) >= 0.85


@pytest.mark.parametrize("name", HEURISTICS)
def test_decisions_ignore_the_hidden_pool(mcards, name):
    """The pool's order is hidden: the same table with another pool order gives the
    same choice at every decision family."""
    choices = []
    for order in (("violin", "cello", "harp", "applause"), ("applause", "harp", "cello", "violin")):
        t = Table(mcards, 3, name)
        t.agency(0, s1="violin", s2="viola", s10="conductor")
        t.agency(1, s3="cello")
        t.lay("haydn", {1: "violin"})
        t.pool(*order)
        t.start_turn(0)
        picks = []
        from simcore.games.maestro.rules.options_nb import (
            list_declare_nb,
            list_place_nb,
            list_put_nb,
        )

        spec = STRATEGIES[name]
        params = spec.vector({"ties": 0.0})
        for n in (
            list_place_nb(mcards.table, t.g, t.s, t.w, 0),
            list_declare_nb(mcards.table, t.g, t.w, 7),
            list_put_nb(t.s, t.w, 0, t.inst("harp")),
        ):
            k = choose_nb(spec.id, params, mcards.table, t.g, t.s, 0, t.w.opts, n)
            picks.append(tuple(t.w.opts[k].tolist()))
        choices.append(picks)
    assert choices[0] == choices[1]


def test_heuristic_field_is_balanced_by_seat(mcards):
    seats = parse_seats("greedy", 4)
    batch = play_batch(mcards, 4, 8, seats, 0, 2000, threads=1)
    order = batch.seats["start_pos"][:, :4].ravel()
    win = batch.seats["win"][:, :4].ravel()
    first = win[order == 0].mean()
    assert 0.1 < first < 0.5 and np.isclose(win.sum(), 2000)


@pytest.mark.parametrize("players", [3, 4])
def test_the_three_plans_play_different_games(mcards, players):
    """Issue 36: greedy and completer once played identical games. Each plan's table of
    its own (every seat the same plan) plays other games than the others' on every seed:
    greedy draws 2, completer the most its agency has room for, rusher as completer but
    rushing the end while ahead."""
    from simcore.games.maestro.play.engine import play_game

    for seed in range(1, 9):
        logs = {
            name: play_game(mcards, players, seed, parse_seats(name, players)).log.tobytes()
            for name in HEURISTICS
        }
        assert len(set(logs.values())) == len(HEURISTICS), (players, seed)
