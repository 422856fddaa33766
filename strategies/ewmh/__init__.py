"""Early Western Music History's strategies: random, the heuristics producer, rusher
and patron (heuristic_nb.py, weights in field.toml), and the search player."""
