"""The `search` player (strategies/dicemining/search_player_nb.py, issue 33 item 4) and its
engine hook redeal_nb: the same games for the same seed and any thread count, its base
heuristic's game at budget 0, no use of what the seat cannot see, far better than random."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.dicemining.carddata.load import load_cards
from simcore.games.dicemining.play.engine import play_batch
from simcore.games.dicemining.play.game_nb import advance_nb, pick_nb
from simcore.games.dicemining.play.redeal_nb import redeal_nb
from simcore.games.dicemining.rules.turn_nb import setup_nb
from simcore.games.dicemining.state.dtypes import IN_DECK, MAX_PLAYERS, new_state, new_work
from simcore.seats import params_matrix, parse_seats
from strategies.dicemining.registry import STRATEGIES
from strategies.dicemining.search_player_nb import search_choose_nb


def parse_seats_of(names: str):
    return parse_seats(names, len(names.split(",")), STRATEGIES)


@pytest.fixture(scope="module")
def data():
    return load_cards()


def params(names: str, **search) -> np.ndarray:
    specs = parse_seats_of(names)
    out = params_matrix(specs, None, MAX_PLAYERS)
    for p, spec in enumerate(specs):
        if spec.name == "search":
            out[p] = spec.vector(search)
    return out


def batch(data, names: str, n_games: int, seed: int = 1, threads: int = 1, **search):
    specs = parse_seats_of(names)
    pm = params(names, **search)
    return play_batch(data, len(specs), seed, specs, 0, n_games, pm, threads, None)


def test_registered_with_its_parameters():
    spec = STRATEGIES["search"]
    assert spec.param_names == ("budget", "k", "exploration", "base") and spec.searches
    assert STRATEGIES["greedy"].id == spec.weights["base"]


def test_redeal_keeps_what_the_seat_sees_and_depends_on_the_seed_alone(data):
    """Another seat's hand and the deck are dealt again: the same cards in all, each hand
    its size; seat p's hand, the face-up cards and the discards stay; the result depends
    on the seed and on which cards are hidden, not on their old places."""
    cards = data.table_array[0]
    games, seats = new_state(1)
    w = new_work(np.zeros((MAX_PLAYERS, 16)))
    setup_nb(cards, games[0], seats[0], w, 4, 5, 0)
    g = games[0]
    g.patron_loc[g.deck[g.deck_n - 1]] = -2  # one card discarded: public
    g.deck_n -= 1
    p = 1
    before = g.patron_loc[: cards.n_patrons].copy()
    hidden = sorted(
        c for c in range(cards.n_patrons) if before[c] == IN_DECK or before[c] in (0, 2, 3)
    )
    a, b = games.copy(), games.copy()
    # b: the hidden cards in other places (the first hand's cards swapped with the deck's top)
    hb = b[0]
    mine = [c for c in range(cards.n_patrons) if hb.patron_loc[c] == 0]
    top = list(hb.deck[hb.deck_n - len(mine) : hb.deck_n])
    for c, d in zip(mine, top, strict=True):
        hb.patron_loc[c], hb.patron_loc[d] = IN_DECK, 0
        hb.deck[list(hb.deck[: hb.deck_n]).index(d)] = c
    redeal_nb(cards, a[0], seats[0], p, 77)
    redeal_nb(cards, hb, seats[0], p, 77)
    assert a.tobytes() == b.tobytes()
    after = a[0].patron_loc[: cards.n_patrons]
    for c in range(cards.n_patrons):
        if c not in hidden:
            assert after[c] == before[c]
    assert (
        sorted(c for c in range(cards.n_patrons) if after[c] == IN_DECK or after[c] in (0, 2, 3))
        == hidden
    )
    for q in (0, 2, 3):
        assert (after == q).sum() == (before == q).sum()
    deck = sorted(a[0].deck[: a[0].deck_n].tolist())
    assert a[0].deck_n == g.deck_n and deck == sorted(np.flatnonzero(after == IN_DECK).tolist())
    c2 = games.copy()
    redeal_nb(cards, c2[0], seats[0], p, 78)
    assert (
        c2[0].patron_loc.tobytes() != after.tobytes() or c2[0].deck.tobytes() != a[0].deck.tobytes()
    )


def test_same_seed_same_games_for_any_thread_count(data):
    a = batch(data, "search,greedy,burglar", 4, budget=6)
    b = batch(data, "search,greedy,burglar", 4, budget=6, threads=2)
    assert a.games.tobytes() == b.games.tobytes() and a.seats.tobytes() == b.seats.tobytes()
    c = batch(data, "search,greedy,burglar", 4, seed=2, budget=6)
    assert a.games.tobytes() != c.games.tobytes()


def test_budget_zero_plays_its_base_heuristic(data):
    """No rollout: the base's pick at every decision and no draw from the strategy
    stream: the game of the base heuristic in that seat."""
    a = batch(data, "search,cautious,random", 6, budget=0, base=STRATEGIES["burglar"].id)
    b = batch(data, "burglar,cautious,random", 6)
    assert a.games.tobytes() == b.games.tobytes()
    sa, sb = a.seats.copy(), b.seats.copy()
    sa["strategy"] = sb["strategy"] = 0
    assert sa.tobytes() == sb.tobytes()


def test_the_choice_ignores_the_hidden_cards_and_the_seed(data):
    """At the search seat's decisions, other hands and deck order, another game seed and
    other dice to come (every stream but the strategies' own) give the same choice."""
    cards = data.table_array[0]
    names = "greedy,search,collector"
    specs = parse_seats_of(names)
    games, seats = new_state(1)
    for p, spec in enumerate(specs):
        seats[0, p].strategy = spec.id
    w = new_work(params(names, budget=8))
    g, s = games[0], seats[0]
    setup_nb(cards, g, s, w, 3, 9, 0)
    rng = np.random.default_rng(4)
    checked = 0
    while (p := advance_nb(cards, g, s, w, 1 << 1)) >= 0:
        if checked < 10:
            other_g, other_s = games.copy(), seats.copy()
            o = other_g[0]
            strategy_stream = o.rng[-1]
            redeal_nb(cards, o, other_s[0], 1, int(rng.integers(2**62)))  # a hidden part
            o.rng[-1] = strategy_stream
            assert other_g.tobytes() != games.tobytes()
            k_other = search_choose_nb(0, w.params[p], cards, o, other_s[0], w, p)
            k = search_choose_nb(0, w.params[p], cards, g, s, w, p)
            assert k == k_other
            checked += 1
        else:
            k = search_choose_nb(0, w.params[p], cards, g, s, w, p)
        pick_nb(cards, g, s, w, p, k)
    assert checked == 10 and g.violations == 0


def test_beats_random_widely_and_every_seat_may_search(data):
    b = batch(data, "search,random", 10, seed=7, budget=8)
    assert b.seats["win"][:, 0].mean() >= 0.9  # fair share 0.5
    b = batch(data, "search,search,search", 2, budget=4, k=2)
    assert np.isclose(b.seats["win"][:, :3].sum(), 2) and (b.games["violations"] == 0).all()


SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from simcore.games.dicemining.carddata.load import load_cards
from tests.dicemining.test_search import batch
b = batch(load_cards(), "search,collector", 1, seed=3, budget=2, k=2)
print(json.dumps(b.seats["vp"][0, :2].tolist()))
"""


@pytest.mark.slow
def test_the_search_runs_as_plain_python(data):
    """NUMBA_DISABLE_JIT=1 plays the same game (a process of its own; minutes)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=root)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=root)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    plain = json.loads(proc.stdout.strip().splitlines()[-1])
    assert (
        plain
        == batch(data, "search,collector", 1, seed=3, budget=2, k=2).seats["vp"][0, :2].tolist()
    )
