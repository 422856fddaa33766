"""The per-game scratch bundle the turn kernels receive (one named tuple, four arrays)."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from simcore.games.maestro.state.dtypes import CEV_W, LOG_W, MAX_OPTIONS, MAX_PLAYERS, OPT_W

# opts: int16[MAX_OPTIONS, OPT_W] option buffer, rewritten at every decision point
# log: int32[n_log, LOG_W] transcript events; n_log = 0 disables logging
# params: float64[MAX_PLAYERS, n_params] strategy parameter vector per seat (read-only)
# cev: int16[n_cev, CEV_W] card events (seat, CardKind, card, CardEvent, turn); n_cev = 0: none
Work = namedtuple("Work", ["opts", "log", "params", "cev"])


def new_opts() -> np.ndarray:
    return np.zeros((MAX_OPTIONS, OPT_W), np.int16)


def no_log() -> np.ndarray:
    return np.zeros((0, LOG_W), np.int32)


def new_work(params: np.ndarray | None = None, n_log: int = 0, n_cev: int = 0) -> Work:
    """A Work bundle for one game or a hand-made state (tests)."""
    if params is None:
        params = np.zeros((MAX_PLAYERS, 16), np.float64)
    return Work(
        new_opts(),
        np.zeros((n_log, LOG_W), np.int32),
        np.ascontiguousarray(params, dtype=np.float64),
        np.zeros((n_cev, CEV_W), np.int16),
    )
