"""A Piacere's results tables and its readable transcript."""
