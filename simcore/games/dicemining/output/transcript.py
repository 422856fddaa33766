"""A played game as text, from the event log: the deal, each turn's rolls (faces, locked
dice marked !, set-aside ones *), burglaries, crafting, fulfilments and raises, the end.
The line after the header says that the card data is estimated."""

from __future__ import annotations

from simcore.games.dicemining.state.codes import End, Ev, Face, Opt

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")
BANNER = "Card data estimated: nearly every number is an estimate (docs/games/dicemining.md)."
FACE_TEXT = {Face.ARTIFACT: "artifact", Face.BURGLAR: "burglar", Face.ORC: "orc"}
END_TEXT = {End.THIRTY: "{} reached the target", End.CAP: "the round cap"}


def _face(cards, code: int) -> str:
    return cards.ids["resources"][code] if code < 5 else FACE_TEXT[Face(code)]


def render_transcript(cards, played, header: list[str]) -> str:
    t = cards.table
    res = cards.ids["resources"]
    items = cards.ids["items"]
    designs = cards.ids["patrons"]

    def patron(c: int) -> str:
        return designs[cards.card_design[c]]

    lines = [*header, BANNER]
    lines.append(
        f"Rules: target {t.target}, {t.n_dice} dice, hand {t.hand}, round cap {t.round_cap}, "
        f"keep {cards.rules['keep']}"
    )
    who = ", ".join(f"{SEAT_NAMES[p]} ({s.name})" for p, s in enumerate(played.strategies))
    for turn, p, code, a, b, c, *_ in played.log.tolist():
        name = SEAT_NAMES[p]
        if code == Ev.FIRST:
            lines.append(f"{who}; {name} starts.")
        elif code == Ev.MULLIGAN:
            lines.append(f"{name} replaces {a} patron(s).")
        elif code == Ev.TURN:
            lines.append(f"Turn {turn} (round {a}), {name}, {b} VP:")
        elif code == Ev.ROLL:
            faces = []
            for d in range(t.n_dice):
                mark = "!" if (b >> d) & 1 else "*" if (c >> d) & 1 else ""
                faces.append(_face(cards, (a >> (3 * d)) & 7) + mark)
            lines.append("  roll: " + " ".join(faces))
        elif code == Ev.MINED:
            lines.append(f"  mined {a} resources, {b} wild, {c} burglars")
        elif code == Ev.STEAL:
            what = {Opt.STEAL_RES: res, Opt.STEAL_ITEM: items}.get(b)
            thing = what[c] if what is not None else f"vault {c + 1}"
            lines.append(f"  steals {thing} from {SEAT_NAMES[a]}")
        elif code == Ev.CRAFT:
            lines.append(f"  crafts {items[a] if a >= 0 else 'a vault'}")
        elif code == Ev.FULFIL:
            lines.append(f"  fulfils {patron(a)}: +{b} VP, {c} VP")
        elif code == Ev.RAISE:
            lines.append(f"  {name}'s {patron(a)} rises to {b}: {c} VP")
        elif code == Ev.REMOVE:
            lines.append(f"  removes {SEAT_NAMES[b]}'s {patron(a)}")
        elif code == Ev.SWAP:
            lines.append(f"  {name} swaps {items[a]} for {items[b]}")
        elif code == Ev.GAIN:
            lines.append(f"  {name} gains {res[a]}")
        elif code == Ev.BANK:
            lines.append(f"  banks {res[a]}")
        elif code == Ev.DRAW:
            lines.append(f"  draws {a} patron(s)")
        elif code == Ev.DISCARD:
            lines.append(f"  discards {patron(a)}")
        elif code == Ev.RETURN:
            lines.append(f"  returns {(items if a == 0 else res)[b]} (storage)")
        elif code == Ev.PLACE:
            lines.append(f"  puts {(items if a == 0 else res)[b]} in vault {c + 1}")
        elif code == Ev.END:
            winner = SEAT_NAMES[b] if b >= 0 else "nobody alone"
            lines.append(f"== End in turn {turn}: {END_TEXT[End(a)].format(winner)} ==")
        elif code == Ev.FINAL:
            won = ", wins" if c else ""
            lines.append(f"{name}: {a} VP, rank {b}{won}")
    return "\n".join(lines) + "\n"
