"""`tutti cards`: validate and list card data (thin: the loader does the work).

Heavy imports (numpy through the loader, rich) stay inside the commands so that
`tutti --help` is instant.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.kit.help import HelpCommand, HelpGroup
from cli.kit.options import GameOpt

if TYPE_CHECKING:
    from simcore.games.api import Cards, Game

cards_app = typer.Typer(
    help="Validate and inspect card data (TOML files: docs/reference/card-files.md); --game "
    "for another game's.",
    no_args_is_help=True,
    cls=HelpGroup,
    rich_markup_mode=None,
)


def _fail(lines: list[str]) -> SystemExit:
    """Print `lines` to stderr; the caller raises the returned exit (code 2).

    SystemExit leaves through every layer (CliRunner, cli.kit.errors.OneLineErrors, main)
    with its code.
    """
    for line in lines:
        typer.echo(line, err=True)
    return SystemExit(2)


def _game(game: str | None) -> Game:
    """The game of `--game` (a one-line exit 2 for an unknown name, or a game without card
    data)."""
    from simcore import games
    from simcore.errors import TuttiError
    from simcore.games.api import require_card_data

    try:
        the_game = games.get(game)
        require_card_data(the_game, "tutti cards")
        return the_game
    except TuttiError as err:
        raise _fail([f"error: {err}"]) from None


def _load(cards_dir: Path | None, game: Game) -> Cards:
    """Load `game`'s default set overridden by `cards_dir`; print problems and exit 2 on
    error."""
    from simcore.errors import CardDataError, TuttiError

    where = "default set" if cards_dir is None else str(cards_dir)
    try:
        return game.load_cards(cards_dir)
    except CardDataError as err:
        n = len(err.problems)
        raise _fail([*err.problems, f"{n} problem{'s' if n != 1 else ''} in {where}"]) from None
    except TuttiError as err:
        raise _fail([f"error: {err}"]) from None


@cards_app.command("validate", cls=HelpCommand)
def validate(
    cards_dir: Annotated[
        Path | None,
        typer.Argument(
            help="Directory of card files overriding the default set (omit: the shipped set)."
        ),
    ] = None,
    game: GameOpt = None,
) -> None:
    """Check card data; print every problem as file:card-id:field: message."""
    from simcore import games

    the_game = _game(game)
    cards = _load(cards_dir, the_game)
    where = "default set" if cards_dir is None else str(cards_dir)
    title = "" if the_game is games.get() else f"{the_game.title} "  # the default: no title
    typer.echo(f"ok: {title}{where}: {the_game.card_summary(cards)} (hash {cards.data_hash[:8]})")


@cards_app.command("list", cls=HelpCommand)
def list_cards(
    kind: Annotated[
        str, typer.Argument(help="Card kind: instruments, orchestra, patrons, rules, setup2p, ...")
    ],
    cards_dir: Annotated[
        Path | None,
        typer.Option("--cards", help="Directory of card files overriding the default set."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the cards as JSON (every field, as loaded).")
    ] = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="Print the table as CSV (one header row per table).")
    ] = False,
    game: GameOpt = None,
) -> None:
    """Show one kind of card as a table (merged with --cards overrides), wrapped to the
    terminal's width (100 columns in a pipe); --json or --csv for other programs."""
    from simcore import games

    the_game = _game(game)
    kinds = the_game.card_files
    if kind not in kinds:
        of = "" if the_game is games.get() else f" of {the_game.title}"
        raise _fail([f'error: unknown card kind "{kind}"{of}; expected one of: {", ".join(kinds)}'])
    if as_json and as_csv:
        raise _fail(["error: give --json or --csv, not both"])
    cards = _load(cards_dir, the_game)
    if as_json:
        import json

        records = [dict(r) for r in the_game.card_records(cards, kind)]
        typer.echo(json.dumps(records, indent=2, ensure_ascii=False))
        return
    tables = the_game.card_tables(cards, kind)
    if as_csv:
        _print_csv(tables)
    else:
        _print_tables(tables)


def _print_tables(tables: list[tuple[str, list, list]]) -> None:
    """Each table as a table where it fits the terminal's width, else card by card."""
    from rich import box
    from rich.measure import Measurement
    from rich.table import Table

    from cli.kit.terminal import console

    out = console()
    for title, columns, rows in tables:
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
        for col in columns:
            table.add_column(col, overflow="fold")
        for row in rows:
            table.add_row(*row)
        if Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width:
            out.print(table)
        else:
            out.print(_records(title, columns, rows, out.width), markup=False, highlight=False)


def _records(title: str, columns: list[str], rows: list[list[str]], width: int) -> str:
    """Card by card: "id  name", then "field value · field value ..." and the source,
    wrapped to `width` columns."""
    import textwrap

    lines = [title, ""]
    head = [c for c in ("id", "name") if c in columns]
    for row in rows:
        cells = dict(zip(columns, row, strict=True))
        lines.append("  ".join(cells[c] for c in head) or "-")
        rest = [f"{c} {cells[c]}" for c in columns if c not in (*head, "source") and cells[c]]
        for text in (" · ".join(rest), f"source: {cells['source']}" if cells["source"] else ""):
            if text:
                lines += textwrap.wrap(
                    text, width, initial_indent="  ", subsequent_indent="    ",
                    break_on_hyphens=False,
                )  # fmt: skip
    return "\n".join(lines) + "\n"


def _print_csv(tables: list[tuple[str, list, list]]) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    for i, (_, columns, rows) in enumerate(tables):
        if i:
            sys.stdout.write("\n")  # board: a blank line between its two tables
        writer.writerow(columns)
        writer.writerows(rows)
