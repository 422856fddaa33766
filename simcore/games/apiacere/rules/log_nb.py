"""The game's event log: rows of (round, seat, code, a, b, c, d, e), codes state/codes.Ev."""

from __future__ import annotations

from simcore.games.events_nb import append_event_nb
from simcore.kernels.jit import kernel


@kernel
def log_nb(g, w, p, code, a, b, c, d):
    """Append event (round, seat p, code, a, b, c, d) to w.log when logging is on."""
    append_event_nb(g, w.log, g.rounds, p, code, a, b, c, d, 0)
