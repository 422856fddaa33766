"""Readable transcripts: event-log rows, decoded by events.py, become lines of text.

First the rules that differ from the shipped defaults (transcript_state.readings_lines),
then the game; instruments and rows by name (never their ids).

One formatter per event code (`FORMATTERS`). Every turn shows its placements (where
each musician came from, where it went, the points), completed rows and the critic,
the critic's bonus, the declared draw and each counter drawn, and the mover's agency
after the turn; the end shows what ended the game and each seat's final points with
their parts and the contracts paid.
"""

from __future__ import annotations

from collections.abc import Callable

from simcore.games.maestro.output.events import Event, decode, row_label, seat_name, tile_name
from simcore.games.maestro.output.transcript_state import readings_lines
from simcore.games.maestro.play.engine import PlayedGame
from simcore.games.maestro.state.codes import End, Ev, Why
from simcore.games.maestro.state.dtypes import AGENCY, CONDUCTOR, EMPTY

END_TEXT = {
    End.APPLAUSE: "the last applause counter was placed",
    End.CANNOT_DRAW: "a player could not draw",
    End.LIMIT: "the turn cap (no sound game of these rules reaches it)",
    End.NONE: "?",
}


class Renderer:
    """Formats one game's events, keeping the agencies and rows to show them."""

    def __init__(self, cards, played: PlayedGame):
        self.cards = cards
        self.played = played
        n = len(played.seats)
        self.agency = [[EMPTY] * (AGENCY - 1) + [CONDUCTOR] for _ in range(n)]
        self.row_n = [0] * cards.table.n_rows
        self.lines: list[str] = []
        self.mover = -1

    def instrument_name(self, iid: str) -> str:
        """An instrument's name from its id ("double_bass" -> "double bass")."""
        return self.cards.names["instruments"][self.cards.ids["instruments"].index(iid)]

    def row_label(self, r: int) -> str:
        return row_label(self.cards.records["rows"][r])

    def agency_text(self, p: int) -> str:
        held = [
            f"{k + 1}:{tile_name(self.cards, t)}" for k, t in enumerate(self.agency[p]) if t >= 0
        ]
        return ", ".join(held) or "empty"

    def end_turn(self) -> None:
        if self.mover >= 0:
            self.lines.append(f"  agency: {self.agency_text(self.mover)}")
        self.mover = -1

    def render(self) -> list[str]:
        for ev in decode(self.played.log):
            FORMATTERS[ev.code](self, ev)
        return self.lines

    # ------------------------------------------------------------ formatters

    def on_first(self, ev: Event) -> None:
        n = len(self.played.seats)
        who = ", ".join(f"{seat_name(p)} ({s.name})" for p, s in enumerate(self.played.strategies))
        self.lines.append("== Setup ==")
        self.lines.append(f"Agencies: {who}; each starts with a conductor on space 10.")
        self.lines.append(f"{seat_name(ev.seat)} starts ({n} players).")

    def on_turn(self, ev: Event) -> None:
        self.end_turn()
        self.mover = ev.seat
        self.lines.append(f"== Turn {ev.turn}: {seat_name(ev.seat)} ==")

    def on_place(self, ev: Event) -> None:
        q, k, r, j, t = (ev["source"], ev["space"], ev["row"], ev["slot"], ev["tile"])
        self.agency[q][k] = EMPTY
        self.row_n[r] += 1
        whose = "own" if q == ev.seat else f"{seat_name(q)}'s"
        inst = self.cards.records["rows"][r]["instruments"][j]
        on = "" if t != CONDUCTOR else f" as the {self.instrument_name(inst)}"
        length = int(self.cards.table.row_len[r])
        self.lines.append(
            f"  places {tile_name(self.cards, t)} from {whose} space {k + 1} into "
            f"{self.row_label(r)} at space {j + 1}{on} ({self.row_n[r]}/{length})"
        )

    def on_points(self, ev: Event) -> None:
        why = Why(ev["why"])
        if why == Why.PLACED:
            self.lines[-1] += f": +{ev['points']}"
        elif why == Why.ONE_TURN:
            self.lines.append(f"  filled in one turn: +{ev['points']} more")
        else:
            self.lines.append(f"  holds the critic at the draw: +{ev['points']}")

    def on_complete(self, ev: Event) -> None:
        how = "opened and completed in one turn" if ev["one_turn"] else "completed"
        self.lines.append(f"  {self.row_label(ev['row'])} {how}")

    def on_critic(self, ev: Event) -> None:
        prev = seat_name(ev["previous"])
        src = f" from {prev}" if prev and ev["previous"] != ev.seat else ""
        self.lines.append(f"  takes the critic{src}")

    def on_declare(self, ev: Event) -> None:
        self.lines.append(f"  declares a draw of {ev['counters']}")

    def on_draw(self, ev: Event) -> None:
        self.agency[ev.seat][ev["space"]] = ev["tile"]
        self.lines.append(
            f"  draws {tile_name(self.cards, ev['tile'])} -> agency space {ev['space'] + 1}"
        )

    def on_applause(self, ev: Event) -> None:
        total = int(self.cards.rule("applause"))
        self.lines.append(f"  draws applause ({ev['on_track']}/{total} on the track)")

    def on_cannot_draw(self, ev: Event) -> None:
        self.lines.append(
            f"  cannot draw ({ev['free_spaces']} free agency spaces, {ev['pool']} counters left)"
        )

    def on_skip(self, ev: Event) -> None:
        self.lines.append("  skips the draw")

    def on_end(self, ev: Event) -> None:
        self.end_turn()
        why = END_TEXT[End(ev["trigger"])]
        self.lines.append(f"== End: {why}, in {seat_name(ev.seat)}'s turn {ev.turn} ==")

    def on_contracts(self, ev: Event) -> None:
        p = ev.seat
        self.lines.append(
            f"{seat_name(p)} pays {ev['paid']} for {ev['unplaced']} unplaced "
            f"({self.agency_text(p)})"
        )

    def on_final(self, ev: Event) -> None:
        if not any(line.startswith("== Final") for line in self.lines):
            self.lines.append("== Final points ==")
        s = self.played.seats[ev.seat]
        win = "  WINS" if ev["winner"] else ""
        self.lines.append(
            f"{seat_name(ev.seat)}: {ev['points']} = {s['placed_points']} placed"
            f" + {s['one_turn_points']} one-turn + {s['critic_points']} critic"
            f" - {s['contracts']} contracts; rank {ev['rank']}{win}"
        )


FORMATTERS: dict[Ev, Callable[[Renderer, Event], None]] = {
    Ev.FIRST: Renderer.on_first,
    Ev.TURN: Renderer.on_turn,
    Ev.PLACE: Renderer.on_place,
    Ev.POINTS: Renderer.on_points,
    Ev.COMPLETE: Renderer.on_complete,
    Ev.CRITIC: Renderer.on_critic,
    Ev.DECLARE: Renderer.on_declare,
    Ev.DRAW: Renderer.on_draw,
    Ev.APPLAUSE: Renderer.on_applause,
    Ev.CANNOT_DRAW: Renderer.on_cannot_draw,
    Ev.SKIP: Renderer.on_skip,
    Ev.END: Renderer.on_end,
    Ev.CONTRACTS: Renderer.on_contracts,
    Ev.FINAL: Renderer.on_final,
}


def render_transcript(cards, played: PlayedGame, header: list[str]) -> str:
    """The header's lines, the rules that differ from the defaults, then the game turn by
    turn."""
    lines = [*header, *readings_lines(cards), *Renderer(cards, played).render()]
    return "\n".join(lines) + "\n"
