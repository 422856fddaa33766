"""Golden playthroughs: one readable transcript per registered game (in the spirit of
OpenSpiel's playthroughs), checked in under tests/conformance/playthroughs/ and compared
by test_playthrough.py, so that any change in how a game plays shows as a diff to read.

`python -m tests.conformance.playthroughs --update [GAME ...]` rewrites them (every game
without names); do it only with a deliberate change of the games (a RULES_VERSION bump,
new card data or strategies, each with a CHANGELOG.md line), after reading the diff.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

HERE = Path(__file__).parent / "playthroughs"
SEED = 1  # the game seed of every playthrough


def path(game) -> Path:
    return HERE / f"{game.name}.txt"


def strategies(game, players: int) -> str:
    """The seats of a playthrough: the game's first heuristic, then random (a random seat
    takes options a heuristic never would, so more of the rules show)."""
    names = [n for n, s in game.strategies().items() if n != "random" and not s.searches]
    return ",".join([names[0] if names else "random"] + ["random"] * (players - 1))


def render(game, cards=None) -> str:
    """The playthrough of `game`: its smallest player count, seed SEED, shipped cards."""
    cards = game.load_cards() if cards is None else cards
    players = min(game.player_counts)
    names = strategies(game, players)
    seats = game.parse_seats(names, players)
    played = game.play_game(cards, players, SEED, seats)
    header = [
        f"{game.title} rules v{game.rules_version}, {players} players, game seed {SEED}: {names}"
    ]
    return game.transcript(cards, played, header)


def diff(expected: str, got: str, name: str, lines: int = 60) -> str:
    """The first `lines` lines of a unified diff of two playthroughs."""
    out = difflib.unified_diff(
        expected.splitlines(), got.splitlines(), f"{name} (checked in)", f"{name} (now)", n=2
    )
    return "\n".join(list(out)[:lines])


def main(argv: list[str]) -> int:
    from simcore import games

    if not argv or argv[0] != "--update":
        print(f"usage: python -m {__spec__.name} --update [GAME ...]", file=sys.stderr)
        return 2
    names = argv[1:] or games.names()
    HERE.mkdir(exist_ok=True)
    for name in names:
        game = games.get(name)
        path(game).write_text(render(game), encoding="utf-8")
        print(f"wrote {path(game)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
