"""Baseline files: a run's configuration and per-game outcomes in one small Parquet file.

One row per game and seat: game, seat, start order, the game's grouping columns
(Luthier's family; `reports.drift.drift_window.Spec`), win, final score (stored as `score`:
the game's score column, Luthier's prestige, Maestro's points), and the keys of the
cards the seat held and completed. The file's key-value metadata under "tutti" holds
the configuration (a `RunConfig`: the game, its rules version, card hash, seed,
strategies and their parameters), the grouping columns and the score's own name. zstd
and dictionary-encoded card keys keep a 20,000-game 4-player Luthier baseline near 1.5 MB.

Format 2 (`tutti-baseline/2`) is any game's; a format-1 file (Luthier only: `family`
and `prestige` columns) is refused with a line that says to regenerate it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from reports.drift.drift_window import CARD_SCHEMA, ROLES, Window
from simcore.errors import TuttiError
from simcore.output_paths import write_whole
from simcore.runs.manifest import RunConfig
from simcore.runs.manifest_check import parse_config

FORMAT = "tutti-baseline/2"
OLD_FORMATS = ("tutti-baseline/1",)
META_KEY = b"tutti"
COLUMNS = ("game", "seat", "start_order", "win", "score", "held", "completed")  # + groups


@dataclass(frozen=True)
class Baseline:
    path: Path
    config: RunConfig
    rows: pl.DataFrame  # the file's rows, strings for dictionaries
    groups: tuple[str, ...] = ()  # the game's grouping columns (Luthier: family)
    score: str = "score"  # the game's name of its score column, in windows

    @property
    def games(self) -> int:
        return self.config.games

    def window(self, start: int, stop: int) -> Window:
        """Games start .. stop - 1 as a Window."""
        part = self.rows.filter(pl.col("game").is_between(start, stop - 1))
        strategy = pl.col("seat").replace_strict(
            list(range(len(self.config.strategies))), self.config.strategies, return_dtype=pl.String
        )
        seats = part.select(
            pl.col("game").cast(pl.Int64),
            pl.col("seat").cast(pl.Int8),
            pl.col("start_order").cast(pl.Int8),
            *[pl.col(g).cast(pl.String) for g in self.groups],
            strategy.alias("strategy"),
            pl.col("win").cast(pl.Float64),
            pl.col("score").cast(pl.Float64).alias(self.score),
        )
        cards = pl.concat(
            [
                part.select(
                    pl.col("game").cast(pl.Int64),
                    pl.col("seat").cast(pl.Int8),
                    pl.col(role).alias("key"),
                    pl.lit(role).alias("role"),
                )
                .explode("key")
                .drop_nulls("key")
                .cast(CARD_SCHEMA)
                for role in ROLES
            ]
        )
        return Window(seats, cards)


def baseline_table(windows: list[Window]) -> pa.Table:
    """The rows of a baseline file from consecutive windows."""
    seats = pl.concat([w.seats for w in windows])
    cards = pl.concat([w.cards for w in windows])
    lists = (
        cards.sort("game", "seat", "role", "key")
        .group_by("game", "seat", "role", maintain_order=True)
        .agg(pl.col("key"))
        .pivot("role", index=["game", "seat"], values="key")
    )
    for role in ROLES:
        if role not in lists.columns:
            lists = lists.with_columns(pl.lit(None, pl.List(pl.String)).alias(role))
    rows = seats.join(lists, on=["game", "seat"], how="left").sort("game", "seat")
    empty = pl.lit([], pl.List(pl.String))
    groups = windows[0].groups if windows else ()
    score = windows[0].score if windows else "score"
    rows = rows.select(
        pl.col("game").cast(pl.Int32),
        pl.col("seat").cast(pl.Int8),
        pl.col("start_order").cast(pl.Int8),
        *[pl.col(g).cast(pl.Categorical) for g in groups],
        pl.col("win").cast(pl.Float32),
        pl.col(score).cast(_score_type(rows[score])).alias("score"),
        pl.col("held").fill_null(empty).list.eval(pl.element().cast(pl.Categorical)),
        pl.col("completed").fill_null(empty).list.eval(pl.element().cast(pl.Categorical)),
    )
    return rows.to_arrow()


def _score_type(score: pl.Series) -> pl.DataType:
    """The smallest exact type of the scores: Int16 or Int32 when they are whole numbers
    (every game so far), else Float64."""
    if score.len() == 0 or (score.is_finite().all() and (score == score.round()).all()):
        low, high = (score.min() or 0, score.max() or 0)
        return pl.Int16() if low >= -(2**15) and high < 2**15 else pl.Int32()
    return pl.Float64()


def write_baseline(path: Path, config: RunConfig, windows: list[Window]) -> int:
    """Write the baseline file atomically; returns its size in bytes."""
    table = baseline_table(windows)
    groups = list(windows[0].groups) if windows else []
    score = windows[0].score if windows else "score"
    meta = {"format": FORMAT, "config": asdict(config), "groups": groups, "score": score}
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode()})
    sink = pa.BufferOutputStream()
    # page checksums: a damaged baseline is refused, never compared (read_baseline)
    pq.write_table(table, sink, compression="zstd", compression_level=19, write_page_checksum=True)
    data = sink.getvalue().to_pybytes()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, data)
    except OSError as err:
        raise TuttiError(f"{path}: cannot write the baseline ({err.strerror or err})") from None
    return len(data)


def read_baseline(path: Path) -> Baseline:
    """Read and check a baseline file; a missing, foreign or broken one is refused."""
    path = Path(path)
    if not path.is_file():
        raise TuttiError(f"{path}: no such baseline file")
    try:
        parquet = pq.ParquetFile(path, page_checksum_verification=True)
        meta = json.loads((parquet.schema_arrow.metadata or {}).get(META_KEY, b"{}"))
        if isinstance(meta, dict) and meta.get("format") in OLD_FORMATS:
            raise TuttiError(
                f"{path}: a {meta['format']} baseline, an older format than this tutti reads "
                f"({FORMAT}): regenerate it with `tutti baseline` (the engine's own: make "
                "baseline)"
            )
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise TuttiError(
                f"{path}: not a tutti baseline (no {FORMAT} metadata); write one with "
                "`tutti baseline`"
            )
        config = parse_config(meta["config"])  # types and ranges, as a run manifest's
        groups = tuple(str(g) for g in meta["groups"])
        score = str(meta["score"])
        table = parquet.read()
    except (OSError, ValueError, TypeError, KeyError, pa.ArrowException) as err:
        raise TuttiError(
            f"{path}: not a readable tutti baseline, damaged or edited ({_first_line(err)})"
        ) from None
    missing = [c for c in (*COLUMNS, *groups) if c not in table.column_names]
    if missing:
        raise TuttiError(f"{path}: corrupt baseline: missing column(s) {', '.join(missing)}")
    rows = pl.from_arrow(table).with_columns(
        pl.col(pl.Categorical).cast(pl.String),
        pl.col("held", "completed").cast(pl.List(pl.String)),
    )
    if rows.height != config.games * config.players:
        raise TuttiError(
            f"{path}: corrupt baseline: {rows.height} rows, expected "
            f"{config.games} games x {config.players} seats"
        )
    return Baseline(path, config, rows, groups, score)


def _first_line(err: Exception) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__
