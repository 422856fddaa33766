"""Luthier's parameter files: simcore/params_file.py checked against Luthier's strategies."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simcore import params_file
from simcore.params_file import Overrides, seat_params, write_params
from strategies.luthier.registry import STRATEGIES

__all__ = ["Overrides", "params_vectors", "read_params", "seat_params", "write_params"]


def read_params(path: str | Path) -> Overrides:
    """{strategy: {parameter: value}} of a params file for Luthier's strategies."""
    return params_file.read_params(path, STRATEGIES)


def params_vectors(path: str | Path | None) -> dict[str, np.ndarray]:
    """{strategy: float64[MAX_PARAMS]} of the Luthier strategies a params file names."""
    return params_file.params_vectors(path, STRATEGIES)
