"""Dice-Mining Patrons' strategies: the heuristics' choices on hand-built states, their
strength against random seats, and that they read no hidden field."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from simcore.games.dicemining.game import GAME
from simcore.games.dicemining.rules.options_nb import list_options_nb
from simcore.games.dicemining.state.codes import Face, Opt
from simcore.games.dicemining.state.dtypes import Stage
from simcore.games.dicemining.state.view import HIDDEN_FIELDS
from strategies.dicemining.heuristic_nb import heuristic_choose_nb
from tests.dicemining.helpers import card_of, clear_hands, game, give_patron, table

STRATEGY_DIR = Path(__file__).resolve().parents[2] / "strategies" / "dicemining"


@pytest.fixture(scope="module")
def cards():
    return table()


def params(name):
    return np.array(GAME.strategies()[name].defaults, np.float64)


def choose(name, cards, g, s, w):
    n = list_options_nb(cards, g, s, w)
    k = heuristic_choose_nb(params(name), cards, g, s, int(g.to_move), w.opts, n)
    return tuple(int(x) for x in w.opts[k])


@pytest.fixture(scope="module")
def data():
    return GAME.load_cards(patches=["rules.mulligan.value=false"])


def test_sets_aside_a_wanted_face_and_stops_at_its_roll_limit(cards, data):
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    clear_hands(cards, g)
    give_patron(g, card_of(cards, data, "tale_smith"), p)  # Tome + Lantern: 3 crystal...
    g.face[:6] = [Face.ORC, 0, Face.BURGLAR, 3, 3, 3]
    g.locked[:6] = [1, 0, 0, 0, 0, 0]
    g.aside[:] = 0
    assert choose("greedy", cards, g, s, w) == (Opt.SET_ASIDE, 1, 0, 0)
    g.aside[1] = 1
    assert choose("greedy", cards, g, s, w)[0] == Opt.ROLL
    g.rolls = 2
    assert choose("cautious", cards, g, s, w)[0] == Opt.STOP  # 2 rolls: cautious stops
    assert choose("burglar", cards, g, s, w) == (Opt.SET_ASIDE, 2, 0, 0)


def test_steals_the_item_its_patron_needs(cards, data):
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    q = 1 - p
    clear_hands(cards, g)
    give_patron(g, card_of(cards, data, "defender"), p)  # needs a Dirk
    g.stage = Stage.BURGLE
    g.steal_level = 2
    g.resume = Stage.CRAFT
    s[q].res[4] = 1
    s[q].items[3] = 1  # a Dirk, wanted: it beats a wanted resource card
    g.res_pile[4] -= 1
    g.item_pile[3] -= 1
    assert choose("burglar", cards, g, s, w) == (Opt.STEAL_ITEM, q, 3, 0)


@pytest.mark.parametrize("name", ["cautious", "greedy", "burglar", "collector"])
def test_each_heuristic_beats_random_seats(name):
    """Issue 38: each heuristic wins at least 1.5x its fair share against random seats."""
    cards = GAME.load_cards()
    spec = GAME.strategies()
    for players in (2, 4):
        seats = [spec[name]] + [spec["random"]] * (players - 1)
        b = GAME.play_batch(cards, players, 9, seats, 0, 200, threads=1)
        win = np.asarray(b.seats)["win"][:, 0].mean()
        assert win >= 1.5 / players
        assert (np.asarray(b.games)["violations"] == 0).all()


def test_strategies_read_no_hidden_field():
    """Public information only: no strategy module names a hidden GAME field. The search
    player is the exception by design: it draws its seed from the strategy stream of
    g.rng and runs the engine on a copy whose hidden part it dealt again first
    (test_search.py: its choice does not change with the hidden part)."""
    for path in STRATEGY_DIR.glob("*.py"):
        if path.name == "search_player_nb.py":
            continue
        tree = ast.parse(path.read_text())
        attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert not attrs & set(HIDDEN_FIELDS), (path.name, attrs & set(HIDDEN_FIELDS))
