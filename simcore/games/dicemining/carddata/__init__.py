"""Dice-Mining Patrons' card data: the loader and the rulebook's stated numbers."""
