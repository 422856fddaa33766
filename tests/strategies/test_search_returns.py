"""Searches return what they played and confirmed (issue 33 item 1): the bookkeeping of
tune's and exploit's cross-entropy search and of balance's, on synthetic objectives
(no games): a best candidate is never lost to the mean, and a search that finds
nothing returns its start and says so."""

from __future__ import annotations

import math

import numpy as np
import pytest

from reports.experiments.balance import better, check_lines
from reports.experiments.balance_search import CONFIRM_TOP as BALANCE_TOP
from reports.experiments.balance_search import Clock
from reports.experiments.balance_search import best_played as balance_best
from reports.experiments.balance_search import search as balance_search
from reports.experiments.balance_space import parse_vary
from strategies.luthier.registry import SELF_PLAY, get
from strategies.tune import (
    CONFIRM_FIRST,
    CONFIRM_TOP,
    best_played,
    confirm_lines,
    cross_entropy,
)

START = np.array([1.0, 1.0])


def ring(x: np.ndarray) -> float:
    """Wins on a ring of radius 0.4 around START, nothing at its centre: the elites lie
    all around the ring, so their mean (the search's) falls in the middle, where it loses."""
    r = float(np.hypot(*(np.asarray(x) - START)))
    return math.exp(-(((r - 0.4) / 0.1) ** 2))


class Recorder:
    """A `play(vector, first deal, deals)` that wins `f(vector)` of each game, keeping
    what the search played and what the confirmation played."""

    def __init__(self, f):
        self.f, self.searched, self.confirmed = f, [], []

    def __call__(self, values, first, deals):
        (self.confirmed if first >= CONFIRM_FIRST else self.searched).append(values.copy())
        return np.full(2 * deals, self.f(values))


def test_a_best_candidate_is_never_lost_to_the_mean():
    play = Recorder(ring)
    found = cross_entropy(play, START, generations=2, deals=5, population=16,
                          confirm_deals=3, seed=1)  # fmt: skip
    assert ring(found.mean) < 0.01  # the distribution's mean (what tune returned) loses...
    best_played_score = max(ring(c) for c in play.searched)
    assert best_played_score > 0.9
    assert ring(found.values) == best_played_score  # ... the best candidate played is returned
    assert any(np.array_equal(found.values, c) for c in play.searched)
    assert found.improved and not found.confirmed[0].start
    assert len(play.confirmed) == CONFIRM_TOP + 1 == len(found.confirmed)
    assert found.confirmed[0].win == pytest.approx(best_played_score)
    assert [r.win for r in found.confirmed] == sorted((r.win for r in found.confirmed),
                                                       reverse=True)  # fmt: skip
    assert found.confirm_games == 6 and found.search_games == (2 * 16 * 5 + 5 * 3) * 2
    generation = found.confirmed[0].generation + 1
    lines = confirm_lines(get(SELF_PLAY), found)
    assert lines[-1].startswith(f"returned: the candidate of generation {generation} (")


@pytest.mark.parametrize(
    "f",
    [
        lambda x: 0.5,  # every vector plays alike: nothing beats the start
        lambda x: 1.0 - float(np.abs(np.asarray(x) - START).sum()),  # the start is the best
    ],
)
def test_a_search_that_finds_nothing_returns_the_start_and_says_so(f):
    found = cross_entropy(Recorder(f), START, 3, 4, 8, 2, seed=2)
    assert np.array_equal(found.values, START) and not found.improved
    assert found.confirmed[0].start and found.confirmed[0].difference == 0.0
    lines = confirm_lines(get(SELF_PLAY), found)
    assert lines[-1] == "no improvement found: no candidate beat the start; returned: the start"


def test_best_played_keeps_the_top_distinct_candidates_in_play_order_on_ties():
    a, b, c = np.array([1.0]), np.array([2.0]), np.array([3.0])
    start = np.array([0.0])
    kept = [(0.5, 0, start), (0.6, 0, a), (0.6, 1, b), (0.7, 1, a.copy()), (0.1, 2, c)]
    best = best_played(kept, start, top=3)
    assert [(w, g) for w, g, _ in best] == [(0.7, 1), (0.6, 1), (0.1, 2)]  # a once, no start


# ---- balance: card values, lowest objective best ----


def test_the_balance_search_keeps_its_best_candidates_not_its_mean(cards):
    """Objective 0 at the ends of 0..6 and 1 in between: the mean settles inside, the
    candidates to confirm are the ends."""
    (v,) = varies = [parse_vary("instruments.cello.prestige=0..6", cards)]
    clock = Clock(10_000, None)

    def measure(key, first, deals):
        clock.add(deals)
        return 0.0 if key[0] in (0.0, 6.0) else 1.0 + 0.01 * key[0]

    mean, history, played, found = balance_search(
        varies, [], None, 3, 8, 3, 3000, clock, None, measure
    )
    keys = [key for key, _, _ in found]
    assert len(found) <= BALANCE_TOP and (v.current,) not in keys
    assert {(0.0,), (6.0,)} & set(keys), history
    assert found[0][1] == 0.0 and found[0][0] in {(0.0,), (6.0,)}
    assert [o for _, o, _ in found] == sorted(o for _, o, _ in found)
    assert all(n > 0 for _, _, n in found) and played == clock.played


def test_balance_best_played_averages_over_generations_and_leaves_out_the_current():
    kept = {(1.0,): [0.2 * 10 + 0.4 * 30, 40], (2.0,): [0.1 * 5, 5], (3.0,): [0.0, 10]}
    assert balance_best(kept, (3.0,)) == [((2.0,), 0.1, 5), ((1.0,), 0.35, 40)]


@pytest.mark.parametrize(
    ("value", "current", "difference", "wins"),
    [
        (0.01, 0.02, [-0.02, -0.001], True),
        (0.01, 0.02, [-0.02, 0.001], False),  # the interval reaches zero: not shown better
        (0.03, 0.02, [-0.02, -0.001], False),  # worse on the point estimate
        (0.01, 0.02, [None, None], False),  # no interval
        (0.02, 0.02, [-0.01, -0.001], False),  # a tie keeps the current values
    ],
)
def test_balance_returns_a_candidate_only_when_the_check_shows_it_better(
    value, current, difference, wins
):
    assert better(value, current, difference) is wins


def test_balance_check_lines_end_with_what_is_returned():
    def row(x, objective, current, returned):
        return {"values": {"a.b.c": x}, "current": current, "returned": returned,
                "search_objective": None if current else 0.01, "search_games": 0 if current else 9,
                "objective": objective, "interval": [0.0, 0.1], "difference": objective - 0.02,
                "difference_interval": [-0.03, 0.01]}  # fmt: skip

    result = {"confirm": {"games": 100}, "improvement_found": False,
              "confirmed": [row(3, 0.01, False, False), row(2, 0.02, True, True)]}  # fmt: skip
    lines = check_lines(result)
    assert lines[0].startswith("check of the 1 best candidates played and the current values")
    assert "a.b.c=2 (current): 0.0200" in lines[2]
    assert lines[-1].startswith("no improvement found") and lines[-1].endswith("(a.b.c=2)")
    result["improvement_found"] = True
    result["confirmed"] = [row(3, 0.01, False, True), row(2, 0.02, True, False)]
    assert check_lines(result)[-1] == "returned: a.b.c=3"
