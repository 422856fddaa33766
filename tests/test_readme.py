"""The README's `tutti games` block names every game this installation plays, with its
rules version and strategies as `tutti games` prints them: a game registered, a version
bumped or a strategy added without the tour following fails here."""

from __future__ import annotations

import re
from pathlib import Path

from simcore import games as registry

README = Path(__file__).resolve().parent.parent / "README.md"


def games_block() -> dict[str, str]:
    text = README.read_text()
    block = text.split("$ tutti games\n", 1)[1].split("```", 1)[0]
    rows = [line.split(None, 1) for line in block.splitlines()[1:] if line.strip()]
    return {name: rest for name, rest in rows}


def test_the_readme_lists_every_game_with_its_version_and_strategies():
    rows = games_block()
    assert sorted(rows) == sorted(registry.names())
    for name in registry.names():
        game = registry.get(name)
        row = rows[name]
        assert game.title in row, name
        assert re.search(rf"\s{game.rules_version}\s", row), (name, game.rules_version)
        assert row.rstrip().endswith(", ".join(game.strategies())), name


def test_the_readme_stays_a_short_tour():
    assert len(README.read_text().splitlines()) <= 250  # full references live in docs/
