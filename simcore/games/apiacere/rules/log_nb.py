"""The game's event log: rows of (round, seat, code, a, b, c, d, e), codes state/codes.Ev,
and the card events the log's rows imply (state/codes.CardEvent)."""

from __future__ import annotations

from simcore.games.apiacere.state.codes import CardEvent, CardKind, Ev
from simcore.games.events_nb import append_card_event_nb, append_event_nb
from simcore.kernels.jit import kernel


@kernel
def card_event_of_nb(code, a):
    """The CardEvent an event row (code, a) records for card a; -1 = none."""
    if code == Ev.DRAW:
        return CardEvent.DRAWN
    if code == Ev.TAKE or code == Ev.STEAL:
        return CardEvent.TAKEN
    if code == Ev.FINISH or code == Ev.TELL_TALE or (code == Ev.DO_GOOD and a >= 0):
        return CardEvent.PLAYED
    return -1


@kernel
def log_nb(g, w, p, code, a, b, c, d):
    """Append event (round, seat p, code, a, b, c, d) to w.log when logging is on, and the
    card event it implies for physical card a to w.cev when card events are on."""
    append_event_nb(g, w.log, g.rounds, p, code, a, b, c, d, 0)
    event = card_event_of_nb(code, a)
    if event >= 0:
        append_card_event_nb(g, w.cev, g.rounds, p, CardKind.CARD, a, event, None)
