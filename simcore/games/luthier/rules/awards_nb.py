"""Public awards and award-marker benefits (rulebook p.22, ruling 15)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.access_nb import pile_options_nb, take_from_pile_nb
from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_card_nb, decide_nb, set_opt_nb
from simcore.games.luthier.rules.metrics_nb import N_METRICS, metric_group_nb, metrics_for_nb
from simcore.games.luthier.rules.patrons_nb import choose_slot_nb, place_patron_nb
from simcore.games.luthier.rules.resources_nb import add_prestige_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt
from simcore.games.luthier.state.dtypes import MAX_AWARDS
from simcore.games.luthier.state.enums import PatronType, Rule, Source
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

STORAGE_MARKER = 1
ROYAL_MARKER = 2
PURPLE_MARKER = 4
BLOCKED = -2  # award_claimed value of a level blocked in two-player games (ruling 16)


@kernel
def claim_options_nb(cards, g, s, opts, p, n):
    """Award levels seat p has achieved and may claim: an award marker left, at most one
    level per tile, each level once, not blocked."""
    if s[p].award_markers == 0:
        return n
    want = 0  # only the metrics of the tiles on offer
    for t in range(MAX_AWARDS):
        if g.awards[t] >= 0:
            want |= metric_group_nb(cards.award_metric[g.awards[t]])
    values = stack_empty(N_METRICS, np.int64)
    metrics_for_nb(cards, g, s, p, values, want)
    for t in range(MAX_AWARDS):
        tile = g.awards[t]
        if tile < 0:
            continue
        mine = False
        for lv in range(3):
            if g.award_claimed[t, lv] == p:
                mine = True
        if mine:
            continue
        for lv in range(3):
            if g.award_claimed[t, lv] != -1:
                continue
            if values[cards.award_metric[tile]] >= cards.award_threshold[tile, lv]:
                n = set_opt_nb(opts, n, Opt.CLAIM, t, lv)
    return n


@kernel
def royal_patron_nb(cards, g, s, w, p):
    """Royal benefit: choose a royal patron and place it with its slot bonus, if a slot is
    empty (with none, the award is still claimed but no royal is taken). The royal deck's
    patrons are offered by id, not in the deck's order (ruling 27,
    access_nb.pile_options_nb)."""
    if g.royal_deck_n == 0:
        return
    slot = choose_slot_nb(cards, g, s, w, p)
    if slot < 0:
        return
    n = pile_options_nb(w.opts, 0, Opt.ROYAL, g.royal_deck, g.royal_deck_n)
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    c = w.opts[k, 1]
    take_from_pile_nb(g.royal_deck, g.royal_deck_n, c)
    g.royal_deck_n -= 1
    s[p].patrons_taken[PatronType.ROYAL] += 1
    card_event_nb(g, w, p, CardKind.PATRON, c, CardEvent.TAKEN, 0)
    place_patron_nb(cards, g, s, w, p, c, slot)


@kernel
def claim_nb(cards, g, s, w, p, t, lv):
    """Claim level lv of the award tile at position t: prestige, then remove one award
    marker of seat p's choice, unlocking its benefit."""
    tile = g.awards[t]
    g.award_claimed[t, lv] = p
    prestige = cards.award_prestige[tile, lv]
    add_prestige_nb(s, p, Source.AWARDS, prestige)
    s[p].n_awards += 1
    log_nb(g, w, p, Ev.CLAIM, tile, lv, prestige)
    card_event_nb(g, w, p, CardKind.AWARD, tile, CardEvent.CLAIMED, lv + 1)
    n = 0
    for bit in (STORAGE_MARKER, ROYAL_MARKER, PURPLE_MARKER):
        if s[p].award_markers & bit:
            n = set_opt_nb(w.opts, n, Opt.MARKER, bit)
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    bit = w.opts[k, 1]
    s[p].award_markers &= ~bit
    log_nb(g, w, p, Ev.MARKER, bit)
    if bit == STORAGE_MARKER:
        s[p].storage += cards.rules[Rule.STORAGE_EXTRA]
    elif bit == ROYAL_MARKER:
        royal_patron_nb(cards, g, s, w, p)


@kernel
def offer_claim_nb(cards, g, s, w, p):
    """Reputation step 7 and later advances: claim an achieved award if seat p wants to."""
    n = claim_options_nb(cards, g, s, w.opts, p, set_opt_nb(w.opts, 0, Opt.DONE))
    if n == 1:
        return
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    if w.opts[k, 0] == Opt.CLAIM:
        claim_nb(cards, g, s, w, p, w.opts[k, 1], w.opts[k, 2])
