"""User-facing errors: the CLI prints their message (no traceback) and exits 2."""

from __future__ import annotations

import difflib


class TuttiError(Exception):
    """A problem with the user's input, reported as one clear message."""

    exit_code = 2


class CardDataError(TuttiError):
    """Card data failed validation; `problems` holds one `file:card-id:field: message` each."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


def did_you_mean(word: str, options: list[str] | tuple[str, ...], n: int = 1) -> str:
    """'; did you mean "x"?' for the n closest matches, else the list of valid options:
    the tail of a one-line error about an unknown name."""
    match = [f'"{m}"' for m in difflib.get_close_matches(word, list(options), n=n, cutoff=0.6)]
    if match:
        alternatives = match[0] if len(match) == 1 else ", ".join(match[:-1]) + f" or {match[-1]}"
        return f"; did you mean {alternatives}?"
    return "; expected one of: " + ", ".join(options)
