"""The game registry and interface (simcore/games/__init__.py, api.py) and `tutti games`."""

from __future__ import annotations

import json

import pytest

from simcore import games
from simcore.errors import TuttiError
from simcore.games.api import Game
from tests.main import tutti


def test_every_registered_game_satisfies_the_interface():
    assert games.names()[0] == games.DEFAULT
    for name in games.names():
        game = games.get(name)
        assert isinstance(game, Game)
        assert game.name == name
        assert game.player_counts and len(game.seat_names) >= max(game.player_counts)
        assert "random" in game.strategies()


def test_an_unknown_game_is_one_line_and_exit_2():
    with pytest.raises(TuttiError, match="unknown game 'chess'"):
        games.get("chess")
    code, out, err = tutti("play", "--game", "chess")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == ["error: unknown game 'chess' (known: luthier, maestro)"]


def test_games_lists_name_players_and_rules_version():
    code, out, _ = tutti("games")
    assert code == 0
    row = next(line for line in out.splitlines() if "luthier" in line)
    game = games.get("luthier")
    assert "2-4" in row and str(game.rules_version) in row


def test_a_run_records_its_game(tmp_path):
    out = tmp_path / "run"
    code, _, err = tutti("simulate", "--game", "luthier", "-n", "8", "-p", "2", "-o", str(out))
    assert code == 0, err
    assert json.loads((out / "manifest.json").read_text())["config"]["game"] == "luthier"
