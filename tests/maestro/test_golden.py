"""Golden playthroughs: two games' transcripts, checked in and diffed, so any change in
how the rules play shows up as a diff to read (and a RULES_VERSION bump to make).

Regenerate on purpose only: `.venv/bin/python -m tests.maestro.test_golden`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simcore.games.maestro.carddata.cards import load_default_cards
from simcore.games.maestro.game import GAME

HERE = Path(__file__).parent / "golden"
GAMES = {  # file -> (players, game seed, strategies)
    "3p-seed5.txt": (3, 5, "completer,random,rusher"),
    "4p-seed8.txt": (4, 8, "greedy,completer,rusher,random"),
}


def render(players: int, seed: int, strategies: str) -> str:
    cards = load_default_cards()
    seats = GAME.parse_seats(strategies, players)
    played = GAME.play_game(cards, players, seed, seats)
    header = [f"Maestro rules v{GAME.rules_version}, {players} players, seed {seed}: {strategies}"]
    return GAME.transcript(cards, played, header)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(name):
    expected = (HERE / name).read_text(encoding="utf-8")
    assert render(*GAMES[name]) == expected, f"{name} changed: read the diff, then regenerate"


def test_transcript_shows_every_part_of_the_game(mcards):
    seats = GAME.parse_seats("greedy,completer,rusher,random", 4)
    played = GAME.play_game(mcards, 4, 8, seats)
    text = GAME.transcript(mcards, played, ["header"])
    turns = int(played.game["turn"])
    assert text.startswith("header\nRules: the defaults of rules.toml\n== Setup ==")
    assert text.count("== Turn ") == turns
    for part in ("places ", "declares a draw of", "draws ", "takes the critic", "== End: "):
        assert part in text
    for p, name in enumerate(GAME.seat_names):
        s = played.seats[p]
        assert f"{name} pays {s['contracts']} for {s['unplaced']} unplaced" in text
        assert f"{name}: {s['points']} = {s['placed_points']} placed" in text


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, args in GAMES.items():
        (HERE / name).write_text(render(*args), encoding="utf-8")
