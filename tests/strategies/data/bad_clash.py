from numba import njit

from strategies.luthier.user import strategy


@strategy("balanced", "Takes a built-in name: refused.")
@njit
def clash(params, cards, g, s, p, opts, n):
    return 0
