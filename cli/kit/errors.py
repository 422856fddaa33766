"""Usage errors and Ctrl-C in one line, for every command at once.

Click prints a usage error as a 5-6 line box; `OneLineErrors` (the top group's
class) prints `error: MESSAGE (see tutti COMMAND --help)` instead, exit code 2,
and turns a Ctrl-C that no command handled itself into the line `interrupted`,
exit code 130.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from cli.kit.help import HelpGroup

# click's exceptions, or typer's own copy of click (typer 0.2x vendors it)
_click = sys.modules[typer.BadParameter.__module__]
ClickException = _click.ClickException
NoArgsIsHelpError = getattr(_click, "NoArgsIsHelpError", ())  # click >= 8.2
INTERRUPTED = 130


def usage_line(err: ClickException) -> str:
    """`error: ...` in one line, with a pointer to the help of the command it concerns."""
    message = " ".join(err.format_message().split()).rstrip(".")
    message = (message[:1].lower() + message[1:]).replace(". Did you mean", "; did you mean")
    given = _given(err)
    if given is not None:
        message += f" (got {given!r})"
    ctx = getattr(err, "ctx", None)
    where = ctx.command_path if ctx is not None else "tutti"
    return f"error: {message} (see {where} --help)"


def _given(err: ClickException) -> Any:
    """The value a type check refused, where typer says it (a pydantic error as the cause)."""
    errors = getattr(err.__cause__, "errors", None)
    try:
        return errors()[0]["input"] if callable(errors) else None
    except (IndexError, KeyError, TypeError):
        return None


class OneLineErrors(HelpGroup):
    """The `tutti` group: click's errors in one line; exit codes as in standalone mode."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except NoArgsIsHelpError as err:  # the help is already printed
            code = err.exit_code
        except ClickException as err:
            print(usage_line(err), file=sys.stderr)
            code = err.exit_code
        except typer.Abort:
            print("aborted", file=sys.stderr)
            code = 1
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx: typer.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            raise typer.Exit(INTERRUPTED) from None
