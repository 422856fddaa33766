"""Pick rates: which cards a seat could choose at a decision, and which it chose.

Every decision that offers cards (a row card to take, a family tile, goal, instrument or
patron to keep, a drawn instrument, a specialty card, a royal patron) marks each card
it offers in the seat's `offered` bitmap and the card chosen in its `picked` bitmap:
bit CARD_BITS * CardKind + card id. A lone option (no choice) counts as offered and
picked. The results read the bitmaps as "offered in the game" and "picked in the game"
per seat (results.py), so a card's pick rate is picked / offered over seat-games.
"""

from __future__ import annotations

from simcore.games.luthier.state.codes import ROW_CARD_KIND, CardKind, Opt
from simcore.games.luthier.state.dtypes import CARD_BITS
from simcore.kernels.jit import kernel

ROW_KINDS = tuple(int(k) for k in ROW_CARD_KIND)  # CardRow -> CardKind, as plain ints
INSTRUMENT, PATRON, GOAL = int(CardKind.INSTRUMENT), int(CardKind.PATRON), int(CardKind.GOAL)
FAMILY, SPECIALTY = int(CardKind.FAMILY), int(CardKind.SPECIALTY)


@kernel
def offered_bit_nb(g, kind, a, b, c):
    """Bit (CARD_BITS * CardKind + card id) of the card that an option row starting
    (kind, a, b, c) offers, or -1 when it offers no card. Scalars, not the option buffer:
    this runs for every option of a card decision."""
    card_kind = -1
    card = -1
    if kind == Opt.TAKE_CARD or kind == Opt.FAMILY_CARD:
        card_kind = ROW_KINDS[a]
        card = g.rows[a, b, c]
    elif kind == Opt.KEEP_INSTRUMENT or kind == Opt.KEEP_DRAWN:
        card_kind = INSTRUMENT
        card = a
    elif kind == Opt.KEEP_PATRON or kind == Opt.ROYAL:
        card_kind = PATRON
        card = a
    elif kind == Opt.KEEP_GOAL:
        card_kind = GOAL
        card = a
    elif kind == Opt.KEEP_FAMILY:
        card_kind = FAMILY
        card = a
    elif kind == Opt.SPECIALTY_CARD:
        card_kind = SPECIALTY
        card = a
    if card < 0 or card >= CARD_BITS:
        return -1
    return card_kind * CARD_BITS + card


@kernel
def mark_nb(bits, i):
    bits[i >> 3] |= 1 << (i & 7)


@kernel
def record_offers_nb(g, s, p, opts, n, k):
    """Mark the cards options 0..n-1 offer to seat p, and option k's card as picked."""
    if n == 0:
        return
    if opts[0, 0] == Opt.PLACE:  # a placement decision offers no card: skip the loop
        return
    for j in range(n):
        i = offered_bit_nb(g, opts[j, 0], opts[j, 1], opts[j, 2], opts[j, 3])
        if i >= 0:
            mark_nb(s[p].offered, i)
            if j == k:
                mark_nb(s[p].picked, i)
