"""No silent overflow (issue 32): card data at the schema's extremes is refused or scores right.

Every state field is wide enough for what the card schema allows over the longest game
(dtypes.py says why), the loader refuses what the engine cannot play (board slots
above MAX_SLOTS), and whatever could still not fit is flagged by the OVERFLOW invariant.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cli.app import app
from simcore import simulate
from simcore.errors import CardDataError, TuttiError
from simcore.games.luthier.carddata.cards import load_cards
from simcore.games.luthier.output.results import games_table, seats_table
from simcore.games.luthier.play.engine import play_batch, play_game
from simcore.games.luthier.state.codes import INVARIANT_NAMES
from simcore.games.luthier.state.dtypes import MAX_SLOTS, SUM_BOUND
from simcore.games.luthier.state.enums import CardRow, Source
from strategies.luthier.registry import parse_seats
from tests.luthier.extremes import KNOBS, extreme_patches

PROBLEM = re.compile(r"^[^\n:]+:[^\n:]*:[^\n]*: [^\n]+$")  # file:card-id:field: message
INT16_MAX = np.iinfo(np.int16).max
SOURCES = [f"prestige_{src.name.lower()}" for src in Source]


def broken(games: np.ndarray) -> list[str]:
    seen = int(np.bitwise_or.reduce(games["violations"]))
    return [name for bit, name in INVARIANT_NAMES.items() if seen & bit]


def check_scores(seats: pl.DataFrame, games: pl.DataFrame) -> None:
    """The result tables hold the true scores: never negative, adding up by source, the
    winner's the highest, within the bound dtypes.py states (so far inside int32)."""
    assert seats["prestige"].dtype == pl.Int32
    assert games["winning_prestige"].dtype == pl.Int32
    assert games["margin"].dtype == pl.Int32
    assert seats["prestige"].min() >= 0
    assert seats["prestige"].max() < SUM_BOUND
    assert (seats.select(pl.sum_horizontal(SOURCES)).to_series() == seats["prestige"]).all()
    for name in ("money", "inspiration", "money_after_conversion"):
        assert seats[name].min() >= 0 and seats[name].max() < SUM_BOUND, name
    best = seats.group_by("game").agg(pl.col("prestige").max()).sort("game")
    assert best["prestige"].to_list() == games.sort("game")["winning_prestige"].to_list()
    winners = seats.filter(pl.col("win") > 0).join(best, on="game", suffix="_best")
    assert (winners["prestige"] == winners["prestige_best"]).all()


def refused_or_scores(knobs: list[str], players: int, strategy: str, games: int) -> str:
    try:
        card_set = load_cards(None, extreme_patches(knobs))
    except CardDataError as err:
        assert err.problems and all(PROBLEM.match(p) for p in err.problems), err.problems
        return "refused"
    except TuttiError as err:
        assert "\n" not in str(err)
        return "refused"
    seats = parse_seats(strategy, players)
    batch = play_batch(card_set, players, 5, seats, 0, games)
    assert broken(batch.games) == [], knobs
    check_scores(
        pl.from_arrow(seats_table(card_set, batch, players, seats)),
        pl.from_arrow(games_table(card_set, batch, players)),
    )
    return "played"


knob_sets = st.sets(st.sampled_from(sorted(KNOBS)), min_size=3, max_size=len(KNOBS))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    knobs=knob_sets,
    players=st.sampled_from((2, 3, 4)),
    strategy=st.sampled_from(("random", "balanced")),
)
@example(knobs=set(KNOBS), players=4, strategy="random")
@example(
    knobs={"prestige", "rounds", "money_rules", "end_game", "powers"},
    players=2,
    strategy="balanced",
)
def test_card_data_at_the_schema_extremes_is_refused_or_scores_right(
    knobs: set[str], players: int, strategy: str
) -> None:
    refused_or_scores(sorted(knobs), players, strategy, games=4)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    knobs=knob_sets,
    players=st.sampled_from((2, 3, 4)),
    strategy=st.sampled_from(
        ("random", "balanced", "crafter", "performer", "restorer", "courtier")
    ),
)
def test_many_extreme_card_sets_are_refused_or_score_right(
    knobs: set[str], players: int, strategy: str
) -> None:
    refused_or_scores(sorted(knobs), players, strategy, games=32)


def test_repairs_at_999_prestige_over_12_rounds_score_above_int16(tmp_path: Path) -> None:
    """The issue's repro: every repair at 999 prestige (the schema's maximum), 12 rounds,
    alt_money 20; 1,000 balanced 2-player games, seed 1. On int16 scores 8 games ended
    with a seat at about -32,510, which lost (exit 0); now every score is right."""
    cards = tmp_path / "cards"
    cards.mkdir()
    repairs = "".join(f'[[repair]]\nid = "r{i}"\nprestige = 999\n\n' for i in range(1, 25))
    (cards / "repairs.toml").write_text(repairs)
    (cards / "rules.toml").write_text("[rounds]\nvalue = 12\n\n[alt_money]\nvalue = 20\n")
    out = tmp_path / "run"
    simulate(players=2, games=1000, seed=1, out=out, cards=cards, strategies="balanced")
    seats = pl.read_parquet(out / "seats" / "*.parquet")
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games["violations"].max() == 0
    check_scores(seats, games)
    assert seats["prestige"].max() > INT16_MAX  # the scores that wrapped before
    assert seats["prestige_repairs"].max() > INT16_MAX
    assert seats.columns.count("round12_prestige") == 1
    assert seats["round12_prestige"].max() > INT16_MAX


@pytest.mark.parametrize("slots", [MAX_SLOTS + 1, 9, 10])
def test_board_slots_beyond_what_the_engine_lays_out_are_refused(tmp_path: Path, slots) -> None:
    """Slots 7-9 passed validation and played as 6 (the kernels clamped them)."""
    (tmp_path / "board.toml").write_text(
        f'[[row]]\nrow = "instruments"\ntier = 1\nslots = {{ "2" = 2, "3" = 3, "4" = {slots} }}\n'
    )
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    assert err.value.problems == [
        f"{tmp_path}/board.toml:instruments-1:slots.4: must be <= {MAX_SLOTS} (the engine lays "
        f"out at most {MAX_SLOTS} face-up cards per row and tier), got {slots}"
    ]


def test_board_slots_up_to_the_most_the_engine_lays_out_play(tmp_path: Path) -> None:
    (tmp_path / "board.toml").write_text(
        f'[[row]]\nrow = "instruments"\ntier = 1\nslots = {{ "2" = 2, "3" = 3, '
        f'"4" = {MAX_SLOTS} }}\n'
    )
    card_set = load_cards(tmp_path)
    game = play_game(card_set, 4, 3, parse_seats("random", 4))
    shown = (game.snap_games.rows[:, CardRow.INSTRUMENTS, 0] >= 0).sum(axis=1)  # each round
    assert shown.max() == MAX_SLOTS
    batch = play_batch(card_set, 4, 3, parse_seats("random", 4), 0, 8)
    assert broken(batch.games) == []


def test_the_cli_refuses_board_slots_beyond_the_engine_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "board.toml").write_text(
        '[[row]]\nrow = "repairs"\ntier = 2\nslots = { "2" = 2, "3" = 8, "4" = 2 }\n'
    )
    result = CliRunner().invoke(app, ["cards", "validate", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{tmp_path}/board.toml:repairs-2:slots.3: must be <= {MAX_SLOTS} (the engine lays out "
        f"at most {MAX_SLOTS} face-up cards per row and tier), got 8",
        f"1 problem in {tmp_path}",
    ]
