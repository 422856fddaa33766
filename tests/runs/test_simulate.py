"""Batch simulation through the Python twin `simcore.simulate(...)` (issue "Batch simulation").

Run directories of Parquet tables (games, seats, cards) plus manifest.json; the
same facts in each part's key-value metadata; determinism across threads, chunk
sizes and interruptions; safe interruption and --resume; refusal of existing,
corrupt and foreign directories.
"""

from __future__ import annotations

import json
import shutil
from importlib.metadata import version
from pathlib import Path

import polars as pl
import polars.selectors as cs
import pyarrow.parquet as pq
import pytest
from polars.testing import assert_frame_equal

from simcore import simulate
from simcore.errors import TuttiError
from simcore.games.luthier.carddata.cards import load_default_cards
from simcore.games.luthier.state.enums import Rule
from simcore.kernels.threads import max_threads
from simcore.runs.manifest import MANIFEST, TABLES, part_name, read_manifest

KINDS = {"instrument", "performance", "repair", "patron", "award", "goal", "family", "specialty"}
EVENTS = {"dealt", "kept", "taken", "completed", "abandoned", "scored", "claimed"}
DEALT_AT_SETUP = {"instrument": 2, "patron": 2, "family": 2, "goal": 4}
CARD_COLUMNS = ["game", "seat", "kind", "card_id", "card", "event", "round", "detail"]
SORT_KEYS = {"games": ["game"], "seats": ["game", "seat"], "cards": ["game", "seat"]}

SMALL = {"players": 3, "games": 2500, "seed": 1, "chunk_size": 1000}
DET = {"players": 4, "games": 5000, "seed": 11}  # determinism runs


def parts(out: Path, table: str) -> list[str]:
    return sorted(p.name for p in (out / table).iterdir())


def stray_files(out: Path) -> list[Path]:
    """Temporary or hidden files anywhere in a run directory (there must be none)."""
    return [p for p in out.rglob("*") if p.name.startswith(".") or ".tmp" in p.name]


def load(out: Path, table: str) -> pl.DataFrame:
    """A table's parts concatenated in chunk order, names as strings, sorted by (game, seat)."""
    manifest = read_manifest(out)
    frame = pl.concat(
        [pl.read_parquet(out / table / part_name(c)) for c in sorted(manifest.chunks_done)]
    )
    casts = {}
    for name, dtype in frame.schema.items():
        if dtype == pl.Categorical:
            casts[name] = pl.String
        elif isinstance(dtype, pl.List) and dtype.inner == pl.Categorical:
            casts[name] = pl.List(pl.String)
    return frame.cast(casts).sort(SORT_KEYS[table], maintain_order=True)


def assert_same_tables(a: Path, b: Path) -> None:
    for table in TABLES:
        left, right = load(a, table), load(b, table)
        assert left.height > 0
        assert_frame_equal(left, right, check_exact=True)


def interrupt_after(chunks: int):
    """A progress callback that presses Ctrl-C once `chunks` chunks are on disk.

    simulate() calls it once at the start, then after every chunk; so the
    (chunks + 1)-th call raises KeyboardInterrupt.
    """
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        if len(calls) == chunks + 1:
            raise KeyboardInterrupt

    progress.calls = calls  # type: ignore[attr-defined]
    return progress


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("small") / "run"
    result = simulate(out=out, **SMALL)
    return out, result


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """An uninterrupted run (chunk 1000, default threads) that the others must equal."""
    out = tmp_path_factory.mktemp("reference") / "run"
    simulate(out=out, chunk_size=1000, **DET)
    return out


@pytest.fixture
def interrupted(tmp_path: Path) -> Path:
    """A 5-chunk run stopped by Ctrl-C after its first chunk."""
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        simulate(out=out, chunk_size=1000, progress=interrupt_after(1), **DET)
    return out


# --- the run directory and its tables --------------------------------------------------------


def test_small_run_layout_and_manifest(small_run) -> None:
    """Issue: DIR/games/*.parquet, DIR/seats/*.parquet, DIR/cards/*.parquet and
    DIR/manifest.json; one part file per chunk; the manifest lists the complete chunks."""
    out, result = small_run
    assert sorted(p.name for p in out.iterdir()) == sorted([*TABLES, MANIFEST])
    for table in TABLES:
        assert parts(out, table) == [part_name(c) for c in range(3)]
    assert stray_files(out) == []

    raw = json.loads((out / MANIFEST).read_text())
    assert raw["complete"] is True
    assert raw["chunks_done"] == [0, 1, 2]
    assert raw["games_completed"] == 2500
    config = raw["config"]
    assert config["players"] == 3 and config["games"] == 2500 and config["seed"] == 1
    assert config["chunk_size"] == 1000
    assert config["strategies"] == ["random"] * 3

    manifest = read_manifest(out)
    assert manifest.complete and manifest.chunks_done == [0, 1, 2]
    assert result.out == out
    assert result.games == 2500 and result.games_this_session == 2500
    assert result.seconds > 0 and result.games_per_second > 0


def test_games_table_one_row_per_game(small_run) -> None:
    """Issue: games table, one row per game; game i of the run has seed game_seed(seed, i);
    the engine's rule-violation counter stays 0."""
    from simcore.kernels.rng_nb import game_seed_nb

    out, _ = small_run
    games = load(out, "games")
    assert games.height == 2500
    assert games["game"].to_list() == list(range(2500))
    assert games["seed"].n_unique() == 2500
    assert (games["players"] == 3).all()
    assert (games["violations"] == 0).all()
    for i in (0, 1, 999, 1000, 2499):
        assert games["seed"][i] == int(game_seed_nb(1, i))


def test_seats_table_shared_wins_and_prestige(small_run) -> None:
    """Issue: seats table, one row per game and seat; a shared win counted as shared
    (win = 1/k); prestige equals the sum of its sources."""
    out, _ = small_run
    seats = load(out, "seats")
    games = load(out, "games")
    assert seats.height == 2500 * 3
    assert seats.select("game", "seat").n_unique() == 2500 * 3
    assert set(seats["seat"].unique().to_list()) == {0, 1, 2}

    per_game = seats.group_by("game").agg(
        total=pl.col("win").sum(),
        winners=pl.col("seat").filter(pl.col("win") > 0).sort(),
        shares=pl.col("win").filter(pl.col("win") > 0),
    )
    assert (per_game["total"] - 1).abs().max() < 1e-5
    joined = per_game.join(games.select("game", "winner_seats", "shared_win"), on="game")
    assert joined.height == 2500
    for row in joined.iter_rows(named=True):
        k = len(row["winner_seats"])
        assert row["winners"] == sorted(row["winner_seats"])
        assert row["shared_win"] == (k > 1)
        assert all(abs(share - 1 / k) < 1e-6 for share in row["shares"])
    assert joined["shared_win"].sum() > 0  # the check above saw shared wins

    sources = seats.select(cs.starts_with("prestige_").cast(pl.Int64)).sum_horizontal()
    assert (seats["prestige"].cast(pl.Int64) == sources).all()

    # the game arc (issue 18 item 8): prestige after each round, one column per round
    arc = seats.select(cs.matches(r"^round\d+_prestige$")).columns
    rounds = int(load_default_cards().arrays.rules[Rule.ROUNDS])
    assert arc == [f"round{r}_prestige" for r in range(1, rounds + 1)]
    assert seats[arc[0]].max() > 0 and seats[arc[-1]].mean() > seats[arc[0]].mean()


def test_cards_table_events(small_run) -> None:
    """Issue: cards table, one row per card event (game, seat, kind, card_id, card, event,
    round, detail) with event in dealt/kept/taken/completed/abandoned/scored/claimed;
    every seat of every game is dealt 2 instruments, 2 patrons, 2 families, 4 goals."""
    out, _ = small_run
    cards = load(out, "cards")
    assert cards.columns == CARD_COLUMNS
    assert set(cards["kind"].unique().to_list()) <= KINDS
    assert set(cards["event"].unique().to_list()) <= EVENTS
    assert cards["game"].min() == 0 and cards["game"].max() == 2499
    assert set(cards["seat"].unique().to_list()) == {0, 1, 2}
    assert cards["card_id"].null_count() == 0 and cards["card"].null_count() == 0

    dealt = cards.filter(pl.col("event") == "dealt")
    assert (dealt["round"] == 0).all()
    assert dealt.height == 2500 * 3 * 10
    counts = dealt.group_by("game", "seat", "kind").agg(n=pl.len())
    assert counts.select("game", "seat").n_unique() == 2500 * 3
    for kind, n in DEALT_AT_SETUP.items():
        of_kind = counts.filter(pl.col("kind") == kind)
        assert of_kind.height == 2500 * 3, kind
        assert (of_kind["n"] == n).all(), kind


def test_parquet_metadata_holds_the_run_facts(small_run) -> None:
    """Issue: the same facts in the Parquet key-value metadata (key b"tutti", JSON: package
    version, rules version, card-data hash, master seed, players, strategies with their
    parameter vectors, chunk)."""
    from simcore.games.luthier import RULES_VERSION
    from simcore.games.luthier.carddata.cards import load_cards

    out, _ = small_run
    manifest = read_manifest(out)
    card_hash = load_cards(None).data_hash
    assert manifest.config.card_hash == card_hash
    for table in TABLES:
        for chunk in range(3):
            path = out / table / part_name(chunk)
            meta = json.loads(pq.read_schema(path).metadata[b"tutti"])
            assert meta["card_hash"] == card_hash
            assert meta["seed"] == 1
            assert meta["players"] == 3
            assert meta["games"] == 2500
            assert meta["strategies"] == ["random"] * 3
            assert meta["params"] == [[], [], []]
            assert meta["rules_version"] == RULES_VERSION
            assert meta["package_version"] == version("tutti-sim")
            assert meta["chunk"] == chunk
            assert meta["first_game"] == chunk * 1000
            assert meta["n_games"] == (1000 if chunk < 2 else 500)
            if table != "cards":
                game = pq.read_table(path, columns=["game"])["game"].to_pylist()
                first = meta["first_game"]
                assert sorted(set(game)) == list(range(first, first + meta["n_games"]))


# --- determinism -------------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_same_tables_for_any_thread_count(tmp_path: Path, reference: Path, threads: int) -> None:
    """Issue: determinism, identical table contents for --threads 1 vs 2."""
    if threads > max_threads():
        pytest.skip(f"this machine has only {max_threads()} core(s)")
    out = tmp_path / "run"
    simulate(out=out, chunk_size=1000, threads=threads, **DET)
    assert_same_tables(out, reference)


def test_same_tables_for_any_chunk_size(tmp_path: Path, reference: Path) -> None:
    """Issue: determinism, identical table contents for chunk sizes 1000 vs 4096."""
    out = tmp_path / "run"
    simulate(out=out, chunk_size=4096, **DET)
    for table in TABLES:
        assert parts(out, table) == [part_name(0), part_name(1)]
    assert_same_tables(out, reference)


# --- interruption and resume -------------------------------------------------------------------


def test_interruption_leaves_a_valid_directory(tmp_path: Path) -> None:
    """Issue: safe interruption; Ctrl-C leaves a valid run directory whose manifest lists
    the complete chunks, with no temporary files."""
    out = tmp_path / "run"
    progress = interrupt_after(1)
    with pytest.raises(KeyboardInterrupt):
        simulate(out=out, chunk_size=1000, threads=1, progress=progress, **DET)
    assert progress.calls == [(0, 5000), (1000, 5000)]
    manifest = read_manifest(out)
    assert manifest.chunks_done == [0]
    assert manifest.games_completed == 1000
    assert manifest.complete is False
    for table in TABLES:
        assert parts(out, table) == [part_name(0)]
    assert stray_files(out) == []
    assert load(out, "games")["game"].to_list() == list(range(1000))


def test_resume_equals_an_uninterrupted_run(interrupted: Path, reference: Path) -> None:
    """Issue: --resume finishes the run and the result equals an uninterrupted run row for
    row (determinism with vs without an interruption plus resume)."""
    progress = interrupt_after(99)
    result = simulate(out=interrupted, chunk_size=1000, resume=True, progress=progress, **DET)
    assert progress.calls[0] == (1000, 5000)  # started from the games already done
    assert progress.calls[-1] == (5000, 5000)
    assert result.games == 5000 and result.games_this_session == 4000
    manifest = read_manifest(interrupted)
    assert manifest.complete and manifest.chunks_done == [0, 1, 2, 3, 4]
    assert manifest.games_completed == 5000
    assert stray_files(interrupted) == []
    assert_same_tables(interrupted, reference)


def test_resume_cleans_up_after_a_kill_mid_chunk(interrupted: Path, reference: Path) -> None:
    """Issue: part files written atomically; a kill leaves temporary files and unlisted
    parts at worst, and --resume still finishes a run equal to an uninterrupted one."""
    (interrupted / "games" / part_name(1)).write_bytes(b"half a parquet file")
    (interrupted / "seats" / f".{part_name(1)}.tmp-12345").write_bytes(b"partial")
    (interrupted / f".{MANIFEST}.tmp-12345").write_text("{")
    assert read_manifest(interrupted).chunks_done == [0]  # still valid
    simulate(out=interrupted, chunk_size=1000, resume=True, **DET)
    assert stray_files(interrupted) == []
    assert_same_tables(interrupted, reference)


def test_resume_before_the_first_chunk(tmp_path: Path, reference: Path) -> None:
    """Issue: an interruption before any chunk is complete still leaves a valid directory
    (no chunks listed) that --resume finishes."""
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        simulate(out=out, chunk_size=1000, progress=interrupt_after(0), **DET)
    manifest = read_manifest(out)
    assert manifest.chunks_done == [] and not manifest.complete
    simulate(out=out, chunk_size=1000, resume=True, **DET)
    assert_same_tables(out, reference)


@pytest.mark.parametrize(
    ("change", "setting"),
    [
        ({"seed": 12}, "seed"),
        ({"games": 6000}, "games"),
        ({"chunk_size": 500}, "chunk_size"),
        ({"players": 3}, "players"),
    ],
)
def test_resume_with_other_options_is_refused(
    interrupted: Path, change: dict, setting: str
) -> None:
    """Issue: --resume must finish the same run; different options are refused with a clear
    message naming the setting, and the directory is left as it was."""
    manifest_before = (interrupted / MANIFEST).read_bytes()
    options = {**DET, "chunk_size": 1000, **change}
    with pytest.raises(TuttiError, match="cannot resume") as err:
        simulate(out=interrupted, resume=True, **options)
    assert setting in str(err.value)
    assert (interrupted / MANIFEST).read_bytes() == manifest_before
    for table in TABLES:
        assert parts(interrupted, table) == [part_name(0)]


def test_new_run_over_an_existing_directory_is_refused(small_run, tmp_path: Path) -> None:
    """Issue: starting a new run over an existing directory without --resume is refused with
    a clear message, and the existing run is untouched."""
    out, _ = small_run
    manifest_before = (out / MANIFEST).read_bytes()
    with pytest.raises(TuttiError, match="already exists") as err:
        simulate(out=out, **SMALL)
    assert "--resume" in str(err.value)
    assert (out / MANIFEST).read_bytes() == manifest_before

    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("not a run")
    with pytest.raises(TuttiError, match="already exists"):
        simulate(out=foreign, players=2, games=10, chunk_size=10)
    assert sorted(p.name for p in foreign.iterdir()) == ["notes.txt"]

    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(TuttiError, match="cannot write the run: it is a file, not a folder"):
        simulate(out=a_file, players=2, games=10, chunk_size=10)
    assert a_file.read_text() == "x"


def test_new_run_into_an_empty_directory_is_allowed(tmp_path: Path) -> None:
    """Issue: only an existing *run* is protected; an empty --out directory is used."""
    out = tmp_path / "empty"
    out.mkdir()
    result = simulate(out=out, players=2, games=10, chunk_size=10)
    assert result.games == 10 and read_manifest(out).complete


def test_resume_of_a_complete_run_changes_nothing(small_run, tmp_path: Path) -> None:
    """Issue: --resume finishes a run; on a complete run there is nothing left to do."""
    src, _ = small_run
    out = tmp_path / "copy"
    shutil.copytree(src, out)
    before = {p: p.read_bytes() for table in TABLES for p in (out / table).iterdir()}
    result = simulate(out=out, resume=True, **SMALL)
    assert result.games == 2500 and result.games_this_session == 0
    after = {p: p.read_bytes() for table in TABLES for p in (out / table).iterdir()}
    assert after == before
    manifest = read_manifest(out)
    assert manifest.complete and manifest.chunks_done == [0, 1, 2]
    assert manifest.games_completed == 2500
    assert_same_tables(out, src)


# --- corrupt and foreign directories -----------------------------------------------------------


@pytest.fixture
def run_copy(small_run, tmp_path: Path) -> Path:
    out = tmp_path / "copy"
    shutil.copytree(small_run[0], out)
    return out


def _truncated(manifest: bytes) -> bytes:
    return manifest[: len(manifest) // 2]


def _other_format(manifest: bytes) -> bytes:
    return json.dumps({**json.loads(manifest), "format": "someone-else/3"}).encode()


def _missing_config(manifest: bytes) -> bytes:
    raw = json.loads(manifest)
    del raw["config"]
    return json.dumps(raw).encode()


def _unknown_config_key(manifest: bytes) -> bytes:
    raw = json.loads(manifest)
    raw["config"]["colour"] = "blue"
    return json.dumps(raw).encode()


def _bad_chunks(manifest: bytes) -> bytes:
    return json.dumps({**json.loads(manifest), "chunks_done": "all"}).encode()


@pytest.mark.parametrize(
    "corrupt",
    [
        pytest.param(lambda m: b"{this is not json", id="garbage"),
        pytest.param(lambda m: b"\xff\xfe\x00binary", id="binary"),
        pytest.param(lambda m: b"", id="empty"),
        pytest.param(_truncated, id="truncated"),
        pytest.param(_other_format, id="other-format"),
        pytest.param(_missing_config, id="missing-config"),
        pytest.param(_unknown_config_key, id="unknown-config-key"),
        pytest.param(_bad_chunks, id="bad-chunks"),
        pytest.param(lambda m: b"[]", id="json-list"),  # valid JSON, not an object
        pytest.param(lambda m: b"null", id="json-null"),
    ],
)
def test_corrupt_manifest_is_refused(run_copy: Path, corrupt) -> None:
    """Issue: a corrupt run directory is refused with a clear message (exit code 2)."""
    path = run_copy / MANIFEST
    path.write_bytes(corrupt(path.read_bytes()))
    with pytest.raises(TuttiError, match="corrupt run manifest") as err:
        read_manifest(run_copy)
    assert str(run_copy) in str(err.value)
    assert err.value.exit_code == 2
    with pytest.raises(TuttiError, match="corrupt run manifest"):
        simulate(out=run_copy, resume=True, **SMALL)


def test_listed_chunk_without_its_part_is_refused_then_replayed(run_copy: Path, small_run) -> None:
    """Issue 32: a listed chunk whose part file is missing is refused in one line naming it;
    --resume plays that chunk again instead of trusting it, and the run equals the original."""
    (run_copy / "seats" / part_name(1)).unlink()
    message = "chunk 1 is listed but seats/part-000001.parquet is missing"
    with pytest.raises(TuttiError, match=message):
        read_manifest(run_copy)
    result = simulate(out=run_copy, resume=True, **SMALL)
    assert result.games_this_session == SMALL["chunk_size"]
    assert read_manifest(run_copy).complete
    assert_same_tables(run_copy, small_run[0])


def test_foreign_directory_is_refused(tmp_path: Path) -> None:
    """Issue: a foreign directory (no manifest) is refused with a clear message, and
    --resume leaves its files alone."""
    foreign = tmp_path / "photos"
    (foreign / "games").mkdir(parents=True)
    (foreign / "games" / "holiday.jpg").write_bytes(b"\xff\xd8")
    (foreign / "readme.txt").write_text("mine")
    with pytest.raises(TuttiError, match="not a tutti run directory"):
        read_manifest(foreign)
    with pytest.raises(TuttiError, match="not a tutti run directory"):
        simulate(out=foreign, resume=True, players=2, games=10, chunk_size=10)
    assert (foreign / "games" / "holiday.jpg").exists() and (foreign / "readme.txt").exists()

    with pytest.raises(TuttiError, match="no such run directory"):
        simulate(out=tmp_path / "nowhere", resume=True, players=2, games=10, chunk_size=10)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"games": 0}, "--games must be between 1 and"),
        ({"games": 10**20}, "--games must be between 1 and"),
        ({"games": 10**9}, "makes more than 100,000 chunks: give --chunk-size 10,000"),
        ({"chunk_size": 10**6}, "--chunk-size must be between 1 and 65,536"),
        ({"seed": -1}, "--seed must be between 0 and 2\\*\\*63 - 1"),
        ({"seed": 10**20}, "--seed must be between 0 and 2\\*\\*63 - 1"),
        ({"chunk_size": 0}, "--chunk-size must be between 1 and"),
        ({"threads": 99}, "--threads must be between 1 and"),
        ({"threads": 0}, "--threads must be between 1 and"),
        ({"players": 5}, "--players must be 2, 3 or 4"),
        ({"strategies": "random,nobody"}, "unknown strategy 'nobody'"),
    ],
)
def test_bad_options_are_refused_before_anything_is_written(
    tmp_path: Path, options: dict, message: str
) -> None:
    """Issue: `simcore.simulate(...)` takes the CLI's arguments and refuses bad ones with a
    clear message, without creating the run directory."""
    out = tmp_path / "run"
    args = {"players": 2, "games": 10, "chunk_size": 10, **options}
    with pytest.raises(TuttiError, match=message):
        simulate(out=out, **args)
    assert not out.exists()


# --- the reference readers ---------------------------------------------------------------------


def test_polars_reads_the_tables(small_run) -> None:
    """Issue: tables read with polars as they are (a glob over the part files)."""
    out, _ = small_run
    rows = {t: pl.read_parquet(f"{out}/{t}/*.parquet").height for t in TABLES}
    assert rows["games"] == 2500 and rows["seats"] == 7500 and rows["cards"] > 75_000
    lazy = pl.scan_parquet(f"{out}/seats/*.parquet").group_by("strategy").agg(pl.col("win").sum())
    assert lazy.collect()["win"].sum() == pytest.approx(2500, abs=1e-2)


def test_pandas_reads_the_tables(small_run) -> None:
    """Issue: tables read with pandas as they are."""
    pd = pytest.importorskip("pandas")
    out, _ = small_run
    assert len(pd.read_parquet(out / "games")) == 2500
    seats = pd.read_parquet(out / "seats")
    assert len(seats) == 7500
    assert str(seats["strategy"].dtype) == "category"
    assert len(pd.read_parquet(out / "cards")) > 75_000


def test_duckdb_reads_the_tables(small_run) -> None:
    """Issue: tables read with duckdb as they are."""
    duckdb = pytest.importorskip("duckdb")
    out, _ = small_run

    def one(sql: str):
        (row,) = duckdb.sql(sql).fetchall()  # duckdb 2 relations have no fetchone()
        return row[0]

    assert one(f"select count(*) from '{out}/games/*.parquet'") == 2500
    assert one(f"select count(*) from '{out}/seats/*.parquet'") == 7500
    assert one(f"select sum(win) from '{out}/seats/*.parquet'") == pytest.approx(2500, abs=1e-2)
    dealt = one(f"select count(*) from '{out}/cards/*.parquet' where event = 'dealt'")
    assert dealt == 2500 * 3 * 10


def test_quick_gil_handovers_during_a_run_only(tmp_path: Path) -> None:
    """simulate() shortens Python's GIL switch interval while chunks play (kernel threads
    wait less for it, simcore/runs/local.py) and restores it, also when interrupted."""
    import sys

    from simcore.runs.local import GIL_HANDOVER_S

    before = sys.getswitchinterval()
    seen: list[float] = []

    def progress(done: int, total: int) -> None:
        seen.append(sys.getswitchinterval())
        if done >= 1000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(out=tmp_path / "run", chunk_size=500, progress=progress, **DET)
    assert GIL_HANDOVER_S in seen and before != GIL_HANDOVER_S
    assert sys.getswitchinterval() == before
