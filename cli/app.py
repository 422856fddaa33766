"""The `tutti` command line: thin commands that parse, validate and forward."""

from __future__ import annotations

import sys

import typer

from cli.balance import balance
from cli.bench import bench
from cli.card import card
from cli.cards import cards_app
from cli.drift import baseline, check, drift
from cli.errors import OneLineErrors
from cli.exploit import exploit
from cli.games import games
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
)
app.add_typer(cards_app, name="cards")
app.add_typer(strategies_app, name="strategies")
app.command()(games)
app.command()(play)
app.command()(simulate)
app.command()(bench)
app.command()(report)
app.command()(card)
app.command()(drift)
app.command()(baseline)
app.command()(check)
app.command()(tune)
app.command()(ladder)
app.command()(exploit)
app.command()(whatif)
app.command()(ablate)
app.command()(sweep)
app.command()(balance)


def console() -> None:
    """The `tutti` console script: `main` in a process of its own, where `tutti play` may
    play its game as plain Python on a cold kernel cache (simcore/interpret.py; never in
    a process that runs other work, such as the tests calling `main`)."""
    from simcore import interpret

    interpret.allow()
    main()


def main() -> None:
    """Console-script entry: user errors become one line on stderr and exit code 2.

    Usage errors (a wrong type, a missing argument, an unknown command or flag) and
    Ctrl-C are turned into one line by `OneLineErrors`; our own TuttiError is caught
    here so it never shows a traceback.
    """
    from simcore import jitnotice
    from simcore.errors import TuttiError

    jitnotice.enable()
    try:
        app(prog_name="tutti")
    except TuttiError as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(err.exit_code)
