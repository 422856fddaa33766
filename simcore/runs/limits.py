"""The ranges of a run's sizes, checked before any file is written (one owner for each).

A run holds at most MAX_CHUNKS chunks, so its manifest (one checksum record per chunk)
and the list of chunks to play stay small whatever `--games` is: a larger run takes a
larger `--chunk-size`. A chunk's games are in memory while they are played and written
(about 3.4 KB a 4-player Luthier game, and up to four chunks at a time), so MAX_CHUNK
keeps a run under about 1 GB.
"""

from __future__ import annotations

from simcore.errors import TuttiError

DEFAULT_GAMES = 100_000
DEFAULT_CHUNK = 4096
# a run with a search seat (rollouts at every decision, ~1 game per second per core)
# reports progress after every chunk: this default keeps a chunk to seconds
SEARCH_CHUNK = 64
MAX_CHUNK = 65_536  # games per chunk
MAX_CHUNKS = 100_000  # chunks per run
MAX_GAMES = MAX_CHUNK * MAX_CHUNKS  # 6,553,600,000 games per run


def n_chunks(games: int, chunk_size: int) -> int:
    return (games + chunk_size - 1) // chunk_size


def check_sizes(games: int, chunk_size: int) -> None:
    """Refuse (one line) a game count or chunk size outside the ranges above."""
    if not 1 <= games <= MAX_GAMES:
        raise TuttiError(f"--games must be between 1 and {MAX_GAMES:,} (got {games})")
    if not 1 <= chunk_size <= MAX_CHUNK:
        raise TuttiError(f"--chunk-size must be between 1 and {MAX_CHUNK:,} (got {chunk_size})")
    if n_chunks(games, chunk_size) > MAX_CHUNKS:
        least = n_chunks(games, MAX_CHUNKS)
        raise TuttiError(
            f"--games {games:,} in chunks of {chunk_size:,} makes more than {MAX_CHUNKS:,} "
            f"chunks: give --chunk-size {least:,} or more"
        )


def default_chunk(seats) -> int:
    """The chunk size of a run that names none: SEARCH_CHUNK when a seat searches."""
    return SEARCH_CHUNK if any(spec.searches for spec in seats) else DEFAULT_CHUNK
