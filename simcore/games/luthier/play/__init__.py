"""Luthier's play loop: setup, rounds, decisions, resume and redeal, invariant checks, and
the Python entry points."""
