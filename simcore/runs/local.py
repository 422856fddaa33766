"""A run's chunks on this machine: the batch kernel plays one chunk on every thread while
writer threads turn the chunks already played into Parquet parts.

Building and compressing a chunk's tables costs about a fifth of playing it on one
thread (4,096 random 4-player games: 0.94 s to play, 0.18 s to write), so with many
cores one writer cannot keep up: the number of writers grows with the threads (one
per WRITER_THREADS kernel threads), and at most one chunk per writer waits in memory.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from simcore.runs.chunks import ChunkJob, play_chunk, write_chunk
from simcore.threads import max_threads

WRITER_THREADS = 4  # kernel threads per writer thread


def writers_for(threads: int | None) -> int:
    return max(1, (threads or max_threads()) // WRITER_THREADS)


def run_local(
    job: ChunkJob,
    todo: list[int],
    threads: int | None,
    record: Callable[[int, int], int],
    report: Callable[[], None],
    started: Callable[[], None],
) -> int:
    """Run chunks `todo`; `record(chunk, n_games)` lists each in the manifest once its parts
    are written (one at a time), `report()` after each, `started()` once the kernels are
    loaded. Returns the games played; an interruption lets the chunks being written land."""
    job.game.play_batch(job.card_set, job.players, job.seed, job.seats, 0, 1, job.params, 1)
    started()
    lock = threading.Lock()

    def write(chunk: int, batch) -> int:
        n_games = write_chunk(job, chunk, batch)
        with lock:
            return record(chunk, n_games)

    n_writers = writers_for(threads)
    played = 0
    pending: deque[Future] = deque()
    with ThreadPoolExecutor(max_workers=n_writers, thread_name_prefix="tutti-writer") as pool:
        try:
            for chunk in todo:
                batch = play_chunk(job, chunk, threads)
                while len(pending) >= n_writers:
                    played += pending.popleft().result()
                    report()
                pending.append(pool.submit(write, chunk, batch))
            while pending:
                played += pending.popleft().result()
                report()
        finally:
            while pending:  # interrupted: let the chunks in flight land completely
                played += pending.popleft().result()
    return played
