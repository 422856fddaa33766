"""The event log: a row (turn, seat, code, a, b, c, 0, 0) per event (codes.Ev)."""

from __future__ import annotations

from simcore.games.dicemining.state.codes import CardKind
from simcore.games.events_nb import append_card_event_nb, append_event_nb
from simcore.kernels.jit import kernel


@kernel
def log_nb(g, w, p, code, a, b, c):
    """Append event (turn, seat p, code, a, b, c) to w.log when logging is on."""
    append_event_nb(g, w.log, g.turn, p, code, a, b, c, 0, 0)


@kernel
def patron_event_nb(cards, g, w, p, c, event):
    """Record card event `event` (codes.CardEvent) of patron card c's design for seat p."""
    append_card_event_nb(g, w.cev, g.turn, p, CardKind.PATRON, cards.patron_design[c], event, None)
