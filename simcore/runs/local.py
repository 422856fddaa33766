"""A run's chunks on this machine: the batch kernel plays chunks on every thread while
writer threads turn the chunks already played into Parquet parts.

Two chunks are played at a time: their blocks queue in order on the same kernel threads
(simcore/kernels/threads.py), so the threads that finish a chunk's last blocks start the next
chunk's first instead of waiting for the slowest one.

A chunk reuses the memory of a chunk already written (fresh memory faults in page by
page as the kernels first write it).

Building and compressing a chunk's tables costs about a quarter of playing it on one
thread (4,096 random 4-player games: 0.25 s to play, 0.07 s to write), so with many
cores one writer cannot keep up: the number of writers grows with the threads (one
per WRITER_THREADS kernel threads), and at most one chunk per writer waits in memory.
"""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from simcore.kernels import jitnotice
from simcore.kernels.threads import max_threads
from simcore.runs.chunks import ChunkJob, play_chunk, write_chunk

WRITER_THREADS = 4  # kernel threads per writer thread
GIL_HANDOVER_S = 0.0005  # during a run; Python's default is 0.005 (see simcore/kernels/threads.py)


def writers_for(threads: int | None) -> int:
    return max(1, (threads or max_threads()) // WRITER_THREADS)


def chunks_played_at_once(threads: int | None) -> int:
    """One kernel thread plays one chunk at a time; more play two, so none waits at the
    end of a chunk for its slowest block."""
    return 1 if (threads or max_threads()) == 1 else 2


def run_local(
    job: ChunkJob,
    todo: list[int],
    threads: int | None,
    record: Callable[[int, dict], int],
    report: Callable[[], None],
    started: Callable[[], None],
) -> int:
    """Run chunks `todo`; `record(chunk, parts)` lists each in the manifest once its parts
    are written (one at a time; it returns the chunk's games), `report()` after each,
    `started()` once the kernels are loaded. Returns the games played; an interruption
    lets the chunks being written land and drops the chunks being played."""
    with jitnotice.one_notice():  # the game's kernels, then the result tables' kernel
        seats = list(job.seats)
        warm = job.game.play_batch(job.card_set, job.players, job.seed, seats, 0, 1, job.params, 1)
        job.game.result_tables(job.card_set, warm, job.players, seats)
    started()
    lock = threading.Lock()

    spare: list = []  # batches written, whose memory the next chunks reuse

    def write(chunk: int, batch) -> int:
        parts = write_chunk(job, chunk, batch)
        with lock:
            spare.append(batch)
            return record(chunk, parts)

    def play(chunk: int):
        with lock:
            into = spare.pop() if spare else None
        return play_chunk(job, chunk, threads, into)

    handover = sys.getswitchinterval()
    sys.setswitchinterval(GIL_HANDOVER_S)  # kernel threads wait less for the GIL
    try:
        return _run(todo, threads, play, write, report)
    finally:
        sys.setswitchinterval(handover)


def _run(todo: list[int], threads: int | None, play, write, report) -> int:
    n_writers = writers_for(threads)
    at_once = chunks_played_at_once(threads)
    played = 0
    playing: deque[tuple[int, Future]] = deque()
    pending: deque[Future] = deque()
    with (
        ThreadPoolExecutor(at_once, thread_name_prefix="tutti-chunk") as players,
        ThreadPoolExecutor(n_writers, thread_name_prefix="tutti-writer") as writers,
    ):
        try:
            for i, chunk in enumerate(todo):
                playing.append((chunk, players.submit(play, chunk)))
                if len(playing) < at_once and i + 1 < len(todo):
                    continue
                while playing and (len(playing) >= at_once or i + 1 == len(todo)):
                    done, future = playing.popleft()
                    batch = future.result()
                    while len(pending) >= n_writers:
                        played += pending.popleft().result()
                        report()
                    pending.append(writers.submit(write, done, batch))
            while pending:
                played += pending.popleft().result()
                report()
        finally:
            for _, future in playing:  # interrupted: drop the chunks being played
                future.cancel()
            while pending:  # and let the chunks in flight land completely
                played += pending.popleft().result()
    return played
