"""Load A Piacere's card data: the shipped files, a designer's directory overriding them
field by field, and `--set` patches; validated and compiled.

    cards = load_cards()                                       # data/*.toml
    cards = load_cards("mysheets", ["housing.palace.rent=[80, 160, 240]",
                                    "rules.tie_break.value=earlier"])

A user directory may hold any of the thirteen files (schema.py). A file that begins with
`replace = true` replaces the shipped file whole (a designer's own map or card list, with
entries the estimate has not, or without some it has). Otherwise an entry whose id is
already known changes only the fields it gives (a table such as `params`, or a list such
as `rent`, is replaced as a whole); a new id adds an entry (after the shipped ones); a
setup or rule table changes that key. A changed entry that gives no `source` of its own
gets `source = "user: FILE"`, a patched one `"variant: --set ..."`: neither is the
rulebook any more. Every problem is collected and raised together as `CardDataError`,
one `file:card-id:field: message` line each; a broken file, a missing directory or a
malformed `--set` is one TuttiError.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simcore.card_files import content_hash
from simcore.card_merge import CardLookup, CardSchema, merge_card_files
from simcore.errors import CardDataError
from simcore.games.apiacere.carddata.compile import Tables, compile_tables
from simcore.games.apiacere.carddata.schema import ALIASES, DOC_FIELDS, FIELDS, KINDS, SECTIONS
from simcore.games.apiacere.carddata.table import card_table

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data"
SHIPPED_LABEL = "simcore/games/apiacere/data"


@dataclass(frozen=True, eq=False)
class ApiacereCards(CardLookup):
    """A validated, compiled card set.

    `ids[kind]` are the entries of a kind in index order (file order, then a user's new
    ones); `records[kind]` the merged entries ("id" first; setup and rules by key);
    `rules` the setup and rule values as written; `tables` the arrays the kernels index,
    `table` the same as the one padded record the batch kernel takes (carddata/table.py).
    """

    tables: Tables
    table: np.recarray
    ids: dict[str, list[str]]
    records: dict[str, list[dict[str, Any]]]
    rules: dict[str, Any]
    data_hash: str
    source_dir: str | None


SCHEMA = CardSchema(
    KINDS, SECTIONS, FIELDS, ALIASES, DOC_FIELDS, DEFAULT_DIR, SHIPPED_LABEL, replace_files=True
)


def load_cards(directory: Path | str | None = None, patches: Sequence[str] = ()) -> ApiacereCards:
    """The shipped card data overridden by `directory`'s files, then `patches`, checked
    and compiled."""
    merged, origins = merge_card_files(SCHEMA, directory, patches)
    tables, problems = compile_tables(merged, origins)
    if tables is None:
        raise CardDataError(problems)
    return ApiacereCards(
        tables=tables,
        table=card_table(tables),
        ids={kind: list(merged[kind]) for kind in KINDS},
        records={
            kind: [{"id": cid, **card} for cid, card in merged[kind].items()] for kind in KINDS
        },
        rules={
            key: table.get("value")
            for kind in ("setup", "rules")
            for key, table in merged[kind].items()
        },
        data_hash=content_hash(merged, DOC_FIELDS),
        source_dir=None if directory is None else str(Path(directory)),
    )


@functools.cache
def load_default_cards() -> ApiacereCards:
    """The shipped card data (cached: it is read-only)."""
    return load_cards()
