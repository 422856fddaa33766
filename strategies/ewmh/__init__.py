"""Early Western Music History's strategies: phase (a) of issue 37 has the shared `random`."""
