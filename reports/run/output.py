"""Writing report files: whole or not at all, and a clear message when it cannot."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from simcore.output_paths import check_file, write_whole, writing


def write_text(path: Path, text: str, what: str = "the report", kept: str = "") -> None:
    """Write `text` to `path` atomically (creating its folder); a failure is a TuttiError
    (naming `what`, and `kept`: what survives of the result, e.g. a table printed above),
    and leaves no temp file behind."""
    check_file(path, what)
    with writing(path, what, kept):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, text.encode("utf-8"))


def clean(value: Any) -> Any:
    """NaN and infinity become null and numpy scalars plain numbers, so the JSON is
    standard (every report's JSON)."""
    import numpy as np

    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def to_json(report: dict) -> str:
    """A report as standard JSON text (see `clean`)."""
    return json.dumps(clean(report), indent=1, ensure_ascii=False) + "\n"
