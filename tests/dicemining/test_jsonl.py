"""`tutti play --jsonl` for Dice-Mining Patrons: one JSON object a line, every event
named, a final state line that agrees with the seats table."""

from __future__ import annotations

import json

from simcore.games.dicemining.game import GAME


def test_jsonl_names_every_event_and_ends_with_the_state():
    cards = GAME.load_cards()
    seats = GAME.parse_seats("burglar,greedy,collector", 3)
    played = GAME.play_game(cards, 3, 5, seats)
    lines = [json.loads(x) for x in GAME.transcript_jsonl(cards, played, {"seed": 5}).splitlines()]
    assert lines[0] == {"event": "game", "card_data": "estimated", "seed": 5}
    assert len(lines) == len(played.log) + 2
    events = {x["event"] for x in lines}
    assert {"turn", "roll", "mined", "craft", "fulfil", "end", "final"} <= events
    final = {x["seat"]: x["vp"] for x in lines if x["event"] == "final"}
    state = lines[-1]
    assert state["event"] == "state"
    assert {k: v["vp"] for k, v in state["seats"].items()} == final
    for x in lines:
        if x["event"] == "fulfil":
            assert x["patron"] in cards.ids["patrons"]
