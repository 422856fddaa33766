"""The game's event log: rows of (round, seat, code, a, b, c, d, e), codes state/codes.Ev;
and its card events, written beside the log events that move or use a card."""

from __future__ import annotations

from simcore.games.events_nb import append_card_event_nb, append_event_nb
from simcore.games.ewmh.state.codes import CardEvent, CardKind, Ev
from simcore.kernels.jit import kernel


@kernel
def log_nb(g, w, p, code, a, b, c, d):
    """Append event (round, seat p, code, a, b, c, d) to w.log when logging is on, and the
    card event it carries (card_event_nb) to w.cev when card events are on."""
    append_event_nb(g, w.log, g.rounds, p, code, a, b, c, d, 0)
    card_event_nb(g, w, p, code, a, d)


@kernel
def card_event_nb(g, w, p, code, a, d):
    """The card event of log event `code` on card `a` by seat p, if it carries one: an
    effect card (physical card a) held, flipped or spent (a
    card flipped as a unit is not: seats count units); a composition (card a)
    drawn, stolen, produced or lost; an ability flipped (rows: simcore/games/events_nb.py;
    the result tables name an effect card by its design, a composition by its genre).
    Reactions: REACT flips card a (spends it when d = 1), STEAL_CARD gives card a to seat p
    (Elizabeth Nevell); Rondeaux's flip is a FLIP (an activation, rules/rondeaux_nb.py),
    so the SPHERES event that names it carries no card event of its own."""
    kind = -1
    event = 0
    if code == Ev.DRAFT or code == Ev.DRAW_EFFECT or code == Ev.TAKE or code == Ev.DEAL:
        kind, event = CardKind.EFFECT, CardEvent.HELD
    elif code == Ev.FLIP:
        kind, event = CardKind.EFFECT, CardEvent.FLIPPED
    elif code == Ev.SPEND:
        kind, event = CardKind.EFFECT, CardEvent.SPENT
    elif code == Ev.VOC:
        kind, event = CardKind.ABILITY, CardEvent.FLIPPED
    elif code == Ev.DRAW_COMP:
        kind, event = CardKind.COMPOSITION, CardEvent.DRAWN
    elif code == Ev.STEAL:
        kind, event = CardKind.COMPOSITION, CardEvent.STOLEN
    elif code == Ev.PRODUCE:
        kind, event = CardKind.COMPOSITION, CardEvent.PRODUCED
    elif code == Ev.REMOVE:
        kind, event = CardKind.COMPOSITION, CardEvent.LOST
    elif code == Ev.REACT:
        kind, event = CardKind.EFFECT, CardEvent.SPENT if d else CardEvent.FLIPPED
    elif code == Ev.STEAL_CARD:
        kind, event = CardKind.EFFECT, CardEvent.HELD
    if kind >= 0:
        append_card_event_nb(g, w.cev, g.rounds, p, kind, a, event, None)
