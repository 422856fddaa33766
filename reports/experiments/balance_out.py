"""`tutti balance --out DIR`: the found values as a card directory that `--cards` accepts.

The directory holds, per card kind changed, a card file with only the changed
fields of the changed cards (the loader merges a user's file field by field over
the default cards). If the search ran with `--cards MYDIR`, MYDIR's own files are
carried over (the changes merged into them), so `--cards DIR` alone gives the
searched card set with the found values. The files are written into a temporary
folder beside DIR and moved there at the end, and they are loaded back before that
to prove they hold what was found.

Any game of the registry: where a card goes in its file (a [[section]] entry picked by
its id, or a [table] of its own) is the game's `card_entry` (simcore/games/api.py).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from simcore import games
from simcore.errors import TuttiError
from simcore.games.api import Cards, Game

HEADER = "# Written by tutti balance"
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def check_out_dir(out: str | Path) -> Path:
    """Refuse (TuttiError) a folder that is not new, empty or an earlier balance's output."""
    from simcore.output_paths import check_folder

    out = check_folder(out, "the balanced cards")
    if out.is_dir():
        for child in out.iterdir():
            if child.suffix != ".toml" or not child.read_text("utf-8", "replace").startswith(
                HEADER
            ):
                raise TuttiError(
                    f"{out}: cannot write the balanced cards: the folder holds {child.name}, "
                    "not written by tutti balance; give a new or empty folder"
                )
    return out


def write_cards(
    out: str | Path,
    card_set: Cards,
    user_dir: str | Path | None,
    changes: list[tuple[str, str, tuple[str, ...], Any]],
    comment: str,
    game: Game | None = None,
) -> list[Path]:
    """Write the card directory of `game` (a game object; None: the default game);
    `changes` are (kind, card id, field path, value)."""
    game = games.get() if game is None else game
    out = Path(out)
    user = {p.stem: p for p in Path(user_dir).glob("*.toml")} if user_dir else {}
    docs: dict[str, dict[str, Any]] = {}
    for kind, cid, field, value in changes:
        if kind not in docs:
            docs[kind] = tomllib.loads(user[kind].read_text("utf-8")) if kind in user else {}
        _set(docs[kind], game, kind, card_set, cid, field, value)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for kind in game.card_files:
            if kind in docs:
                text = f"{HEADER}: {comment}\n\n{dumps(docs[kind])}"
                (tmp / f"{kind}.toml").write_text(text, "utf-8")
            elif kind in user:
                text = user[kind].read_text("utf-8")
                (tmp / f"{kind}.toml").write_text(f"{HEADER} (copied from {user[kind]})\n{text}")
        _check(tmp, changes, game)
        if out.exists():
            shutil.rmtree(out)
        tmp.rename(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return sorted(out.iterdir())


def _set(
    doc: dict, game: Game, kind: str, card_set: Cards, cid: str, field: tuple[str, ...], value: Any
) -> None:
    """Set `field` of card `cid` in a card file's parsed TOML (adding the card if absent)."""
    section, ident = game.card_entry(card_set, kind, cid)
    if ident is not None:
        entries = doc.setdefault(section, [])
        entry = next((e for e in entries if all(e.get(k) == v for k, v in ident.items())), None)
        if entry is None:
            entry = dict(ident)
            entries.append(entry)
    else:
        entry = doc.setdefault(section, {})
    if field[-1].isdigit():  # a position in a list: the file holds the whole list
        record: Any = _record(game, card_set, kind, cid)
        for key in field[:-1]:
            record = record[key]
        for key in field[:-2]:
            entry = entry.setdefault(key, {})
        entry[field[-2]] = listed = list(entry.get(field[-2], record))
        listed[int(field[-1])] = value
        return
    for key in field[:-1]:
        entry = entry.setdefault(key, {})
    entry[field[-1]] = value


def _record(game: Game, card_set: Cards, kind: str, cid: str) -> Any:
    """The card's record as loaded."""
    return game.card_records(card_set, kind)[game.card_ids(card_set, kind).index(cid)]


def _check(folder: Path, changes: list[tuple[str, str, tuple[str, ...], Any]], game: Game) -> None:
    """Load the written folder as --cards and check every changed value is there."""
    loaded = game.load_cards(folder)
    for kind, cid, field, value in changes:
        got: Any = _record(game, loaded, kind, cid)
        for key in field:
            got = got[int(key)] if isinstance(got, list) else got[key]
        if got != value:
            raise TuttiError(f"internal: {kind}.{cid}.{'.'.join(field)} reads back as {got!r}")


def dumps(doc: dict[str, Any]) -> str:
    """A card file's TOML text: [[section]] entries and [section] tables, inline values."""
    lines: list[str] = []
    for name, value in doc.items():
        if isinstance(value, list):
            for entry in value:
                lines += [f"[[{_key(name)}]]", *_pairs(entry), ""]
        elif isinstance(value, dict):
            lines += [f"[{_key(name)}]", *_pairs(value), ""]
        else:
            lines.insert(0, f"{_key(name)} = {_value(value)}")
    return "\n".join(lines)


def _pairs(table: dict[str, Any]) -> list[str]:
    return [f"{_key(k)} = {_value(v)}" for k, v in table.items()]


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
            if value
            else "{}"
        )
    raise TuttiError(f"internal: cannot write {value!r} as TOML")
