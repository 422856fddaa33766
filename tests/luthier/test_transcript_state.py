"""State blocks and the event log reconcile with the game (issue 16, transcripts a referee
can audit): the kernel's snapshots match the final records, and summing the events of a
round gives the next snapshot's prestige, money and inspiration."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simcore.games.luthier.carddata.cards import load_cards, load_default_cards
from simcore.games.luthier.carddata.cards_patch import parse_patch
from simcore.games.luthier.output.events import FIELDS, decode
from simcore.games.luthier.output.transcript import FORMATTERS, Renderer
from simcore.games.luthier.output.transcript_jsonl import jsonl_lines
from simcore.games.luthier.output.transcript_state import state_dict, state_lines
from simcore.games.luthier.play.engine import play_game
from simcore.games.luthier.state.codes import Ev
from simcore.games.luthier.state.enums import Res, Rule
from strategies.luthier.registry import parse_seats

FIELD = "crafter,performer,restorer,courtier"


@pytest.fixture(scope="module")
def cards():
    return load_default_cards()


def games(cards):
    for players in (2, 3, 4):
        for seed in (1, 48):
            seats = parse_seats(",".join(FIELD.split(",")[:players]), players)
            yield play_game(cards, players, seed, seats)
        yield play_game(cards, players, 7, parse_seats("random", players))


def test_every_event_code_has_named_fields():
    assert set(Ev) <= set(FIELDS)
    assert set(Ev) <= set(FORMATTERS)  # and a line of its own in the text transcript
    codes = [int(e) for e in Ev.__members__.values()]  # aliases included: codes are unique
    assert len(codes) == len(set(codes))


def test_a_state_block_after_setup_and_each_round(cards):
    rounds = int(cards.arrays.rules[Rule.ROUNDS])
    for played in games(cards):
        states = [e for e in decode(played.log) if e.code == Ev.STATE]
        assert [e["snapshot"] for e in states] == list(range(rounds + 1))
        assert [e.round for e in states] == list(range(rounds + 1))


def test_the_last_state_block_matches_the_final_records(cards):
    """Scoring changes only prestige: everything else the last block shows is final."""
    for played in games(cards):
        last = state_dict(cards, played, len(played.snap_games) - 1)
        events = decode(played.log)
        scoring = [e for e in events if e.code == Ev.ENDGAME]
        for p, s in enumerate(last["seats"]):
            r = played.seats[p]
            assert s["money"] == r["money"] and s["inspiration"] == r["inspiration"]
            assert list(s["materials"].values()) == r["materials"].tolist()
            assert list(s["tracks"].values()) == r["tracks"].tolist()
            assert s["apprentices"] == r["apprentices"]
            assert len(s["chairs"]) == r["chairs_held"]
            assert list(s["tokens_placed"].values()) == r["tokens_placed"].tolist()
            supply = [int(cards.arrays.rules[Rule.INSTRUMENT_TOKENS + k]) for k in range(3)]
            left = [n - k for n, k in zip(supply, r["tokens_placed"].tolist(), strict=True)]
            assert list(s["tokens_left"].values()) == left
            assert len(s["completed_patrons"]) == r["completed_n"]
            assert len(s["roughing_bench"]) == (r["rough_bench"] >= 0).sum()
            assert len(s["finishing_bench"]) == (r["finish_bench"] >= 0).sum()
            end = sum(e["prestige"] for e in scoring if e.seat == p)
            assert s["prestige"] + end == r["prestige"]


def _changes(ev) -> dict[str, int]:
    """Money and inspiration an event moves for its seat (every event that moves them)."""
    c = ev.code
    v = ev.values
    if c == Ev.GAIN and v["resource"] in (Res.MONEY, Res.INSPIRATION):
        key = "money" if v["resource"] == Res.MONEY else "inspiration"
        return {key: v["amount"]}
    if c in (Ev.BUY, Ev.HIRE, Ev.TRAIN, Ev.TAKE_CARD, Ev.SEARCH):
        return {"money": -v["money"], "inspiration": -v["inspiration"]}
    if c == Ev.SELL:
        return {"money": v["price"]}
    if c in (Ev.PERFORM, Ev.REPAIR):
        return {"inspiration": -v["inspiration"]}
    return {}


def test_events_between_state_blocks_add_up_to_the_next_block(cards):
    """An audit as a script: prestige, money and inspiration of each snapshot equal the
    previous one plus the events of the round (discounts paid with inspiration included)."""
    for played in games(cards):
        n = len(played.seats)
        totals = {k: np.zeros(n, np.int64) for k in ("prestige", "money", "inspiration")}
        for ev in decode(played.log):
            if ev.code == Ev.STATE:
                st = state_dict(cards, played, ev["snapshot"])
                for k, v in totals.items():
                    assert v.tolist() == [s[k] for s in st["seats"]], (k, ev["snapshot"])
                continue
            if ev.seat < 0:
                continue
            totals["prestige"][ev.seat] += ev.prestige()
            for k, v in _changes(ev).items():
                totals[k][ev.seat] += v
        assert totals["prestige"].tolist() == played.seats["prestige"].tolist()


def test_two_player_board_shows_neutral_tokens_and_blocked_levels(cards):
    played = play_game(cards, 2, 3, parse_seats("random", 2))
    board = state_dict(cards, played, 0)["board"]
    assert board["neutral_tokens"]
    blocked = [lv for a in board["awards"] for lv in a["levels"] if lv == "blocked"]
    assert len(blocked) == len(board["awards"]) == 3
    neutral_chairs = [s for s, c in board["chairs"].items() if "neutral" in c["holders"]]
    assert neutral_chairs
    four = state_dict(cards, play_game(cards, 4, 3, parse_seats("random", 4)), 0)["board"]
    assert not four["neutral_tokens"] and "blocked" not in str(four["awards"])


def test_a_token_supply_run_out_shows_in_the_state_blocks_and_lines():
    """Ruling 25 in the transcript: with `--set` supplies of 1 token per kind, each NO_TOKEN
    event has its line and JSON line, and every state block's "tokens left" is the supply
    less the tokens the snapshot's seats placed."""
    patches = [f"rules.{k}_tokens.value=1" for k in ("instrument", "performance", "repair")]
    small = load_cards(None, [parse_patch(x) for x in patches])
    played = play_game(small, 3, 5, parse_seats("crafter,performer,restorer", 3))
    events = decode(played.log)
    missing = [e for e in events if e.code == Ev.NO_TOKEN]
    assert missing
    lines = Renderer(small, played).render()
    kinds = ("instrument", "performance", "repair")
    no_token = [ln for ln in lines if "token left: none placed, no chair (ruling 25)" in ln]
    assert len(no_token) == len(missing)
    for e, ln in zip(missing, no_token, strict=True):
        line = f"no {kinds[e['token']]} token left: none placed, no chair (ruling 25)"
        assert ln.strip().startswith(line)  # a sub-line; later gains of the action may join it
    records = [json.loads(x) for x in jsonl_lines(small, played, {})]
    assert [r["token"] for r in records if r["event"] == "no_token"] == [
        kinds[e["token"]] for e in missing
    ]
    for e in events:
        if e.code != Ev.STATE:
            continue
        st = state_dict(small, played, e["snapshot"])
        text = "\n".join(state_lines(st))
        for p, s in enumerate(st["seats"]):
            placed = played.snap_seats[e["snapshot"]][p]["tokens_placed"].tolist()
            assert list(s["tokens_placed"].values()) == placed
            assert list(s["tokens_left"].values()) == [1 - k for k in placed]
            left = ", ".join(f"{k} {v}" for k, v in s["tokens_left"].items())
            assert f"    tokens left: {left}" in text


def test_prestige_by_round_is_the_prestige_of_each_rounds_state_block(cards):
    """The game arc (issue 18 item 8): the seats' `prestige_round[r]` is the prestige the
    state block after round r + 1 shows (before the end-game scoring); rounds after the
    last stay 0."""
    rounds = int(cards.arrays.rules[Rule.ROUNDS])
    for played in games(cards):
        by_round = played.seats["prestige_round"]
        for r in range(rounds):
            assert by_round[:, r].tolist() == played.snap_seats[r + 1]["prestige"].tolist()
        assert not by_round[:, rounds:].any()
        assert by_round[:, : rounds - 1].any()  # prestige is earned before the last round
