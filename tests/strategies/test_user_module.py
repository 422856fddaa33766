"""User strategy modules (`--strategy-module`): loading, errors, and play.

Loading a module binds its functions into the dispatch before any kernel
compiles, so each check runs in a fresh process. The games run with
NUMBA_DISABLE_JIT=1 (the kernels as plain Python, proven identical to the
compiled ones by tests/luthier/test_nojit.py), so CI does not compile the
kernels a second time; the slow test compiles them for real.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from simcore.errors import TuttiError
from simcore.games.luthier.output.transcript import render_transcript
from simcore.games.luthier.play.engine import play_game
from strategies.luthier.registry import parse_seats
from strategies.luthier.user import load_strategy_module

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "my_strategies.py"
DATA = Path(__file__).parent / "data"


def tutti(*args: str, jit: bool = False, cache: Path | None = None):
    env = {**os.environ}
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    if cache is not None:
        env["TUTTI_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, "-c", "from cli.app import main; main()", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
    )


def test_strategies_list_shows_the_module_strategies():
    proc = tutti("strategies", "list", "--strategy-module", str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    assert "timid" in proc.stdout and "pass_bias=0.5" in proc.stdout
    assert "mirror" in proc.stdout and "balanced" in proc.stdout


@pytest.mark.parametrize(
    ("module", "message"),
    [
        ("bad_not_jitted.py", "strategy 'plain' must be compiled: decorate it with @njit"),
        ("bad_empty.py", "no strategy found"),
        ("bad_clash.py", "strategy name 'balanced' is taken"),
        ("bad_raises.py", "loading failed: RuntimeError: boom at import"),
        ("missing.py", "no such Python file"),
    ],
)
def test_bad_modules_are_one_line_errors(module, message):
    proc = tutti("strategies", "list", "--strategy-module", str(DATA / module), jit=True)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_loading_after_kernels_are_imported_is_refused():
    import simcore.games.luthier.play.game_nb  # noqa: F401  (the kernels are imported)

    with pytest.raises(TuttiError, match="before any kernel is imported"):
        load_strategy_module(EXAMPLE)


def _body(transcript: str) -> str:
    """The transcript after its header (the header names the strategies)."""
    return transcript.split("\n\n", 1)[1]


def test_a_user_strategy_plays_exactly_as_the_code_it_calls(cards):
    """`mirror` calls the balanced heuristic with balanced's defaults: the same game."""
    proc = tutti(
        "play", "--players", "2", "--seed", "5", "--strategies", "mirror,random",
        "--strategy-module", str(EXAMPLE),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    builtin = play_game(cards, 2, 5, parse_seats("balanced,random", 2))
    expected = render_transcript(cards, builtin, ["header", ""])
    assert _body(proc.stdout) == _body(expected)


def test_user_parameters_change_play_through_a_params_file(tmp_path):
    """timid's pass_bias reaches the strategy through --params: each value plays another
    game, the same value the same game. (Its effect on one game's length is noise: the
    passes it may take are few, so the test does not count moves.)"""
    out = {}
    for bias in (0.0, 1.0, 1.0):
        params = tmp_path / f"timid{bias}.toml"
        params.write_text(f"[timid]\npass_bias = {bias}\n")
        proc = tutti(
            "play", "--players", "2", "--seed", "1", "--strategies", "timid,random",
            "--strategy-module", str(EXAMPLE), "--params", str(params),
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        body = _body(proc.stdout)
        assert out.setdefault(bias, body) == body
    assert out[0.0] != out[1.0]


@pytest.mark.slow
def test_compiled_user_strategies_simulate(tmp_path, cards):
    """For real: compiles the kernels with the module bound in (minutes), in its own cache;
    a second run loads them from that cache."""
    for run in ("run", "again"):
        proc = tutti(
            "simulate", "--players", "4", "--games", "400", "--strategies",
            "mirror,timid,random,random", "--strategy-module", str(EXAMPLE),
            "--out", str(tmp_path / run), jit=True, cache=tmp_path / "cache",
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
    import polars as pl

    seats = pl.read_parquet(tmp_path / "run" / "seats" / "*.parquet")
    assert set(seats["strategy"].unique()) == {"mirror", "timid", "random"}
    games = pl.read_parquet(tmp_path / "run" / "games" / "*.parquet")
    assert (games["violations"] == 0).all()


def test_resume_loads_the_run_module_only_from_the_flag_and_only_when_its_hash_matches(tmp_path):
    """Issue 32: a run made with user strategies resumes with --strategy-module given again
    (checked against the manifest's hash before it runs), and is refused without it or with
    another file."""
    import json

    out = tmp_path / "run"
    args = ["simulate", "--players", "2", "--games", "20", "--chunk-size", "10"]
    args += ["--strategies", "timid,random", "--out", str(out)]
    proc = tutti(*args, "--strategy-module", str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    raw = json.loads((out / "manifest.json").read_text())
    raw.update(complete=False, chunks_done=[0], games_completed=10)
    raw["parts"] = {"0": raw["parts"]["0"]}
    (out / "manifest.json").write_text(json.dumps(raw))
    resume = ["simulate", "--resume", "--out", str(out)]
    proc = tutti(*resume)
    assert proc.returncode == 2 and "pass --strategy-module FILE" in proc.stderr, proc.stderr
    other = tmp_path / "my_strategies.py"
    other.write_text(EXAMPLE.read_text() + "\n# edited\n")
    proc = tutti(*resume, "--strategy-module", str(other))
    assert proc.returncode == 2 and "is not the run's (hash" in proc.stderr, proc.stderr
    proc = tutti(*resume, "--strategy-module", str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    done = json.loads((out / "manifest.json").read_text())
    assert done["complete"] and done["games_completed"] == 20
