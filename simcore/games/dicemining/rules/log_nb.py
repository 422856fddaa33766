"""The event log: a row (turn, seat, code, a, b, c, 0, 0) per event (codes.Ev); and the
card events of patrons and items (codes.CardKind, codes.CardEvent) for the cards table."""

from __future__ import annotations

from simcore.games.dicemining.state.codes import CardKind, Violation
from simcore.games.events_nb import append_card_event_nb, append_event_nb
from simcore.kernels.jit import kernel


@kernel
def log_nb(g, w, p, code, a, b, c):
    """Append event (turn, seat p, code, a, b, c) to w.log when logging is on."""
    append_event_nb(g, w.log, g.turn, p, code, a, b, c, 0, 0)


@kernel
def card_event_nb(g, w, p, kind, card, event):
    """Record card event `event` of card `card` of `kind` for seat p in w.cev. A full buffer
    records no more and sets Violation.CARD_EVENTS, so no event is dropped unseen (a
    random game that runs to the round cap crafts hundreds of items: dtypes.MAX_CARD_EVENTS)."""
    if w.cev.shape[0] > 0 and g.cev_n >= w.cev.shape[0]:
        g.violations |= Violation.CARD_EVENTS
        return
    append_card_event_nb(g, w.cev, g.turn, p, kind, card, event, None)


@kernel
def patron_event_nb(cards, g, w, p, c, event):
    """Record card event `event` (codes.CardEvent) of patron card c's design for seat p."""
    card_event_nb(g, w, p, CardKind.PATRON, cards.patron_design[c], event)


@kernel
def item_event_nb(g, w, p, t, event, n):
    """Record card event `event` (codes.CardEvent) of n cards of item type t for seat p."""
    for _ in range(n):
        card_event_nb(g, w, p, CardKind.ITEM, t, event)
