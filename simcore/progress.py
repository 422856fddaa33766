"""Progress of long work: a bar on a terminal or in a notebook, plain lines in a pipe or a log.

    with ProgressDisplay("checking") as progress:
        check_baseline(..., progress=progress)   # calls progress(games done, games in all)

Every command that plays games for more than a few seconds shows one, on stderr
(stdout keeps the results: `tutti check --json -` stays valid JSON). In a pipe
it prints `checking: 4,096/8,192 games` lines: at the start, at every tenth of the
work, at least every PLAIN_EVERY_SECONDS, and at the end. Work that is not counted in
games (`tutti report`, the steps of `tutti bench`) names its stages instead
(`StageDisplay`: `report: card effects`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any

Progress = Callable[[int, int], None]  # (games done, games in all)
PLAIN_STEP = 0.1  # a plain line at every tenth of the work...
PLAIN_EVERY_SECONDS = 30.0  # ... and at least this often


class ProgressDisplay:
    """A progress callback (`display(done, total)`) shown as a bar or as plain lines.

    Use it as a context manager: the bar starts and stops with the block. `note(line)`
    prints a line of its own (above the bar on a terminal).
    """

    def __init__(self, label: str, stream: IO[str] | None = None, unit: str = "games"):
        from rich.console import Console

        self.label = label
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.console = Console(file=self.stream)
        self.live = self.console.is_terminal or self.console.is_jupyter
        self._bar: Any = None
        self._task: Any = None
        self._next = 0.0
        self._last = 0.0

    def __enter__(self) -> ProgressDisplay:
        if self.live:
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            self._bar = Progress(
                TextColumn(self.label),
                BarColumn(),
                TextColumn("{task.fields[count]}"),
                TextColumn("{task.fields[rate]}"),
                TimeRemainingColumn(),
                console=self.console,
            )
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is not None:
            self._update_bar(done, total)
            return
        now = time.monotonic()
        if done >= self._next * total or done >= total or now - self._last >= PLAIN_EVERY_SECONDS:
            print(f"{self.label}: {done:,}/{total:,} {self.unit}", file=self.stream, flush=True)
            self._next = done / total + PLAIN_STEP if total else 1.0
            self._last = now

    def note(self, line: str) -> None:
        """A line of its own: above the bar on a terminal, in the stream otherwise."""
        if self._bar is not None:
            self._bar.console.print(line, markup=False, highlight=False)
        else:
            print(line, file=self.stream, flush=True)

    def _update_bar(self, done: int, total: int) -> None:
        if self._task is None:
            self._task = self._bar.add_task(self.label, total=total, count="", rate="")
        self._bar.update(self._task, total=total, completed=done)
        speed = self._bar.tasks[0].speed or 0
        self._bar.update(
            self._task,
            count=f"{done:,}/{total:,} {self.unit}",
            rate=f"{speed:,.0f} {self.unit}/s" if speed else "",
        )


Stage = Callable[[str], None]  # the name of the stage that starts now


class StageDisplay:
    """Progress of work that is not counted in games: a line on stderr as each named
    stage starts (`report: card effects`), on a terminal and in a pipe alike, so it
    never competes with a bar that a stage shows itself (`report --confirm` ablates
    under its own bar). A callable like the Progress callbacks:

        stage = StageDisplay("report")
        stage("reading 20,000 games")
    """

    def __init__(self, label: str, stream: IO[str] | None = None):
        self.label = label
        self.stream = stream if stream is not None else sys.stderr

    def __call__(self, name: str) -> None:
        print(f"{self.label}: {name}", file=self.stream, flush=True)


def display_for(progress: bool | Progress | None, label: str) -> Any:
    """What a Python API's `progress=` argument asks for, as a context manager yielding the
    callback: True -> a ProgressDisplay (a bar on a terminal or in a notebook, lines
    otherwise); a callable -> itself; None or False -> None."""
    from contextlib import nullcontext

    if progress is True:
        return ProgressDisplay(label)
    return nullcontext(progress or None)
