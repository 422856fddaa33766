"""Maestro's strategies: `random` and the heuristics (registry.py)."""
