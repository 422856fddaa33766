"""The decision point: the engine lists options, the seat's strategy picks one.

The strategy dispatch kernel this module calls is a placeholder until the game's
registration (simcore/games/apiacere/game.py) binds it at the end of this module, before
anything compiles (simcore/games/binding.py): the engine does not import strategies.
"""

from __future__ import annotations

from simcore.games.apiacere.state.codes import Violation
from simcore.games.binding import bind, unbound
from simcore.kernels.jit import kernel

# filled by GAME.dispatch_kernels (simcore/games/apiacere/game.py) below: numba reads it
# when it compiles the kernel that calls it
choose_nb = unbound(__name__, "choose_nb")


@kernel
def decide_nb(cards, g, s, w, p, n):
    """Index of the option seat p takes among w.opts[:n] (n >= 1); a lone option needs no
    choice. A pick outside the options plays option 0 and sets Violation.BAD_PICK."""
    if n <= 1:
        return 0
    g.n_decisions += 1
    k = choose_nb(s[p].strategy, w.params[p], cards, g, s, p, w.opts, n)
    if k < 0 or k >= n:
        g.violations |= Violation.BAD_PICK
        k = 0
    return k


bind(globals(), __name__)  # the game's dispatch kernel replaces the placeholder
