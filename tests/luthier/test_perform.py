"""Performances (rulebook pp.18-19, rulings 3-5 and 7): levels, dice, inspiration, p.19 example."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from numba import njit

from simcore.games.luthier.actions.perform_nb import (
    HIGH,
    LOW,
    MEDIUM,
    inspiration_options_nb,
    perform_nb,
    performance_level_nb,
    score_performance_nb,
)
from simcore.games.luthier.rules.dice_nb import (
    BLACK,
    WHITE,
    dice_colors_nb,
    n_rerolls_nb,
    roll_die_nb,
)
from simcore.games.luthier.rules.orchestra_nb import PERFORMANCE_TOKEN
from simcore.games.luthier.state.codes import Ev, Opt, Why
from simcore.games.luthier.state.enums import CardRow, Era, Res, Source, Track
from simcore.games.luthier.state.track_steps import TRACK_FINAL
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import BLUE, RED, Table

LEVELS = {"low": LOW, "medium": MEDIUM, "high": HIGH}


def opt_rows(t: Table, n: int) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in t.w.opts[i]) for i in range(n)]


def events(t: Table, code: int) -> list[tuple[int, ...]]:
    """Event rows (seat, a, b, c, d, e) of one code, in order."""
    return [(int(row[1]), *(int(x) for x in row[3:])) for row in t.events() if row[2] == code]


def seeded(cards, seed: int) -> Table:
    t = Table(cards)
    seed_streams_nb(seed, t.g["rng"])
    return t


def tokens_of(t: Table, p: int, kind: int) -> list[int]:
    """Spots where seat p has at least one token of `kind`."""
    return [int(x) for x in np.flatnonzero(t.g["tokens"][:, p, kind])]


# ---------------------------------------------------------------- the p.19 example


def test_performance_example(cards):
    """Rulebook p.19 "Performance Example": Blue performs P1 (Baroque).

    Performance track at step 2 (ruling 7): one black and one white die. Notes 3
    (black) + 2 (white) + worker 3 = 8; Blue spends exactly one inspiration to
    reach 9, a high performance: 2 money and 1 prestige, and a performance token
    in the Baroque section of the Orchestra.
    """
    a = cards.table
    t = Table(cards)
    b = t.seat(BLUE)
    b["tracks"][Track.PERFORMANCE] = 2
    b["inspiration"] = 3
    colors = np.empty(2, np.int8)
    dice_colors_nb(b["tracks"][Track.PERFORMANCE], colors)
    assert sorted(colors.tolist()) == [WHITE, BLACK]
    # "scored the highest possible notes on the black die" (3) and 2 on the white one
    assert max(a.die_black) == 3 and 2 in a.die_white
    total = 3 + 2 + 3
    c = cards.index("performances", "p1")
    assert a.perf_era[c] == Era.BAROQUE
    assert performance_level_nb(a, c, total) == MEDIUM  # 8 is not high
    # spend nothing, or exactly what reaches high: 1 (medium is already reached)
    n = inspiration_options_nb(a, t.s, BLUE, t.w.opts, c, total)
    assert opt_rows(t, n) == [
        (Opt.SPEND_INSPIRATION, 0, 0, 0, 0, 0),
        (Opt.SPEND_INSPIRATION, 1, 0, 0, 0, 0),
    ]

    level = score_performance_nb(a, t.g, t.s, t.w, BLUE, c, total, 1)

    assert level == HIGH
    assert events(t, Ev.PERFORM) == [(BLUE, c, 9, HIGH, 1, 0)]
    assert b["performances"][Era.BAROQUE, HIGH] == 1
    assert b["prestige_src"][Source.PERFORMANCES] == 1
    # the performance itself paid 2 money; the rest came from the first chair
    paid = [e for e in events(t, Ev.GAIN) if e[3] == Why.PERFORMANCE]
    assert paid == [(BLUE, Res.MONEY, 2, Why.PERFORMANCE, 0, 0)]
    (spot,) = tokens_of(t, BLUE, PERFORMANCE_TOKEN)
    assert (a.spot_eras[spot] >> Era.BAROQUE) & 1
    assert t.g["tokens"][spot, BLUE, PERFORMANCE_TOKEN] == 1
    assert t.g["chair_seat"][spot] == BLUE  # an empty chair: Blue claims it
    bonus = a.spot_bonus[spot]
    assert b["money"] == 2 + bonus[Res.MONEY]
    assert b["inspiration"] == 3 - 1 + bonus[Res.INSPIRATION]
    assert b["prestige"] == 1 + bonus[Res.PRESTIGE]


def test_inspiration_options_reach_medium_or_high_only(cards):
    """Rulebook p.19: +1 per inspiration token; the engine offers only 0, or exactly what
    reaches the next level (more is wasted), within the seat's supply (ruling 5)."""
    a = cards.table
    t = Table(cards)
    c = cards.index("performances", "p1")  # medium 6, high 9
    medium, high = (int(x) for x in a.perf_threshold[c])
    r = t.seat(RED)

    def spends(total: int, supply: int) -> list[int]:
        r["inspiration"] = supply
        n = inspiration_options_nb(a, t.s, RED, t.w.opts, c, total)
        assert all(row[0] == Opt.SPEND_INSPIRATION for row in opt_rows(t, n))
        return [row[1] for row in opt_rows(t, n)]

    assert spends(medium - 2, 10) == [0, 2, high - medium + 2]
    assert spends(medium - 2, high - medium + 1) == [0, 2]  # high is out of reach
    assert spends(medium - 2, 1) == [0]
    assert spends(high, 10) == [0]  # already high


def test_no_token_for_a_low_performance(cards):
    """Ruling 3 / p.18: only a medium or high performance places a performance token."""
    a = cards.table
    t = Table(cards)
    c = cards.index("performances", "p1")
    low_total = int(a.perf_threshold[c, 0]) - 1
    level = score_performance_nb(a, t.g, t.s, t.w, RED, c, low_total, 0)
    assert level == LOW
    assert t.g["tokens"][:, RED, PERFORMANCE_TOKEN].sum() == 0
    assert t.seat(RED)["performances"][Era.BAROQUE, LOW] == 1
    assert t.seat(RED)["money"] == a.perf_money[c, LOW]


# ---------------------------------------------------------------- levels


@pytest.mark.parametrize("card_id", ["p1", "p2", "p4", "p8", "p13", "p24"])
def test_performance_level_thresholds(cards, card_id):
    """Ruling 3: a total >= medium is medium, >= high is high (thresholds from the card file)."""
    rec = next(r for r in cards.records["performances"] if r["id"] == card_id)
    medium, high = rec["medium"], rec["high"]
    c = cards.index("performances", card_id)
    level = [performance_level_nb(cards.table, c, x) for x in range(medium - 2, high + 2)]
    expected = [LOW, LOW] + [MEDIUM] * (high - medium) + [HIGH, HIGH]
    assert level == expected


def test_p1_is_high_from_nine(cards):
    """Rulebook p.19: P1 needs 9 or higher for a high performance."""
    c = cards.index("performances", "p1")
    assert performance_level_nb(cards.table, c, 8) != HIGH
    assert performance_level_nb(cards.table, c, 9) == HIGH


def test_every_card_pays_by_its_level(cards):
    """Ruling 3: money and prestige per level come from the card (checked for every card)."""
    a = cards.table
    for c, rec in enumerate(cards.records["performances"]):
        for total, level in [(rec["medium"] - 1, "low"), (rec["medium"], "medium")]:
            assert performance_level_nb(a, c, total) == LEVELS[level]
        t = Table(cards)
        score_performance_nb(a, t.g, t.s, t.w, RED, c, rec["high"], 0)
        r = t.seat(RED)
        assert r["prestige_src"][Source.PERFORMANCES] == rec["prestige"][HIGH]
        paid = sum(e[2] for e in events(t, Ev.GAIN) if e[3] == Why.PERFORMANCE)
        assert paid == rec["money"][HIGH]


# ---------------------------------------------------------------- dice and rerolls


# ruling 7, performance track from the start space: 1 reroll 1 die; 2 one white die
# becomes black; 3 specialty worker; 4 reroll a second die; 5 both black; 6 final
TRACK_DICE = {
    0: ((WHITE, WHITE), 0),
    1: ((WHITE, WHITE), 1),
    2: ((BLACK, WHITE), 1),
    3: ((BLACK, WHITE), 1),
    4: ((BLACK, WHITE), 2),
    5: ((BLACK, BLACK), 2),
    6: ((BLACK, BLACK), 2),
}


def test_dice_and_rerolls_for_every_track_position():
    """Ruling 7 (rulebook p.19 Performance Skill Track): dice colours and rerolls per step."""
    assert sorted(TRACK_DICE) == list(range(int(TRACK_FINAL[Track.PERFORMANCE]) + 1))
    for pos, (colors, rerolls) in TRACK_DICE.items():
        out = np.full(2, -1, np.int8)
        dice_colors_nb(pos, out)
        assert sorted(out.tolist()) == sorted(colors), pos
        assert n_rerolls_nb(pos) == rerolls, pos


@pytest.mark.parametrize("track", [0, 2, 4, 5])
def test_perform_total_is_notes_plus_skill_plus_inspiration(cards, track):
    """Rulebook p.18: total = notes rolled (after rerolls, ruling 5) + worker skill + inspiration.

    Random decisions (rerolls, inspiration) vary with the seed; the transcript must
    add up whatever they were.
    """
    a = cards.table
    c = cards.index("performances", "p4")
    colors = np.empty(2, np.int8)
    dice_colors_nb(track, colors)
    for seed in range(40):
        t = seeded(cards, seed)
        r = t.seat(RED)
        r["tracks"][Track.PERFORMANCE] = track
        r["inspiration"] = 5
        skill = 4
        perform_nb(a, t.g, t.s, t.w, RED, c, skill)
        ((_, n0, n1, c0, c1, _),) = events(t, Ev.ROLL)
        assert (c0, c1) == tuple(colors)
        faces = {0: a.die_white if c0 == WHITE else a.die_black}
        faces[1] = a.die_white if c1 == WHITE else a.die_black
        notes = [n0, n1]
        assert notes[0] in faces[0] and notes[1] in faces[1]
        rerolls = events(t, Ev.REROLL)
        assert len(rerolls) <= n_rerolls_nb(track)
        for _, die, new, *_ in rerolls:
            assert new in faces[die]
            notes[die] = new
        ((_, card, total, level, spend, _),) = events(t, Ev.PERFORM)
        assert card == c
        assert total == notes[0] + notes[1] + skill + spend
        assert level == performance_level_nb(a, c, total)
        assert r["inspiration"] == 5 - spend + sum(
            e[2] for e in events(t, Ev.GAIN) if e[1] == Res.INSPIRATION
        )
        assert t.g["disc_n"][CardRow.PERFORMANCES] == 1  # the card is discarded


# ---------------------------------------------------------------- dice distribution


@njit(cache=True)
def roll_sums_nb(cards, g, c0, c1, n, out):
    """out[k] (int64, mutated) += how many of n two-die rolls (colours c0, c1) total k notes."""
    for _ in range(n):
        out[roll_die_nb(cards, g, c0) + roll_die_nb(cards, g, c1)] += 1


# Upper 0.1% points of the chi-square distribution by degrees of freedom: NIST/SEMATECH
# e-Handbook of Statistical Methods, section 1.3.6.7.4 "Critical Values of the
# Chi-Square Distribution" (column 0.999).
CHI2_CRITICAL_001 = {
    1: 10.828,
    2: 13.816,
    3: 16.266,
    4: 18.467,
    5: 20.515,
    6: 22.458,
    7: 24.322,
    8: 26.124,
    9: 27.877,
    10: 29.588,
}


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for X ~ chi-square(df): 1 - P(df/2, x/2) by the lower incomplete gamma series."""
    if x <= 0:
        return 1.0
    s, z = df / 2, x / 2
    term = total = 1 / s
    k = 1
    while term > 1e-17 * total:
        term *= z / (s + k)
        total += term
        k += 1
    return 1 - math.exp(-z + s * math.log(z) - math.lgamma(s)) * total


def test_chi2_table_matches_the_series():
    """The hard-coded table and the series agree: each critical value has tail 0.001."""
    for df, crit in CHI2_CRITICAL_001.items():
        assert chi2_sf(crit, df) == pytest.approx(0.001, rel=2e-3), df


N_ROLLS = 200_000


@pytest.mark.parametrize(
    "c0, c1", [(WHITE, WHITE), (BLACK, WHITE), (BLACK, BLACK)], ids=["ww", "bw", "bb"]
)
def test_notes_distribution_matches_the_dice(cards, c0, c1):
    """Rulebook p.19 / ruling 4: each die shows one of its six faces uniformly.

    The exact distribution of the two-die notes total, enumerated from the card
    data's faces (36 equally likely pairs), is compared with 200,000 rolls of
    `roll_die_nb` by a chi-square goodness-of-fit test at alpha = 0.001 (fixed seed).
    """
    a = cards.table
    faces = {WHITE: a.die_white.tolist(), BLACK: a.die_black.tolist()}
    exact = Counter(x + y for x, y in itertools.product(faces[c0], faces[c1]))
    t = seeded(cards, 20240519 + 10 * c0 + c1)  # a stream of its own per configuration
    counts = np.zeros(2 * max(max(faces[WHITE]), max(faces[BLACK])) + 1, np.int64)
    roll_sums_nb(a, t.g, c0, c1, N_ROLLS, counts)
    assert counts.sum() == N_ROLLS
    impossible = [k for k in range(len(counts)) if k not in exact]
    assert counts[impossible].sum() == 0
    stat = sum((counts[k] - N_ROLLS * m / 36) ** 2 / (N_ROLLS * m / 36) for k, m in exact.items())
    df = len(exact) - 1
    assert stat < CHI2_CRITICAL_001[df], (stat, counts.tolist(), dict(exact))
