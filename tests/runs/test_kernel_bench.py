"""simcore/runs/kernel_bench.py: the batch kernel measured alone, with a digest of the
games that a speed change must keep (the same games on any thread count)."""

from __future__ import annotations

from simcore.runs.kernel_bench import measure


def test_the_digest_names_the_games_whatever_the_thread_count():
    one = measure("pig", 3, "random,hold-at", 300, seed=5, threads=1)
    two = measure("pig", 3, "random,hold-at", 300, seed=5, threads=2)
    other = measure("pig", 3, "random,hold-at", 300, seed=6, threads=1)
    assert one.digest == two.digest != other.digest
    assert one.strategies == "random,hold-at,random"  # repeated round the table
    assert one.decisions is not None and one.decisions > 0
