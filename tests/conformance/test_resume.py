"""Resume invariance, for every game that can stop at its decisions (steppers.py): a game
stepped decision by decision, every seat stopped at every top-level decision and each
taken by the seat's own strategy, is the game the engine plays in one go (`play_game`);
and a copy of the whole state taken at a decision goes on exactly as the original. This
is what lets a search player stop a game, copy it and play it on."""

from __future__ import annotations

import numpy as np
import pytest

from tests.conformance.steppers import State, Stepper, stepper

SEED = 5
ALL_SEATS = (1 << 16) - 1  # every seat's bit, for any player count a game may have


def _hooks(game) -> Stepper:
    found = stepper(game.name)
    if found is None:
        pytest.skip(f"{game.name} has no resume hooks (tests/conformance/steppers.py)")
    return found


def _seats(game, players: int):
    """One heuristic seat after another with random among them: different strategies, so a
    decision taken by the wrong seat's strategy shows."""
    names = [n for n, s in game.strategies().items() if n != "random" and not s.searches]
    cycle = [*names[:2], "random"]
    return game.parse_seats(",".join(cycle[p % len(cycle)] for p in range(players)), players)


def _finish(hooks: Stepper, cards, state: State, mask: int, keep=(), kept=None) -> int:
    """Play on to the end, every stop taken by the seat's own strategy; the number of stops
    (a copy of the state at stop k, for each k in `keep`, appended to `kept` with the seat
    to decide there)."""
    n = 0
    while True:
        p = hooks.advance(cards, state, mask)
        if p < 0:
            return n
        if n in keep:
            kept.append((_copy(state), p))
        hooks.take_own(cards, state, p)
        n += 1


def _copy(state: State) -> State:
    games, seats, w, extra = state
    work = type(w)(*(a.copy() for a in w))
    return games.copy(), seats.copy(), work, tuple(a.copy() for a in extra)


def _outcome(state: State, players: int) -> tuple[bytes, bytes, np.ndarray]:
    games, seats, w, _ = state
    return games[0].tobytes(), seats[0, :players].tobytes(), w.log[: int(games[0]["log_n"])]


def _same(a: tuple, b: tuple) -> None:
    assert a[0] == b[0], "the game records differ"
    assert a[1] == b[1], "the seat records differ"
    assert np.array_equal(a[2], b[2]), "the event logs differ"


@pytest.fixture(scope="module")
def stepped(game, shipped_cards):
    """The game at its largest player count stepped at every decision of every seat: the
    played game's outcome, the engine's own game, and the state copied at the first, the
    middle and the last stop of a second stepping (whose stop count the first gives)."""
    hooks = _hooks(game)
    cards = shipped_cards(game)
    players = max(game.player_counts)
    seats = _seats(game, players)
    state = hooks.setup(cards, players, SEED, seats)
    n = _finish(hooks, cards, state, ALL_SEATS)
    stops: list = []
    again = hooks.setup(cards, players, SEED, seats)
    _finish(hooks, cards, again, ALL_SEATS, {0, n // 2, n - 1}, stops)
    played = game.play_game(cards, players, SEED, seats)
    whole = (played.game.tobytes(), played.seats.tobytes(), played.log)
    return hooks, cards, players, _outcome(state, players), whole, stops, n


def test_stepping_decision_by_decision_plays_the_uninterrupted_game(stepped):
    _, _, _, outcome, whole, _, n = stepped
    assert n >= 10, f"only {n} stops: too few decisions to prove anything"
    _same(outcome, whole)


def test_a_copy_taken_at_a_decision_goes_on_as_the_original(stepped):
    hooks, cards, players, outcome, _, stops, _ = stepped
    assert len(stops) == 3
    for state, p in stops:
        hooks.take_own(cards, state, p)
        _finish(hooks, cards, state, 0)
        _same(_outcome(state, players), outcome)
