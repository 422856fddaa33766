"""Per-game hooks of the resume conformance test (test_resume.py): how to set a game up
so that it can stop at its top-level decisions, play on to the next stop, and take a
stopped decision by the seat's own strategy.

The game interface (simcore/games/api.py) has no resume member: each engine's resume
kernels have their own signatures (Luthier's advance passes snapshot buffers, Maestro's
own choice is the strategy dispatch's), so each game that can resume adds its three
functions here, by name. A game without an entry is reported as skipped, never passed.
Every function takes the game's state as `(games, seats, w, extra)`: a GAME[1] and a
SEAT[1, MAX_PLAYERS] array, the Work bundle of one game and a tuple of any further arrays
its engine keeps while it plays (Luthier: the snapshot buffers of its transcript), all
mutated in place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

State = tuple[Any, Any, Any, tuple]  # (games GAME[1], seats SEAT[1, MAX_PLAYERS], Work, extra)
LOG_ROWS = 20_000  # event-log rows of a stepped game: room for any shipped game


@dataclass(frozen=True)
class Stepper:
    # (cards, players, game seed, seat specs) -> a state just set up, before the first move
    setup: Callable[[Any, int, int, list], State]
    # (cards, state, stop mask) -> the seat p (bit 1 << p of the mask) that faces a
    # top-level decision with options to choose from, the state left there; -1: game over
    advance: Callable[[Any, State, int], int]
    # (cards, state, p) -> None: the stopped decision taken by p's own strategy, and the
    # rest of that step played, as the uninterrupted game would
    take_own: Callable[[Any, State, int], None]


def _luthier() -> Stepper:
    from simcore.games.luthier.play.engine import params_matrix
    from simcore.games.luthier.play.resume_nb import advance_nb, own_step_nb
    from simcore.games.luthier.play.setup_nb import setup_game_nb
    from simcore.games.luthier.state.dtypes import new_state
    from simcore.games.luthier.state.enums import Rule
    from simcore.games.luthier.state.work import new_work, snapshot_buffers

    def setup(cards, players, seed, specs):
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p]["strategy"] = spec.id
        w = new_work(params_matrix(specs, None), n_log=LOG_ROWS)
        snaps = snapshot_buffers(int(cards.arrays.rules[Rule.ROUNDS]) + 1)  # as play_game
        setup_game_nb(cards.table, games[0], seats[0], w, players, seed, 0)
        return games, seats, w, snaps

    def advance(cards, state, mask):
        games, seats, w, (snap_g, snap_s) = state
        return advance_nb(cards.table, games[0], seats[0], w, snap_g, snap_s, mask)

    def take_own(cards, state, p):
        games, seats, w, _ = state
        own_step_nb(cards.table, games[0], seats[0], w, p)

    return Stepper(setup, advance, take_own)


def _maestro() -> Stepper:
    from simcore.games.maestro.play.engine import params_matrix
    from simcore.games.maestro.play.resume_nb import (
        advance_nb,
        apply_top_nb,
        setup_resumable_nb,
        top_options_nb,
    )
    from simcore.games.maestro.state.dtypes import MAX_CARD_EVENTS, new_state
    from simcore.games.maestro.state.work import new_work
    from strategies.maestro.dispatch_nb import choose_nb

    def setup(cards, players, seed, specs):
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p].strategy = spec.id
        w = new_work(params_matrix(specs, None), n_log=LOG_ROWS, n_cev=MAX_CARD_EVENTS)
        setup_resumable_nb(cards.table, games[0], seats[0], w, players, seed, 0)
        return games, seats, w, ()

    def advance(cards, state, mask):
        games, seats, w, _ = state
        return advance_nb(cards.table, games[0], seats[0], w, mask)

    def take_own(cards, state, p):
        games, seats, w, _ = state
        g, s = games[0], seats[0]
        n = top_options_nb(cards.table, g, s, w, p)
        k = choose_nb(s[p].strategy, w.params[p], cards.table, g, s, p, w.opts, n)
        apply_top_nb(cards.table, g, s, w, p, k)

    return Stepper(setup, advance, take_own)


def _pig() -> Stepper:
    from simcore.games.pig.dtypes import new_state, new_work
    from simcore.games.pig.engine import BUFFERS
    from simcore.games.pig.game_nb import advance_nb, list_options_nb, pick_nb
    from simcore.games.pig.rules_nb import setup_nb
    from strategies.pig.dispatch_nb import choose_nb

    def setup(cards, players, seed, specs):
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p].strategy = spec.id
        w = new_work(BUFFERS.params_matrix(specs, None), n_log=LOG_ROWS)
        setup_nb(cards.table_array[0], games[0], seats[0], w, players, seed, 0)
        return games, seats, w, ()

    def advance(cards, state, mask):
        games, seats, w, _ = state
        return advance_nb(cards.table_array[0], games[0], seats[0], w, mask)

    def take_own(cards, state, p):
        games, seats, w, _ = state
        rules, g, s = cards.table_array[0], games[0], seats[0]
        n = list_options_nb(w.opts)
        k = choose_nb(s[p].strategy, w.params[p], rules, g, s, p, w.opts, n)
        pick_nb(rules, g, s, w, p, k)

    return Stepper(setup, advance, take_own)


def _dicemining() -> Stepper:
    from simcore.games.dicemining.play.engine import BUFFERS
    from simcore.games.dicemining.play.game_nb import advance_nb, pick_nb
    from simcore.games.dicemining.play.step_nb import options_nb
    from simcore.games.dicemining.rules.turn_nb import setup_nb
    from simcore.games.dicemining.state.dtypes import MAX_CARD_EVENTS, new_state, new_work
    from strategies.dicemining.dispatch_nb import choose_nb

    def setup(cards, players, seed, specs):
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p].strategy = spec.id
        w = new_work(BUFFERS.params_matrix(specs, None), n_log=LOG_ROWS, n_cev=MAX_CARD_EVENTS)
        setup_nb(cards.table_array[0], games[0], seats[0], w, players, seed, 0)
        return games, seats, w, ()

    def advance(cards, state, mask):
        games, seats, w, _ = state
        return advance_nb(cards.table_array[0], games[0], seats[0], w, mask)

    def take_own(cards, state, p):
        games, seats, w, _ = state
        rules, g, s = cards.table_array[0], games[0], seats[0]
        n = options_nb(rules, g, s, w)
        k = choose_nb(s[p].strategy, w.params[p], rules, g, s, p, w.opts, n)
        pick_nb(rules, g, s, w, p, k)

    return Stepper(setup, advance, take_own)


def _ewmh() -> Stepper:
    from simcore.games.ewmh.play.resume_nb import advance_nb, apply_top_nb
    from simcore.games.ewmh.rules.options_nb import list_options_nb
    from simcore.games.ewmh.rules.setup_nb import setup_nb
    from simcore.games.ewmh.state.dtypes import MAX_CARD_EVENTS, new_state
    from simcore.games.ewmh.state.work import new_work
    from simcore.seats import params_matrix
    from strategies.ewmh.dispatch_nb import choose_nb

    def setup(cards, players, seed, specs):
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p].strategy = spec.id
        w = new_work(n_log=LOG_ROWS, n_cev=MAX_CARD_EVENTS)
        w.params[:] = params_matrix(list(specs), None, w.params.shape[0])
        setup_nb(cards.tables, games[0], seats[0], w, players, seed, 0)
        return games, seats, w, ()

    def advance(cards, state, mask):
        games, seats, w, _ = state
        return advance_nb(cards.tables, games[0], seats[0], w, mask)

    def take_own(cards, state, p):
        games, seats, w, _ = state
        t, g, s = cards.tables, games[0], seats[0]
        n = list_options_nb(t, g, s, w)
        k = choose_nb(s[p].strategy, w.params[p], t, g, s, p, w.opts, n)
        apply_top_nb(t, g, s, w, p, k)

    return Stepper(setup, advance, take_own)


def _apiacere() -> Stepper:
    from simcore.games.apiacere.play.resume_nb import advance_nb, apply_top_nb
    from simcore.games.apiacere.rules.options_nb import list_options_nb
    from simcore.games.apiacere.rules.setup_nb import setup_nb
    from simcore.games.apiacere.state.dtypes import MAX_CARD_EVENTS, new_state
    from simcore.games.apiacere.state.work import new_work
    from simcore.seats import params_matrix
    from strategies.apiacere.dispatch_nb import choose_nb

    def setup(cards, players, seed, specs):
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p].strategy = spec.id
        w = new_work(n_log=LOG_ROWS, n_cev=MAX_CARD_EVENTS)
        w.params[:] = params_matrix(list(specs), None, w.params.shape[0])
        setup_nb(cards.tables, games[0], seats[0], w, players, seed, 0)
        return games, seats, w, ()

    def advance(cards, state, mask):
        games, seats, w, _ = state
        return advance_nb(cards.tables, games[0], seats[0], w, mask)

    def take_own(cards, state, p):
        games, seats, w, _ = state
        t, g, s = cards.tables, games[0], seats[0]
        n = list_options_nb(t, g, s, w)
        k = choose_nb(s[p].strategy, w.params[p], t, g, s, p, w.opts, n)
        apply_top_nb(t, g, s, w, p, k)

    return Stepper(setup, advance, take_own)


STEPPERS: dict[str, Callable[[], Stepper]] = {
    "apiacere": _apiacere,
    "dicemining": _dicemining,
    "ewmh": _ewmh,
    "luthier": _luthier,
    "maestro": _maestro,
    "pig": _pig,
}


def stepper(name: str) -> Stepper | None:
    """The resume hooks of game `name`, or None for a game that has none."""
    make = STEPPERS.get(name)
    return None if make is None else make()
