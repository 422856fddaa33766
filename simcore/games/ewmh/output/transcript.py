"""A played game as text, one line per event of its log (state/codes.Ev): a first
readable transcript for phase (a); the state blocks of issue 37 come later."""

from __future__ import annotations

from simcore.games.ewmh.codes import Age, Keep
from simcore.games.ewmh.state.codes import VOC_CARD, End, Ev

# nine colours, one per seat up to MAX_PLAYERS (spec 1.6)
SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange", "White", "Black", "Pink")
AGE_NAMES = [a.name.replace("_", " ").title() for a in Age]


def render_transcript(cards, played, header: list[str]) -> str:
    """The transcript: the header lines, then one line per event."""
    ids = cards.ids
    t = cards.tables
    designs = ids["effects"]
    genres = ids["compositions"]

    def card(c: int) -> str:
        return "vocation" if c == VOC_CARD else f"{designs[t.card_design[c]]}#{c}"

    def comp(k: int) -> str:
        return f"{genres[t.comp_genre[k]]}#{k}"

    lines = list(header)
    for r, p, code, a, b, c, d, _ in played.log.tolist():
        lines.append(event_line(ids, card, comp, r, p, Ev(code), a, b, c, d))
    return "\n".join(lines) + "\n"


PATRON_EVENTS = (Ev.KEEP, Ev.PATRON_LOST, Ev.PATRON_MOVE, Ev.EXPIRE, Ev.NEGATIVE)


def patron_line(card, who, code, a, b, c) -> str:
    """A patron event as a line (rules/patrons_nb.py, rules/keep_nb.py)."""
    if code == Ev.KEEP:
        verdict = "keeps" if b else "fails the keep condition of"
        return f"{who} {verdict} {card(a)} ({Keep(c).name.lower()})"
    if code == Ev.PATRON_LOST:
        where = f"the array (slot {b})" if b >= 0 else "the discard pile"
        return f"{who} loses {card(a)} to {where}"
    if code == Ev.PATRON_MOVE:
        return f"{who} moves {b} by {card(a)} ({c} cards)"
    if code == Ev.EXPIRE:
        return f"{card(a)}, lost by {who}, leaves the array for the discard pile"
    return f"{who} takes a negative action against {SEAT_NAMES[a]}"  # Ev.NEGATIVE


def event_line(ids, card, comp, r, p, code, a, b, c, d) -> str:  # noqa: PLR0911, C901
    """One event as a line (round r, seat p, code, a..d as state/codes.Ev says)."""
    who = SEAT_NAMES[p] if 0 <= p < len(SEAT_NAMES) else "-"
    at = f" at {SEAT_NAMES[b]}" if 0 <= b < len(SEAT_NAMES) else ""  # a target seat
    if code == Ev.FIRST:
        return f"{who} picks first and moves first"
    if code == Ev.VOCATION:
        return f"{who} takes the vocation {ids['vocations'][a]}"
    if code == Ev.DRAFT:
        return f"{who} keeps {card(a)} (draft round {b + 1})"
    if code == Ev.TURN:
        return f"-- round {r}, turn {a}: {who}, on space {b}"
    if code == Ev.REFRESH:
        return f"{who} refreshes {card(a)}"
    if code == Ev.ROLL:
        times = f", x{d} (Philip the Good)" if d > 1 else ""
        return f"{who} rolls {a}" + (f", rerolls {c}" if c else "") + times + f", moves {b}"
    if code == Ev.MOVE:
        return f"{who} moves {a} -> {b}" + (" (die)" if c else "")
    if code == Ev.TILE:
        return f"{who} lands on tile {ids['tiles'][a]}"
    if code == Ev.DRAW_COMP:
        return f"{who} draws a composition"
    if code == Ev.DRAW_EFFECT:
        return f"{who} draws {card(a)}"
    if code == Ev.TAKE:
        return f"{who} takes {card(a)}" + (" (deck top)" if b < 0 else "")
    if code == Ev.FLIP:
        return f"{who} flips {card(a)}{at}"
    if code == Ev.SPEND:
        return f"{who} spends {card(a)}{at}"
    if code == Ev.VOC:
        return f"{who} flips the vocation for {ids['abilities'][a]}{at}"
    if code == Ev.PRODUCE:
        free = " (free)" if d else ""
        return f"{who} produces {comp(a)} ({AGE_NAMES[b]} banner) for {c}{free}"
    if code == Ev.PAY:
        return f"{who} pays {c} with {card(a)}"
    if code == Ev.ARRIVE:
        return f"{who} arrives at End, number {a}, {b} free productions"
    if code == Ev.DISCARD:
        return f"{who} discards {card(a)}"
    if code == Ev.STEAL:
        return f"{who} steals a composition from {SEAT_NAMES[b]}"
    if code == Ev.REMOVE:
        return f"{who} loses the published {comp(a)}"
    if code == Ev.DEAL:
        return f"{who} is dealt {card(a)}"
    if code == Ev.REACT:
        return f"{who} reacts with {card(a)}"
    if code == Ev.NEGATE:
        return f"{who}'s activation is negated by Absolution"
    if code == Ev.STEAL_CARD:
        return f"{who} steals {card(a)} from {SEAT_NAMES[b]}"
    if code == Ev.PROTECT:
        return f"{who}'s Guild License stops {SEAT_NAMES[b]}'s discard or steal"
    if code == Ev.SPHERES:
        return f"{who} rerolls a Music of the Spheres die: {b} -> {c}"
    if code == Ev.END:
        return f"== the game ends: {End(a).name.lower().replace('_', ' ')} =="
    if code in PATRON_EVENTS:
        return patron_line(card, who, code, a, b, c)
    return f"{who}: {a} points, rank {b}" + (", wins" if c else "")  # Ev.FINAL
