"""The games tutti plays, by name: `get("luthier")` is the object every generic command
goes through (the interface: simcore/games/api.py).

Adding a game is a package under simcore/games/ with a `game.py` that defines `GAME`,
its strategies under strategies/, and one line in GAMES below.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from simcore.errors import TuttiError

if TYPE_CHECKING:
    from simcore.games.api import Game

DEFAULT = "luthier"
GAMES = {  # name -> the module that defines GAME (imported only when asked for)
    "apiacere": "simcore.games.apiacere.game",  # A Piacere, card data estimated (issue 39)
    "dicemining": "simcore.games.dicemining.game",  # Dice-Mining Patrons, card data estimated
    "luthier": "simcore.games.luthier.game",
    "ewmh": "simcore.games.ewmh.game",  # Early Western Music History (issue 37)
    "maestro": "simcore.games.maestro.game",
    "pig": "simcore.games.pig.game",  # the example game: docs/games.md adds a game by it
}


def names() -> list[str]:
    """The names of every game, the default first."""
    return sorted(GAMES, key=lambda name: (name != DEFAULT, name))


def get(name: str | None = None) -> Game:
    """The game `name` (default: DEFAULT); an unknown name is a one-line TuttiError."""
    name = DEFAULT if name is None else name
    if name not in GAMES:
        raise TuttiError(f"unknown game {name!r} (known: {', '.join(names())})")
    game: Game = import_module(GAMES[name]).GAME
    return game
