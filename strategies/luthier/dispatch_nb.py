"""Strategy dispatch: strategy id -> jitted decision function (ids from registry.py).

Ids below USER_BASE are built in. A user strategy module (`--strategy-module`,
see `strategies/luthier/user.py`) fills the USER_SLOTS slots `user0_nb` ..
`user3_nb` before any kernel compiles; numba reads these globals when it
compiles `choose_nb`, and the kernel cache directory is keyed on the user
module's source too (`simcore/kernels/jitcache.py`), so a cached build never mixes them.
Unfilled slots play `random`.
"""

from __future__ import annotations

from simcore.kernels.jit import kernel
from strategies.luthier.heuristic_nb import heuristic_choose_nb, heuristic_choose_planned_nb
from strategies.random_nb import random_choose_nb

RANDOM = 0  # every other built-in id is a heuristic archetype (its parameters differ)
USER_BASE = 100  # user strategies take ids USER_BASE .. USER_BASE + USER_SLOTS - 1
USER_SLOTS = 4

user0_nb = random_choose_nb
user1_nb = random_choose_nb
user2_nb = random_choose_nb
user3_nb = random_choose_nb


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid`."""
    if sid == RANDOM:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    if sid < USER_BASE:
        return heuristic_choose_nb(params, cards, g, s, p, opts, n)
    slot = sid - USER_BASE
    if slot == 0:
        return user0_nb(params, cards, g, s, p, opts, n)
    if slot == 1:
        return user1_nb(params, cards, g, s, p, opts, n)
    if slot == 2:
        return user2_nb(params, cards, g, s, p, opts, n)
    return user3_nb(params, cards, g, s, p, opts, n)


@kernel
def choose_planned_nb(sid, params, cards, g, s, p, opts, n, memo):
    """choose_nb for a placement of the planning phase (decide_nb.decide_planned_nb):
    the heuristics keep `memo` between a seat's placements."""
    if RANDOM < sid < USER_BASE:
        return heuristic_choose_planned_nb(params, cards, g, s, p, opts, n, memo)
    return choose_nb(sid, params, cards, g, s, p, opts, n)
