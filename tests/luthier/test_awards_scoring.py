"""Public awards (p.22, ruling 15), specialty workers (p.15, ruling 13), end-game scoring
(p.31, ruling 18) and the tie-break."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.awards_nb import BLOCKED, claim_nb, claim_options_nb
from simcore.games.luthier.codes import Opt
from simcore.games.luthier.enums import Location, Metric, Source, Track
from simcore.games.luthier.metrics_nb import N_METRICS, metrics_nb
from simcore.games.luthier.orchestra_nb import INSTRUMENT_TOKEN, PERFORMANCE_TOKEN
from simcore.games.luthier.patience_nb import round_gains_nb
from simcore.games.luthier.priority_nb import skill_nb
from simcore.games.luthier.scoring_nb import convert_leftovers_nb, endgame_nb, rank_seats_nb
from simcore.games.luthier.specialty_nb import active_specialty_nb
from simcore.games.luthier.tracks_nb import assign_specialty_chips_nb
from tests.luthier.state import BLUE, GREEN, RED, YELLOW, Table

STORAGE_ONLY = 1  # award markers: only the extra-storage marker left


def claims(t: Table, p: int) -> set[tuple[int, int]]:
    n = claim_options_nb(*t.args(), p, 0)
    return {
        (int(t.w.opts[i, 1]), int(t.w.opts[i, 2])) for i in range(n) if t.w.opts[i, 0] == Opt.CLAIM
    }


def test_public_award_example(cards):
    """p.22: Blue claims an achieved level for 1 prestige and takes the marker off the
    extra storage: 3 more storage and a free material at each start of round."""
    t = Table(cards)
    blue = t.seat(BLUE)
    t.g["awards"][0] = cards.index("awards", "t1")  # romantic patrons completed: 1 -> 1 VP
    blue["completed"][0] = cards.index("patrons", "frederic_chopin")  # a romantic patron
    blue["completed_n"] = 1
    blue["award_markers"] = STORAGE_ONLY
    assert claims(t, BLUE) == {(0, 0)}
    claim_nb(*t.args(), BLUE, 0, 0)
    assert blue["prestige_src"][Source.AWARDS] == 1
    assert t.g["award_claimed"][0, 0] == BLUE
    assert (blue["storage"], blue["award_markers"], blue["n_awards"]) == (12, 0, 1)
    round_gains_nb(*t.args(), BLUE)
    assert int(np.sum(blue["materials"])) == 1


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


def test_specialty_worker_example(cards):
    """p.15: Blue's craft specialty card gets the #2 chip at the end of round 4; that chip
    then counts as 2 skill and gains the card's benefit at Repair."""
    t = Table(cards)
    blue = t.seat(BLUE)
    card = cards.index("specialty", "master_restorer")  # acts at Repair
    blue["chip_owned"][:] = (1, 1, 1, 0, 1)  # round 4: workers 1, 2, 3 and 5
    other = cards.index("specialty", "bow_maker")
    blue["chip_specialty"][[0, 2, 4]] = other  # only #2 is still free to assign
    blue["specialty"][0] = card
    blue["specialty_n"] = 1
    blue["specialty_pending"] = 1
    assign_specialty_chips_nb(*t.args(), BLUE)
    assert blue["chip_specialty"][1] == card and blue["specialty_pending"] == 0
    at_repair = t.place(BLUE, Location.REPAIR, 2)
    at_guild = t.place(BLUE, Location.GUILD, 2)
    a = cards.table
    assert skill_nb(a, t.g, t.s, at_repair) == 2
    assert active_specialty_nb(a, t.g, t.s, at_repair) == card
    assert active_specialty_nb(a, t.g, t.s, at_guild) == -1


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
