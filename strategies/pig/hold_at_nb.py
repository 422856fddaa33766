"""`hold-at`: roll until the turn total reaches N (params[0]), or until holding wins.

The classic Pig heuristic (hold at 20 nearly maximises the points banked per turn). It
reads only what every player sees: its own score, the turn total and the target.
"""

from __future__ import annotations

from simcore.games.pig.codes import Opt
from simcore.kernels.jit import kernel

N = 0  # params[N]: the turn total at which it holds


@kernel
def hold_at_choose_nb(params, cards, g, s, p, opts, n):
    """Index of HOLD in opts[:n] when the turn total reaches params[N] or banking it wins,
    else of ROLL."""
    want = Opt.ROLL
    if g.turn_total >= params[N] or s[p].score + g.turn_total >= cards.target:
        want = Opt.HOLD
    for k in range(n):
        if opts[k, 0] == want:
            return k
    return 0
