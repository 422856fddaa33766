"""Output paths: refused before any work starts, and one line if writing still fails.

Every command checks each file or folder it will write (`check_file`,
`check_folder`) before it plays a game: the path must not be a system path
(/proc, /sys, /dev), a file must not be a folder (nor a folder a file), and the
nearest existing folder above it must be one we may write in: missing folders
are created when the output is written. A run directory is data that no other output
may overwrite: its manifest, its lock file and anything in its games/, seats/ and
cards/ folders are refused too (symbolic links resolved). `writing` turns an error
that still happens at the end (a full disk) into one line naming the path, and
`write_whole` leaves the old file or the new one, never a part or a temp file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from simcore.errors import TuttiError

# a run directory's own files: its manifest, its lock file and its table folders
from simcore.runs.manifest import FORMAT as RUN_FORMAT
from simcore.runs.manifest import LOCK as RUN_LOCK
from simcore.runs.manifest import MANIFEST as RUN_MANIFEST
from simcore.runs.manifest import OLD_FORMATS
from simcore.runs.manifest import TABLES as RUN_TABLES

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


def is_run_directory(folder: Path) -> bool:
    """A folder holding a tutti run: a manifest of the run format, or (a run being made,
    or one whose manifest is damaged) its games/, seats/ and cards/ folders."""
    try:
        found = json.loads((folder / RUN_MANIFEST).read_bytes()).get("format")
        if found in (RUN_FORMAT, *OLD_FORMATS):
            return True
    except (OSError, ValueError, AttributeError):
        pass
    return all((folder / table).is_dir() for table in RUN_TABLES)


def _refuse_run_data(path: Path, what: str, folder: bool) -> None:
    """Refuse a run directory's own manifest or lock file (`folder`: False), or a path in
    one of its table folders (either)."""
    real = Path(os.path.realpath(path))
    if not folder and real.name in (RUN_MANIFEST, RUN_LOCK) and is_run_directory(real.parent):
        kind = "manifest" if real.name == RUN_MANIFEST else "lock file"
        raise TuttiError(
            f"{path}: cannot write {what} there: it is the {kind} of the tutti run in "
            f"{real.parent} (a run directory is data; write elsewhere)"
        )
    for table in [real, *real.parents]:
        if table.name in RUN_TABLES and is_run_directory(table.parent):
            raise TuttiError(
                f"{path}: cannot write {what} there: {table} holds the {table.name} table of "
                f"the tutti run in {table.parent} (a run directory is data; write elsewhere)"
            )


def check_file(path: str | Path, what: str = "the output") -> Path:
    """Refuse (TuttiError) a file path that cannot be written; returns it as a Path."""
    path = Path(path)
    _refuse_system(path, what)
    _refuse_run_data(path, what, folder=False)
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
    _refuse_run_data(path, what, folder=True)
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


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never half:
    through a temp file beside it, removed on any failure (a full disk, Ctrl-C)."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
