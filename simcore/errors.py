"""User-facing errors: the CLI prints their message (no traceback) and exits 2."""

from __future__ import annotations


class TuttiError(Exception):
    """A problem with the user's input, reported as one clear message."""

    exit_code = 2


class CardDataError(TuttiError):
    """Card data failed validation; `problems` holds one `file:card-id:field: message` each."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))
