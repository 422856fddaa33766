"""The strategy call: the seat's strategy picks an option index. `choose_nb` is a
placeholder until the game's registration binds strategies/dicemining/dispatch_nb.py
(simcore/games/binding.py; the engine does not import the strategies package)."""

from __future__ import annotations

from simcore.games.binding import bind, unbound
from simcore.kernels.jit import kernel

choose_nb = unbound(__name__, "choose_nb")


@kernel
def decide_nb(cards, g, s, w, p, n):
    """Index among w.opts[:n] that seat p's strategy picks."""
    return choose_nb(s[p].strategy, w.params[p], cards, g, s, p, w.opts, n)


bind(globals(), __name__)
