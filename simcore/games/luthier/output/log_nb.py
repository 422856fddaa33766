"""Transcript logging kernels: events, card events and state snapshots."""

from __future__ import annotations

from simcore.games.events_nb import append_card_event_nb, append_event_nb
from simcore.games.luthier.state.codes import Ev
from simcore.kernels.jit import kernel


@kernel
def card_event_nb(g, w, p, kind, card, event, detail):
    """Record a card event (seat p, CardKind, card id, CardEvent, round, detail) in w.cev."""
    append_card_event_nb(g, w.cev, g.round_no, p, kind, card, event, detail)


@kernel
def log_nb(g, w, p, code, a=0, b=0, c=0, d=0, e=0):
    """Append event (round, seat p, code, a..e) to w.log if logging is on; count it in g.log_n."""
    append_event_nb(g, w.log, g.round_no, p, code, a, b, c, d, e)


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
