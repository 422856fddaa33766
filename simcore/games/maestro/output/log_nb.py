"""Logging kernels: transcript events and card events (both off in a batch's hot loop
when their buffers are empty; rows as simcore/games/events_nb.py lays them out)."""

from __future__ import annotations

from simcore.games.events_nb import append_card_event_nb, append_event_nb
from simcore.kernels.jit import kernel


@kernel
def log_nb(g, w, p, code, a=0, b=0, c=0, d=0, e=0):
    """Append event (turn, seat p, code, a..e) to w.log if logging is on; count it in g.log_n."""
    append_event_nb(g, w.log, g.turn, p, code, a, b, c, d, e)


@kernel
def card_event_nb(g, w, p, kind, card, event):
    """Record a card event (seat p, CardKind, card id, CardEvent, turn) in w.cev."""
    append_card_event_nb(g, w.cev, g.turn, p, kind, card, event, None)
