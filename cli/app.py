"""The `tutti` command line: thin commands that parse, validate and forward."""

from __future__ import annotations

import sys

import typer

from cli.balance import balance
from cli.bench import bench
from cli.card import card
from cli.cards import cards_app
from cli.drift import baseline, check, drift
from cli.exploit import exploit
from cli.games import games
from cli.kit.errors import OneLineErrors
from cli.kit.help import HelpCommand
from cli.ladder import ladder
from cli.play import play
from cli.report import report
from cli.simulate import simulate
from cli.strategies import strategies_app
from cli.tune import tune
from cli.whatif import ablate, sweep, whatif

app = typer.Typer(
    name="tutti",
    help="Monte Carlo balance simulator for board games (`tutti games` lists them).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=OneLineErrors,
    rich_markup_mode=None,
)
app.add_typer(cards_app, name="cards")
app.add_typer(strategies_app, name="strategies")
app.command(cls=HelpCommand)(games)
app.command(cls=HelpCommand)(play)
app.command(cls=HelpCommand)(simulate)
app.command(cls=HelpCommand)(bench)
app.command(cls=HelpCommand)(report)
app.command(cls=HelpCommand)(card)
app.command(cls=HelpCommand)(drift)
app.command(cls=HelpCommand)(baseline)
app.command(cls=HelpCommand)(check)
app.command(cls=HelpCommand)(tune)
app.command(cls=HelpCommand)(ladder)
app.command(cls=HelpCommand)(exploit)
app.command(cls=HelpCommand)(whatif)
app.command(cls=HelpCommand)(ablate)
app.command(cls=HelpCommand)(sweep)
app.command(cls=HelpCommand)(balance)


def console() -> None:
    """The `tutti` console script: `main` in a process of its own, where `tutti play` may
    play its game as plain Python on a cold kernel cache (simcore/kernels/interpret.py; never in
    a process that runs other work, such as the tests calling `main`)."""
    from simcore.kernels import interpret

    interpret.allow()
    main()


def main() -> None:
    """Console-script entry: user errors become one line on stderr and exit code 2.

    Usage errors (a wrong type, a missing argument, an unknown command or flag) and
    Ctrl-C are turned into one line by `OneLineErrors`; our own TuttiError is caught
    here so it never shows a traceback.
    """
    from simcore.errors import TuttiError
    from simcore.kernels import jitnotice

    jitnotice.enable()
    try:
        app(prog_name="tutti")
    except TuttiError as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(err.exit_code)
