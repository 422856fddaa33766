"""The event log: a row (turn, seat, code, a, b, c, 0, 0) per event (codes.Ev)."""

from __future__ import annotations

from simcore.games.events_nb import append_event_nb
from simcore.kernels.jit import kernel


@kernel
def log_nb(g, w, p, code, a, b, c):
    """Append event (turn, seat p, code, a, b, c) to w.log when logging is on."""
    append_event_nb(g, w.log, g.turn, p, code, a, b, c, 0, 0)
