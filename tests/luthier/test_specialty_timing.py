"""Specialty worker timing (rulebook p.21 Specialty Workers; ruling 22): a card chosen
during a round is unlocked, and counts for award T5, goals and Handel, from its end."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.rules.awards_nb import claim_options_nb
from simcore.games.luthier.rules.metrics_nb import N_METRICS, metrics_nb
from simcore.games.luthier.rules.tracks_nb import assign_specialty_chips_nb, choose_specialty_nb
from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.enums import Metric, SpecialtyDeck
from tests.luthier.state import BLUE, Table


def unlocked(t: Table, p: int) -> int:
    values = np.zeros(N_METRICS, np.int64)
    metrics_nb(t.cards.table, t.g, t.s, p, values)
    return int(values[Metric.SPECIALTY_WORKERS])


def t5_claims(t: Table, p: int) -> list[int]:
    n = claim_options_nb(*t.opt_args(), p, 0)
    return [int(t.w.opts[k, 2]) for k in range(n) if t.w.opts[k, 0] == Opt.CLAIM]


def test_a_specialty_worker_counts_from_the_end_of_the_round(cards):
    """Ruling 22: choosing the card (a track's specialty step) does not yet count for the
    "Specialty workers unlocked" award (T5); the chip assigned at the end of the round does."""
    t = Table(cards)
    t.g["awards"][:] = (cards.index("awards", "t5"), -1, -1, -1)
    t.g["specialty_deck"][SpecialtyDeck.CRAFT, :2] = (
        cards.index("specialty", "master_restorer"),
        cards.index("specialty", "bow_maker"),
    )
    t.g["specialty_deck_n"][SpecialtyDeck.CRAFT] = 2
    blue = t.seat(BLUE)
    blue["chip_owned"][:] = (1, 0, 1, 0, 1)
    blue["award_markers"] = 7
    choose_specialty_nb(*t.args(), BLUE, SpecialtyDeck.CRAFT)
    assert (blue["specialty_n"], blue["specialty_pending"]) == (1, 1)
    assert unlocked(t, BLUE) == 0
    assert t5_claims(t, BLUE) == []  # not in the round it was chosen
    assign_specialty_chips_nb(*t.args(), BLUE)  # end of round
    assert unlocked(t, BLUE) == 1
    assert t5_claims(t, BLUE) == [0]  # level 1 (threshold 1)
