"""Patron requirements and completion (rulebook pp.16, 24; ruling 2).

The primary requirement is an instrument family, met only by a finished
instrument of that family. A secondary requirement is a (family, era) pair,
met by a finished instrument or a repair of that family, or by a medium or
high performance of that era. Each time such a card is made, the player
chooses which one requirement it meets, if any; meeting one resets that
patron's patience cube to the left.
"""

from __future__ import annotations

from simcore.games.luthier.codes import CardEvent, CardKind, Ev, Opt
from simcore.games.luthier.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.enums import Source, Track
from simcore.games.luthier.log_nb import card_event_nb, log_nb
from simcore.games.luthier.patience_nb import clear_slot_nb
from simcore.games.luthier.resources_nb import add_prestige_nb
from simcore.games.luthier.tracks_nb import advance_track_nb
from simcore.jit import kernel

INSTRUMENT = 0
PERFORMANCE = 1
REPAIR = 2


@kernel
def meets_nb(cards, c, k, kind, family, era):
    """True if a card of `kind` (family or era) meets requirement k of patron c."""
    if k == 0:
        return kind == INSTRUMENT and cards.patron_primary[c] == family
    if kind == PERFORMANCE:
        return cards.patron_secondary[c, k - 1, 1] == era
    return cards.patron_secondary[c, k - 1, 0] == family


@kernel
def complete_patron_nb(cards, g, s, w, p, slot):
    """All requirements met (p.24): prestige, +1 reputation, the card is tucked, slot freed."""
    c = s[p].patrons[slot]
    add_prestige_nb(s, p, Source.PATRONS, cards.patron_prestige[c])
    log_nb(g, w, p, Ev.COMPLETE, c, cards.patron_prestige[c])
    card_event_nb(g, w, p, CardKind.PATRON, c, CardEvent.COMPLETED, 0)
    if s[p].completed_n < s[p].completed.shape[0]:
        s[p].completed[s[p].completed_n] = c
        s[p].completed_n += 1
    clear_slot_nb(s, p, slot)
    advance_track_nb(cards, g, s, w, p, Track.REPUTATION)


@kernel
def offer_to_patrons_nb(cards, g, s, w, p, kind, family, era):
    """Seat p may give a finished instrument, repair or good performance to one matching
    unmet requirement; returns True if one was met. The card itself is discarded by
    the caller either way (cards kept under a patron are discarded when it completes)."""
    n = set_opt_nb(w, 0, Opt.DONE)
    for slot in range(3):
        c = s[p].patrons[slot]
        if c < 0:
            continue
        for k in range(1 + cards.patron_n_secondary[c]):
            if s[p].patron_met[slot, k] == 0 and meets_nb(cards, c, k, kind, family, era):
                n = set_opt_nb(w, n, Opt.SATISFY, slot, k)
    if n == 1:
        return False
    choice = decide_nb(cards, g, s, w, p, n)
    if w.opts[choice, 0] == Opt.DONE:
        return False
    satisfy_nb(cards, g, s, w, p, w.opts[choice, 1], w.opts[choice, 2])
    return True


@kernel
def satisfy_nb(cards, g, s, w, p, slot, k):
    """Requirement k of the patron in `slot` is met: its cube resets to the left; when it
    was the last one, the patron is completed."""
    c = s[p].patrons[slot]
    s[p].patron_met[slot, k] = 1
    s[p].patience[slot] = 0
    s[p].requirements_met += 1
    log_nb(g, w, p, Ev.SATISFY, c, k)
    done = True
    for j in range(1 + cards.patron_n_secondary[c]):
        if s[p].patron_met[slot, j] == 0:
            done = False
    if done:
        complete_patron_nb(cards, g, s, w, p, slot)
