"""Blocks of a batch cover every game once, in order, for any thread count; batches played
at the same time share the kernel threads; a failing block stops its batch."""

from __future__ import annotations

import threading
import time

import pytest

from simcore.kernels.threads import blocks, kernel_pool, run_blocks


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


def test_kernel_threads_are_made_once_and_reused():
    assert kernel_pool(3) is kernel_pool(3)
    assert kernel_pool(3) is not kernel_pool(2)


def test_batches_played_at_once_share_the_kernel_threads():
    """Two batches at a time (a run's consecutive chunks) queue their blocks on the same
    `threads` threads: every block is played once, and never on more threads."""
    threads, n = 3, 2000
    seen: list[list[int]] = [[], []]
    workers: set[int] = set()
    lock = threading.Lock()

    def play_into(k: int):
        def play(lo: int, hi: int) -> None:
            with lock:
                workers.add(threading.get_ident())
                seen[k].extend(range(lo, hi))
            time.sleep(0.001)

        return play

    batches = [threading.Thread(target=run_blocks, args=(play_into(k), n, threads)) for k in (0, 1)]
    for t in batches:
        t.start()
    for t in batches:
        t.join()
    assert sorted(seen[0]) == list(range(n)) and sorted(seen[1]) == list(range(n))
    assert 1 < len(workers) <= threads


def test_a_failing_block_stops_the_batch_and_is_raised():
    played: list[int] = []

    def play(lo: int, hi: int) -> None:
        if lo == 0:
            raise ValueError("block 0")
        time.sleep(0.02)
        played.append(lo)

    with pytest.raises(ValueError, match="block 0"):
        run_blocks(play, 4000, 2)
    assert len(played) < len(blocks(4000, 2)) - 1  # the blocks not started were dropped


def test_one_chunk_at_a_time_on_one_thread():
    from simcore.runs.local import chunks_played_at_once

    assert chunks_played_at_once(1) == 1 and chunks_played_at_once(2) == 2
