"""Every game's event buffers (kernels): the transcript's event log and the card events.

Both are off in a batch's hot loop (their buffers have no rows) and counted in the game
record either way (`log_n`, `cev_n`), so that a single game whose log was too short is
played again with room for all (batches.play_logged) and an overflowing card-event buffer
is an error (batches.Buffers.check_card_events).

Rows, int32 and int16 (a game's dtypes.py sets the widths LOG_W and CEV_W):
- event: time, seat, code, a, b, c, d, e (time: the game's round or turn; code: its Ev)
- card event: seat, CardKind, card id, CardEvent, time, then `detail` for a game whose
  rows have a sixth field (Luthier's award level; None for a game without, a branch numba
  drops when it compiles); the result tables read them in this order
  (tables.event_columns).
"""

from __future__ import annotations

from simcore.kernels.jit import kernel


@kernel
def append_event_nb(g, log, t, p, code, a, b, c, d, e):
    """Append event (t, seat p, code, a..e) to `log` (int32[n_log, LOG_W], mutated) when
    it has room; count it in g.log_n unless logging is off (n_log = 0)."""
    n = g.log_n
    if n < log.shape[0]:
        row = log[n]
        row[0] = t
        row[1] = p
        row[2] = code
        row[3] = a
        row[4] = b
        row[5] = c
        row[6] = d
        row[7] = e
    if log.shape[0] > 0:
        g.log_n = n + 1


@kernel
def append_card_event_nb(g, cev, t, p, kind, card, event, detail):
    """Append card event (seat p, CardKind, card id, CardEvent, t[, detail]) to `cev`
    (int16[n_cev, CEV_W], mutated) when it has room; count it in g.cev_n unless card
    events are off (n_cev = 0). detail: the sixth field, or None where rows have five
    (a check of the row's width here cost Maestro's random play ~5% of its games/s)."""
    n = g.cev_n
    if n < cev.shape[0]:
        row = cev[n]
        row[0] = p
        row[1] = kind
        row[2] = card
        row[3] = event
        row[4] = t
        if detail is not None:
            row[5] = detail
    if cev.shape[0] > 0:
        g.cev_n = n + 1
