"""Dice-Mining Patrons (published as Rather Dashing Games' Dwarven Miner, 2013): roll six
dice against the Orcs, craft items, fulfil patrons, and race to 30 victory points.

The rules as implemented cite issue 38's specification rulings (DM-1 .. DM-26) in their
kernels; the rulebook (rules/dice-mining-patrons.txt) stands where the two disagree.
Nearly all card data is estimated (data/*.toml says how each number was chosen);
docs/games/dicemining.md sums up rules, rulings, estimates and status.

RULES_VERSION changes whenever the engine's behaviour changes.
"""

RULES_VERSION = 2
