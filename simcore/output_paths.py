"""Output paths: refused before any work starts, and one line if writing still fails.

Every command checks each file or folder it will write (`check_file`,
`check_folder`) before it plays a game: the path must not be a system path
(/proc, /sys, /dev), a file must not be a folder (nor a folder a file), and the
nearest existing folder above it must be one we may write in: missing folders
are created when the output is written. `writing` turns an error that still
happens at the end (a full disk) into one line naming the path.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from simcore.errors import TuttiError

SYSTEM_FOLDERS = (Path("/proc"), Path("/sys"), Path("/dev"))


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _refuse_system(path: Path, what: str) -> None:
    absolute = _absolute(path)
    for system in SYSTEM_FOLDERS:
        if absolute == system or system in absolute.parents:
            raise TuttiError(f"{path}: cannot write {what} under {system} (a system folder)")


def _refuse_uncreatable(path: Path, what: str) -> None:
    """The nearest existing folder above `path` must be a folder we may write in."""
    above = _absolute(path).parent
    while not os.path.lexists(above) and above != above.parent:
        above = above.parent
    if not above.is_dir():
        raise TuttiError(f"{path}: cannot write {what}: {above} is a file, not a folder")
    if not os.access(above, os.W_OK | os.X_OK):
        raise TuttiError(f"{path}: cannot write {what}: no permission to write in {above}")


def check_file(path: str | Path, what: str = "the output") -> Path:
    """Refuse (TuttiError) a file path that cannot be written; returns it as a Path."""
    path = Path(path)
    _refuse_system(path, what)
    if path.is_dir():
        raise TuttiError(f"{path}: cannot write {what}: it is a folder")
    if os.path.lexists(path) and not path.is_file():
        raise TuttiError(f"{path}: cannot write {what}: it is not a regular file")
    _refuse_uncreatable(path, what)
    return path


def check_folder(path: str | Path, what: str = "the results") -> Path:
    """Refuse (TuttiError) a folder path that cannot be created or written in."""
    path = Path(path)
    _refuse_system(path, what)
    if os.path.lexists(path) and not path.is_dir():
        raise TuttiError(f"{path}: cannot write {what}: it is a file, not a folder")
    if path.is_dir():
        if not os.access(path, os.W_OK | os.X_OK):
            raise TuttiError(f"{path}: cannot write {what}: no permission to write in {path}")
    else:
        _refuse_uncreatable(path, what)
    return path


@contextmanager
def writing(path: str | Path, what: str, kept: str = "") -> Iterator[None]:
    """Turn an OSError inside the block into one line: where `what` could not go, and
    `kept` (e.g. "the table is printed above") if something of it survives."""
    try:
        yield
    except OSError as err:
        reason = err.strerror or str(err)
        raise TuttiError(
            f"{path}: cannot write {what} ({reason})" + (f"; {kept}" if kept else "")
        ) from None
