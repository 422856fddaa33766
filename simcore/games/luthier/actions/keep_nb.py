"""Keep one of several instrument cards: at setup (p.6) and on the reputation track."""

from __future__ import annotations

from simcore.games.luthier.play.decide_nb import decide_card_nb, set_opt_nb
from simcore.games.luthier.rules.rows_nb import add_to_hand_nb, deck_to_bottom_nb
from simcore.games.luthier.state.enums import CardRow
from simcore.kernels.jit import kernel


@kernel
def keep_one_instrument_nb(cards, g, s, w, p, offered, kind):
    """Seat p keeps one of the `offered` instrument cards (-1: none) into its hand, chosen
    among options of `kind`; the others go under the deck. Returns the card kept, or -1."""
    n = 0
    for c in offered:
        if c >= 0:
            n = set_opt_nb(w.opts, n, kind, c)
    if n == 0:
        return -1
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    kept = w.opts[k, 1]
    skipped = False
    for c in offered:
        if c < 0:
            continue
        if c == kept and not skipped:
            skipped = True
            add_to_hand_nb(g, s, p, c)
        else:
            deck_to_bottom_nb(g, CardRow.INSTRUMENTS, c)
    return kept
