"""The decision point: the engine lists options, the seat's strategy picks one.

The one engine module that imports the strategies' dispatch (so a later change can bind
another dispatch here without touching the rule kernels).
"""

from __future__ import annotations

from simcore.jit import kernel
from strategies.maestro.dispatch_nb import choose_nb


@kernel
def decide_nb(cards, g, s, w, p, n):
    """Index of the option seat p takes among w.opts[:n] (n >= 1); a lone option needs no choice."""
    if n <= 1:
        return 0
    g.n_decisions += 1
    k = choose_nb(s[p].strategy, w.params[p], cards, g, s, p, w.opts, n)
    if k < 0 or k >= n:  # a strategy bug must not corrupt the game: fall back to the first
        k = 0
    return k
