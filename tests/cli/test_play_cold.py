"""`tutti play` on a cold kernel cache plays its one game as plain Python
(simcore/kernels/interpret.py): the same transcript as the compiled kernels, without compiling."""

from __future__ import annotations

import os
import subprocess
import sys

from simcore.games.luthier.play.engine import play_game
from simcore.kernels.interpret import is_compiled
from strategies.luthier.registry import parse_seats

PLAY = [sys.executable, "-c", "from cli.app import console; console()", "play", "--seed", "5"]
ARGS = ["--players", "3", "--strategies", "crafter,restorer,balanced"]


def _play(cache: str | None) -> subprocess.CompletedProcess:
    env = {**os.environ}
    if cache is not None:
        env["TUTTI_CACHE_DIR"] = cache
    return subprocess.run(PLAY + ARGS, env=env, capture_output=True, text=True, timeout=600)


def test_cold_play_interprets_the_same_game_and_compiles_nothing(tmp_path, cards):
    play_game(cards, 3, 5, parse_seats("crafter,restorer,balanced", 3))  # warm this cache
    assert is_compiled("simcore.games.luthier.play.game_nb", "play_games_nb")
    warm = _play(None)
    cold = _play(str(tmp_path))
    assert warm.returncode == 0 and cold.returncode == 0, cold.stderr[-2000:]
    assert cold.stdout == warm.stdout
    assert "plain Python" in cold.stderr and "plain Python" not in warm.stderr
    assert "compiling" not in cold.stderr  # no compile notice: nothing was compiled
    assert "Warning" not in cold.stderr
    assert not list(tmp_path.rglob("*.nbi"))


def test_is_compiled_follows_the_cache_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTTI_CACHE_DIR", str(tmp_path))
    assert not is_compiled("simcore.games.luthier.play.game_nb", "play_games_nb")


def test_only_the_console_script_may_switch_a_process_to_plain_python(tmp_path, monkeypatch):
    from numba.core import config

    from simcore.kernels import interpret

    monkeypatch.setenv("TUTTI_CACHE_DIR", str(tmp_path))  # cold
    monkeypatch.setattr(interpret, "_allowed", False)  # as in this test process
    assert not interpret.interpret_if_cold("simcore.games.luthier.play.game_nb", "play_games_nb")
    assert not config.DISABLE_JIT
