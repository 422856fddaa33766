"""Reading a manifest: every field's type and range, and the chunk list against the sizes.

A run directory is data that may come from anyone: a manifest is parsed field by field
and refused in one line (TuttiError, "corrupt run manifest") when anything is off, so an
edited manifest is never "repaired" into duplicate games or a report on games that are
not there.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

from simcore.errors import TuttiError
from simcore.runs.limits import MAX_CHUNK, MAX_CHUNKS, MAX_GAMES
from simcore.runs.manifest import (
    FORMAT,
    MANIFEST,
    OLD_FORMATS,
    TABLES,
    Manifest,
    Part,
    RunConfig,
)
from simcore.seats import MAX_PARAMS
from simcore.seeds import MAX_SEED

MAX_SEATS = 64  # far above any game's player count: the game checks its own counts
HEX = re.compile(r"[0-9a-f]+")
TOP_KEYS = {
    "format",
    "run_id",
    "config",
    "chunks_done",
    "games_completed",
    "complete",
    "seconds",
    "parts",
}


class BadManifestError(ValueError):
    """One thing wrong with a manifest (becomes the 'corrupt run manifest' line)."""


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadManifestError(f"{name} must be an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise BadManifestError(f"{name} {value} outside {low}..{high}")
    return value


def _opt_str(value: Any, name: str) -> str | None:
    return None if value is None else _str(value, name)


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise BadManifestError(f"{name} must be a string, got {type(value).__name__}")
    return value


def _hex(value: Any, name: str, length: int | None = None) -> str:
    text = _str(value, name)
    if not HEX.fullmatch(text) or (length is not None and len(text) != length):
        raise BadManifestError(f"{name} must be {length or 'some'} hex digits")
    return text


def _list(value: Any, name: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise BadManifestError(f"{name} must be a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise BadManifestError(f"{name} has {len(value)} entries, expected {length}")
    return value


def _config(raw: Any) -> RunConfig:
    if not isinstance(raw, dict):
        raise BadManifestError("no run configuration")
    known = {f.name for f in fields(RunConfig)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadManifestError(f"unknown configuration key {unknown[0]!r}")
    missing = sorted(k for k in known - set(raw) if not k.startswith("strategy_module"))
    if missing:
        raise BadManifestError(f"configuration key {missing[0]!r} missing")
    players = _int(raw["players"], "players", 1, MAX_SEATS)
    strategies = [_str(s, "strategies[]") for s in _list(raw["strategies"], "strategies", players)]
    params = _list(raw["params"], "params", players)
    names = _list(raw["param_names"], "param_names", players)
    for p in range(players):
        row = _list(params[p], f"params[{p}]")
        if len(row) > MAX_PARAMS:
            raise BadManifestError(f"params[{p}] has more than {MAX_PARAMS} values")
        _list(names[p], f"param_names[{p}]", len(row))
        for x in row:
            if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
                raise BadManifestError(f"params[{p}] must hold finite numbers")
        for n in names[p]:
            _str(n, f"param_names[{p}][]")
    module = _opt_str(raw.get("strategy_module"), "strategy_module")
    module_hash = raw.get("strategy_module_hash")
    if (module is None) != (module_hash is None):
        raise BadManifestError("strategy_module and strategy_module_hash must be given together")
    return RunConfig(
        game=_str(raw["game"], "game"),
        players=players,
        games=_int(raw["games"], "games", 1, MAX_GAMES),
        seed=_int(raw["seed"], "seed", 0, MAX_SEED),
        chunk_size=_int(raw["chunk_size"], "chunk_size", 1, MAX_CHUNK),
        strategies=strategies,
        params=[[float(x) for x in row] for row in params],
        param_names=[list(n) for n in names],
        card_hash=_hex(raw["card_hash"], "card_hash"),
        cards_dir=_opt_str(raw["cards_dir"], "cards_dir"),
        rules_version=_int(raw["rules_version"], "rules_version", 0, 2**31),
        package_version=_str(raw["package_version"], "package_version"),
        strategy_module=module,
        strategy_module_hash=None if module_hash is None else _hex(module_hash, "module hash"),
    )


def parse_config(raw: Any) -> RunConfig:
    """A run configuration (a manifest's or a baseline file's), every field checked;
    ValueError (one line) otherwise."""
    return _config(raw)


def _parts(raw: Any, config: RunConfig, chunks: list[int]) -> dict[int, dict[str, Part]]:
    """Each listed chunk's three part records; rows must be the chunk's games and seats."""
    if not isinstance(raw, dict):
        raise BadManifestError("parts must be an object")
    if set(raw) != {str(c) for c in chunks}:
        extra = sorted(set(raw) ^ {str(c) for c in chunks})
        raise BadManifestError(f"parts and chunks_done disagree (chunk {extra[0]})")
    parts: dict[int, dict[str, Part]] = {}
    for chunk in chunks:
        tables = raw[str(chunk)]
        if not isinstance(tables, dict) or set(tables) != set(TABLES):
            raise BadManifestError(f"chunk {chunk}: parts must name {', '.join(TABLES)}")
        n_games = config.games_of(chunk)[1]
        records = {}
        for table in TABLES:
            record = tables[table]
            if not isinstance(record, dict) or set(record) != {"sha256", "bytes", "rows"}:
                raise BadManifestError(f"chunk {chunk}: {table} part needs sha256, bytes and rows")
            records[table] = Part(
                sha256=_hex(record["sha256"], f"chunk {chunk} {table} sha256", 64),
                bytes=_int(record["bytes"], f"chunk {chunk} {table} bytes", 1, 2**40),
                rows=_int(record["rows"], f"chunk {chunk} {table} rows", 0, 2**40),
            )
        expect = {"games": n_games, "seats": n_games * config.players}
        for table, rows in expect.items():
            if records[table].rows != rows:
                raise BadManifestError(
                    f"chunk {chunk}: {table} rows {records[table].rows}, expected {rows}"
                )
        parts[chunk] = records
    return parts


def _manifest(raw: Any) -> Manifest:
    if not isinstance(raw, dict):
        raise BadManifestError(f"expected a JSON object, got {type(raw).__name__}")
    if raw.get("format") in OLD_FORMATS:
        raise TuttiError(
            f"written by an older tutti ({raw['format']}: no part checksums), its parts "
            "cannot be verified; simulate it again"
        )
    if raw.get("format") != FORMAT:
        raise BadManifestError(f"format {raw.get('format')!r}, expected {FORMAT!r}")
    unknown = sorted(set(raw) - TOP_KEYS)
    if unknown:
        raise BadManifestError(f"unknown key {unknown[0]!r}")
    missing = sorted(TOP_KEYS - set(raw))
    if missing:
        raise BadManifestError(f"key {missing[0]!r} missing")
    config = _config(raw["config"])
    n_chunks = (config.games + config.chunk_size - 1) // config.chunk_size
    if n_chunks > MAX_CHUNKS:
        raise BadManifestError(f"{n_chunks:,} chunks, more than {MAX_CHUNKS:,}")
    chunks = [
        _int(c, "chunks_done[]", 0, n_chunks - 1) for c in _list(raw["chunks_done"], "chunks_done")
    ]
    if len(set(chunks)) != len(chunks):
        raise BadManifestError("chunks_done lists a chunk twice")
    games = _int(raw["games_completed"], "games_completed", 0, config.games)
    if games != sum(config.games_of(c)[1] for c in chunks):
        raise BadManifestError(f"games_completed {games:,} is not the games of the listed chunks")
    complete = raw["complete"]
    if not isinstance(complete, bool):
        raise BadManifestError("complete must be true or false")
    if complete and len(chunks) != n_chunks:
        raise BadManifestError(f"marked complete with {len(chunks)} of {n_chunks} chunks listed")
    seconds = raw["seconds"]
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds >= 0:
        raise BadManifestError("seconds must be a number >= 0")
    return Manifest(
        config=config,
        run_id=_hex(raw["run_id"], "run_id", 32),
        chunks_done=chunks,
        parts=_parts(raw["parts"], config, chunks),
        games_completed=games,
        complete=complete,
        seconds=float(seconds),
    )


def parse_manifest(out: Path) -> Manifest:
    """The validated manifest of run directory `out` (TuttiError, one line, otherwise)."""
    path = out / MANIFEST
    if not out.is_dir():
        raise TuttiError(f"{out}: no such run directory")
    if not path.is_file():
        raise TuttiError(f"{out}: not a tutti run directory (no {MANIFEST})")
    try:
        if path.stat().st_size > 256 * 2**20:
            raise BadManifestError("larger than any manifest tutti writes")
        return _manifest(json.loads(path.read_text()))
    except TuttiError as err:
        raise TuttiError(f"{path}: {err}") from None
    except (ValueError, RecursionError, UnicodeDecodeError) as err:
        raise TuttiError(f"{path}: corrupt run manifest ({err})") from None
