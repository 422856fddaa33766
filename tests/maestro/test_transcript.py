"""Transcripts (issue 36 item 5): the rule readings in force, the JSON state blocks, names
rather than ids."""

from __future__ import annotations

import json

import numpy as np

from simcore.games.maestro.game import GAME
from simcore.games.maestro.output.events import decode
from simcore.games.maestro.output.transcript_state import readings, replay_all
from simcore.games.maestro.state.codes import Ev
from simcore.games.maestro.state.dtypes import EMPTY

SEATS = "greedy,completer,rusher,random"


def play(cards, seed: int = 8, players: int = 4):
    seats = GAME.parse_seats(",".join(SEATS.split(",")[:players]), players)
    return GAME.play_game(cards, players, seed, seats)


def test_defaults_say_so(mcards):
    assert readings(mcards) == {}
    text = GAME.transcript(mcards, play(mcards), ["header"])
    assert text.startswith("header\nRules: the defaults of rules.toml\n== Setup ==")


def test_a_non_default_reading_is_named_first():
    cards = GAME.load_cards(None, ["rules.critic_bonus.value=12", "rules.raid_limit.value=none"])
    assert readings(cards) == {
        "critic_bonus": {"value": 12, "default": 10},
        "raid_limit": {"value": "none", "default": "row_at_start"},
    }
    played = play(cards)
    text = GAME.transcript(cards, played, ["header"])
    head = text.split("== Setup ==")[0]
    assert "Rules differing from the defaults of rules.toml (2):" in head
    assert "  critic_bonus = 12 (default 10)" in head
    assert "  raid_limit = none (default row_at_start)" in head
    lines = GAME.transcript_jsonl(cards, played, {"seed": 8}).splitlines()
    second = json.loads(lines[1])
    assert second == {"event": "readings", "rules": readings(cards)}


def test_every_rule_is_read_generically(mcards):
    """Each rule of the table, changed alone, is reported: a new switch needs no code."""
    for key, v in mcards.rules.items():
        if isinstance(v, bool):
            other = str(not v).lower()
        elif isinstance(v, int):
            other = str(v - 1 if v > 1 else v + 1)  # within each rule's range
        else:
            continue  # a choice: covered by raid_limit above
        cards = GAME.load_cards(None, [f"rules.{key}.value={other}"])
        assert list(readings(cards)) == [key]


def test_jsonl_state_blocks(mcards):
    played = play(mcards)
    objs = [json.loads(line) for line in GAME.transcript_jsonl(mcards, played, {}).splitlines()]
    states = [o for o in objs if o["event"] == "state"]
    turns = int(played.game["turn"])
    assert len(states) == turns + 2  # after setup, each turn, the end
    assert [s["snapshot"] for s in states] == list(range(turns + 2))
    assert states[0]["after"] == "setup" and states[-1]["after"] == "the end"
    assert objs[-1]["event"] == "state"  # the last line: the final state
    # a block stands before each turn's first event
    for o, nxt in zip(objs, objs[1:], strict=False):
        if nxt.get("event") == "turn":
            assert o["event"] == "state" and o["after"] in ("setup", f"turn {nxt['turn'] - 1}")
    first = states[0]
    assert set(first) == {"event", "snapshot", "after", "seats", "board", "pool"}
    assert [s["agency"] for s in first["seats"]] == [{"10": "conductor"}] * 4
    assert first["pool"]["counters"] == 46 + 10 - 4 + 14
    assert all(r["musicians"] == 0 for r in first["board"]["rows"])
    row = first["board"]["rows"][0]
    assert set(row) == {"row", "name", "musicians", "length", "completed_by",
                        "completed_turn", "spaces"}  # fmt: skip
    assert set(row["spaces"][0]) == {"space", "instrument", "musician", "placed_by"}


def test_the_last_block_is_the_games_final_state(mcards):
    for seed in (1, 2, 3):
        played = play(mcards, seed, players=3)
        replay = replay_all(mcards, played)
        g = played.game
        for r, spaces in enumerate(replay.board):
            assert spaces == [int(t) for t in g["board"][r, : len(spaces)]]
            assert replay.board_seat[r] == [int(p) for p in g["board_seat"][r, : len(spaces)]]
        for p, s in enumerate(played.seats):
            assert replay.agency[p] == [int(t) for t in s["agency"]]
            assert replay.points[p] == int(s["points"])
        assert replay.critic[0] == int(g["critic"])
        assert replay.applause == int(g["applause"])
        last = json.loads(GAME.transcript_jsonl(mcards, played, {}).splitlines()[-1])
        assert last["pool"]["counters"] == int(g["pool_n"])
        placed = sum(int(np.sum(g["board"][r] != EMPTY)) for r in range(10))
        assert sum(r["musicians"] for r in last["board"]["rows"]) == placed


def test_names_not_ids(mcards):
    """Instruments and rows by name: a conductor on a double-bass space is "the double
    bass", rows by composer and work."""
    ids = [i for i in mcards.ids["instruments"] if "_" in i] + [
        r for r in mcards.ids["rows"] if r not in (n.lower() for n in mcards.names["rows"])
    ]
    seen = False
    for seed in range(1, 25):
        played = play(mcards, seed)
        text = GAME.transcript(mcards, played, [])
        for i in ids:
            assert i not in text
        seen |= "as the double bass" in text
        rows = {e["row"] for e in decode(played.log) if e.code == Ev.PLACE}
        for r in rows:
            rec = mcards.records["rows"][r]
            assert rec["name"] in text
        if seen:
            break
    assert seen, "no game put a conductor on a double bass space"
