"""The decision point: the engine lists options, the seat's strategy picks one.

The strategy dispatch kernels this module calls are placeholders until the game's
registration binds them (at the end of this module, before anything compiles; see
simcore/games/binding.py): the engine does not import the strategies package.
"""

from __future__ import annotations

from simcore.games.binding import bind, unbound
from simcore.games.luthier.play.offers_nb import record_offers_nb
from simcore.games.luthier.state.codes import BAD_PICK
from simcore.kernels.jit import kernel

# filled by GAME.dispatch_kernels (simcore/games/luthier/game.py) below: numba reads them
# when it compiles the kernels that call them
choose_nb = unbound(__name__, "choose_nb")
choose_planned_nb = unbound(__name__, "choose_planned_nb")


@kernel
def set_opt_nb(opts, i, kind, a=0, b=0, c=0, d=0, e=0):
    """Write row i of the option buffer `opts` (Work.opts) and return i + 1."""
    row = opts[i]
    row[0] = kind
    row[1] = a
    row[2] = b
    row[3] = c
    row[4] = d
    row[5] = e
    return i + 1


@kernel
def checked_pick_nb(g, k, n):
    """k if it is an option (0 <= k < n); else 0 with BAD_PICK set in g.violations: a
    strategy bug must not corrupt the game, and must not pass unseen either."""
    if k < 0 or k >= n:
        g.violations |= BAD_PICK
        return 0
    return k


@kernel
def decide_nb(cards, g, s, opts, params, p, n):
    """Index of the option seat p takes among opts[:n] (n >= 1); a lone option needs no choice.

    opts and params are Work.opts and Work.params: the decisions take these two arrays, not
    the whole Work bundle, as numba passes every array of a tuple as some ten scalar
    arguments at each call that is not inlined."""
    if n == 1:
        return 0
    g.n_decisions += 1
    k = choose_nb(s[p].strategy, params[p], cards, g, s, p, opts, n)
    return checked_pick_nb(g, k, n)


@kernel
def decide_card_nb(cards, g, s, opts, params, p, n):
    """decide_nb for a decision that may offer cards (a row card to take, a tile, goal,
    instrument or patron to keep, a specialty card, a royal patron): the offered cards
    and the one chosen are marked for the pick rates (offers_nb). Only these call sites
    record, so the recording is not copied into every decision of the kernel tree."""
    k = decide_nb(cards, g, s, opts, params, p, n)
    record_offers_nb(g, s, p, opts, n, k)
    return k


@kernel
def decide_planned_nb(cards, g, s, opts, params, p, n, memo):
    """decide_nb for a placement of the planning phase: `memo` (float64[PLAN_MEMO_W],
    NaN at the start of the phase, mutated) is the seat's scratch for the whole phase."""
    if n == 1:
        return 0
    g.n_decisions += 1
    k = choose_planned_nb(s[p].strategy, params[p], cards, g, s, p, opts, n, memo)
    return checked_pick_nb(g, k, n)


@kernel
def own_choice_nb(cards, g, s, opts, params, p, n, planning):
    """Index of the option seat p's own strategy takes among opts[:n] at a top-level
    decision (resume_nb.py: a placement when `planning`, else a resolution turn), as
    decide_planned_nb / decide_nb would take it there; not counted in g.n_decisions
    (resume_nb.apply_top_nb counts the decision it takes)."""
    if n == 1:
        return 0
    if planning:
        k = choose_planned_nb(s[p].strategy, params[p], cards, g, s, p, opts, n, s[p].plan_memo)
    else:
        k = choose_nb(s[p].strategy, params[p], cards, g, s, p, opts, n)
    return checked_pick_nb(g, k, n)


bind(globals(), __name__)  # the game's dispatch kernels replace the placeholders
