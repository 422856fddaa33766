"""Board and rules data at the schema's extremes (issue 32), several fields at once.

Property: a card directory drawn near the loader's limits (boards of 10-12 rows of 1-8
spaces, row values and rule numbers at 0 or 1000 or between, 4-30 conductors, 1-40
applause, every rules switch), sometimes with numbers planted outside them, is either
refused by the loader, one `file:id:field: message` line per problem and only for the
planted ones, or plays a small batch in which no game breaks an invariant and every
seat's score and its parts equal their exact values, recomputed here in Python integers
from the final board, the card events and the agencies, inside their fields' dtypes.
"""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from simcore.errors import CardDataError
from simcore.games.maestro.carddata.cards import RULES, load_cards, load_default_cards
from simcore.games.maestro.game import GAME
from simcore.games.maestro.state.codes import CardEvent, CardKind, Rule, Scoring
from simcore.games.maestro.state.dtypes import (
    AGENCY,
    MAX_CARD_EVENTS,
    MAX_POOL,
    MAX_ROWS,
    MAX_RULE_POINTS,
    MAX_SLOTS,
    MIN_PLAYERS,
    SEAT,
)

SHIPPED = load_default_cards()
ROW_IDS = SHIPPED.ids["rows"]  # a user directory changes these, it cannot remove them
INST_IDS = SHIPPED.ids["instruments"]
NUMBERS = {key: allowed for key, (_, allowed) in RULES.items() if isinstance(allowed, tuple)}
SWITCHES = {
    key: [True, False] if allowed is bool else [m.name.lower() for m in allowed]
    for key, (_, allowed) in RULES.items()
    if key not in NUMBERS
}
OUTSIDE = (-1, 1001, 40000, -40000, 2**63, 2**70)  # outside every range below
FIELDS = ("random", "greedy", "completer", "rusher", "greedy,completer,rusher,random")
PROBLEM = re.compile(r"^[^\n:]+:[^\n:]+:[^\n:]+: [^\n]+$")  # file:id:field: message
SCORES = ("placed_points", "one_turn_points", "critic_points", "contracts", "points")


def edge(lo: int, hi: int) -> st.SearchStrategy[int]:
    """An integer in lo..hi, one of the two ends half the time."""
    return st.one_of(st.sampled_from((lo, hi)), st.integers(lo, hi))


def row_ids(n_rows: int) -> list[str]:
    """The ids of a board of n_rows rows: the shipped ones, then new ones."""
    return [*ROW_IDS, *(f"extra_{r}" for r in range(len(ROW_IDS), n_rows))]


@dataclass(frozen=True)
class Data:
    """A user card directory: every row, instrument and rule given."""

    rows: tuple[tuple[str, ...], ...]  # instruments of each row (ROW_IDS first, then new)
    values: tuple[int, ...]  # each row's printed value
    tiles: tuple[int, ...]  # per INST_IDS
    rules: tuple[tuple[str, object], ...]
    planted: tuple[tuple[str, str, str], ...]  # (file, id, field) of each number outside

    def write(self, folder: Path) -> None:
        rows = "".join(
            f"[[row]]\nid = {json.dumps(rid)}\nname = {json.dumps(rid)}\n"
            f'instruments = {json.dumps(list(insts))}\nvalue = {value}\nsource = "test"\n'
            for rid, insts, value in zip(
                row_ids(len(self.rows)), self.rows, self.values, strict=True
            )
        )
        (folder / "rows.toml").write_text(rows)
        insts = "".join(
            f"[[instrument]]\nid = {json.dumps(iid)}\ntiles = {tiles}\n"
            for iid, tiles in zip(INST_IDS, self.tiles, strict=True)
        )
        (folder / "instruments.toml").write_text(insts)
        rules = "".join(
            f'[{key}]\nvalue = {json.dumps(value)}\nsource = "test"\n' for key, value in self.rules
        )
        (folder / "rules.toml").write_text(rules)


@st.composite
def card_data(draw) -> Data:
    n_rows = draw(edge(len(ROW_IDS), MAX_ROWS))
    palette = draw(st.lists(st.sampled_from(INST_IDS), min_size=1, max_size=4, unique=True))
    rows = []
    for _ in range(n_rows):
        length = draw(edge(1, MAX_SLOTS))
        rows.append(
            tuple(draw(st.lists(st.sampled_from(palette), min_size=length, max_size=length)))
        )
    # a third of the boards give every number its top at once (the scores' worst case)
    number = (lambda lo, hi: st.just(hi)) if draw(st.integers(0, 2)) == 0 else edge
    values = [draw(number(0, MAX_RULE_POINTS)) for _ in range(n_rows)]
    tiles = [sum(row.count(iid) for row in rows) for iid in INST_IDS]
    rules = {key: draw(number(lo, hi)) for key, (lo, hi) in NUMBERS.items()}
    rules |= {key: draw(st.sampled_from(choices)) for key, choices in SWITCHES.items()}
    if draw(st.integers(0, 3)):  # mostly a pool the engine holds (else refused)
        room = MAX_POOL - sum(tiles) - rules["conductors"] + MIN_PLAYERS
        rules["applause"] = max(1, min(rules["applause"], room))
    planted = []
    targets = [("rules", key) for key in NUMBERS] + [("rows", "value"), ("instruments", "tiles")]
    for kind, what in draw(st.lists(st.sampled_from(targets), max_size=2, unique=True)):
        value = draw(st.sampled_from(OUTSIDE))
        if kind == "rules":
            rules[what] = value
            planted.append(("rules", what, "value"))
        elif kind == "rows":
            r = draw(st.integers(0, n_rows - 1))
            values[r] = value
            planted.append(("rows", row_ids(n_rows)[r], "value"))
        else:
            i = draw(st.integers(0, len(INST_IDS) - 1))
            tiles[i] = value
            planted.append(("instruments", INST_IDS[i], "tiles"))
    return Data(tuple(rows), tuple(values), tuple(tiles), tuple(rules.items()), tuple(planted))


def exact_scores(cards, game, seats, events) -> dict[str, list[int]]:
    """Each seat's score and parts, in Python integers, from the final state alone."""
    t = cards.table
    printed = t.rules[Rule.SCORING] == Scoring.PRINTED

    def base(r: int) -> int:
        return int(t.row_value[r]) if printed else int(t.rules[Rule.BEGUN_POINTS])

    def one_turn(r: int) -> int:
        return 2 * int(t.row_value[r]) if printed else int(t.rules[Rule.ONE_TURN_POINTS])

    n = int(game["n_players"])
    out = {name: [0] * n for name in SCORES}
    for r in range(int(t.n_rows)):
        for j in range(int(t.row_len[r])):
            p = int(game["board_seat"][r, j])
            if p >= 0:
                out["placed_points"][p] += base(r)
    for seat, kind, card, what, _ in events[: int(game["cev_n"])].tolist():
        if kind == CardKind.ROW and what == CardEvent.COMPLETED_IN_ONE_TURN:
            out["one_turn_points"][seat] += (one_turn(card) - base(card)) * int(t.row_len[card])
    for p in range(n):
        bonuses = int(seats[p]["critic_bonuses"])
        out["critic_points"][p] = bonuses * int(t.rules[Rule.CRITIC_BONUS])
        out["contracts"][p] = sum(k + 1 for k in range(AGENCY) if seats[p]["agency"][k] >= 0)
        out["points"][p] = (
            out["placed_points"][p]
            + out["one_turn_points"][p]
            + out["critic_points"][p]
            - out["contracts"][p]
        )
    return out


def refused_or_plays(data: Data, players: int, field: str, seed: int, n_games: int) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        data.write(Path(tmp))
        try:
            cards = load_cards(tmp)
        except CardDataError as err:
            assert err.problems, data
            assert all(PROBLEM.match(line) for line in err.problems), err.problems
            named = {tuple(line.split(":")[:3]) for line in err.problems}
            files = {(f"{tmp}/{kind}.toml", cid, field) for kind, cid, field in data.planted}
            if data.planted:  # only the planted numbers are refused
                assert named <= files, (named, files)
            else:  # or a pool the engine cannot hold
                assert named == {(f"{tmp}/rules.toml", "conductors", "value")}, named
            return "refused"
    assert not data.planted, data
    names = field.split(",")
    seats = GAME.parse_seats(",".join((names * 4)[:players]), players)
    batch = GAME.play_batch(cards, players, seed, seats, 0, n_games, threads=1)
    games = batch.games
    assert (games["violations"] == 0).all(), games["violations"]
    assert (games["cev_n"] <= MAX_CARD_EVENTS).all()
    for i in range(n_games):
        game, seats_i = games[i], batch.seats[i, :players]
        exact = exact_scores(cards, game, seats_i, batch.card_events[i])
        for name in SCORES:
            info = np.iinfo(SEAT[name])
            assert all(info.min <= v <= info.max for v in exact[name]), (name, exact[name])
            assert seats_i[name].tolist() == exact[name], (i, name)
        assert int(seats_i["turns"].sum()) == int(game["turn"])
        assert int(seats_i["drawn"].sum()) == int(game["drawn"])
        assert int(seats_i["placed"].sum()) == int(game["row_n"].sum())
    return "played"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=card_data(),
    players=st.sampled_from((2, 3, 4)),
    field=st.sampled_from(FIELDS),
    seed=st.integers(0, 2**31),
)
def test_extreme_card_data_is_refused_or_plays_exactly(data, players, field, seed):
    event(refused_or_plays(data, players, field, seed, n_games=4))


def test_the_largest_numbers_on_the_largest_board_play_exactly():
    """Twelve rows of eight violins, every number at its top: scores far beyond int16."""
    rows = tuple(("violin",) * MAX_SLOTS for _ in range(MAX_ROWS))
    tiles = tuple(MAX_ROWS * MAX_SLOTS if iid == "violin" else 0 for iid in INST_IDS)
    values = (MAX_RULE_POINTS,) * MAX_ROWS
    rules = {key: hi for key, (_, hi) in NUMBERS.items()}
    rules |= {"conductors": 30, "applause": 4, "cannot_draw": "skips", "raid_limit": "none"}
    for scoring in ("appraisal", "printed"):
        data = Data(rows, values, tiles, (*rules.items(), ("scoring", scoring)), ())
        assert refused_or_plays(data, 3, "completer", 1, n_games=8) == "played"


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=card_data(),
    players=st.sampled_from((2, 3, 4)),
    field=st.sampled_from(FIELDS),
    seed=st.integers(0, 2**31),
)
def test_many_extreme_card_data_are_refused_or_play_exactly(data, players, field, seed):
    event(refused_or_plays(data, players, field, seed, n_games=24))
