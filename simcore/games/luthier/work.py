"""The per-game scratch bundle that decision-making kernels receive."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from simcore.games.luthier.dtypes import CEV_W, LOG_W, MAX_CARD_EVENTS, MAX_OPTIONS, OPT_W

# opts: int16[MAX_OPTIONS, OPT_W] option buffer (mutated at every decision point)
# log: int32[n_log, LOG_W] transcript events; n_log = 0 disables logging
# params: float64[MAX_PLAYERS, n_params] strategy parameter vector per seat (read-only)
# cev: int16[n_cev, CEV_W] card events (seat, CardKind, card, CardEvent, round, detail);
#   n_cev = 0 disables them
Work = namedtuple("Work", ["opts", "log", "params", "cev"])


def new_work(params: np.ndarray, n_log: int = 0, n_cev: int = MAX_CARD_EVENTS) -> Work:
    """A Work bundle for one game played from Python (tests, transcripts)."""
    return Work(
        np.zeros((MAX_OPTIONS, OPT_W), np.int16),
        np.zeros((n_log, LOG_W), np.int32),
        np.ascontiguousarray(params, dtype=np.float64),
        np.zeros((n_cev, CEV_W), np.int16),
    )
