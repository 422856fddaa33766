"""Dice-Mining Patrons' state: dtypes and sizes, integer codes, what a seat may see."""
