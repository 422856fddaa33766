"""Pig, the folk dice game: the EXAMPLE game, the smallest a user copies to add their own.

On your turn you roll a die again and again, adding each face to a turn total, until you
hold (the turn total is banked) or roll a 1 (the turn total is lost). The first player to
bank the target (100) wins. docs/games.md walks through every file of this package and of
strategies/pig/ as the tutorial for adding a game; the rules as implemented are in
`rules_nb.py`, their numbers in `data/rules.toml`.

RULES_VERSION changes whenever the engine's behaviour changes (the same seed and rules
data may then give different games); baselines record it.
"""

RULES_VERSION = 1
