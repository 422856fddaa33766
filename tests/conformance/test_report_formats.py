"""The report builds for every game, in every format it writes (HTML, Markdown, JSON),
from a small run, in a fresh interpreter that never imports numba (reports read tables)."""

from __future__ import annotations

import json

import pytest

from tests.reports.test_cli import tutti_report

GAMES = 300


@pytest.fixture(scope="module")
def small_run(game, tmp_path_factory):
    """GAMES games at the fewest players: the game's first heuristic (random without one)
    against random."""
    from simcore import simulate

    players = min(game.player_counts)
    heuristic = next(
        (n for n, s in game.strategies().items() if n != "random" and not s.searches), "random"
    )
    out = tmp_path_factory.mktemp("runs") / game.name
    names = ",".join([heuristic] + ["random"] * (players - 1))
    simulate(
        game=game.name, players=players, games=GAMES, seed=3, out=out, strategies=names,
        progress=False,
    )  # fmt: skip
    return out


def test_the_report_builds_in_every_format(game, small_run, tmp_path):
    html, md, js = tmp_path / "r.html", tmp_path / "r.md", tmp_path / "r.json"
    paths = ("--out", str(html), "--markdown", str(md), "--json", str(js))
    proc = tutti_report(str(small_run), *paths)
    assert proc.returncode == 0, proc.stderr[-2000:]  # 99: numba was imported
    assert "Traceback" not in proc.stderr
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert game.title in page
    text = md.read_text(encoding="utf-8")
    assert text.startswith("# ") and game.title in text.splitlines()[0]
    data = json.loads(js.read_text(encoding="utf-8"))
    assert data["run"]["games"] == GAMES
