"""Pick rates: which cards a seat could choose at a decision, and which it chose.

Every decision that offers cards (a row card to take, a family tile, goal, instrument or
patron to keep, a drawn instrument, a specialty card, a royal patron) marks each card
it offers in the seat's `offered` bitmap and the card chosen in its `picked` bitmap:
bit CARD_BITS * CardKind + card id. A lone option (no choice) counts as offered and
picked. The results read the bitmaps as "offered in the game" and "picked in the game"
per seat (results.py), so a card's pick rate is picked / offered over seat-games.
"""

from __future__ import annotations

from simcore.games.luthier.codes import ROW_CARD_KIND, CardKind, Opt
from simcore.games.luthier.dtypes import CARD_BITS
from simcore.jit import kernel

ROW_KINDS = tuple(int(k) for k in ROW_CARD_KIND)  # CardRow -> CardKind, as plain ints
INSTRUMENT, PATRON, GOAL = int(CardKind.INSTRUMENT), int(CardKind.PATRON), int(CardKind.GOAL)
FAMILY, SPECIALTY = int(CardKind.FAMILY), int(CardKind.SPECIALTY)


@kernel
def offered_card_nb(g, opts, k):
    """(CardKind, card id) option k offers, or (-1, -1) when it offers no card."""
    kind = opts[k, 0]
    a = opts[k, 1]
    if kind == Opt.TAKE_CARD or kind == Opt.FAMILY_CARD:
        return ROW_KINDS[a], int(g.rows[a, opts[k, 2], opts[k, 3]])
    if kind == Opt.KEEP_INSTRUMENT or kind == Opt.KEEP_DRAWN:
        return INSTRUMENT, int(a)
    if kind == Opt.KEEP_PATRON or kind == Opt.ROYAL:
        return PATRON, int(a)
    if kind == Opt.KEEP_GOAL:
        return GOAL, int(a)
    if kind == Opt.KEEP_FAMILY:
        return FAMILY, int(a)
    if kind == Opt.SPECIALTY_CARD:
        return SPECIALTY, int(a)
    return -1, -1


@kernel
def mark_nb(bits, kind, card):
    i = kind * CARD_BITS + card
    bits[i >> 3] |= 1 << (i & 7)


@kernel
def record_offers_nb(g, s, p, opts, n, k):
    """Mark the cards options 0..n-1 offer to seat p, and option k's card as picked."""
    if n == 0:
        return
    if opts[0, 0] == Opt.PLACE:  # a placement decision offers no card: skip the loop
        return
    for j in range(n):
        kind, card = offered_card_nb(g, opts, j)
        if card >= 0 and card < CARD_BITS:
            mark_nb(s[p].offered, kind, card)
            if j == k:
                mark_nb(s[p].picked, kind, card)
