"""User strategies that pick outside 0..n-1 (tests/strategies/test_bad_picks.py)."""

from numba import njit

from strategies.luthier.user import strategy


@strategy("below", "Picks -1: before the first option.")
@njit
def below(params, cards, g, s, p, opts, n):
    return -1


@strategy("beyond", "Picks n: one past the last option.")
@njit
def beyond(params, cards, g, s, p, opts, n):
    return n
