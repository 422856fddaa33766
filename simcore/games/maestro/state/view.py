"""What a seat's player can see at the table in Maestro, for strategies.

Everything is public but the face-down pool: the board, the critic, the applause track,
every agency (face up) and the points so far, and how many counters are left in the
pool (`pool_n`); not which counters are left nor their order, and not the seed or the
random streams that will shuffle and draw. tests/strategies/test_public_information.py
enforces this on every module of strategies/maestro/ and every engine kernel they call,
and checks that no option list and no decision changes when the pool is dealt again.
"""

from __future__ import annotations

# GAME fields no seat may read (dtypes.py), and why.
HIDDEN_FIELDS = {
    "seed": "the game seed: the pool's shuffle and the first player follow from it",
    "rng": "the random streams: a strategy draws only from its own, as "
    "f(g.rng, Stream.STRATEGY, ...) with a function of simcore.kernels.rng_nb",
    "pool": "the face-down counters still to draw (which and in what order); pool_n is public",
}

# SEAT fields only their owner sees: none (agencies lie face up).
OWN_FIELDS: dict[str, str] = {}
