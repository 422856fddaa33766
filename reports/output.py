"""Writing report files: whole or not at all, and a clear message when it cannot."""

from __future__ import annotations

from pathlib import Path

from simcore.errors import TuttiError
from simcore.runs.manifest import atomic_write


def check_writable(path: Path) -> None:
    """Refuse early an output path whose folder is missing or is a directory itself."""
    if path.is_dir():
        raise TuttiError(f"{path}: cannot write the report: it is a directory")
    if not path.parent.is_dir():
        raise TuttiError(f"{path}: cannot write the report: folder {path.parent} does not exist")


def write_text(path: Path, text: str) -> None:
    """Write `text` to `path` atomically; a missing folder or no permission is a TuttiError."""
    check_writable(path)
    try:
        atomic_write(path, text.encode("utf-8"))
    except OSError as err:
        raise TuttiError(f"{path}: cannot write the report ({err.strerror or err})") from None
