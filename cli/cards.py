"""`tutti cards`: validate and list card data (thin: the loader does the work).

Heavy imports (numpy through the loader, rich) stay inside the commands so that
`tutti --help` is instant.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.options import GameOpt

if TYPE_CHECKING:
    from simcore.games.luthier.cards import CardSet

cards_app = typer.Typer(
    help="Validate and inspect Luthier card data (TOML files; see docs/card-data.md).",
    no_args_is_help=True,
)

# (kind, what one card is called) for the summary line
SUMMARY = (
    ("orchestra", "orchestra spots"),
    ("performances", "performances"),
    ("repairs", "repairs"),
    ("market", "market cards"),
    ("awards", "awards"),
    ("goals", "goals"),
    ("families", "families"),
    ("specialty", "specialty cards"),
    ("setup2p", "two-player setup cards"),
)


# columns shown inside their main column, e.g. power = "market_discount 1 wood"
FOLDED = {
    "power": ("power_amount", "power_material", "power_metric", "power_gain"),
    "ability": ("ability_track", "ability_amount", "amount", "gain"),
}


def _fail(lines: list[str]) -> SystemExit:
    """Print `lines` to stderr; the caller raises the returned exit (code 2).

    SystemExit leaves through every layer (CliRunner, cli.errors.OneLineErrors, main)
    with its code.
    """
    for line in lines:
        typer.echo(line, err=True)
    return SystemExit(2)


def _other_game(game: str | None):
    """The game of `--game` unless it is the default (Luthier: this module's own tables)."""
    from simcore import games

    the_game = games.get(game)
    return None if the_game is games.get() else the_game


def _load(cards_dir: Path | None, game=None) -> CardSet:
    """Load the default set overridden by `cards_dir` (of `game`, a game object, if given;
    else Luthier's); print problems and exit 2 on error."""
    from simcore.errors import CardDataError, TuttiError
    from simcore.games.luthier.cards import load_cards

    where = "default set" if cards_dir is None else str(cards_dir)
    try:
        return load_cards(cards_dir) if game is None else game.load_cards(cards_dir)
    except CardDataError as err:
        n = len(err.problems)
        raise _fail([*err.problems, f"{n} problem{'s' if n != 1 else ''} in {where}"]) from None
    except TuttiError as err:
        raise _fail([f"error: {err}"]) from None


def summary(cards: CardSet) -> str:
    """One line of card counts, e.g. '39 instruments (20 types), 21 orchestra spots, ...'."""
    from simcore.games.luthier.enums import PatronDeck

    a = cards.arrays
    decks = [int((a.patron_deck == d).sum()) for d in PatronDeck]
    parts = [f"{int(a.inst_copies.sum())} instruments ({len(cards.ids['instruments'])} types)"]
    parts += [f"{len(cards.ids[kind])} {noun}" for kind, noun in SUMMARY[:4]]
    parts.append(f"{sum(decks)} patrons ({decks[0]} I, {decks[1]} II, {decks[2]} royal)")
    parts += [f"{len(cards.ids[kind])} {noun}" for kind, noun in SUMMARY[4:]]
    return ", ".join(parts)


@cards_app.command("validate")
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
    other = _other_game(game)
    cards = _load(cards_dir, other)
    where = "default set" if cards_dir is None else str(cards_dir)
    if other is not None:
        counts = ", ".join(f"{len(recs)} {kind}" for kind, recs in cards.records.items())
        typer.echo(f"ok: {other.title} {where}: {counts} (hash {cards.data_hash[:8]})")
        return
    typer.echo(f"ok: {where}: {summary(cards)} (hash {cards.data_hash[:8]})")


@cards_app.command("list")
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
    from simcore.games.luthier.cards import KINDS
    from simcore.games.luthier.cards_schema import SCHEMAS

    other = _other_game(game)
    if other is not None:
        _list_records(other, kind, cards_dir, as_json, as_csv)
        return
    if kind not in KINDS:
        raise _fail([f'error: unknown card kind "{kind}"; expected one of: {", ".join(KINDS)}'])
    if as_json and as_csv:
        raise _fail(["error: give --json or --csv, not both"])
    cards = _load(cards_dir)
    if as_json:
        import json

        typer.echo(json.dumps(cards.records[kind], indent=2, ensure_ascii=False))
        return
    sections = {s.name: s.fields for s in SCHEMAS[kind].sections}
    tables = [(title, *_table(kind, fields, records)) for title, fields, records in
              _groups(kind, cards, sections)]  # fmt: skip
    if as_csv:
        _print_csv(tables)
    else:
        _print_tables(tables)


def _table(kind: str, fields: Any, records: list[dict[str, Any]]) -> tuple[list, list]:
    """(column names, rows of cell texts) of one table."""
    folded = {sub for subs in FOLDED.values() for sub in subs}
    columns = [f for f in fields if f not in ("source", "estimated") and f not in folded]
    if "id" not in fields and kind != "board":  # rules, dice: the table name is the id
        columns.insert(0, "id")
    rows = []
    for rec in records:
        cells = [
            _folded(rec, col)
            if col in FOLDED
            else _cell(rec.get(col), fields[col].kind if col in fields else "id")
            for col in columns
        ]
        rows.append([*cells, _source(rec)])
    return [*columns, "source"], rows


def _print_tables(tables: list[tuple[str, list, list]]) -> None:
    """Each table as a table where it fits the terminal's width, else card by card."""
    from rich import box
    from rich.measure import Measurement
    from rich.table import Table

    from cli.terminal import console

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


def _groups(
    kind: str, cards: CardSet, sections: dict[str, Any]
) -> list[tuple[str, Any, list[dict[str, Any]]]]:
    """Records grouped into one table per distinct schema (rules: one table; board: two)."""
    groups: list[tuple[str, Any, list[dict[str, Any]]]] = []
    for sec, rec in zip(cards.sections[kind], cards.records[kind], strict=True):
        fields = sections[sec]
        if groups and list(groups[-1][1]) == list(fields):  # the same columns
            groups[-1][2].append(rec)
        else:
            title = f"{kind}: {sec}" if kind == "board" else kind
            groups.append((title, fields, [rec]))
    return groups


def _folded(rec: dict[str, Any], col: str) -> str:
    """One cell for a field and its parameters: "market_discount 1 wood", "gain 2 money"."""
    parts = [str(rec.get(col, ""))]
    values = {sub: rec.get(sub) for sub in FOLDED[col]}
    amount = next((v for k, v in values.items() if k.endswith("amount") and v), None)
    metric = values.get("power_metric")
    if metric:
        parts.append(f"{amount} per {metric}")
    elif amount:
        parts.append(str(amount))
    for key in ("power_material", "ability_track"):
        if values.get(key):
            parts.append(str(values[key]))
    for key in ("power_gain", "gain"):
        if isinstance(values.get(key), dict) and any(values[key].values()):
            parts.append(_bundle(values[key]))
    return " ".join(parts)


def _bundle(value: dict[str, int]) -> str:
    parts = [f"{n} {k}" for k, n in value.items() if n]
    return " + ".join(parts) if parts else "-"


def _cell(value: Any, kind: str) -> str:
    """Compact text for one field value of the given schema kind."""
    if value is None:
        return ""
    if kind in ("bundle", "materials") and isinstance(value, dict):
        return _bundle(value)
    if kind in ("prices", "slots") and isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if kind == "bundles" and isinstance(value, list):
        return " | ".join(_bundle(v) if isinstance(v, dict) else str(v) for v in value)
    if kind == "levels" and isinstance(value, list):
        return ", ".join(f"{lv.get('threshold')}→{lv.get('prestige')}" for lv in value)
    if kind == "secondary" and isinstance(value, list):
        return ", ".join(f"{r.get('family')}/{r.get('era')}" for r in value) or "-"
    if kind == "tokens" and isinstance(value, list):  # "cello (instrument), oboe (performance)"
        return ", ".join(
            f"{t.get('spot')} ({t.get('kind')})" if isinstance(t, dict) else str(t) for t in value
        )
    if kind in ("eras", "ints") and isinstance(value, list):
        return "/".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _source(rec: dict[str, Any]) -> str:
    est = rec.get("estimated")
    src = str(rec.get("source", ""))
    return f"{src} (estimated: {', '.join(map(str, est))})" if est else src


def _list_records(game, kind: str, cards_dir: Path | None, as_json: bool, as_csv: bool) -> None:
    """`cards list` for a game other than Luthier: its records of `kind`, one row each, a
    column per field in the order the records first give it."""
    if as_json and as_csv:
        raise _fail(["error: give --json or --csv, not both"])
    cards = _load(cards_dir, game)
    if kind not in cards.records:
        kinds = ", ".join(cards.records)
        raise _fail(
            [f'error: unknown card kind "{kind}" of {game.title}; expected one of: {kinds}']
        )
    records = cards.records[kind]
    if as_json:
        import json

        typer.echo(json.dumps(records, indent=2, ensure_ascii=False))
        return
    columns = list(dict.fromkeys(key for rec in records for key in rec))
    rows = [[_text(rec.get(col, "")) for col in columns] for rec in records]
    (_print_csv if as_csv else _print_tables)([(kind, columns, rows)])


def _text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
