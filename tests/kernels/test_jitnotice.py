"""Compiling is never silent, and a warm start says nothing (simcore/kernels/jitnotice.py)."""

from __future__ import annotations

import io
import subprocess
import sys
from types import SimpleNamespace

from simcore.kernels import jitcache, jitnotice


def _event(name: str):
    return SimpleNamespace(
        data={"dispatcher": SimpleNamespace(py_func=SimpleNamespace(__qualname__=name))}
    )


def test_notice_at_the_start_of_the_outermost_compile_and_its_time_at_the_end(
    tmp_path, monkeypatch
):
    monkeypatch.setenv(jitcache.CACHE_VAR, str(tmp_path))
    out = io.StringIO()
    notice = jitnotice.CompileNotice(out)
    notice.on_start(_event("play_game_nb"))
    notice.on_start(_event("decide_nb"))  # nested compiles add nothing
    assert out.getvalue() == (
        f"compiling kernels, first run only, about {jitnotice.DEFAULT_ESTIMATE_S} s\n"
    )
    notice.on_end(_event("decide_nb"))
    notice.on_end(_event("play_game_nb"))
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[1].startswith("kernels compiled in ")
    # the next cold compile of the same kernel on this machine quotes the measured time
    again = io.StringIO()
    later = jitnotice.CompileNotice(again)
    later.on_start(_event("play_game_nb"))
    assert again.getvalue().startswith("compiling kernels, first run only, about 0 s")


def test_compiles_in_one_notice_share_it(tmp_path, monkeypatch):
    """A run's game kernel and the result tables' kernel compile under one notice; with
    nothing to compile, nothing is said; after the group, each compile has its own."""
    monkeypatch.setenv(jitcache.CACHE_VAR, str(tmp_path))
    out = io.StringIO()
    notice = jitnotice.CompileNotice(out)
    monkeypatch.setattr(jitnotice, "_installed", notice)
    with jitnotice.one_notice():
        for name in ("play_games_nb", "event_columns_nb"):
            notice.on_start(_event(name))
            notice.on_end(_event(name))
    lines = out.getvalue().splitlines()
    assert lines[0] == f"compiling kernels, first run only, about {jitnotice.DEFAULT_ESTIMATE_S} s"
    assert len(lines) == 2 and lines[1].startswith("kernels compiled in ")
    with jitnotice.one_notice():  # warm: nothing compiles
        pass
    assert len(out.getvalue().splitlines()) == 2
    notice.on_start(_event("event_columns_nb"))
    notice.on_end(_event("event_columns_nb"))
    assert len(out.getvalue().splitlines()) == 4


def test_a_warm_start_prints_no_notice(cards):
    from simcore.games.luthier.play.engine import play_game
    from strategies.luthier.registry import parse_seats

    play_game(cards, 4, 1, parse_seats("random", 4))  # compiled or loaded: now in the cache
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from cli.app import main; main()",
            "play",
            "--players",
            "4",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "compiling kernels" not in proc.stderr
