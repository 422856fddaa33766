"""The per-game scratch bundle the kernels receive (one named tuple, four arrays)."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from simcore.games.apiacere.sizes import MAX_PLAYERS
from simcore.games.apiacere.state.dtypes import CEV_W, LOG_W, MAX_OPTIONS, OPT_W
from simcore.seats import MAX_PARAMS

# opts: int16[MAX_OPTIONS, OPT_W] option rows, rewritten at every decision
# log: int32[n_log, LOG_W] transcript events; n_log = 0 disables logging
# params: float64[MAX_PLAYERS, MAX_PARAMS] each seat's strategy parameters (read-only)
# cev: int16[n_cev, CEV_W] card events (rules/log_nb.py); n_cev = 0 records none
Work = namedtuple("Work", ["opts", "log", "params", "cev"])


def new_work(n_log: int = 0, n_cev: int = 0) -> Work:
    """A Work bundle for one game or a hand-made state (tests)."""
    return Work(
        np.zeros((MAX_OPTIONS, OPT_W), np.int16),
        np.zeros((n_log, LOG_W), np.int32),
        np.zeros((MAX_PLAYERS, MAX_PARAMS), np.float64),
        np.zeros((n_cev, CEV_W), np.int16),
    )
