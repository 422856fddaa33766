"""The tie audit of tests/strategies/test_ties.py, run as plain Python
(`NUMBA_DISABLE_JIT=1 python -m tests.strategies.tie_audit`): every decision of a few real
games is also taken with other noise on the same state (Luthier: games played with noise
0, each decision taken again with noise 1e-12, and at an exact tie the tied options alone
with noise 1e3; Maestro: the `ties` weight 0 and 1 and other strategy streams); prints
JSON counts.

As plain Python the engine calls the dispatch through decide_nb's module globals, so
wrapping them sees every decision of every context (the compiled engine cannot be
watched this way). Each extra choice starts from the decision's own strategy stream and
leaves the game as it was.
"""

from __future__ import annotations

import collections
import json
import os

import numpy as np

LUTHIER_GAMES = (
    (3, 12, "performer,courtier,restorer"),
    (4, 13, "crafter,balanced,balanced,balanced"),
)
MAESTRO_GAMES = (
    (3, 21, "greedy,completer,rusher"),
    (4, 22, "rusher,greedy,completer,completer"),
)


def _context(opts, n) -> str:
    from simcore.games.luthier.state.codes import Opt

    kinds = {Opt(int(opts[k, 0])).name for k in range(n)}
    return "+".join(sorted(kinds)) if len(kinds) <= 3 else min(kinds) + "+..."


def luthier() -> dict:
    from simcore.games.luthier.carddata.cards import load_default_cards
    from simcore.games.luthier.play import decide_nb
    from simcore.games.luthier.play.engine import params_matrix, play_game
    from strategies.luthier.heuristic_nb import MEMO_SIZE, option_values_nb
    from strategies.luthier.params import NOISE
    from strategies.luthier.registry import parse_seats
    from strategies.ties_nb import tie_value_nb

    real = {"choose": decide_nb.choose_nb, "planned": decide_nb.choose_planned_nb}
    out = {"decisions": 0, "tied": 0}
    changed: collections.Counter = collections.Counter()
    by_noise: collections.Counter = collections.Counter()

    def take(which, sid, prm, cards, g, s, p, opts, n, memo, noise):
        """The choice with `noise`, on the decision's state (its stream left as it was)."""
        prm = prm.copy()
        prm[NOISE] = noise
        rng = g.rng.copy()
        args = (sid, prm, cards, g, s, p, opts, n) + (() if memo is None else (memo.copy(),))
        k = int(real[which](*args))
        g.rng[:] = rng
        return k

    def audit(which, sid, prm, cards, g, s, p, opts, n, memo, k0):
        """k0: the choice the game took, with noise 0."""
        out["decisions"] += 1
        ctx = _context(opts, n)
        if take(which, sid, prm, cards, g, s, p, opts, n, memo, 1e-12) != k0:
            changed[ctx] += 1
        values = np.zeros(n)
        option_values_nb(prm, cards, g, s, p, opts, n, np.full(MEMO_SIZE, np.nan), values)
        ranked = np.array([tie_value_nb(v) for v in values])
        tied = np.flatnonzero(ranked == ranked.max())
        if len(tied) < 2:
            return
        out["tied"] += 1
        only = np.zeros_like(opts)
        only[: len(tied)] = opts[tied]
        if tied[take(which, sid, prm, cards, g, s, p, only, len(tied), memo, 1e3)] != k0:
            by_noise[ctx] += 1

    def choose(sid, prm, cards, g, s, p, opts, n):
        if sid == 0:
            return real["choose"](sid, prm, cards, g, s, p, opts, n)
        state = g.rng.copy()
        k0 = int(real["choose"](sid, prm, cards, g, s, p, opts, n))
        after = g.rng.copy()
        g.rng[:] = state
        audit("choose", sid, prm, cards, g, s, p, opts, n, None, k0)
        g.rng[:] = after
        return k0

    def planned(sid, prm, cards, g, s, p, opts, n, memo):
        if sid == 0:
            return real["planned"](sid, prm, cards, g, s, p, opts, n, memo)
        state, kept = g.rng.copy(), memo.copy()
        k0 = int(real["planned"](sid, prm, cards, g, s, p, opts, n, memo))
        after = g.rng.copy()
        g.rng[:] = state
        audit("planned", sid, prm, cards, g, s, p, opts, n, kept, k0)
        g.rng[:] = after
        return k0

    decide_nb.choose_nb, decide_nb.choose_planned_nb = choose, planned
    try:
        cards = load_default_cards()
        for players, seed, names in LUTHIER_GAMES:
            seats = parse_seats(names, players)
            params = params_matrix(seats, None)
            params[:, NOISE] = 0.0
            play_game(cards, players, seed, seats, params)
    finally:
        decide_nb.choose_nb, decide_nb.choose_planned_nb = real["choose"], real["planned"]
    return out | {"changed": dict(changed), "tie_broken_by_noise": dict(by_noise)}


def maestro() -> dict:
    from simcore.games.maestro.carddata.cards import load_default_cards
    from simcore.games.maestro.game import GAME
    from simcore.games.maestro.play import decide_nb
    from simcore.games.maestro.state.codes import Opt
    from simcore.games.maestro.state.dtypes import Stream
    from strategies.maestro.params import P

    real = decide_nb.choose_nb
    out = {"decisions": 0}
    changed: collections.Counter = collections.Counter()

    def choose(sid, prm, cards, g, s, p, opts, n):
        if sid != 0:
            out["decisions"] += 1
            rng = g.rng.copy()
            picks = set()
            for ties in (0.0, 1.0):
                for shift in range(3):
                    other = prm.copy()
                    other[P.TIES] = ties
                    g.rng[:] = rng
                    g.rng[Stream.STRATEGY] += np.uint64(shift)
                    picks.add(int(real(sid, other, cards, g, s, p, opts, n)))
            g.rng[:] = rng
            if len(picks) > 1:
                changed[Opt(int(opts[0, 0])).name] += 1
        return real(sid, prm, cards, g, s, p, opts, n)

    decide_nb.choose_nb = choose
    try:
        cards = load_default_cards()
        for players, seed, names in MAESTRO_GAMES:
            GAME.play_game(cards, players, seed, GAME.parse_seats(names, players))
    finally:
        decide_nb.choose_nb = real
    return out | {"changed": dict(changed)}


if __name__ == "__main__":
    import warnings

    assert os.environ.get("NUMBA_DISABLE_JIT") == "1", "run with NUMBA_DISABLE_JIT=1"
    warnings.filterwarnings("ignore", "overflow", RuntimeWarning)  # SplitMix64 wraps on purpose
    print(json.dumps({"luthier": luthier(), "maestro": maestro()}))
