"""Small real runs, simulated once per session, and their reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reports.report import write_report

GAMES_4P = 3000


@pytest.fixture(scope="session")
def run4(tmp_path_factory) -> Path:
    """4 players, 3,000 games in three chunks."""
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "run4"
    simulate(players=4, games=GAMES_4P, seed=7, out=out, chunk_size=1000)
    return out


@pytest.fixture(scope="session")
def run2(tmp_path_factory) -> Path:
    """2 players, 1,200 games."""
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "run2"
    simulate(players=2, games=1200, seed=3, out=out, chunk_size=500)
    return out


@pytest.fixture(scope="session")
def tiny(tmp_path_factory) -> Path:
    """3 players, 50 games: too few for most numbers."""
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "tiny"
    simulate(players=3, games=50, seed=5, out=out, chunk_size=50)
    return out


@pytest.fixture(scope="session")
def written4(run4, tmp_path_factory) -> dict:
    """The 4-player report written as HTML, Markdown and JSON."""
    where = tmp_path_factory.mktemp("report4")
    paths = {"html": where / "r.html", "md": where / "r.md", "json": where / "r.json"}
    report = write_report(run4, html=paths["html"], markdown=paths["md"], json_out=paths["json"])
    return {
        "report": report,
        "html": paths["html"].read_text(),
        "md": paths["md"].read_text(),
        "json": json.loads(paths["json"].read_text()),
    }
