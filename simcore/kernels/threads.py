"""Threads for batch kernels: a batch is cut into blocks of games that idle threads take.

Batch kernels release the GIL (`@kernel(nogil=True)`) and each game owns its state and
random streams, so any number of threads, and any cut into blocks, plays the same
games. Blocks are small enough that threads finishing early take more work, and large
enough that neighbouring blocks rarely share a cache line and that threads seldom wait
for the GIL: a thread needs it after every block, to return and to take the next, while a
writer thread holds it building tables. On 16 cores (Xeon, 4,096-game chunks of random
play) 2 blocks a thread instead of 8 took a run from 51,200 to 63,311 games/s, and 0.5 ms
GIL hand-overs during runs (runs/local.py) to 69,215; no change on 2 cores.

The kernel threads are made once per thread count and shared: batches played at the
same time (a run's next chunk starts while the last blocks of the one before finish,
runs/local.py) queue their blocks in order on the same threads, so no core waits for
the slowest block of a chunk and a process never runs more kernel threads than asked.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

BLOCKS_PER_THREAD = 2  # a thread takes the GIL back after each block: few, long blocks
MIN_BLOCK = 16  # games


def max_threads() -> int:
    """Cores this process may run on (the default and the largest --threads)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_threads(threads: int) -> None:
    """Refuse (one line) a --threads value outside 1 .. max_threads()."""
    from simcore.errors import TuttiError

    most = max_threads()
    if not 1 <= threads <= most:
        raise TuttiError(f"--threads must be between 1 and {most} (got {threads})")


def blocks(n: int, threads: int) -> list[tuple[int, int]]:
    """[lo, hi) ranges covering 0..n-1 in order."""
    size = max(MIN_BLOCK, -(-n // (threads * BLOCKS_PER_THREAD)))
    return [(lo, min(lo + size, n)) for lo in range(0, n, size)]


_POOLS: dict[int, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def kernel_pool(threads: int) -> ThreadPoolExecutor:
    """This process's `threads` kernel threads, made on first use and then reused."""
    with _POOLS_LOCK:
        if threads not in _POOLS:
            _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="tutti-kernel")
        return _POOLS[threads]


def run_blocks(play: Callable[[int, int], None], n: int, threads: int | None) -> None:
    """Call play(lo, hi) over blocks of 0..n-1 on `threads` threads (None: every core);
    one thread plays in the calling thread."""
    wanted = threads or max_threads()
    parts = blocks(n, max(1, min(wanted, n)))
    if wanted == 1 or len(parts) == 1:
        for lo, hi in parts:
            play(lo, hi)
        return
    futures = [kernel_pool(wanted).submit(play, lo, hi) for lo, hi in parts]
    try:
        for future in futures:
            future.result()
    finally:  # interrupted or failed: the blocks not started are dropped, the others end
        for future in futures:
            future.cancel()
        for future in futures:
            if not future.cancelled():
                future.exception()
