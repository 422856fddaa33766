"""A Piacere's strategies: the engine's core phase has the shared `random`."""
