"""Maestro's rules: setup, a turn's placements and draw, the options at each decision,
points and the final scoring."""
