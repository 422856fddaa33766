"""The Salon (rulebook p.16): take a patron into an empty slot; 4+ calms a patron."""

from __future__ import annotations

from simcore.games.luthier.actions.access_nb import row_options_nb
from simcore.games.luthier.actions.instruments_nb import search_options_nb
from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.patience_nb import gift_nb
from simcore.games.luthier.rules.patrons_nb import choose_slot_nb, place_patron_nb
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.enums import CardRow
from simcore.kernels.jit import kernel


@kernel
def salon_options_nb(cards, g, s, opts, p, i, n, free_tier):
    """Salon main action: a face-up patron or a deck search by patron type, only with an
    empty patron slot ("If you do not have any empty patron spaces ... you cannot")."""
    empty = False
    for slot in range(3):
        if s[p].patrons[slot] < 0:
            empty = True
    if not empty:
        return n
    row = CardRow.PATRONS
    n = row_options_nb(cards, g, s, opts, p, n, row, free_tier)
    return search_options_nb(cards, g, s, opts, p, i, n, row, 3)  # performer, composer, noble


@kernel
def take_patron_nb(cards, g, s, w, p, c):
    """Place the patron taken at the Salon in an empty slot of seat p's choice, with its bonus."""
    slot = choose_slot_nb(cards, g, s, w, p)
    s[p].patrons_taken[cards.patron_type[c]] += 1
    place_patron_nb(cards, g, s, w, p, c, slot)


@kernel
def salon_bonus_nb(cards, g, s, w, p):
    """Salon 4+ (p.16): may move one patience cube one step left (even from the leftmost
    space) and take any one gift of that patron."""
    n = set_opt_nb(w.opts, 0, Opt.DONE)
    for slot in range(3):
        if s[p].patrons[slot] >= 0:
            for k in range(2):
                n = set_opt_nb(w.opts, n, Opt.SALON_GIFT, slot, k)
    if n == 1:
        return
    choice = decide_nb(cards, g, s, w.opts, w.params, p, n)
    if w.opts[choice, 0] == Opt.DONE:
        return
    calm_patron_nb(cards, g, s, w, p, w.opts[choice, 1], w.opts[choice, 2])


@kernel
def calm_patron_nb(cards, g, s, w, p, slot, k):
    """The patron in `slot` steps its cube one space left (not past the first) and gives gift k."""
    if s[p].patience[slot] > 0:
        s[p].patience[slot] -= 1
    log_nb(g, w, p, Ev.SALON_GIFT, s[p].patrons[slot], k)
    gift_nb(cards, g, s, w, p, slot, k)
