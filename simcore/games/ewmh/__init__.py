"""Early Western Music History (Fruit Circus): a race along a path of one musical Age,
producing compositions by flipping effect cards; 2 to 9 players.

The card data (`data/*.toml`, its loader `carddata/`, the codes `codes.py`, the limits
`sizes.py`, the stated numbers) and phase (a) of the engine: `state/`, `rules/`, `play/`,
`output/`, with `random` bound in through `game.py`. The game is not registered in
`simcore.games` until phases (b) (patrons, keep checks) and (c) (reactions, Absolution,
Josquin) exist: docs/games/ewmh.md, Engine status.

RULES_VERSION changes whenever the engine's behaviour changes (the same seed and rules
would play another game).
"""

RULES_VERSION = 1
