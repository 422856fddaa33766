"""Per-card numbers: one pass over the cards table, the adjusted (Mantel-Haenszel) effects,
the card kinds and card list a game declares, pick rates, outcomes, example games, card
advice and lookup.
"""
