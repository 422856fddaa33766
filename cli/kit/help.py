"""`--help` that reads at 80 columns and in a pipe: plain text, wrapped whole.

The app turns typer's rich help off (`rich_markup_mode=None`): rich's option table
cut long option help with an ellipsis at 80 columns (`KIND.CARD.FIELD=L…`, the
`LO..HI` syntax hidden), kept a docstring's line breaks mid-line and read
`[strategy]` in a help text as markup. Click's plain help wraps every text to the
terminal (at most 80 columns; 80 in a pipe) and never cuts a word; what it still did
wrong is fixed here, for every command that uses these classes:

- a line never breaks at a hyphen, so `--strategy-module` in a help text stays whole;
- a group lists each command with its first sentence, wrapped, not cut at "...".
"""

from __future__ import annotations

import re
from typing import Any

from typer.core import TyperCommand, TyperGroup

_Context = TyperCommand.context_class  # click's, or typer's own copy of click

NO_BREAK_HYPHEN = "\u2011"  # wraps as part of a word; turned back into "-" on output
_WORD_HYPHEN = re.compile(r"(?<=[\w-])-(?=[\w-])")


def _keep_hyphens(text: str) -> str:
    return _WORD_HYPHEN.sub(NO_BREAK_HYPHEN, text)


class HelpFormatter(_Context.formatter_class):
    """Click's formatter, wrapping lines at spaces only (never inside `--an-option`)."""

    def write_text(self, text: str) -> None:
        super().write_text(_keep_hyphens(text))

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(first, _keep_hyphens(second)) for first, second in rows]
        super().write_dl(rows, col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(NO_BREAK_HYPHEN, "-")


class HelpContext(_Context):
    formatter_class = HelpFormatter


def first_sentence(text: str | None) -> str:
    """A command's help up to the end of its first sentence (its line in a group's list)."""
    para = " ".join((text or "").split("\n\n")[0].split())
    end = re.search(r"\.(\s+[A-Z`]|$)", para)
    return para[: end.start() + 1] if end else para


class HelpCommand(TyperCommand):
    """A command whose help wraps at spaces; listed by its whole first sentence."""

    context_class = HelpContext

    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or first_sentence(self.help)


class HelpGroup(TyperGroup):
    """A group whose help wraps at spaces; listed by its whole first sentence."""

    context_class = HelpContext

    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or first_sentence(self.help)
