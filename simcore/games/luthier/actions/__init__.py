"""Luthier's actions: what a worker, a purchase or a main action does (rulebook pp.13-23)."""
