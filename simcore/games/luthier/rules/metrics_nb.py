"""A seat's countable achievements (Metric) for awards, goals and patron II powers.

Orchestra spots spanning two eras (the violins) count "for a single era" in
scoring (rulebook p.25): a per-era count includes such a token for either of
its eras (the owner's choice for that award or goal), and a count of distinct
eras assigns each of them to one era, covering as many eras as possible.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.state.enums import Metric, PatronType
from simcore.games.luthier.state.state_nb import (
    INSTRUMENT_TOKEN,
    PERFORMANCE_TOKEN,
    REPAIR_TOKEN,
    chairs_held_nb,
    holds_chair_nb,
)
from simcore.games.luthier.state.track_steps import TRACK_FINAL
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

N_METRICS = len(Metric)


@kernel
def era_count_nb(eras):
    """Bits set in an era bitmask."""
    return (eras & 1) + ((eras >> 1) & 1) + ((eras >> 2) & 1)


@kernel
def distinct_eras_nb(cards, g, p, kind):
    """Eras seat p's tokens of `kind` can cover, each token counting for one era."""
    covered = 0
    for spot in range(cards.n_spot):  # single-era spots first
        e = cards.spot_eras[spot]
        if g.tokens[spot, p, kind] > 0 and era_count_nb(e) == 1:
            covered |= e
    for spot in range(cards.n_spot):
        e = cards.spot_eras[spot]
        if era_count_nb(e) > 1:
            for _ in range(g.tokens[spot, p, kind]):
                free = e & ~covered
                if free:
                    covered |= free & -free  # the lowest uncovered era
    return era_count_nb(covered)


@kernel
def token_counts_nb(cards, g, p, kind, by_era, by_family):
    """Tokens of `kind` for seat p; by_era[3] and by_family[3] (mutated) get the split."""
    total = 0
    for spot in range(cards.n_spot):
        n = g.tokens[spot, p, kind]
        if n == 0:
            continue
        total += n
        by_family[cards.spot_family[spot]] += n
        for e in range(3):
            if (cards.spot_eras[spot] >> e) & 1:
                by_era[e] += n
    return total


# groups of Metric that metrics_for_nb finds together: bits of its `want`
GROUP_FINISHED = 1  # INSTRUMENTS_FINISHED .. RARE_INSTRUMENTS_FINISHED
GROUP_INSTRUMENT_TOKENS = 2  # INSTRUMENT_TOKENS .. INSTRUMENT_TOKEN_ERAS
GROUP_PERFORMANCE_TOKENS = 4  # PERFORMANCE_TOKENS .. PERFORMANCE_TOKENS_PK
GROUP_REPAIR_TOKENS = 8  # REPAIR_TOKENS .. REPAIR_TOKENS_ROMANTIC
GROUP_PATRONS = 16  # PATRONS_COMPLETED .. PATRONS_COMPLETED_ROMANTIC
GROUP_CHAIRS = 32  # FIRST_CHAIRS .. FIRST_CHAIR_FAMILIES
GROUP_OTHERS = 64  # SPECIALTY_WORKERS, TRACKS_MAXED, AWARDS_CLAIMED
ALL_GROUPS = 127


@kernel
def metric_group_nb(m):
    """The group of Metric m (a bit of metrics_for_nb's `want`)."""
    if m <= Metric.RARE_INSTRUMENTS_FINISHED:
        return GROUP_FINISHED
    if m <= Metric.INSTRUMENT_TOKEN_ERAS:
        return GROUP_INSTRUMENT_TOKENS
    if m <= Metric.PERFORMANCE_TOKENS_PK:
        return GROUP_PERFORMANCE_TOKENS
    if m <= Metric.REPAIR_TOKENS_ROMANTIC:
        return GROUP_REPAIR_TOKENS
    if m <= Metric.PATRONS_COMPLETED_ROMANTIC:
        return GROUP_PATRONS
    if Metric.FIRST_CHAIRS <= m <= Metric.FIRST_CHAIR_FAMILIES:
        return GROUP_CHAIRS
    return GROUP_OTHERS


@kernel
def metrics_nb(cards, g, s, p, out):
    """Fill out (int64[N_METRICS], mutated) with every Metric for seat p."""
    metrics_for_nb(cards, g, s, p, out, ALL_GROUPS)


@kernel
def metrics_for_nb(cards, g, s, p, out, want):
    """Fill out (int64[N_METRICS], mutated) with the Metrics of seat p in the groups of
    `want` (a bitmask, metric_group_nb); the others are 0. An award decision needs only
    its tiles' metrics (awards_nb.claim_options_nb)."""
    out[:] = 0
    r = s[p]
    if want & GROUP_FINISHED:
        for f in range(3):
            out[Metric.INSTRUMENTS_FINISHED] += r.finished[f]
            out[Metric.INSTRUMENTS_FINISHED_STRINGS + f] = r.finished[f]
            if r.finished[f] > 0:
                out[Metric.INSTRUMENT_FAMILIES_FINISHED] += 1
        out[Metric.RARE_INSTRUMENTS_FINISHED] = r.finished_rare
    by_era = stack_empty(3, np.int64)
    by_family = stack_empty(3, np.int64)
    if want & GROUP_INSTRUMENT_TOKENS:
        by_era[:] = 0
        by_family[:] = 0
        out[Metric.INSTRUMENT_TOKENS] = token_counts_nb(
            cards, g, p, INSTRUMENT_TOKEN, by_era, by_family
        )
        for e in range(3):
            out[Metric.INSTRUMENT_TOKENS_BAROQUE + e] = by_era[e]
        out[Metric.INSTRUMENT_TOKEN_ERAS] = distinct_eras_nb(cards, g, p, INSTRUMENT_TOKEN)
    if want & GROUP_PERFORMANCE_TOKENS:
        by_era[:] = 0
        by_family[:] = 0
        out[Metric.PERFORMANCE_TOKENS] = token_counts_nb(
            cards, g, p, PERFORMANCE_TOKEN, by_era, by_family
        )
        for e in range(3):
            out[Metric.PERFORMANCE_TOKENS_BAROQUE + e] = by_era[e]
            out[Metric.PERFORMANCE_TOKENS_STRINGS + e] = by_family[e]
        out[Metric.PERFORMANCE_TOKEN_ERAS] = distinct_eras_nb(cards, g, p, PERFORMANCE_TOKEN)
    if want & GROUP_REPAIR_TOKENS:
        by_era[:] = 0
        by_family[:] = 0
        out[Metric.REPAIR_TOKENS] = token_counts_nb(cards, g, p, REPAIR_TOKEN, by_era, by_family)
        for f in range(3):
            out[Metric.REPAIR_TOKENS_STRINGS + f] = by_family[f]
            out[Metric.REPAIR_TOKENS_BAROQUE + f] = by_era[f]
            if by_family[f] > 0:
                out[Metric.REPAIR_TOKEN_FAMILIES] += 1
    if want & GROUP_PATRONS:
        types = 0
        eras = 0
        for i in range(r.completed_n):
            c = r.completed[i]
            t = cards.patron_type[c]
            out[Metric.PATRONS_COMPLETED] += 1
            if t < PatronType.ROYAL:
                out[Metric.PATRONS_COMPLETED_PERFORMER + t] += 1
            types |= 1 << t
            eras |= 1 << cards.patron_era[c]
            out[Metric.PATRONS_COMPLETED_BAROQUE + cards.patron_era[c]] += 1
        for t in range(4):
            out[Metric.PATRON_TYPES_COMPLETED] += (types >> t) & 1
        out[Metric.PATRON_ERAS_COMPLETED] = era_count_nb(eras)
    if want & GROUP_CHAIRS:
        out[Metric.FIRST_CHAIRS] = chairs_held_nb(cards, g, p)
        families = 0
        for spot in range(cards.n_spot):
            if holds_chair_nb(cards, g, p, spot):
                out[Metric.FIRST_CHAIRS_STRINGS + cards.spot_family[spot]] += 1
                families |= 1 << cards.spot_family[spot]
        out[Metric.FIRST_CHAIR_FAMILIES] = era_count_nb(families)
    if want & GROUP_OTHERS:
        # ruling 22: a card chosen this round is unlocked (counts) only at the end of the round
        out[Metric.SPECIALTY_WORKERS] = r.specialty_n - r.specialty_pending
        for t in range(3):
            if r.tracks[t] >= TRACK_FINAL[t]:
                out[Metric.TRACKS_MAXED] += 1
        out[Metric.AWARDS_CLAIMED] = r.n_awards
