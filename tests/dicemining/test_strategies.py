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
    assert choose("burglar", cards, g, s, w) == (Opt.SET_ASIDE, 2, 0, 0)
    g.aside[2] = 1  # the Burglar too: the free dice show nothing wanted
    limit = int(np.ceil(params("cautious")[0]))  # its tuned `rolls` (field.toml)
    g.rolls = limit - 1
    assert choose("cautious", cards, g, s, w)[0] == Opt.ROLL  # below its roll limit
    g.rolls = limit
    assert choose("cautious", cards, g, s, w)[0] == Opt.STOP  # at it: cautious stops
    assert choose("greedy", cards, g, s, w)[0] == Opt.ROLL  # greedy rolls on


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
    """Public information only: no strategy kernel (*_nb.py; the Python tooling beside them
    seats strategies and picks seeds, by design) names a hidden GAME field. The search
    player is the exception by design: it draws its seed from the strategy stream of
    g.rng and runs the engine on a copy whose hidden part it dealt again first
    (test_search.py: its choice does not change with the hidden part)."""
    for path in STRATEGY_DIR.glob("*_nb.py"):
        if path.name == "search_player_nb.py":
            continue
        tree = ast.parse(path.read_text())
        attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert not attrs & set(HIDDEN_FIELDS), (path.name, attrs & set(HIDDEN_FIELDS))


def test_the_shipped_weights_are_field_toml_s_within_each_style():
    """The registry's defaults are strategies/dicemining/field.toml's tuned weights (make
    tune-dicemining), each inside its heuristic's style, which the projection keeps."""
    import tomllib

    from strategies.dicemining import field_tune
    from strategies.dicemining.registry import PARAMS, STRATEGIES

    tuned = tomllib.loads(field_tune.OUT.read_text())
    assert set(tuned) == set(field_tune.FIELD)
    for name in field_tune.FIELD:
        spec = STRATEGIES[name]
        assert spec.defaults == tuple(float(tuned[name][n]) for n in PARAMS)
        vec = np.array(spec.defaults)
        assert np.array_equal(field_tune.style_projection(name)(vec), vec), name
    wild = np.array([9.0, 9.0, 0.5, 0.2, 1.0, 1.0])
    assert field_tune.style_projection("cautious")(wild)[0] == field_tune.CAUTIOUS_ROLLS
    assert field_tune.style_projection("burglar")(wild)[2] == field_tune.MIN_STEAL
    assert field_tune.style_projection("collector")(wild)[3] == field_tune.MIN_CUMULATIVE
    greedy = field_tune.style_projection("greedy")(np.array([1.0, 2, 3, 4, 0, 1]))
    assert greedy[0] == field_tune.GREEDY_ROLLS and greedy[2] == greedy[3] == 0
