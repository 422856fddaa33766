"""Public awards (p.22, ruling 15), specialty workers (p.15, ruling 13), end-game scoring
(p.31, ruling 18) and the tie-break.

The Public Award and Specialty Worker examples (pp.22, 15) are played through the real
flow in test_rulebook_examples.py."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.play.engine import play_game
from simcore.games.luthier.rules.awards_nb import BLOCKED, claim_options_nb
from simcore.games.luthier.rules.metrics_nb import (
    ALL_GROUPS,
    N_METRICS,
    metric_group_nb,
    metrics_for_nb,
    metrics_nb,
)
from simcore.games.luthier.rules.orchestra_nb import INSTRUMENT_TOKEN, PERFORMANCE_TOKEN
from simcore.games.luthier.rules.scoring_nb import convert_leftovers_nb, endgame_nb, rank_seats_nb
from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.enums import Metric, Source, Track
from strategies.luthier.registry import parse_seats
from tests.luthier.state import BLUE, GREEN, RED, YELLOW, Table


def claims(t: Table, p: int) -> set[tuple[int, int]]:
    n = claim_options_nb(*t.opt_args(), p, 0)
    return {
        (int(t.w.opts[i, 1]), int(t.w.opts[i, 2])) for i in range(n) if t.w.opts[i, 0] == Opt.CLAIM
    }


def test_one_level_per_tile_each_level_once_blocked_levels_closed(cards):
    t = Table(cards)
    t.g["awards"][0] = cards.index("awards", "t1")
    chopin = cards.index("patrons", "frederic_chopin")
    for p in (RED, BLUE):
        t.seat(p)["completed"][0] = chopin
        t.seat(p)["completed_n"] = 1
    t.g["award_claimed"][0, 0] = RED
    assert claims(t, RED) == set()  # Red already holds a level of this tile
    assert claims(t, BLUE) == set()  # the only level Blue reached is taken
    romantic = [
        c
        for c in range(len(cards.ids["patrons"]))
        if cards.arrays.patron_era[c] == 2 and c != chopin
    ]
    t.seat(BLUE)["completed"][1] = romantic[0]
    t.seat(BLUE)["completed_n"] = 2
    assert claims(t, BLUE) == {(0, 1)}  # two romantic patrons: the second level
    t.g["award_claimed"][0, 1] = BLOCKED
    assert (0, 1) not in claims(t, BLUE)
    t.seat(BLUE)["award_markers"] = 0
    assert claims(t, BLUE) == set()  # no award marker left


def _chairs(t: Table, p: int, names: list[str]) -> None:
    for name in names:
        spot = t.cards.index("orchestra", name)
        kind = INSTRUMENT_TOKEN if t.cards.arrays.spot_rare[spot] else PERFORMANCE_TOKEN
        t.g["tokens"][spot, p, kind] += 1
        t.g["chair_seat"][spot] = p
        t.g["chair_kind"][spot] = kind


def test_scoring_example(cards):
    """p.31: in a 4-player game six first chairs score 10, a viola on the finishing bench
    scores 2 (half of 3, rounded up), goals 8, and 16 money scores 1 with 6 left."""
    t = Table(cards)
    red = t.seat(RED)
    _chairs(
        t, RED, ["harp", "harpsichord", "transverse_flute", "clarinet", "natural_trumpet", "viola"]
    )
    red["finish_bench"][0] = cards.index("instruments", "viola")
    red["money"] = 16
    # two goals at their middle level (4 + 4 = 8): 2 strings and 2 winds instruments
    red["goals"][:2] = (cards.index("goals", "g1"), cards.index("goals", "g2"))
    red["finished"][:2] = (2, 2)
    endgame_nb(*t.args(), RED)
    convert_leftovers_nb(*t.args(), RED)
    src = red["prestige_src"]
    assert src[Source.FIRST_CHAIRS] == 10
    assert src[Source.INSTRUMENTS] == 2
    assert src[Source.GOALS] == 8
    assert src[Source.LEFTOVERS] == 1 and red["final_money"] == 6
    assert red["prestige"] == 21


def test_first_chair_table_for_three_players_and_leopold(cards):
    t = Table(cards, n_players=3)
    red = t.seat(RED)
    _chairs(t, RED, ["harpsichord", "transverse_flute", "clarinet", "natural_trumpet", "viola"])
    red["completed"][0] = cards.index("patrons", "leopold_ii")  # +1 first chair
    red["completed_n"] = 1
    endgame_nb(*t.args(), RED)
    assert red["prestige_src"][Source.FIRST_CHAIRS] == 6  # 6 chairs, 1-3 players
    assert t.g["power_used"][cards.index("patrons", "leopold_ii")] == 1


def test_patron_ii_power_scores_its_metric(cards):
    t = Table(cards)
    red = t.seat(RED)
    medici = cards.index("patrons", "house_of_medici")  # 1 VP per patron completed
    red["completed"][:3] = (
        medici,
        cards.index("patrons", "frederic_chopin"),
        cards.index("patrons", "leopold_ii"),
    )
    red["completed_n"] = 3
    values = np.zeros(N_METRICS, np.int64)
    metrics_nb(cards.table, t.g, t.s, RED, values)
    assert values[Metric.PATRONS_COMPLETED] == 3
    endgame_nb(*t.args(), RED)
    assert red["prestige_src"][Source.PATRONS] == 3


def test_specialty_cards_score_one_each_and_tracks_maxed(cards):
    t = Table(cards)
    red = t.seat(RED)
    red["specialty_n"] = 2
    red["tracks"][Track.CRAFT] = 6
    values = np.zeros(N_METRICS, np.int64)
    metrics_nb(cards.table, t.g, t.s, RED, values)
    assert values[Metric.TRACKS_MAXED] == 1
    endgame_nb(*t.args(), RED)
    assert red["prestige_src"][Source.SPECIALTY] == 2


def test_ties_break_on_money_then_share(cards):
    t = Table(cards)
    for p, (prestige, money) in zip(
        (RED, BLUE, YELLOW, GREEN), [(30, 4), (30, 6), (30, 6), (12, 9)], strict=True
    ):
        t.seat(p)["prestige"] = prestige
        t.seat(p)["final_money"] = money
    rank_seats_nb(t.g, t.s)
    assert [int(t.seat(p)["rank"]) for p in (RED, BLUE, YELLOW, GREEN)] == [3, 1, 1, 4]
    assert [float(t.seat(p)["win"]) for p in (RED, BLUE, YELLOW, GREEN)] == [0, 0.5, 0.5, 0]


def test_metrics_by_group_match_every_metric(cards):
    """metrics_for_nb finds each group's metrics as metrics_nb does, and leaves the others
    0 (claim_options_nb asks only for its tiles' groups), at every round's end of games."""
    groups = np.array([metric_group_nb(m) for m in range(N_METRICS)])
    assert set(groups.tolist()) == {1 << b for b in range(ALL_GROUPS.bit_length())}
    every = np.zeros(N_METRICS, np.int64)
    some = np.zeros(N_METRICS, np.int64)
    for seed in range(3):
        game = play_game(cards, 4, 500 + seed, parse_seats("random", 4))
        for k in range(len(game.snap_games)):
            g, seats = game.snap_games[k : k + 1], game.snap_seats[k]
            for p in range(4):
                metrics_nb(cards.table, g[0], seats, p, every)
                for group in np.unique(groups):
                    metrics_for_nb(cards.table, g[0], seats, p, some, group)
                    np.testing.assert_array_equal(some, np.where(groups == group, every, 0))
