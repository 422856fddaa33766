"""Luthier (worker placement, six rounds, 2-4 players).

RULES_VERSION changes whenever the engine's behaviour changes (the same seed
and cards may then give different games); baselines record it.
"""

RULES_VERSION = 8
