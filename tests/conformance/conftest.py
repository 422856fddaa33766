"""The conformance suite's fixtures: every registered game, its shipped cards loaded once."""

from __future__ import annotations

import pytest

from simcore import games


@pytest.fixture(scope="module", params=games.names())
def game(request):
    """Each game of the registry in turn: a new game gets the whole suite by registering."""
    return games.get(request.param)


@pytest.fixture(scope="session")
def shipped_cards():
    """name -> the game's shipped card data, loaded once per session."""
    loaded: dict = {}

    def get(game):
        if game.name not in loaded:
            loaded[game.name] = game.load_cards()
        return loaded[game.name]

    return get
