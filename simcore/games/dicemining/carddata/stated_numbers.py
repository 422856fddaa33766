"""What Dice-Mining Patrons' rulebook states: the numbers no balancing may change.

Nearly all the card data is estimated (its `source` says "estimate" and its `estimate`
how it was chosen). These are the few numbers the rulebook itself prints: the target, the
hand, the draws, the storage capacities, the cumulative scoring, the burglary levels, two
dice per layout, the 8 vaults, the Defender's card and the four copies of each cumulative
patron (derived from "the fourth would give them all a value of 6"). `tutti balance`
refuses to vary one unless told `--allow-stated`; tests/dicemining/test_cards.py checks
each against the shipped data.
"""

from __future__ import annotations

STATED: dict[tuple[str, str, str], str] = {
    ("rules", "target", "value"): "rulebook: Goal",
    ("rules", "hand", "value"): "rulebook: Setup",
    ("rules", "draw_per_fulfil", "value"): "rulebook: Fulfillment",
    ("rules", "backpack_resources", "value"): "rulebook: Crafting",
    ("rules", "backpack_items", "value"): "rulebook: Crafting",
    ("rules", "cumulative_base", "value"): "rulebook: Scoring and Winning (derived)",
    ("rules", "cumulative_max", "value"): "rulebook: Scoring and Winning",
    ("rules", "burglar_levels", "value"): "rulebook: Artifacts and Burglars",
    ("dice", "a", "copies"): "rulebook: Setting up the dice ('Each layout represents two')",
    ("dice", "b", "copies"): "rulebook: Setting up the dice ('Each layout represents two')",
    ("dice", "c", "copies"): "rulebook: Setting up the dice ('Each layout represents two')",
    ("vaults", "vault", "copies"): "rulebook: components (8 Vaults)",
    ("vaults", "vault", "resources"): "rulebook: Crafting ('2 for each vault')",
    ("vaults", "vault", "items"): "rulebook: Crafting ('1 for each vault')",
    ("patrons", "defender", "vp"): "rulebook: Patron Cards (the Defender, 11 VP)",
    ("patrons", "defender", "items"): "rulebook: Patron Cards (Heavy Armor, Helm, Shield, Dirk)",
    ("patrons", "tale_smith", "copies"): "rulebook: Scoring and Winning (derived)",
    ("patrons", "brew_maiden", "copies"): "rulebook: Scoring and Winning (derived)",
    ("patrons", "monk", "copies"): "rulebook: Scoring and Winning (derived)",
}


def stated_number(kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
    """Where the rulebook states this field of an entry (a part of a field counts as it)."""
    return STATED.get((kind, card_id, field[0])) if field else None
