"""Patron requirements and completion (rulebook pp.16, 24; rulings 2 and 21).

The primary requirement is an instrument family, met only by a finished
instrument of that family. A secondary requirement is a (family, era) pair,
met by a finished instrument or a repair of that family, or by a medium or
high performance of that era (ruling 2).

Ruling 21 (rulebook, Patron Requirements: "you don't need to specify which it
counts towards until you complete that patron"): a card kept under a patron is
not tied to one requirement. The patron's met requirements are those of the
best assignment of its cards to its requirements, and it is completed as soon
as some assignment meets them all. Performances and repairs count
automatically (a seat never declines one); a finished instrument is given to
a patron only by the seat's choice ("You may give a finished instrument").
A card is kept only if the best assignment then meets one more requirement
(one that does not never helps later: the assignable sets of cards form a
matroid), so a patron keeps at most one card per requirement, and each kept
card resets its patience.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.play.invariants_nb import OVERFLOW
from simcore.games.luthier.rules.patience_nb import clear_slot_nb
from simcore.games.luthier.rules.resources_nb import add_prestige_nb
from simcore.games.luthier.rules.tracks_nb import advance_track_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt, ReqCard
from simcore.games.luthier.state.enums import Source, Track
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

INSTRUMENT = int(ReqCard.INSTRUMENT)
PERFORMANCE = int(ReqCard.PERFORMANCE)
REPAIR = int(ReqCard.REPAIR)
MAX_KEPT = 3  # requirements per patron: one primary, up to two secondary
KEPT_ROOM = MAX_KEPT + 1  # the kept cards and one candidate


@kernel
def meets_nb(cards, c, k, kind, family, era):
    """True if a card of `kind` (family or era) meets requirement k of patron c."""
    if k == 0:
        return kind == INSTRUMENT and cards.patron_primary[c] == family
    if kind == PERFORMANCE:
        return cards.patron_secondary[c, k - 1, 1] == era
    return cards.patron_secondary[c, k - 1, 0] == family


@kernel
def best_assignment_nb(cards, s, p, slot, kinds, keys, n_cards, out):
    """Assign cards (kinds[j], keys[j]) for j < n_cards to the requirements of the patron in
    `slot`, each card to at most one requirement and each requirement to at most one card,
    meeting as many requirements as possible (ruling 21); among those, the assignment that
    keeps most of the requirements met now: the first best of the base-(n_req + 1) codes
    in increasing order (card 0 the lowest digit; digit 0: no requirement, k + 1:
    requirement k). Only codes giving each card a requirement it meets are visited, in
    that order (at most 4^4, n_cards <= KEPT_ROOM): the others never count.

    out (int64[3], mutated): out[k] = card meeting requirement k, -1 for none.
    Returns the number of requirements met.
    """
    c = s[p].patrons[slot]
    n_req = 1 + cards.patron_n_secondary[c]
    base = n_req + 1
    meet = stack_empty(KEPT_ROOM, np.int64)  # meet[j]: bit k if card j meets requirement k
    digit = stack_empty(KEPT_ROOM, np.int64)  # the code's digits, card 0 lowest
    for j in range(n_cards):
        meet[j] = 0
        digit[j] = 0
        for k in range(n_req):
            if meets_nb(cards, c, k, kinds[j], keys[j], keys[j]):
                meet[j] |= 1 << k
    best = -1
    best_met = 0
    out[:] = -1
    while True:
        used = 0
        met = 0
        kept = 0
        ok = True
        for j in range(n_cards):
            k = digit[j] - 1
            if k < 0:
                continue
            if (used >> k) & 1:
                ok = False
                break
            used |= 1 << k
            met += 1
            kept += s[p].patron_met[slot, k]
        if ok and met * 8 + kept > best:
            best = met * 8 + kept
            best_met = met
            out[:] = -1
            for j in range(n_cards):
                if digit[j] > 0:
                    out[digit[j] - 1] = j
        j = 0  # the next code whose every card meets its digit's requirement
        while j < n_cards:
            d = digit[j] + 1
            while d < base and not (meet[j] >> (d - 1)) & 1:
                d += 1
            if d < base:
                digit[j] = d
                break
            digit[j] = 0
            j += 1
        if j == n_cards:
            return best_met


@kernel
def kept_with_nb(s, p, slot, kind, key, kinds, keys):
    """Fill kinds/keys (int64[MAX_KEPT + 1], mutated) with the cards kept under the patron in
    `slot` followed by the candidate (kind, key); returns their number."""
    n = s[p].patron_cards_n[slot]
    for j in range(n):
        kinds[j] = s[p].patron_cards[slot, j, 0]
        keys[j] = s[p].patron_cards[slot, j, 1]
    kinds[n] = kind
    keys[n] = key
    return n + 1


@kernel
def newly_met_nb(cards, s, p, slot, kind, key):
    """The requirement of the patron in `slot` that a card (kind, key) would add to its best
    assignment (ruling 21); -1 if the card would meet no more requirements than now."""
    c = s[p].patrons[slot]
    if c < 0 or s[p].patron_cards_n[slot] >= MAX_KEPT:
        return -1
    meets_any = False  # a card that meets no requirement cannot join the assignment
    for k in range(1 + cards.patron_n_secondary[c]):
        meets_any = meets_any or meets_nb(cards, c, k, kind, key, key)
    if not meets_any:
        return -1
    kinds = stack_empty(KEPT_ROOM, np.int64)
    keys = stack_empty(KEPT_ROOM, np.int64)
    out = stack_empty(3, np.int64)
    n = kept_with_nb(s, p, slot, kind, key, kinds, keys)
    if best_assignment_nb(cards, s, p, slot, kinds, keys, n, out) < n:
        return -1
    for k in range(3):
        if out[k] >= 0 and s[p].patron_met[slot, k] == 0:
            return k
    return -1


@kernel
def complete_patron_nb(cards, g, s, w, p, slot, kinds, keys, out):
    """All requirements met (p.24): prestige, +1 reputation, the card is tucked, slot freed.

    The assignment that completes it (ruling 21: card out[k] of kinds/keys meets
    requirement k) is logged after COMPLETE, one DESIGNATE per requirement.
    """
    c = s[p].patrons[slot]
    add_prestige_nb(s, p, Source.PATRONS, cards.patron_prestige[c])
    log_nb(g, w, p, Ev.COMPLETE, c, cards.patron_prestige[c])
    for k in range(1 + cards.patron_n_secondary[c]):
        log_nb(g, w, p, Ev.DESIGNATE, c, k, kinds[out[k]], keys[out[k]])
    card_event_nb(g, w, p, CardKind.PATRON, c, CardEvent.COMPLETED, 0)
    if s[p].completed_n < s[p].completed.shape[0]:
        s[p].completed[s[p].completed_n] = c
        s[p].completed_n += 1
    else:  # MAX_COMPLETED: the patron (and its power) would be lost without a word
        g.violations |= OVERFLOW
    clear_slot_nb(s, p, slot)
    advance_track_nb(cards, g, s, w, p, Track.REPUTATION)


@kernel
def keep_card_nb(cards, g, s, w, p, slot, kind, key):
    """Keep a card (ReqCard `kind`, Family or Era `key`) under the patron in `slot` when it
    meets one more requirement (ruling 21): the met requirements become those of the new
    best assignment, the cube resets to the left, and when all are met the patron is
    completed with the final assignment.
    Returns the requirement newly met, or -1 (nothing kept)."""
    k_new = newly_met_nb(cards, s, p, slot, kind, key)
    if k_new < 0:
        return -1
    c = s[p].patrons[slot]
    kinds = stack_empty(KEPT_ROOM, np.int64)
    keys = stack_empty(KEPT_ROOM, np.int64)
    out = stack_empty(3, np.int64)
    n = kept_with_nb(s, p, slot, kind, key, kinds, keys)
    best_assignment_nb(cards, s, p, slot, kinds, keys, n, out)
    s[p].patron_cards[slot, n - 1, 0] = kind
    s[p].patron_cards[slot, n - 1, 1] = key
    s[p].patron_cards_n[slot] = n
    n_req = 1 + cards.patron_n_secondary[c]
    for k in range(3):
        s[p].patron_met[slot, k] = 1 if out[k] >= 0 else 0
    s[p].patience[slot] = 0
    s[p].requirements_met += 1
    log_nb(g, w, p, Ev.SATISFY, c, k_new, kind, key)
    if n == n_req:
        complete_patron_nb(cards, g, s, w, p, slot, kinds, keys, out)
    return k_new


@kernel
def offer_to_patrons_nb(cards, g, s, w, p, kind, family, era):
    """A finished instrument, repair or good performance of seat p goes under a patron it
    helps (ruling 21); returns True if one kept it. The card itself is discarded by the
    caller either way (cards kept under a patron are discarded when it completes).

    Performances and repairs count automatically: with one patron to help there is no
    choice, with several the seat picks which (options SATISFY, no DONE). A finished
    instrument is given only if the seat chooses (DONE keeps it off every patron).
    """
    key = era if kind == PERFORMANCE else family
    n = 0
    if kind == INSTRUMENT:
        n = set_opt_nb(w.opts, n, Opt.DONE)
    first = n
    for slot in range(3):
        k = newly_met_nb(cards, s, p, slot, kind, key)
        if k >= 0:
            n = set_opt_nb(w.opts, n, Opt.SATISFY, slot, k)
    if n == first:
        return False
    choice = decide_nb(cards, g, s, w.opts, w.params, p, n)
    if w.opts[choice, 0] == Opt.DONE:
        return False
    keep_card_nb(cards, g, s, w, p, w.opts[choice, 1], kind, key)
    return True
