"""A Piacere (Sven Uilhoorn): composers touring the cities of the classical era, playing
cards over 16 rounds with 4 royal events; 2 to 5 players.

The card data (`data/*.toml`, its loader `carddata/`, the codes `codes.py`, the limits
`sizes.py`, the stated numbers) and the engine's core (issue 39, phase (a)): `state/`,
`rules/`, `play/`, `output/`, with `random` bound in through `game.py`. The game is not
registered in `simcore.games` until its strategies, report sections and golden games
exist: docs/games/apiacere.md, Engine status.

RULES_VERSION changes whenever the engine's behaviour changes (the same seed and rules
would play another game).
"""

RULES_VERSION = 1
