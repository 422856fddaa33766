"""What a transcript says besides the events: the rule readings in force and the state
blocks.

Readings: a transcript starts with every rule of the card set whose value differs from
the shipped rules.toml (`readings`), so a referee can tell which switches a game was
played under. The rules are read from the card set's rules table as a whole, so a new
switch in rules.toml appears here without a change to this file.

State blocks (`tutti play --jsonl`, as Luthier's): the game's public state after setup,
at the end of every turn and after the final scoring. Maestro's kernel keeps no
snapshots, so the state is replayed here from the event log (`states`): the board's rows
with the musician on each space and the seat that placed it, the critic and the applause
track, each seat's points so far and agency (drawn counters lie face up), and the pool's
counts (face down; what is left follows from what has been drawn, so the counts are
public). A test checks the last block against the game's final records.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from simcore.games.maestro.carddata.cards import load_default_cards
from simcore.games.maestro.output.events import Event, decode, row_label, seat_name, tile_name
from simcore.games.maestro.play.engine import PlayedGame
from simcore.games.maestro.state.codes import Ev
from simcore.games.maestro.state.dtypes import AGENCY, CONDUCTOR, EMPTY


def readings(cards) -> dict[str, dict[str, Any]]:
    """Each rule whose value differs from the shipped default: key -> {value, default}.

    A rule the shipped set lacks (a user's own key) counts as differing, default None."""
    default = load_default_cards().rules
    return {
        key: {"value": v, "default": default.get(key)}
        for key, v in cards.rules.items()
        if key not in default or default[key] != v
    }


def show(v: Any) -> str:
    """A rule value as rules.toml writes it (true, 12, row_now)."""
    return str(v).lower() if isinstance(v, bool) else str(v)


def readings_lines(cards) -> list[str]:
    """The readings as transcript text: one line each, or one line saying there are none."""
    differ = readings(cards)
    if not differ:
        return ["Rules: the defaults of rules.toml"]
    lines = [f"Rules differing from the defaults of rules.toml ({len(differ)}):"]
    for key, r in differ.items():
        lines.append(f"  {key} = {show(r['value'])} (default {show(r['default'])})")
    return lines


class Replay:
    """The public state of one game, kept up to date event by event."""

    def __init__(self, cards, played: PlayedGame):
        self.cards = cards
        n = len(played.seats)
        table = cards.table
        self.n = n
        self.agency = [[EMPTY] * (AGENCY - 1) + [CONDUCTOR] for _ in range(n)]
        self.points = [0] * n
        self.paid = [0] * n
        self.board = [[EMPTY] * int(table.row_len[r]) for r in range(table.n_rows)]
        self.board_seat = [[-1] * int(table.row_len[r]) for r in range(table.n_rows)]
        self.row_done = [(-1, 0)] * table.n_rows  # (seat, turn) that completed it
        self.critic = (-1, -1)  # (seat, row)
        self.applause = 0
        self.pool_musicians = int(table.inst_tiles[: table.n_inst].sum())
        self.pool_conductors = int(cards.rule("conductors")) - n
        self.pool_applause = int(cards.rule("applause"))

    def apply(self, ev: Event) -> None:
        """Advance the state by one event."""
        if ev.code == Ev.PLACE:
            self.agency[ev["source"]][ev["space"]] = EMPTY
            self.board[ev["row"]][ev["slot"]] = ev["tile"]
            self.board_seat[ev["row"]][ev["slot"]] = ev.seat
        elif ev.code == Ev.POINTS:
            self.points[ev.seat] += ev["points"]
        elif ev.code == Ev.COMPLETE:
            self.row_done[ev["row"]] = (ev.seat, ev.turn)
        elif ev.code == Ev.CRITIC:
            self.critic = (ev.seat, ev["row"])
        elif ev.code == Ev.DRAW:
            self.agency[ev.seat][ev["space"]] = ev["tile"]
            if ev["tile"] == CONDUCTOR:
                self.pool_conductors -= 1
            else:
                self.pool_musicians -= 1
        elif ev.code == Ev.APPLAUSE:
            self.applause = ev["on_track"]
            self.pool_applause -= 1
        elif ev.code == Ev.CONTRACTS:
            self.paid[ev.seat] = ev["paid"]
            self.points[ev.seat] -= ev["paid"]

    def rows(self) -> list[dict[str, Any]]:
        recs = self.cards.records["rows"]
        out = []
        for r, spaces in enumerate(self.board):
            insts = recs[r]["instruments"]
            done_by, done_turn = self.row_done[r]
            out.append(
                {
                    "row": recs[r]["id"],
                    "name": row_label(recs[r]),
                    "musicians": sum(t != EMPTY for t in spaces),
                    "length": len(spaces),
                    "completed_by": seat_name(done_by),
                    "completed_turn": done_turn or None,
                    "spaces": [
                        {
                            "space": j + 1,
                            "instrument": self.cards.names["instruments"][
                                self.cards.ids["instruments"].index(insts[j])
                            ],
                            "musician": tile_name(self.cards, t) if t != EMPTY else None,
                            "placed_by": seat_name(self.board_seat[r][j]),
                        }
                        for j, t in enumerate(spaces)
                    ],
                }
            )
        return out

    def seats(self) -> list[dict[str, Any]]:
        out = []
        for p in range(self.n):
            held = {k + 1: tile_name(self.cards, t) for k, t in enumerate(self.agency[p]) if t >= 0}
            out.append(
                {
                    "seat": seat_name(p),
                    "points": self.points[p],
                    "contracts_paid": self.paid[p],
                    "held": len(held),
                    "agency": {str(k): name for k, name in held.items()},
                    "critic": self.critic[0] == p,
                }
            )
        return out

    def state(self, k: int, after: str) -> dict[str, Any]:
        """Block k as one dict (the JSON line)."""
        return {
            "event": "state",
            "snapshot": k,
            "after": after,
            "seats": self.seats(),
            "board": {
                "rows": self.rows(),
                "critic": seat_name(self.critic[0]),
                "critic_row": self.cards.ids["rows"][self.critic[1]]
                if self.critic[1] >= 0
                else None,
                "applause_on_track": self.applause,
                "applause_total": int(self.cards.rule("applause")),
            },
            "pool": {
                "counters": self.pool_musicians + self.pool_conductors + self.pool_applause,
                "musicians": self.pool_musicians,
                "conductors": self.pool_conductors,
                "applause": self.pool_applause,
            },
        }


def events_and_states(cards, played: PlayedGame) -> Iterator[Event | dict[str, Any]]:
    """Every event in order, with a state block (a dict) after setup, at the end of every
    turn (before the next turn's TURN event, or the END event) and after the last event."""
    replay = Replay(cards, played)
    k = 0
    turn = 0  # the turn whose events are being read; 0 = setup
    for ev in decode(played.log):
        if ev.code in (Ev.TURN, Ev.END) and (turn > 0 or ev.code == Ev.TURN):
            yield replay.state(k, "setup" if turn == 0 else f"turn {turn}")
            k += 1
        if ev.code == Ev.TURN:
            turn = ev.turn
        elif ev.code == Ev.END:
            turn = -1  # the end's events: no block until the last
        replay.apply(ev)
        yield ev
    yield replay.state(k, "the end")


def replay_all(cards, played: PlayedGame) -> Replay:
    """The replayed state after every event (for the test against the game's records)."""
    replay = Replay(cards, played)
    for ev in decode(played.log):
        replay.apply(ev)
    return replay
