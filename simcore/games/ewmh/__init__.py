"""Early Western Music History (Fruit Circus): a race along a path of one musical Age,
producing compositions by flipping effect cards; 2 to 9 players.

The card data (`data/*.toml`, its loader `carddata/`, the codes `codes.py`, the limits
`sizes.py`, the stated numbers) and the engine, every rule: `state/`, `rules/`, `play/`,
`output/`, with the strategies of `strategies/ewmh/` bound in through `game.py`; registered
in `simcore.games` (docs/games/ewmh.md, Engine status).

RULES_VERSION changes whenever the engine's behaviour changes (the same seed and rules
would play another game).
"""

RULES_VERSION = 2
