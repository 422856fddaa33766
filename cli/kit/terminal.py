"""Output sized for a terminal: its width, or PIPE_WIDTH columns in a pipe or a file."""

from __future__ import annotations

import shutil

PIPE_WIDTH = 100


def width() -> int:
    """Columns to fit: the terminal's (or $COLUMNS), PIPE_WIDTH when stdout is no terminal."""
    return shutil.get_terminal_size((PIPE_WIDTH, 24)).columns


def console():
    """A rich Console on stdout that wraps its tables to `width()`."""
    from rich.console import Console

    return Console(width=width())
