"""What a transcript's state blocks show, followed from the event log alone (public and
private places of the cards as the log records them): pawns, vocations, hands, faces,
pieces and running points. The transcript and the JSON lines read it; the referee in
tests/ewmh/referee.py is written apart from it."""

from __future__ import annotations

from dataclasses import dataclass, field

from simcore.games.ewmh.state.codes import VOC_CARD, Ev


@dataclass
class Seen:
    """The game as the events so far show it."""

    n: int  # players
    pos: list[int] = field(default_factory=list)  # pawn space per seat (0 = Start)
    vocation: list[int] = field(default_factory=list)  # vocation index; -1 before the pick
    voc_flipped: list[bool] = field(default_factory=list)
    holder: dict[int, int] = field(default_factory=dict)  # effect card -> seat holding it
    flipped: dict[int, bool] = field(default_factory=dict)  # effect card -> red face up
    comp_hand: dict[int, int] = field(default_factory=dict)  # composition -> seat (unpublished)
    published: dict[int, tuple[int, int]] = field(default_factory=dict)  # comp -> (seat, points)
    arrived: list[int] = field(default_factory=list)  # arrival number per seat (0 = not yet)

    @classmethod
    def start(cls, n: int) -> Seen:
        return cls(n, [0] * n, [-1] * n, [False] * n, arrived=[0] * n)

    def points(self, p: int) -> int:
        """Seat p's published pieces' points as produced (bonuses read at the end and the
        unproduced pieces come with the final scores)."""
        return sum(pts for seat, pts in self.published.values() if seat == p)

    def apply(self, p: int, code: int, a: int, b: int, c: int) -> None:
        """Follow one event (seat p, code, fields a..c)."""
        if code == Ev.VOCATION:
            self.vocation[p] = a
        elif code in (Ev.DRAFT, Ev.DRAW_EFFECT, Ev.TAKE):
            self.holder[a] = p
            self.flipped[a] = False  # cards enter fresh (ruling EW-44)
        elif code == Ev.DEAL:
            self.holder[a] = p  # Peasants' Revolt: each card keeps its face (EW-24)
        elif code in (Ev.SPEND, Ev.DISCARD, Ev.PATRON_LOST):
            self.holder.pop(a, None)
        elif code in (Ev.FLIP, Ev.PAY, Ev.FORCED, Ev.VOC, Ev.REFRESH):
            face = code != Ev.REFRESH
            if code == Ev.VOC or a == VOC_CARD:
                self.voc_flipped[p] = face
            else:
                self.flipped[a] = face
        elif code == Ev.MOVE:
            self.pos[p] = b
        elif code == Ev.ARRIVE:
            self.arrived[p] = a
        elif code in (Ev.DRAW_COMP, Ev.STEAL):
            self.comp_hand[a] = p
        elif code == Ev.PRODUCE:
            self.comp_hand.pop(a, None)
            self.published[a] = (p, c)
        elif code == Ev.REMOVE:
            self.published.pop(a, None)
