"""Every state field is wide enough for the card data's limits over the longest game they
allow, numbers outside those limits are refused by the loader in one line, and the
overflows found on main (issue 32) stay fixed.

The repros: rules begun_points and critic_bonus 1000 with applause 40 wrapped the int16
points of 18 of 3,000 3-player random games (seed 1); with one_turn_points 1000 and 30
conductors as well, 391 of 3,000 games carried a FINAL violation. A row value of 40000
was an OverflowError traceback in `tutti cards validate`, `simulate` and `play`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

from simcore.errors import CardDataError
from simcore.games.maestro.carddata.cards import RULES, load_cards
from simcore.games.maestro.game import GAME as MAESTRO
from simcore.games.maestro.rules.turn_nb import MAX_PLACEMENTS
from simcore.games.maestro.state import dtypes
from simcore.games.maestro.state.codes import End, Violation
from simcore.games.maestro.state.dtypes import (
    AGENCY,
    APPLAUSE,
    CONDUCTOR,
    EMPTY,
    MAX_APPLAUSE,
    MAX_CARD_EVENTS,
    MAX_CONDUCTORS,
    MAX_INST,
    MAX_PLAYERS,
    MAX_POOL,
    MAX_ROWS,
    MAX_RULE_POINTS,
    MAX_SLOTS,
    MAX_SPACES,
    MAX_TURNS,
    MIN_PLAYERS,
    TABLE,
    Stage,
)
from tests.main import tutti

PTS = MAX_RULE_POINTS
SEAT_IDS = (-1, MAX_PLAYERS - 1)  # a seat, or -1 for none
# A seat's points: each of at most MAX_SPACES musicians scores at most PTS when placed
# and at most PTS more (or PTS less) in a one-turn row; the critic pays at most PTS at
# each of at most MAX_POOL draws; contracts are at most 1 + 2 + .. + 10.
CONTRACTS = AGENCY * (AGENCY + 1) // 2
# Events per turn: TURN, per placement PLACE, POINTS and (completing) COMPLETE, POINTS,
# CRITIC; the critic's POINTS, DECLARE, per counter drawn DRAW or APPLAUSE, and
# CANNOT_DRAW, SKIP, END; around them FIRST, and CONTRACTS and FINAL per seat.
LOG_PER_TURN = 1 + 5 * MAX_PLACEMENTS + 2 + AGENCY + 3

# field -> (lowest, highest) value a game can give it under the card data's limits
WORST = {
    "GAME": {
        "index": None,  # game index and seed: any int64
        "seed": None,
        "rng": None,  # SplitMix64 states
        "n_players": (MIN_PLAYERS, MAX_PLAYERS),
        "pool": (EMPTY, APPLAUSE),
        "pool_n": (0, MAX_POOL),
        "board": (EMPTY, CONDUCTOR),
        "board_seat": SEAT_IDS,
        "row_n": (0, MAX_SLOTS),
        "row_start": (0, MAX_SLOTS),
        "row_raided": (0, MAX_SLOTS),
        "row_done": (0, MAX_TURNS),
        "row_seat": SEAT_IDS,
        "completed": (-1, MAX_ROWS - 1),
        "touched": (-1, MAX_ROWS - 1),
        "applause": (0, MAX_APPLAUSE),
        "critic": SEAT_IDS,
        "critic_row": (-1, MAX_ROWS - 1),
        "drawn": (0, MAX_POOL),
        "turn": (0, MAX_TURNS),
        "current": (0, MAX_PLAYERS - 1),
        "first": (0, MAX_PLAYERS - 1),
        "skips": (0, MAX_PLAYERS),
        "end_trigger": (0, max(End)),
        "end_seat": SEAT_IDS,
        "over": (0, 1),
        "violations": (0, 2 * max(Violation) - 1),
        "n_decisions": (0, MAX_TURNS * (MAX_PLACEMENTS + 2 + AGENCY)),
        "log_n": (0, 1 + MAX_TURNS * LOG_PER_TURN + 2 * MAX_PLAYERS),
        "cev_n": (0, MAX_CARD_EVENTS),
        "stage": (0, max(Stage)),
        "to_move": (0, MAX_PLAYERS - 1),
        "placements": (0, MAX_PLACEMENTS),
    },
    "SEAT": {
        "strategy": (0, 255),  # a registry id
        "start_pos": (0, MAX_PLAYERS - 1),
        "agency": (EMPTY, CONDUCTOR),
        "points": (-MAX_SPACES * PTS - CONTRACTS, (2 * MAX_SPACES + MAX_POOL) * PTS),
        "placed_points": (0, MAX_SPACES * PTS),
        "one_turn_points": (-MAX_SPACES * PTS, MAX_SPACES * PTS),
        "critic_points": (0, MAX_POOL * PTS),
        "contracts": (0, CONTRACTS),
        "placed": (0, MAX_SPACES),
        "raided": (0, MAX_SPACES),
        "lost": (0, MAX_SPACES),
        "conductors_placed": (0, MAX_CONDUCTORS),
        "rows_opened": (0, MAX_ROWS),
        "rows_completed": (0, MAX_ROWS),
        "rows_one_turn": (0, MAX_ROWS),
        "critic_bonuses": (0, MAX_POOL),  # one a draw, and a draw takes a counter
        "drawn": (0, MAX_POOL),
        "applause_drawn": (0, MAX_APPLAUSE),
        "unplaced": (0, AGENCY),
        "turns": (0, MAX_POOL + 1),  # one more than its draws (dtypes.MAX_TURNS)
        "rank": (0, MAX_PLAYERS),
        "win": None,  # float
    },
    "TABLE": {
        "n_rows": (1, MAX_ROWS),
        "n_inst": (1, MAX_INST),
        "row_len": (0, MAX_SLOTS),
        "row_inst": (EMPTY, MAX_INST - 1),
        "row_value": (0, PTS),
        "inst_tiles": (0, MAX_SPACES),
        "rules": (0, PTS),  # the largest rule number; the switches are small codes
    },
}


@pytest.mark.parametrize("name", sorted(WORST))
def test_every_field_holds_its_worst_case(name):
    """Each integer field of GAME, SEAT and TABLE has a stated worst case inside its
    dtype (a new field must state one here)."""
    dtype = getattr(dtypes, name)
    assert set(dtype.names) == set(WORST[name])
    too_narrow = []
    for field, worst in WORST[name].items():
        if worst is None:
            continue
        info = np.iinfo(dtype[field].base)
        if not info.min <= worst[0] <= worst[1] <= info.max:
            too_narrow.append(f"{field}: {worst} in {dtype[field].base}")
    assert too_narrow == []


def test_the_loader_limits_are_the_ones_the_fields_were_sized_for():
    ranges = {key: allowed for key, (_, allowed) in RULES.items() if isinstance(allowed, tuple)}
    assert max(hi for _, hi in ranges.values()) == MAX_RULE_POINTS
    assert ranges["applause"][1] == MAX_APPLAUSE
    assert ranges["conductors"][1] == MAX_CONDUCTORS
    assert MAX_SPACES == MAX_ROWS * MAX_SLOTS
    # the longest game: every turn draws a counter or cannot draw, n_players in a row end it
    assert MAX_TURNS >= MAX_PLAYERS * (MAX_POOL + 1)
    # a card event per tile placed, per row and turn with a placement, per tile left over
    assert MAX_CARD_EVENTS >= 2 * MAX_SPACES + MAX_PLAYERS * AGENCY


OUT_OF_RANGE = (40000, -40000, 1001, -1, 2**63, 2**70)


@pytest.mark.parametrize("value", OUT_OF_RANGE)
def test_a_row_value_outside_0_to_1000_is_one_line(tmp_path, value):
    (tmp_path / "rows.toml").write_text(f'[[row]]\nid = "ravel"\nvalue = {value}\n')
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    assert err.value.problems == [
        f"{tmp_path}/rows.toml:ravel:value: expected 0..1000, got {value}"
    ]
    with pytest.raises(CardDataError) as err:
        load_cards(patches=[f"rows.ravel.value={value}"])
    assert err.value.problems == [
        f"--set rows.ravel.value={value}:ravel:value: expected 0..1000, got {value}"
    ]


@pytest.mark.parametrize("value", OUT_OF_RANGE)
def test_every_other_number_outside_its_range_is_one_line(tmp_path, value):
    numbers = [key for key, (_, allowed) in RULES.items() if isinstance(allowed, tuple)]
    (tmp_path / "rules.toml").write_text(
        "".join(f'[{key}]\nvalue = {value}\nsource = "x"\n' for key in numbers)
    )
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    expected = []
    for key in numbers:
        lo, hi = RULES[key][1]
        if not lo <= value <= hi:
            rule = f"{key}:value: expected an integer {lo}..{hi}, got {value}"
            expected.append(f"{tmp_path}/rules.toml:{rule}")
    assert err.value.problems == expected
    (tmp_path / "rules.toml").unlink()
    (tmp_path / "instruments.toml").write_text(f'[[instrument]]\nid = "harp"\ntiles = {value}\n')
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    assert err.value.problems == [
        f"{tmp_path}/instruments.toml:harp:tiles: {value} tiles, but the rows have 2 harp "
        "spaces (every musician corresponds to a space)"
    ]


def test_a_row_value_of_40000_is_one_line_at_the_command_line(tmp_path):
    (tmp_path / "rows.toml").write_text('[[row]]\nid = "ravel"\nvalue = 40000\n')
    line = f"{tmp_path}/rows.toml:ravel:value: expected 0..1000, got 40000"
    main = [sys.executable, "-c", "from cli.app import main; main()"]  # as the console script
    proc = subprocess.run(
        [*main, "cards", "validate", "--game", "maestro", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.splitlines() == [line, f"1 problem in {tmp_path}"]
    out = tmp_path / "run"
    for command in (
        ["simulate", "--players", "4", "--games", "30", "--seed", "1", "--out", str(out)],
        ["play", "--players", "4", "--seed", "1"],
    ):
        code, stdout, stderr = tutti(
            command[0], "--game", "maestro", "--cards", str(tmp_path), *command[1:]
        )
        assert (code, stdout) == (2, ""), command
        assert stderr.splitlines() == [f"error: {line}"], command
    assert not out.exists()


REPRO_1 = [
    "rules.begun_points.value=1000",
    "rules.critic_bonus.value=1000",
    "rules.applause.value=40",
    "rules.critic_pays.value=same_turn",  # the reading of rules version 1, when filed
]
REPRO_2 = [*REPRO_1, "rules.one_turn_points.value=1000", "rules.conductors.value=30"]


def exact_points(seats: np.ndarray) -> np.ndarray:
    """Each seat's points as the sum of its parts, in int64."""
    parts = ("placed_points", "one_turn_points", "critic_points")
    return sum(seats[f].astype(np.int64) for f in parts) - seats["contracts"].astype(np.int64)


@pytest.mark.parametrize(
    ("patches", "above_int16"), [(REPRO_1, 16), (REPRO_2, 379)], ids=["critic", "one_turn"]
)
def test_the_repros_of_issue_32_play_without_wrapping(patches, above_int16):
    """Main wrapped (and flagged FINAL in) 18 and 391 of these 3,000 games (issue 32, on
    rules version 2's board); on version 3's board (Till Eulenspiegel as sourced) the same
    seeds give other games, `above_int16` of which score above int16, unwrapped."""
    cards = load_cards(patches=patches)
    seats = MAESTRO.parse_seats("random", 3)
    batch = MAESTRO.play_batch(cards, 3, 1, seats, 0, 3000)
    s = batch.seats[:, :3]
    assert int(np.bitwise_or.reduce(batch.games["violations"])) == 0
    assert (exact_points(s) == s["points"]).all()
    assert (s["critic_points"] == s["critic_bonuses"].astype(np.int64) * 1000).all()
    assert (s["placed_points"] == s["placed"].astype(np.int64) * 1000).all()
    over = (s["points"] > np.iinfo(np.int16).max).any(axis=1)
    assert over.sum() >= above_int16  # the games that would wrap score above int16


def test_the_result_tables_carry_scores_beyond_int16():
    cards = load_cards(patches=REPRO_2)
    seats = MAESTRO.parse_seats("random", 3)
    batch = MAESTRO.play_batch(cards, 3, 1, seats, 0, 400)
    tables = MAESTRO.result_tables(cards, batch, 3, seats)
    games, st = tables["games"], tables["seats"]
    for column in ("points", "placed_points", "one_turn_points", "critic_points"):
        assert st.schema.field(column).type == pa.int32(), column
    for column in ("critic_bonuses", "counters_drawn", "turns"):
        assert st.schema.field(column).type == pa.int16(), column
    for column in ("winning_points", "margin"):
        assert games.schema.field(column).type == pa.int32(), column
    points = np.asarray(st["points"]).reshape(-1, 3)
    assert points.max() > np.iinfo(np.int16).max
    assert (np.asarray(games["winning_points"]) == points.max(axis=1)).all()
    assert (np.asarray(games["margin"]) >= 0).all()


def test_table_fields_hold_the_largest_board(tmp_path):
    """A 12-row board of 8 spaces each, every value 1000: the table holds it."""
    rows = [f"r{r}" for r in range(MAX_ROWS)]
    shipped = load_cards()
    text = "".join(
        f'[[row]]\nid = "{rid}"\nname = "{rid}"\ninstruments = {["violin"] * MAX_SLOTS}\n'
        f'value = {PTS}\nsource = "x"\n'
        for rid in shipped.ids["rows"] + rows[len(shipped.ids["rows"]) :]
    )
    (tmp_path / "rows.toml").write_text(text.replace("'", '"'))
    tiles = "".join(
        f'[[instrument]]\nid = "{iid}"\ntiles = {MAX_SPACES if iid == "violin" else 0}\n'
        for iid in shipped.ids["instruments"]
    )
    (tmp_path / "instruments.toml").write_text(tiles)
    (tmp_path / "rules.toml").write_text('[conductors]\nvalue = 4\nsource = "x"\n')
    cards = load_cards(tmp_path)
    assert int(cards.table.row_len.sum()) == MAX_SPACES
    assert int(cards.table.inst_tiles.max()) == MAX_SPACES
    assert (cards.table.row_value == PTS).all()
    assert TABLE["row_value"].base == np.int16
    assert Path(cards.source_dir) == tmp_path
