"""Writing report files: whole or not at all, and a clear message when it cannot."""

from __future__ import annotations

from pathlib import Path

from simcore.output_paths import check_file, writing
from simcore.runs.manifest import atomic_write


def write_text(path: Path, text: str, what: str = "the report", kept: str = "") -> None:
    """Write `text` to `path` atomically (creating its folder); a failure is a TuttiError
    (naming `what`, and `kept`: what survives of the result, e.g. a table printed above)."""
    check_file(path, what)
    with writing(path, what, kept):
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text.encode("utf-8"))
