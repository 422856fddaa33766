"""Logging kernels: transcript events and card events (both off in a batch's hot loop
when their buffers are empty)."""

from __future__ import annotations

from simcore.jit import kernel


@kernel
def log_nb(g, w, p, code, a=0, b=0, c=0, d=0, e=0):
    """Append event (turn, seat p, code, a..e) to w.log if logging is on; count it in g.log_n."""
    n = g.log_n
    if n < w.log.shape[0]:
        row = w.log[n]
        row[0] = g.turn
        row[1] = p
        row[2] = code
        row[3] = a
        row[4] = b
        row[5] = c
        row[6] = d
        row[7] = e
    if w.log.shape[0] > 0:
        g.log_n = n + 1


@kernel
def card_event_nb(g, w, p, kind, card, event):
    """Record a card event (seat p, CardKind, card id, CardEvent, turn) in w.cev."""
    n = g.cev_n
    if n < w.cev.shape[0]:
        row = w.cev[n]
        row[0] = p
        row[1] = kind
        row[2] = card
        row[3] = event
        row[4] = g.turn
    if w.cev.shape[0] > 0:
        g.cev_n = n + 1
