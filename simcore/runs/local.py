"""A run's chunks on this machine: one batch kernel on all cores at a time, while a
writer thread writes the previous chunk's part files."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from simcore.runs.chunks import ChunkJob, play_chunk, write_chunk


def _write_and_record(job: ChunkJob, chunk: int, batch, record: Callable[[int, int], int]) -> int:
    """On the writer thread, while the next chunk plays."""
    return record(chunk, write_chunk(job, chunk, batch))


def run_local(
    job: ChunkJob,
    todo: list[int],
    threads: int | None,
    record: Callable[[int, int], int],
    report: Callable[[], None],
    started: Callable[[], None],
) -> int:
    """Run chunks `todo` in order; `record(chunk, n_games)` lists each in the manifest once
    its parts are written, `report()` after each, `started()` once the kernels are loaded.
    Returns the games played; an interruption lets the chunk being written land first."""
    from simcore.games.luthier.engine import play_batch

    play_batch(job.card_set, job.players, job.seed, list(job.seats), 0, 1, job.params)  # compile
    started()
    played = 0
    pending = None
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="tutti-writer") as writer:
        try:
            for chunk in todo:
                batch = play_chunk(job, chunk, threads)
                if pending is not None:
                    played += pending.result()
                    pending = None
                    report()
                pending = writer.submit(_write_and_record, job, chunk, batch, record)
            if pending is not None:
                played += pending.result()
                pending = None
                report()
        finally:
            if pending is not None:  # interrupted: let the chunk in flight land completely
                played += pending.result()
    return played
