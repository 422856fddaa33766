"""Dice-Mining Patrons' rules, one small kernel each, citing the spec's rulings."""
