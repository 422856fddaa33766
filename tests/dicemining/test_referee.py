"""The independent referee (referee.py) over transcripts of random and heuristic games at
every player count, and on transcripts broken by hand (it must notice)."""

from __future__ import annotations

import json

import pytest

from simcore.games.dicemining.game import GAME
from tests.dicemining.referee import referee


@pytest.fixture(scope="module")
def cards():
    return GAME.load_cards()


def jsonl(cards, players, seed, names):
    played = GAME.play_game(cards, players, seed, GAME.parse_seats(names, players))
    return GAME.transcript_jsonl(cards, played, {"seed": seed})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_pass_the_referee(cards, players):
    fields = ["random", "cautious,greedy,burglar,collector", "burglar,random,collector,greedy"]
    for seed in range(12):
        names = ",".join(fields[seed % 3].split(",")[:players])
        if len(names.split(",")) < players:
            names = ",".join([names] * players)
        names = ",".join(names.split(",")[:players])
        assert referee(cards, jsonl(cards, players, seed, names)) == [], (players, seed, names)


def test_the_referee_notices_broken_transcripts(cards):
    text = jsonl(cards, 2, 3, "greedy,burglar")
    lines = [json.loads(x) for x in text.splitlines()]
    fulfil = next(i for i, x in enumerate(lines) if x["event"] == "fulfil")
    lines[fulfil]["scored"] += 1
    broken = "\n".join(json.dumps(x) for x in lines)
    assert any("the events add to" in p for p in referee(cards, broken))
    lines = [json.loads(x) for x in text.splitlines()]
    roll = next(i for i, x in enumerate(lines) if x["event"] == "roll" and x["locked"])
    lines[roll]["faces"][lines[roll]["locked"][0]] = "gem"
    assert any(
        "locked without an Orc" in p for p in referee(cards, "\n".join(map(json.dumps, lines)))
    )
