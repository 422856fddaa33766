"""A Piacere's strategies: `random` and three heuristics (registry.py)."""
