"""Golden playthroughs: two games' transcripts, checked in and diffed, so any change in
how the rules play shows up as a diff to read (and a RULES_VERSION bump to make).

Regenerate on purpose only: `python -m tests.dicemining.test_golden`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simcore.games.dicemining.game import GAME

HERE = Path(__file__).parent / "golden"
GAMES = {  # file -> (players, game seed, strategies)
    "2p-seed4.txt": (2, 4, "burglar,collector"),
    "4p-seed7.txt": (4, 7, "cautious,greedy,burglar,random"),
}


def render(players: int, seed: int, strategies: str) -> str:
    cards = GAME.load_cards()
    seats = GAME.parse_seats(strategies, players)
    played = GAME.play_game(cards, players, seed, seats)
    header = [f"{GAME.title} rules v{GAME.rules_version}, {players} players, seed {seed}: "
              f"{strategies}"]  # fmt: skip
    return GAME.transcript(cards, played, header)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(name):
    expected = (HERE / name).read_text(encoding="utf-8")
    assert render(*GAMES[name]) == expected, f"{name} changed: read the diff, then regenerate"


def test_transcript_shows_the_game_and_says_the_data_is_estimated():
    text = render(4, 7, "cautious,greedy,burglar,random")
    lines = text.splitlines()
    assert lines[1].startswith("Card data estimated")
    for part in ("roll: ", "mined ", "crafts ", "fulfils ", "== End in turn "):
        assert part in text


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, args in GAMES.items():
        (HERE / name).write_text(render(*args), encoding="utf-8")
