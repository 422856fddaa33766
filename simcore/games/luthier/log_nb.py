"""Transcript logging kernels: events, card events and state snapshots."""

from __future__ import annotations

from simcore.games.luthier.codes import Ev
from simcore.jit import kernel


@kernel
def card_event_nb(g, w, p, kind, card, event, detail):
    """Record a card event (seat p, CardKind, card id, CardEvent, round, detail) in w.cev."""
    n = g.cev_n
    if n < w.cev.shape[0]:
        row = w.cev[n]
        row[0] = p
        row[1] = kind
        row[2] = card
        row[3] = event
        row[4] = g.round_no
        row[5] = detail
    if w.cev.shape[0] > 0:
        g.cev_n = n + 1


@kernel
def log_nb(g, w, p, code, a=0, b=0, c=0, d=0, e=0):
    """Append event (round, seat p, code, a..e) to w.log if logging is on; count it in g.log_n."""
    n = g.log_n
    if n < w.log.shape[0]:
        row = w.log[n]
        row[0] = g.round_no
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
def snapshot_nb(g, s, w, snap_g, snap_s, k):
    """Copy the game record and the seat records into snapshot k of snap_g / snap_s
    (work.snapshot_buffers: 0 after setup, r at the end of round r) and log a STATE event;
    nothing when the snapshot buffers are empty (batches)."""
    if k < snap_g.shape[0]:
        snap_g[k] = g
        for p in range(s.shape[0]):
            snap_s[k, p] = s[p]
        log_nb(g, w, -1, Ev.STATE, k)


@kernel
def discount_nb(g, w, p, loc, taken, power, spec, bonus, insp_per):
    """Log how `taken` materials came off a cost at `loc` (a DISCOUNT event, when any did):
    patron powers first (up to `power`), then the specialty chip (up to `spec`), then the
    bench 4+/5+ bonus (`bonus` used), the rest bought with inspiration (insp_per each)."""
    if taken <= 0:
        return
    by_power = min(power, taken)
    by_spec = min(spec, taken - by_power)
    by_insp = taken - by_power - by_spec - bonus if insp_per > 0 else 0
    log_nb(g, w, p, Ev.DISCOUNT, loc, by_power, by_spec, bonus, by_insp)
