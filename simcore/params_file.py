"""Parameter files (`--params FILE`): per-strategy weight overrides in TOML.

    # written by `tutti tune balanced ...`
    [balanced]
    instruments = 1.31
    patience = 4.2

Every seat that plays `balanced` then uses those values; parameters not named
keep their defaults. `tutti tune` writes this format. The same format for every game:
the strategy and parameter names are checked against the game's own strategies.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from simcore.errors import TuttiError
from simcore.seats import MAX_PARAMS, StrategySpec

Overrides = dict[str, dict[str, float]]


def read_params(path: str | Path, known: Mapping[str, StrategySpec]) -> Overrides:
    """{strategy: {parameter: value}} from a TOML file, checked against the game's
    strategies `known` (name -> spec)."""
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise TuttiError(f"--params {path}: no such file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise TuttiError(f"--params {path}: not valid TOML ({err})") from None
    out: Overrides = {}
    for name, table in raw.items():
        if name not in known:
            raise TuttiError(
                f"--params {path}: unknown strategy [{name}] (known: {', '.join(known)})"
            )
        if not isinstance(table, dict):
            raise TuttiError(f"--params {path}: {name} must be a table: [{name}]")
        spec = known[name]
        values = {}
        for key, value in table.items():
            if key not in spec.param_names:
                raise TuttiError(
                    f"--params {path}: strategy {name!r} has no parameter {key!r}"
                    f" (parameters: {', '.join(spec.param_names) or 'none'})"
                )
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TuttiError(f"--params {path}: {name}.{key} must be a number")
            if not math.isfinite(value):
                raise TuttiError(f"--params {path}: {name}.{key} must be finite")
            values[key] = float(value)
        out[name] = values
    return out


def params_vectors(
    path: str | Path | None, known: Mapping[str, StrategySpec]
) -> dict[str, np.ndarray]:
    """{strategy: float64[MAX_PARAMS]} of the strategies a params file names (its values
    over their defaults); empty without a file."""
    if path is None:
        return {}
    return {n: known[n].vector(v) for n, v in read_params(path, known).items()}


def seat_params(seats: list[StrategySpec], overrides: Overrides | None) -> np.ndarray:
    """float64[len(seats), MAX_PARAMS]: each seat's defaults, with its strategy's overrides."""
    out = np.zeros((len(seats), MAX_PARAMS), np.float64)
    for p, spec in enumerate(seats):
        out[p] = spec.vector((overrides or {}).get(spec.name))
    return out


def write_params(path: str | Path, spec: StrategySpec, values, comments: list[str]) -> None:
    """Write one strategy's full parameter vector as a params file, comments first."""
    lines = [f"# {c}" for c in comments] + [f"[{spec.name}]"]
    lines += [f"{n} = {float(v):.6g}" for n, v in zip(spec.param_names, values, strict=False)]
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text("\n".join(lines) + "\n")
