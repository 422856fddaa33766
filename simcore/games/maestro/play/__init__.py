"""Maestro's play loop: whole games and batches, decisions, resume, invariant checks, and
the Python entry points."""
