"""Pig's strategies (the example game): the shared `random` and `hold-at`."""
