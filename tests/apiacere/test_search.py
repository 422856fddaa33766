"""A Piacere's `search` player (strategies/apiacere/search_player_nb.py, issue 39's search
player): registered with its parameters, the same games for the same seed and any thread
count, its base heuristic's game at budget 0, no decision that depends on what the seat
cannot see (play/redeal_nb.redeal_nb deals it again), far better than random."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.play.engine import play_batch
from simcore.games.apiacere.play.redeal_nb import redeal_nb
from simcore.games.apiacere.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.apiacere.rules.setup_nb import setup_nb
from simcore.games.apiacere.sizes import MAX_PLAYERS
from simcore.games.apiacere.state.dtypes import Stream, new_state
from simcore.games.apiacere.state.work import new_work
from simcore.kernels.rng_nb import game_seed_nb
from simcore.seats import params_matrix, parse_seats
from strategies.apiacere.registry import STRATEGIES
from strategies.apiacere.search_player_nb import search_choose_nb


def specs_of(names: str):
    return parse_seats(names, len(names.split(",")), STRATEGIES)


def params(names: str, **search) -> np.ndarray:
    specs = specs_of(names)
    out = params_matrix(specs, None, MAX_PLAYERS)
    for p, spec in enumerate(specs):
        if spec.name == "search":
            out[p] = spec.vector(search)
    return out


def batch(cards, names: str, n_games: int, seed: int = 1, threads: int = 1, **search):
    specs = specs_of(names)
    return play_batch(cards, len(specs), seed, specs, 0, n_games, params(names, **search), threads)


def test_registered_with_its_parameters():
    spec = STRATEGIES["search"]
    assert spec.param_names == ("budget", "k", "exploration", "base") and spec.searches
    assert spec.weights["base"] == STRATEGIES["composer"].id
    assert spec.id > max(s.id for n, s in STRATEGIES.items() if n != "search")


def test_same_seed_same_games_for_any_thread_count(apcards):
    """The search's games (its rollouts, its draws, and through the shared strategy
    stream the random seat's picks) are the same at 1 and 2 threads, and not its base's."""
    a = batch(apcards, "search,random", 2, seed=5, budget=16, k=2)
    b = batch(apcards, "search,random", 2, seed=5, threads=2, budget=16, k=2)
    assert a.games.tobytes() == b.games.tobytes() and a.seats.tobytes() == b.seats.tobytes()
    assert (a.games["violations"] == 0).all()
    base = batch(apcards, "composer,random", 2, seed=5)
    assert a.games.tobytes() != base.games.tobytes()
    c = batch(apcards, "search,random", 1, seed=6, budget=16, k=2)
    assert a.games[:1].tobytes() != c.games.tobytes()


def test_budget_zero_plays_its_base_heuristic(apcards):
    """No rollout: the base's one pick at every decision and no draw of the search's own:
    the game of the base heuristic in that seat, to the byte."""
    a = batch(apcards, "search,composer,random", 4, budget=0, base=STRATEGIES["traveller"].id)
    b = batch(apcards, "traveller,composer,random", 4)
    assert a.games.tobytes() == b.games.tobytes()
    sa, sb = a.seats.copy(), b.seats.copy()
    sa["strategy"] = sb["strategy"] = 0
    assert sa.tobytes() == sb.tobytes()


def test_the_choice_ignores_what_the_seat_cannot_see(apcards):
    """At the search seat's decisions, the other hands, the draw piles below a face-up
    top, the royal tiles to come, the other legacy tiles, another game seed and other dice
    to come (every stream but the strategies' own, which is the search's draw) give the
    same choice (budget 16: the rollouts and the confirmation run at every decision)."""
    cards = apcards.tables
    names = "search,random"
    specs = specs_of(names)
    games, seats = new_state(1)
    for p, spec in enumerate(specs):
        seats[0, p].strategy = spec.id
    w = new_work()
    w.params[:] = params(names, budget=16, k=2)
    g, s = games[0], seats[0]
    setup_nb(cards, g, s, w, 2, game_seed_nb(5, 0), 0)  # game 0 of master seed 5 (above)
    rng = np.random.default_rng(4)
    checked = 0
    while checked < 40:
        p = advance_nb(cards, g, s, w, 1)
        if p < 0:
            break
        other_g, other_s = games.copy(), seats.copy()
        o = other_g[0]
        redeal_nb(cards, o, other_s[0], p, int(rng.integers(2**62)))  # a hidden part
        o.rng[Stream.STRATEGY] = g.rng[Stream.STRATEGY]
        assert other_g.tobytes() != games.tobytes()
        k_other = search_choose_nb(0, w.params[p], cards, o, other_s[0], w, p)
        k = search_choose_nb(0, w.params[p], cards, g, s, w, p)
        assert k == k_other
        assert o.rng[Stream.STRATEGY] == g.rng[Stream.STRATEGY]  # the same draws taken
        checked += 1
        apply_top_nb(cards, g, s, w, p, k)
    assert checked == 40 and g.violations == 0


def test_beats_random_widely_and_every_seat_may_search(apcards):
    b = batch(apcards, "search,random", 4, seed=7, budget=4, k=2)
    assert b.seats["win"][:, 0].mean() >= 0.75  # fair share 0.5
    b = batch(apcards, "search,search", 1, budget=4, k=2)
    assert np.isclose(b.seats["win"][:, :2].sum(), 1) and (b.games["violations"] == 0).all()
