"""Blocks of a batch cover every game once, in order, for any thread count."""

from __future__ import annotations

import pytest

from simcore.threads import blocks, run_blocks


@pytest.mark.parametrize("n", [1, 15, 16, 17, 1000, 4096])
@pytest.mark.parametrize("threads", [1, 2, 16])
def test_blocks_cover_each_game_once(n, threads):
    parts = blocks(n, threads)
    assert [g for lo, hi in parts for g in range(lo, hi)] == list(range(n))


def test_run_blocks_plays_every_block_on_threads():
    seen = []
    run_blocks(lambda lo, hi: seen.extend(range(lo, hi)), 1000, 4)
    assert sorted(seen) == list(range(1000))


def test_writers_grow_with_kernel_threads():
    from simcore.runs.local import WRITER_THREADS, writers_for

    assert writers_for(1) == 1 and writers_for(WRITER_THREADS - 1) == 1
    assert writers_for(4 * WRITER_THREADS) == 4
