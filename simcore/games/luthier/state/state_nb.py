"""Pure reads of the state that decisions and strategies share (no decision inside).

Strategies import from here, never from modules that make decisions, so the
engine -> strategy -> engine dependency has no cycle.
"""

from __future__ import annotations

from simcore.games.luthier.state.enums import CardRow, Rule, Track
from simcore.games.luthier.state.track_steps import REP_TIER2, REP_TIER3
from simcore.kernels.jit import kernel

LEAVES = 3  # patience step at which a patron leaves (ruling 1)
INSTRUMENT_TOKEN = 0
PERFORMANCE_TOKEN = 1
REPAIR_TOKEN = 2


@kernel
def apprentices_held_nb(g, s, p):
    """Apprentices seat p holds: supply + placed with chips that have not acted yet.

    Rulebook p.12: the cap of 3 counts those in the supply, those involved in the
    action being resolved and those placed at an unresolved location.
    """
    n = s[p].apprentices
    for i in range(g.pl_n):
        if g.pl_seat[i] == p and g.pl_done[i] == 0:
            n += g.pl_appr[i]
    return n


@kernel
def apprentice_cap_nb(cards, s, p):
    """Apprentices seat p can hold: 3, less those a deck search removed from the game."""
    return cards.rules[Rule.APPRENTICE_CAP] - s[p].appr_lost


@kernel
def tokens_left_nb(cards, s, p, kind):
    """Tokens of `kind` left in seat p's supply (ruling 25: 8 of each kind per colour)."""
    return cards.rules[Rule.INSTRUMENT_TOKENS + kind] - s[p].tokens_placed[kind]


@kernel
def tier_cost_nb(cards, s, p, tier):
    """Money and/or inspiration to take a card from `tier` (0-based).

    Tier I is always open; tiers II and III are free from reputation steps 3 and
    6 (ruling 7), else they cost 4 and 8.
    """
    rep = s[p].tracks[Track.REPUTATION]
    if tier == 1 and rep < REP_TIER2:
        return cards.rules[Rule.TIER2_COST]
    if tier == 2 and rep < REP_TIER3:
        return cards.rules[Rule.TIER3_COST]
    return 0


@kernel
def holds_chair_nb(cards, g, p, spot):
    """True if seat p holds the first chair of `spot`.

    At a rare spot every seat with an instrument token there holds a chair
    (unlimited chairs, ruling 11); elsewhere only the recorded holder.
    """
    if cards.spot_rare[spot] == 1 and g.tokens[spot, p, INSTRUMENT_TOKEN] > 0:
        return True
    if cards.spot_rare[spot] == 1 and g.chair_kind[spot] == INSTRUMENT_TOKEN:
        return False
    return g.chair_seat[spot] == p


@kernel
def chairs_held_nb(cards, g, p):
    """First chairs seat p holds."""
    n = 0
    for spot in range(cards.n_spot):
        if holds_chair_nb(cards, g, p, spot):
            n += 1
    return n


@kernel
def search_key_nb(cards, row, c):
    """What a card's back shows (rulebook p.15, ruling 20): instrument and repair cards their
    instrument family (Family), performance cards their era, patrons their type."""
    if row == CardRow.INSTRUMENTS:
        return cards.inst_family[c]
    if row == CardRow.REPAIRS:
        return cards.repair_family[c]
    if row == CardRow.PERFORMANCES:
        return cards.perf_era[c]
    return cards.patron_type[c]
