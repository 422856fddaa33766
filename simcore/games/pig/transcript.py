"""A played game as text: one line per turn (its rolls, then the hold or the 1), the end."""

from __future__ import annotations

from simcore.games.pig.codes import End, Ev

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Black", "Pink")
END_TEXT = {
    End.TARGET: "{} reached the target",
    End.CAP: "the turn cap (every player had its turns)",
}


def render_transcript(cards, played, header: list[str]) -> str:
    rules = cards.table_array[0]
    lines = [*header, f"Rules: target {rules.target}, a {rules.faces}-sided die, "
             f"turn cap {rules.turn_cap} turns a player"]  # fmt: skip
    who = ", ".join(f"{SEAT_NAMES[p]} ({s.name})" for p, s in enumerate(played.strategies))
    score = [0] * len(played.strategies)
    turn: list[str] = []
    for t, p, code, a, b, c, *_ in played.log.tolist():
        if code == Ev.FIRST:
            lines.append(f"{who}; {SEAT_NAMES[p]} starts.")
        elif code == Ev.TURN:
            turn = [f"Turn {t}, {SEAT_NAMES[p]}, score {score[p]}: rolls"]
        elif code == Ev.ROLL:
            turn.append(f"{a}," if a != 1 else "1")
            if a == 1:
                lines.append(" ".join(turn) + " -> loses the turn")
        elif code == Ev.HOLD:
            score[p] = b
            lines.append(" ".join(turn).rstrip(",") + f" -> holds {a}, score {b}")
        elif code == Ev.END:
            lines.append(f"== End after turn {t}: {END_TEXT[End(a)].format(SEAT_NAMES[p])} ==")
        elif code == Ev.FINAL:
            won = ", wins" if c else ""
            lines.append(f"{SEAT_NAMES[p]}: {a} points, rank {b}{won}")
    return "\n".join(lines) + "\n"
