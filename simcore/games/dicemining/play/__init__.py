"""Dice-Mining Patrons' play: the stage machine, the batch kernel, invariants, engine."""
