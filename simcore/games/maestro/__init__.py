"""Maestro (Rudi Hoffmann, Hans im Glück 1989): agencies place musicians in concerts.

RULES_VERSION changes whenever the engine's behaviour changes (the same seed and board
data may then give different games); baselines record it.
"""

RULES_VERSION = 3
