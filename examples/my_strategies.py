"""User strategies for tutti: load with `--strategy-module examples/my_strategies.py`.

A strategy is a numba-jitted function that returns the index of the option the
seat takes among opts[:n] (see `simcore/games/luthier/state/codes.py`, class Opt, for
what each option row holds). It must draw randomness only from the game's
strategy stream, so that games stay reproducible from their seed.
"""

from numba import njit

from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.dtypes import Stream
from simcore.kernels.rng_nb import randint_nb, random_nb
from strategies.luthier.heuristic_nb import heuristic_choose_nb
from strategies.luthier.registry import STRATEGIES
from strategies.luthier.user import strategy


@strategy(
    "timid",
    "Random play that passes early: whenever it may, with probability pass_bias.",
    params={"pass_bias": 0.5},
)
@njit
def timid(params, cards, g, s, p, opts, n):
    for k in range(n):
        if opts[k, 0] == Opt.PASS and random_nb(g.rng, Stream.STRATEGY) < params[0]:
            return k
    return randint_nb(g.rng, Stream.STRATEGY, n)


@strategy(
    "mirror",
    "The built-in balanced heuristic, called from a user module.",
    params=STRATEGIES["balanced"].weights,
)
@njit
def mirror(params, cards, g, s, p, opts, n):
    return heuristic_choose_nb(params, cards, g, s, p, opts, n)
