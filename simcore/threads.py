"""Threads for batch kernels: a batch is cut into blocks of games that idle threads take.

Batch kernels release the GIL (`@kernel(nogil=True)`) and each game owns its state and
random streams, so any number of threads, and any cut into blocks, plays the same
games. Blocks are small enough that threads finishing early take more work (games vary
in length), and large enough that neighbouring blocks rarely share a cache line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

BLOCKS_PER_THREAD = 8
MIN_BLOCK = 16  # games


def max_threads() -> int:
    """Cores this process may run on (the default and the largest --threads)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def blocks(n: int, threads: int) -> list[tuple[int, int]]:
    """[lo, hi) ranges covering 0..n-1 in order."""
    size = max(MIN_BLOCK, -(-n // (threads * BLOCKS_PER_THREAD)))
    return [(lo, min(lo + size, n)) for lo in range(0, n, size)]


def run_blocks(play: Callable[[int, int], None], n: int, threads: int | None) -> None:
    """Call play(lo, hi) over blocks of 0..n-1 on `threads` threads (None: every core)."""
    threads = max(1, min(threads or max_threads(), n))
    parts = blocks(n, threads)
    if threads == 1 or len(parts) == 1:
        for lo, hi in parts:
            play(lo, hi)
        return
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="tutti-kernel") as pool:
        for future in [pool.submit(play, lo, hi) for lo, hi in parts]:
            future.result()
