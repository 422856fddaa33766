"""hold-at: rolls below its N, holds at it, and holds whenever banking wins (its own
score, the turn total and the target: what every player sees)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.pig.cards import load_cards
from simcore.games.pig.codes import Opt
from simcore.games.pig.dtypes import new_state
from strategies.pig.hold_at_nb import hold_at_choose_nb
from strategies.pig.registry import STRATEGIES


def _choice(turn_total: int, score: int, n: float, order=(Opt.ROLL, Opt.HOLD)) -> Opt:
    rules = load_cards().table_array[0]
    games, seats = new_state(1)
    g, s = games[0], seats[0]
    g.turn_total = turn_total
    s[0].score = score
    opts = np.array([[o] for o in order], np.int16)
    params = np.zeros(16)
    params[0] = n
    return Opt(int(opts[hold_at_choose_nb(params, rules, g, s, 0, opts, 2), 0]))


@pytest.mark.parametrize(
    ("turn_total", "score", "n", "expected"),
    [
        (19, 0, 20, Opt.ROLL),
        (20, 0, 20, Opt.HOLD),
        (25, 50, 20, Opt.HOLD),
        (10, 90, 20, Opt.HOLD),  # 100: holding wins
        (9, 90, 20, Opt.ROLL),
        (5, 0, 5, Opt.HOLD),  # the parameter, not a constant
        (30, 0, 1000, Opt.ROLL),
    ],
)
def test_hold_at_holds_at_n_or_when_holding_wins(turn_total, score, n, expected):
    assert _choice(turn_total, score, n) == expected
    assert _choice(turn_total, score, n, (Opt.HOLD, Opt.ROLL)) == expected  # by code


def test_hold_at_s_n_is_its_parameter_with_default_20():
    spec = STRATEGIES["hold-at"]
    assert spec.param_names == ("n",) and spec.weights == {"n": 20.0}
    assert list(STRATEGIES)[0] == "random"
