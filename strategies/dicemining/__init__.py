"""Dice-Mining Patrons' strategies: the shared `random` and heuristics (registry.py)."""
