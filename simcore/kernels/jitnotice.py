"""Never compile in silence: a notice on stderr while kernels compile, nothing when warm.

Numba fires a "numba:compile" event only when it really compiles (a cache hit fires
none), so a listener on it knows, at the moment compiling starts, that the user is
about to wait. The notice says how long the last cold compile of the same kernel took
on this machine (kept in the kernel cache directory), and on a terminal a live
counter runs until the kernels are ready.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

DEFAULT_ESTIMATE_S = 40  # before this machine has compiled once
_TIMES_FILE = "compile-seconds.json"


def _estimates() -> dict[str, float]:
    from simcore.kernels.jitcache import cache_dir

    try:
        return json.loads((cache_dir() / _TIMES_FILE).read_text())
    except (OSError, ValueError):
        return {}


def _remember(name: str, seconds: float) -> None:
    """Keep an estimate that rises at once and falls slowly: a compile that found part
    of the work in the cache must not make the next full compile look short."""
    times = _estimates()
    before = times.get(name, seconds)
    times[name] = round(max(seconds, 0.75 * before + 0.25 * seconds), 1)
    from simcore.kernels.jitcache import cache_dir

    try:
        cache_dir().mkdir(parents=True, exist_ok=True)
        (cache_dir() / _TIMES_FILE).write_text(json.dumps(times, indent=1, sort_keys=True))
    except OSError:
        pass  # an estimate is a courtesy, never a reason to fail


class CompileNotice:
    """Prints the notice when an outermost compile starts and the time when it ends
    (a numba event listener: numba.core.event.Listener's two methods)."""

    def __init__(self, stream: TextIO | None = None):
        self._stream = stream  # None: whatever sys.stderr is when there is something to say
        self.depth = 0
        self.started = 0.0
        self.name = ""
        self.live = False
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self.grouped = False  # inside one_notice(): its compiles share one notice
        self.announced = False  # ... and the notice is out

    def on_start(self, ev):
        self.depth += 1
        if self.depth > 1 or (self.grouped and self.announced):
            return
        self.announced = self.grouped
        dispatcher = ev.data.get("dispatcher") if ev.data else None
        self.name = getattr(getattr(dispatcher, "py_func", None), "__qualname__", "kernels")
        about = _estimates().get(self.name, DEFAULT_ESTIMATE_S)
        self.started = time.perf_counter()
        self.head = f"compiling kernels, first run only, about {about:.0f} s"
        try:
            self.live = self._out().isatty()
        except (AttributeError, ValueError):
            self.live = False
        if self.live:
            self._stop.clear()
            self._ticker = threading.Thread(target=self._tick, daemon=True)
            self._ticker.start()
        else:
            self._say(self.head + "\n")

    def _out(self) -> TextIO:
        return self._stream or sys.stderr

    def _say(self, text: str) -> None:
        """Write to the stream; a closed or broken stream never stops a compile."""
        try:
            out = self._out()
            out.write(text)
            out.flush()
        except (OSError, ValueError):
            pass

    def _tick(self):
        while not self._stop.wait(0.5):
            elapsed = time.perf_counter() - self.started
            self._say(f"\r{self.head} ... {elapsed:.0f} s")

    def on_end(self, ev):
        self.depth -= 1
        if self.depth > 0 or self.grouped:
            return
        self.finish(ev.data is not None and ev.data.get("dispatcher") is not None)

    def end_group(self) -> None:
        """The end of one_notice(): the time of all its compiles, if there were any."""
        self.grouped = False
        if self.announced:
            self.announced = False
            self.finish(True)

    def finish(self, remember: bool) -> None:
        elapsed = time.perf_counter() - self.started
        if self._ticker is not None:
            self._stop.set()
            self._ticker.join()
            self._ticker = None
            self._say("\r\x1b[2K")
        self._say(f"kernels compiled in {elapsed:.0f} s\n")
        if remember:
            _remember(self.name, elapsed)


_installed: CompileNotice | None = None
_requested: TextIO | None = None
_wanted = False


def enable(stream: TextIO | None = None) -> None:
    """Show the compile notice on `stream` (stderr) in this process, from the moment the
    kernels are imported (numba itself is not imported here: `--help` stays instant)."""
    global _requested, _wanted
    _requested, _wanted = stream, True
    if "simcore.kernels.jit" in sys.modules:
        install_if_enabled()


@contextmanager
def one_notice() -> Iterator[None]:
    """Kernels compiled one after another inside share one notice: the estimate of the
    first (a run's game kernel), then the time of them all (a small kernel compiled next
    would otherwise print its own "about 40 s" notice for a second's work)."""
    install_if_enabled()  # the kernels may not be imported yet
    notice = _installed
    if notice is None:
        yield
        return
    notice.grouped = True
    try:
        yield
    finally:
        notice.end_group()


def install_if_enabled() -> None:
    """Called by simcore.kernels.jit on import: register the listener if a command asked for it."""
    global _installed
    if not _wanted or _installed is not None:
        return
    from numba.core import event

    notice = _installed = CompileNotice(_requested)

    class Forward(event.Listener):  # numba wants its own Listener class
        def on_start(self, ev):
            notice.on_start(ev)

        def on_end(self, ev):
            notice.on_end(ev)

    event.register("numba:compile", Forward())
