"""A Maestro game resumes at every top-level decision (resume_nb.py, issue 33): stepping
it decision by decision, or going on from a copy made at a decision, plays the game the
uninterrupted loop plays; a redeal changes only what the seat cannot see."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.maestro.play.engine import params_matrix
from simcore.games.maestro.play.game_nb import play_game_nb
from simcore.games.maestro.play.resume_nb import (
    advance_nb,
    apply_top_nb,
    redeal_nb,
    setup_resumable_nb,
    top_options_nb,
)
from simcore.games.maestro.state import view
from simcore.games.maestro.state.dtypes import GAME, MAX_PLAYERS, Stage, new_state
from simcore.games.maestro.state.work import new_work
from strategies.maestro.dispatch_nb import choose_nb
from strategies.maestro.registry import parse_seats

ALL = (1 << MAX_PLAYERS) - 1
GAMES = [  # (strategies, game seed)
    ("greedy,completer,rusher", 5),
    ("rusher,greedy,completer,random", 9),
    ("random,random,random", 3),
    ("completer,completer,rusher,greedy", 11),
]


def new_game(cards, names: str, n_log: int = 4096):
    specs = parse_seats(names, len(names.split(",")))
    games, seats = new_state(1)
    for p, spec in enumerate(specs):
        seats[0, p].strategy = spec.id
    w = new_work(params_matrix(specs, None), n_log=n_log, n_cev=512)
    return games, seats, w, len(specs)


def played(cards, names: str, seed: int):
    """The game as the loop plays it (no seat searches)."""
    games, seats, w, n = new_game(cards, names)
    play_game_nb(cards.table, games[0], seats[0], w, n, seed, 0)
    return games, seats, w


def same_game(a, b) -> None:
    (ga, sa, wa), (gb, sb, wb) = a, b
    assert ga.tobytes() == gb.tobytes()
    assert sa.tobytes() == sb.tobytes()
    assert np.array_equal(wa.log, wb.log) and np.array_equal(wa.cev, wb.cev)


def own_choice(cards, g, s, w, p) -> int:
    """The seat's own strategy's pick at the decision where advance stopped."""
    n = top_options_nb(cards.table, g, s, w, p)
    assert n >= 2
    return int(choose_nb(s[p].strategy, w.params[p], cards.table, g, s, p, w.opts, n))


def step(cards, games, seats, w, stop_mask=ALL, until=None) -> int:
    """Advance to the end taking every stopped decision by the seat's own strategy (or up
    to decision `until`, returning its seat, -1 if the game ended first); the number of
    stops."""
    g, s = games[0], seats[0]
    stops = 0
    while True:
        p = advance_nb(cards.table, g, s, w, stop_mask)
        if p < 0:
            return stops if until is None else -1
        if until is not None and stops == until:
            return p
        assert g.stage == Stage.PLACE and g.current == p
        apply_top_nb(cards.table, g, s, w, p, own_choice(cards, g, s, w, p))
        stops += 1


@pytest.mark.parametrize(("names", "seed"), GAMES)
def test_stepping_decision_by_decision_plays_the_uninterrupted_game(mcards, names, seed):
    games, seats, w, n = new_game(mcards, names)
    setup_resumable_nb(mcards.table, games[0], seats[0], w, n, seed, 0)
    stops = step(mcards, games, seats, w)
    assert stops > 20 and games[0].stage == Stage.SCORED
    assert stops < games[0].n_decisions  # the draws' decisions are taken inside apply
    same_game((games, seats, w), played(mcards, names, seed))


@pytest.mark.parametrize(("names", "seed"), GAMES[:2])
def test_one_seat_stopped_plays_the_same_game(mcards, names, seed):
    games, seats, w, n = new_game(mcards, names)
    setup_resumable_nb(mcards.table, games[0], seats[0], w, n, seed, 0)
    step(mcards, games, seats, w, stop_mask=1 << 1)
    same_game((games, seats, w), played(mcards, names, seed))


def copy_game(games, seats, w):
    return games.copy(), seats.copy(), w._replace(log=w.log.copy(), cev=w.cev.copy())


@pytest.mark.parametrize(("names", "seed"), GAMES[:2])
@pytest.mark.parametrize("at", [0, 7, 20])
def test_a_copy_at_a_decision_goes_on_as_the_original(mcards, names, seed, at):
    games, seats, w, n = new_game(mcards, names)
    setup_resumable_nb(mcards.table, games[0], seats[0], w, n, seed, 0)
    p = step(mcards, games, seats, w, until=at)
    assert p >= 0
    copy = copy_game(games, seats, w)
    for gs, ss, ws in ((games, seats, w), copy):  # each decides on its own (random draws)
        apply_top_nb(mcards.table, gs[0], ss[0], ws, p, own_choice(mcards, gs[0], ss[0], ws, p))
        step(mcards, gs, ss, ws)
    same_game((games, seats, w), copy)
    same_game(copy, played(mcards, names, seed))


SEEN = [name for name in GAME.names if name not in view.HIDDEN_FIELDS]


@pytest.mark.parametrize("at", [0, 10, 20])
def test_redeal_keeps_what_the_seat_sees_and_deals_the_pool_again(mcards, at):
    games, seats, w, n = new_game(mcards, "greedy,completer,rusher")
    setup_resumable_nb(mcards.table, games[0], seats[0], w, n, 5, 0)
    p = step(mcards, games, seats, w, until=at)
    before_g, before_s = games.copy(), seats.copy()
    opts = w.opts[: top_options_nb(mcards.table, games[0], seats[0], w, p)].copy()
    redeal_nb(mcards.table, games[0], seats[0], p, 12345)
    g, b = games[0], before_g[0]
    for name in SEEN:
        assert np.array_equal(g[name], b[name]), name
    assert seats.tobytes() == before_s.tobytes()  # agencies are face up: all seen
    left = int(g.pool_n)
    assert left > 10
    assert sorted(g.pool[:left]) == sorted(b.pool[:left])  # the same counters left
    assert not np.array_equal(g.pool[:left], b.pool[:left])  # in another order
    assert np.array_equal(g.pool[left:], b.pool[left:])  # the drawn ones stay
    assert not np.array_equal(g.rng, b.rng) and g.seed != b.seed
    n_opts = top_options_nb(mcards.table, games[0], seats[0], w, p)
    assert np.array_equal(w.opts[:n_opts], opts)  # the decision is the same decision
    # the redealt game plays on to an end
    apply_top_nb(mcards.table, games[0], seats[0], w, p, 0)
    assert advance_nb(mcards.table, games[0], seats[0], w, 0) == -1
    assert games[0].violations == 0


def test_redeals_differ_by_seed(mcards):
    games, seats, w, n = new_game(mcards, "greedy,completer,rusher")
    setup_resumable_nb(mcards.table, games[0], seats[0], w, n, 5, 0)
    p = step(mcards, games, seats, w, until=3)
    pools = set()
    for seed in range(5):
        g2, s2 = games.copy(), seats.copy()
        redeal_nb(mcards.table, g2[0], s2[0], p, seed)
        pools.add(g2[0].pool[: g2[0].pool_n].tobytes())
    assert len(pools) == 5


def test_the_redealt_pool_does_not_follow_the_hidden_order(mcards):
    """Two games alike but for the undrawn pool's order deal the same pool from one seed:
    a rollout learns nothing from the order it replaces."""
    games, seats, w, n = new_game(mcards, "greedy,completer,rusher")
    setup_resumable_nb(mcards.table, games[0], seats[0], w, n, 5, 0)
    p = step(mcards, games, seats, w, until=2)
    other = games.copy()
    left = int(other[0].pool_n)
    other[0].pool[:left] = other[0].pool[:left][::-1].copy()
    assert other.tobytes() != games.tobytes()
    redeal_nb(mcards.table, games[0], seats[0], p, 77)
    redeal_nb(mcards.table, other[0], seats[0], p, 77)
    assert other.tobytes() == games.tobytes()
