"""A game's modules by file name, wherever in its package's rooms they live."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def game_module(game: str, leaf: str) -> ModuleType:
    """The module `leaf` (its file name without .py) of game package `game`: Luthier's
    `dtypes` is `simcore.games.luthier.state.dtypes`, Pig's `simcore.games.pig.dtypes`."""
    (path,) = sorted((ROOT / "simcore" / "games" / game).rglob(f"{leaf}.py"))
    return importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
