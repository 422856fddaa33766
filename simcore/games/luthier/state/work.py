"""The per-game scratch bundle that decision-making kernels receive."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from simcore.games.luthier.state.dtypes import (
    CEV_W,
    GAME,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_OPTIONS,
    MAX_PLAYERS,
    OPT_W,
    SEAT,
)

# opts: int16[MAX_OPTIONS, OPT_W] option buffer (mutated at every decision point)
# log: int32[n_log, LOG_W] transcript events; n_log = 0 disables logging
# params: float64[MAX_PLAYERS, n_params] strategy parameter vector per seat (read-only)
# cev: int16[n_cev, CEV_W] card events (seat, CardKind, card, CardEvent, round, detail);
#   n_cev = 0 disables them
# Only arrays that the whole kernel tree uses belong here: numba passes each array of the
# tuple as some ten scalar arguments at every call that is not inlined. The snapshot buffers,
# used by play_game_nb alone, are passed to it apart (snapshot_buffers below).
Work = namedtuple("Work", ["opts", "log", "params", "cev"])


def snapshot_buffers(n_snap: int) -> tuple[np.ndarray, np.ndarray]:
    """Zeroed snapshot buffers snap_g: GAME[n_snap] and snap_s: SEAT[n_snap, MAX_PLAYERS], the
    state after setup (0) and at the end of each round r (r), copied by log_nb.snapshot_nb for
    transcripts; n_snap = 0 disables them (record arrays, so kernels also run with
    NUMBA_DISABLE_JIT=1)."""
    return (
        np.zeros(n_snap, GAME).view(np.recarray),
        np.zeros((n_snap, MAX_PLAYERS), SEAT).view(np.recarray),
    )


def new_work(params: np.ndarray, n_log: int = 0, n_cev: int = MAX_CARD_EVENTS) -> Work:
    """A Work bundle for one game played from Python (tests, transcripts)."""
    return Work(
        np.zeros((MAX_OPTIONS, OPT_W), np.int16),
        np.zeros((n_log, LOG_W), np.int32),
        np.ascontiguousarray(params, dtype=np.float64),
        np.zeros((n_cev, CEV_W), np.int16),
    )
