"""Seeds: a run's master seed and a game's seed are unsigned 63-bit integers."""

from __future__ import annotations

from simcore.errors import TuttiError

MAX_SEED = 2**63 - 1


def check_seed(seed: int) -> None:
    """Refuse (one line) a seed outside 0 .. 2**63 - 1."""
    if not 0 <= seed <= MAX_SEED:
        raise TuttiError(f"--seed must be between 0 and 2**63 - 1 (got {seed})")
