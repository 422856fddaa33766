"""A played game as text, one line per event of its log (state/codes.Ev)."""

from __future__ import annotations

from simcore.games.apiacere.state.codes import Ev

# five colours, one per seat up to MAX_PLAYERS (rulebook: "7 player cubes in five player colors")
SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple")


def render_transcript(cards, played, header: list[str]) -> str:
    """The transcript: the header lines, then one line per event."""
    ids = cards.ids
    t = cards.tables
    designs = ids["cards"]
    cities = ids["cities"]

    def card(c: int) -> str:
        return f"{designs[t.card_design[c]]}#{c}"

    lines = list(header)
    for r, p, code, a, b, c, d, _ in played.log.tolist():
        who = SEAT_NAMES[p] if 0 <= p < len(SEAT_NAMES) else "-"
        ev = Ev(code)
        if ev == Ev.FIRST:
            text = f"{who} starts round 1"
        elif ev == Ev.TURN:
            text = f"{who}'s turn {a} (position {b + 1})"
        elif ev == Ev.MOVE:
            text = f"{who} moves {cities[a]} -> {cities[b]} for {c} florins"
        elif ev == Ev.HOUSE:
            text = f"{who} lives in a {ids['housing'][a]}, rent {b}"
        elif ev == Ev.DRAW:
            text = f"{who} draws {card(a)} from {ids['stacks'][b]}"
        elif ev == Ev.TAKE:
            text = f"{who} takes the face-up {card(a)} from {ids['stacks'][b]}"
        elif ev == Ev.PLAY:
            text = f"{who} spends {b} on {card(a)} (progress {c})"
        elif ev == Ev.FINISH:
            text = f"{who} finishes {card(a)}: {b} florins, {c} white, {d} black"
        elif ev == Ev.DISCARD:
            text = f"{who} discards {card(a)}" + (" (moving)" if d else "")
        elif ev == Ev.RESHUFFLE:
            text = f"{ids['stacks'][a]} reshuffled ({b} cards)"
        elif ev == Ev.EVENT:
            won = SEAT_NAMES[c] if c >= 0 else "nobody"
            text = f"royal event in {cities[a]}: {b} white keys; {won} wins {ids['royal'][d]}"
        elif ev == Ev.VARIETY:
            text = f"red die {a}: variety tiles shift {b}"
        elif ev == Ev.ORDER:
            text = f"{who} starts the next block"
        elif ev == Ev.COPY:
            text = f"{who} copies {SEAT_NAMES[a]}'s legacy tile"
        elif ev == Ev.TELL_TALE:
            where = f" from {cities[d]}" if d >= 0 else ""
            text = f"{who} plays {card(a)} on {SEAT_NAMES[b]}{where}: strength {c}"
        elif ev == Ev.DO_GOOD:
            what = "the reference sheet" if a < 0 else card(a)
            aim = "as a shield" if b < 0 else f"on {card(b)}"
            text = f"{who} does good with {what} {aim}: {c} left"
        elif ev == Ev.STEAL:
            text = f"{who} takes {card(a)} from {SEAT_NAMES[b]}"
        elif ev == Ev.PAY:
            text = f"{who} discards {card(a)} toward {card(b)}"
        elif ev == Ev.FORCED:
            text = f"{who} is banned from {cities[a]} and must move"
        elif ev == Ev.TILE:
            text = f"{who} unlocks {ids['bonus_tiles'][a]} with {card(b)}: +{c} black"
        elif ev == Ev.LEGACY:
            kind = "overall" if c else "personal"
            text = f"{who} scores {b} from the {kind} tile {ids['legacy'][a]}"
        else:
            text = f"{who} ends with {a} points, rank {b}" + (" (the winner)" if c else "")
        lines.append(f"round {r:2d}: {text}")
    return "\n".join(lines) + "\n"
