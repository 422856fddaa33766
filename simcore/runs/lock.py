"""One writer per run: `.tutti.lock` in the run directory, held while a process writes it.

The lock is an advisory `flock` on the file, which the kernel releases when its holder
dies however it dies; the file holds the holder's pid, host and start time, so a second
writer is refused in one line that names them. A lock file left behind by a dead process
(its flock is gone) is taken over with a notice.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from simcore.errors import TuttiError
from simcore.runs.manifest import LOCK


def _holder(fd: int) -> dict:
    try:
        raw = json.loads(os.pread(fd, 4096, 0).decode() or "{}")
        return raw if isinstance(raw, dict) else {}
    except (ValueError, UnicodeDecodeError):
        return {}


def _describe(holder: dict) -> str:
    pid, host = holder.get("pid", "?"), holder.get("host", "?")
    since = holder.get("since")
    when = time.strftime(" since %Y-%m-%d %H:%M:%S", time.localtime(since)) if since else ""
    return f"process {pid} on {host}{when}"


def _acquire(path: Path) -> int:
    """The open, flocked lock file (a retry covers a holder that removed it meanwhile)."""
    for _ in range(10):
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            raise TuttiError(
                f"{path.parent}: the run is being written by {_describe(holder)}; wait for "
                "it to finish (one writer per run)"
            ) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path, follow_symlinks=False).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)  # the file we locked was removed by its last holder: lock the new one
    raise TuttiError(f"{path}: cannot take the run's lock (it keeps changing)")


@contextmanager
def run_lock(out: Path) -> Iterator[None]:
    """Hold the run's lock while the block writes the run directory `out`."""
    path = Path(out) / LOCK
    try:
        fd = _acquire(path)
    except OSError as err:
        raise TuttiError(f"{path}: cannot take the run's lock ({err.strerror or err})") from None
    try:
        stale = _holder(fd)
        if stale:
            print(
                f"notice: {out}: taking over the lock of {_describe(stale)}, which no "
                "longer holds it (it stopped without finishing)",
                file=sys.stderr,
            )
        me = {"pid": os.getpid(), "host": socket.gethostname(), "since": time.time()}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(me).encode(), 0)
        yield
    finally:
        with suppress(OSError):
            os.unlink(path)
        os.close(fd)
