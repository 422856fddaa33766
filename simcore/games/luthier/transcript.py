"""Readable transcripts: event codes from the kernels become lines of text in Python."""

from __future__ import annotations

from simcore.games.luthier.codes import Ev, Why
from simcore.games.luthier.engine import PlayedGame
from simcore.games.luthier.enums import CardRow, Location, Material, Res, Rule, Source, Track

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")
LOCATION_NAMES = (
    "Salon",
    "Guild",
    "Perform",
    "Repair",
    "Balcony",
    "roughing bench",
    "finishing bench",
)
RES_NAMES = (
    "money",
    "inspiration",
    "animal",
    "wood",
    "metal",
    "material",
    "apprentice",
    "prestige",
)
ROW_KINDS = ("patrons", "instruments", "performances", "repairs")
TIERS = ("I", "II", "III")
WHY = {
    Why.SETUP: "setup",
    Why.SLOT_BONUS: "slot bonus",
    Why.ALTERNATE: "alternate action",
    Why.MARKET: "market",
    Why.LOCATION_BONUS: "4+ bonus",
    Why.TRACK: "track",
    Why.CONVERSION: "conversion",
    Why.ORCHESTRA: "first chair",
    Why.PERFORMANCE: "performance",
    Why.GIFT: "gift",
    Why.ROUND_START: "start of round",
    Why.FAMILY: "family tile",
    Why.SPECIALTY: "specialty worker",
}
MARKERS = {1: "extra storage", 2: "royal patron", 4: "purple die"}
ABILITIES = (
    "track step",
    "take an instrument",
    "take a patron",
    "materials of choice",
    "an extra goal",
)
TOKEN_KINDS = ("instrument", "performance", "repair")
OUTCOMES = ("takes the first chair", "steals the first chair", "no chair")
LEVELS = ("low", "medium", "high")
DICE = ("white", "black")
BENCHES = ("roughing", "finishing")
FAMILY_NAMES = ("strings", "winds", "percussion & keyboards")
ERA_NAMES = ("Baroque", "Classical", "Romantic")
# what a deck search looks for on the card backs, per CardRow (ruling 20)
SEARCH_KEYS = (
    ("performer", "composer", "noble", "royal"),
    FAMILY_NAMES,
    ERA_NAMES,
    FAMILY_NAMES,
)
REQ_CARDS = ("instrument", "performance", "repair")  # ReqCard kinds (ruling 21)
SOURCE_LABELS = tuple(s.name.lower().replace("_", " ") for s in Source)


def _material(m: int) -> str:
    return Material(m).name.lower()


def _seat(p: int) -> str:
    return SEAT_NAMES[p] if 0 <= p < len(SEAT_NAMES) else f"seat {p}"


class Renderer:
    """Formats one game's events; GAIN events join the line of the action they follow."""

    def __init__(self, cards, played: PlayedGame):
        self.cards = cards
        self.played = played
        self.lines: list[str] = []
        self.open_gain_line: int | None = None
        self.scoring_started = False

    def name(self, kind: str, c: int) -> str:
        if c < 0:
            return "-"
        return self.cards.names[kind][c]

    def emit(self, text: str, gains_join: bool = False) -> None:
        self.lines.append(text)
        self.open_gain_line = len(self.lines) - 1 if gains_join else None

    def gain(self, p: int, what: str) -> None:
        if self.open_gain_line is not None:
            self.lines[self.open_gain_line] += f", {what}"
        else:
            self.emit(f"    {_seat(p)} gains {what}", gains_join=True)

    def render(self) -> list[str]:
        for row in self.played.log:
            rnd, p, code = int(row[0]), int(row[1]), int(row[2])
            a, b, c, d, e = (int(x) for x in row[3:8])
            self.event(rnd, p, Ev(code), a, b, c, d, e)
        return self.lines

    def event(self, rnd, p, code, a, b, c, d, e) -> None:  # noqa: C901 - one branch per code
        who = _seat(p)
        if code == Ev.AWARDS:
            tiles = [self.name("awards", t) for t in (a, b, c, d) if t >= 0]
            self.emit("== Setup ==")
            self.emit(f"Public awards: {'; '.join(tiles)}")
        elif code == Ev.DEAL_CARDS:
            self.emit(
                f"{who} is dealt instruments {self.name('instruments', a)} / "
                f"{self.name('instruments', b)} and patrons {self.name('patrons', c)} / "
                f"{self.name('patrons', d)}"
            )
        elif code == Ev.DEAL_FAMILIES:
            self.emit(
                f"{who} is dealt families {self.name('families', a)} / {self.name('families', b)}"
            )
        elif code == Ev.DEAL_GOALS:
            goals = ", ".join(self.name("goals", x) for x in (a, b, c, d) if x >= 0)
            self.emit(f"{who} is dealt goals {goals}")
        elif code == Ev.KEEP_FAMILY:
            order = int(self.cards.arrays.family_turn_order[a])
            self.emit(
                f"{who} keeps family {self.name('families', a)} (turn order {order})",
                gains_join=True,
            )
        elif code == Ev.KEEP_GOAL:
            self.emit(f"{who} keeps goal {self.name('goals', a)}")
        elif code == Ev.KEEP_INSTRUMENT:
            self.emit(f"{who} keeps instrument {self.name('instruments', a)}")
        elif code == Ev.KEEP_PATRON:
            self.emit(
                f"{who} places patron {self.name('patrons', a)} in slot {b + 1}", gains_join=True
            )
        elif code == Ev.TURN_ORDER:
            order = ", ".join(_seat(x) for x in (a, b, c, d) if x >= 0)
            self.emit(f"Turn order: {order}")
        elif code == Ev.ROUND_START:
            prices = self.cards.arrays.market_price[b]
            self.emit("")
            self.emit(
                f"== Round {a} == market {self.name('market', b)}: animal {prices[0]}, "
                f"wood {prices[1]}, metal {prices[2]}"
            )
        elif code == Ev.WORKER_JOINS:
            self.emit(f"{who}'s worker {a + 1} joins the family")
        elif code == Ev.PLACE:
            appr = f" + {c} apprentice{'s' if c != 1 else ''}" if c else ""
            self.emit(f"  {who} places worker {a + 1}{appr} at {LOCATION_NAMES[b]}")
        elif code == Ev.ACTIVATE:
            self.emit(f"  {who} activates {LOCATION_NAMES[a]}")
        elif code == Ev.WORKER_ACTS:
            self.emit(f"    {who} worker {b + 1} (skill {c})", gains_join=True)
        elif code == Ev.ALT:
            what = "takes the 2 money" if b < 0 else "alternate action"
            if self.open_gain_line is not None:
                self.lines[self.open_gain_line] += f": {what}"
            else:
                self.emit(f"    {who}: {what}", gains_join=True)
        elif code == Ev.GAIN:
            self.gain(p, f"+{b} {RES_NAMES[a]}" + self._why(c))
        elif code == Ev.PAY:
            self.gain(p, f"-{b} {RES_NAMES[a]}" + self._why(c))
        elif code == Ev.DISCARD:
            self.gain(p, f"discards 1 {_material(a)} (storage full)")
        elif code == Ev.TRACK:
            self.gain(p, f"{Track(a).name.lower()} track to step {b}")
        elif code == Ev.DRAW_KEEP:
            self.gain(p, f"draws 3 instruments, keeps {self.name('instruments', a)}")
        elif code == Ev.PLAN_TO_BENCH:
            self.gain(p, f"puts {self.name('instruments', a)} on the roughing bench")
        elif code == Ev.SCORE:
            self.gain(p, f"+{b} prestige ({SOURCE_LABELS[a]})")
        elif code == Ev.MARKET:
            self.emit(f"  {who} goes to the market", gains_join=True)
        elif code == Ev.BUY:
            self.gain(p, f"buys 1 {_material(a)}" + self._paid(b, c))
        elif code == Ev.SELL:
            self.gain(p, f"sells 1 {_material(a)} for {b}")
        elif code == Ev.HIRE:
            self.gain(p, "hires an apprentice" + self._paid(b, c))
        elif code == Ev.TRAIN:
            self.gain(p, f"trains {Track(a).name.lower()}" + self._paid(b, c))
        elif code == Ev.MARKET_DONE:
            if self.open_gain_line is not None and self.lines[-1].endswith("market"):
                self.lines[-1] += ": buys nothing"
            self.open_gain_line = None
        elif code == Ev.PASS:
            self.emit(f"  {who} passes")
        elif code == Ev.ROW_DRAW:
            if rnd > 0:
                return  # refills are summarised by the rows line below
        elif code == Ev.ROW_DISCARD:
            return
        elif code == Ev.PATRONS_II:
            self.emit("  The patron I deck is discarded: patron II cards from now on")
        elif code == Ev.RESHUFFLE:
            self.emit(f"  The {ROW_KINDS[a]} deck is reshuffled from its discards")
        elif code == Ev.FINAL:
            return  # the final table follows
        else:
            self.event_part2(p, code, a, b, c, d, e)

    def event_part2(self, p, code, a, b, c, d, e) -> None:
        """Instruments, performances, repairs, the orchestra and specialty workers."""
        who = _seat(p)
        if code == Ev.TAKE_CARD:
            kind = ROW_KINDS[a]
            paid = self._paid(d, e) if d or e else ""
            self.gain(p, f"takes {self.name(kind, b)} (tier {TIERS[c]}){paid}")
        elif code == Ev.SEARCH:
            kind = ROW_KINDS[a]
            self.gain(
                p,
                f"searches the {kind} deck for {SEARCH_KEYS[a][e]}: "
                f"{self.name(kind, b)}{self._paid(c, d)}"
                ", the apprentice leaves the game",
            )
        elif code == Ev.ROUGH:
            self.gain(p, f"roughs {self.name('instruments', a)} ({self._materials(b, c, d)})")
        elif code == Ev.FINISH:
            self.gain(p, f"finishes {self.name('instruments', a)} ({self._materials(b, c, d)})")
        elif code == Ev.ROLL:
            self.gain(p, f"rolls {DICE[c]} {a} + {DICE[d]} {b}")
        elif code == Ev.REROLL:
            self.gain(p, f"rerolls die {a + 1}: {b}")
        elif code == Ev.PURPLE:
            self.gain(p, f"purple die face {a + 1}")
        elif code == Ev.PERFORM:
            insp = f" with {d} inspiration" if d else ""
            self.gain(p, f"performs {self.name('performances', a)}: total {b}{insp}, {LEVELS[c]}")
        elif code == Ev.REPAIR:
            insp = f" + {e} inspiration" if e else ""
            self.gain(p, f"repairs {self.name('repairs', a)} ({self._materials(b, c, d)}{insp})")
        elif code == Ev.TOKEN:
            self.gain(p, f"{TOKEN_KINDS[b]} token on {self.name('orchestra', a)}: {OUTCOMES[c]}")
        elif code == Ev.NO_TOKEN:
            self.gain(p, f"no {TOKEN_KINDS[a]} token left: none placed, no chair (ruling 25)")
        elif code == Ev.APPRENTICES_LOST:
            self.gain(p, self._apprentices_lost(a, b, c, d))
        elif code == Ev.BENCH_TAKE:
            self.emit(
                f"  {who} takes {self.name('instruments', b)} back from the {BENCHES[a]} bench"
            )
        elif code == Ev.BENCH_PUT:
            self.emit(f"  {who} puts {self.name('instruments', a)} on the roughing bench")
        elif code == Ev.SPECIALTY:
            self.gain(p, f"chooses specialty worker {self.name('specialty', a)}")
        elif code in (
            Ev.GIFT,
            Ev.LEAVE,
            Ev.SATISFY,
            Ev.COMPLETE,
            Ev.CLAIM,
            Ev.MARKER,
            Ev.PATRON,
            Ev.SALON_GIFT,
            Ev.FAMILY_ABILITY,
            Ev.SETUP2P,
            Ev.ENDGAME,
            Ev.DESIGNATE,
        ):
            self.event_part3(p, code, a, b, c, d)
        elif code == Ev.ASSIGN_CHIP:
            self.emit(
                f"  {who} assigns worker {a + 1} to specialty worker {self.name('specialty', b)}"
            )

    def event_part3(self, p, code, a, b, c, d=0) -> None:
        """Patrons, awards, family tiles, the two-player setup and end-game scoring."""
        who = _seat(p)
        reqs = ("primary", "secondary 1", "secondary 2")
        if code == Ev.GIFT:
            self.emit(
                f"  {who} receives gift {b + 1} of {self.name('patrons', a)}", gains_join=True
            )
        elif code == Ev.LEAVE:
            self.emit(
                f"  {self.name('patrons', a)} loses patience and leaves {who}: "
                f"{b} unmet requirement(s), -{c} prestige"
            )
        elif code == Ev.SATISFY:
            self.gain(
                p,
                f"meets {self.name('patrons', a)}'s {reqs[b]} requirement"
                f" (with {self._req_card(c, d)})",
            )
        elif code == Ev.DESIGNATE:  # follows COMPLETE: which card met which requirement
            what = f"[{reqs[b]}: {self._req_card(c, d)}]"
            if self.open_gain_line is not None:
                self.lines[self.open_gain_line] += f" {what}"
            else:
                self.emit(f"    {what}")
        elif code == Ev.COMPLETE:
            self.gain(p, f"completes {self.name('patrons', a)} (+{b} prestige)")
        elif code == Ev.CLAIM:
            self.gain(p, f"claims award {self.name('awards', a)} level {b + 1} (+{c} prestige)")
        elif code == Ev.MARKER:
            self.gain(p, f"unlocks {MARKERS.get(a, '?')}")
        elif code == Ev.PATRON:
            self.gain(p, f"places patron {self.name('patrons', a)} in slot {b + 1}")
        elif code == Ev.SALON_GIFT:
            self.gain(p, f"calms {self.name('patrons', a)} and takes gift {b + 1}")
        elif code == Ev.FAMILY_ABILITY:
            self.emit(
                f"{who}'s family tile {self.name('families', a)}: {ABILITIES[b]}", gains_join=True
            )
        elif code == Ev.SETUP2P:
            self.emit(f"Two-player orchestra setup card: {self.name('setup2p', a)}")
        elif code == Ev.ENDGAME:
            if not self.scoring_started:
                self.scoring_started = True
                self.emit("")
                self.emit("== End-game scoring ==")
            if b:
                self.emit(f"  {who}: +{b} prestige ({SOURCE_LABELS[a]})")

    def _apprentices_lost(self, lost: int, held: int, limit: int, why: int) -> str:
        """A gain beyond the apprentice limit (ruling 26): "+1 apprentice: none, 3/3"."""
        what = f"+{lost} apprentice{'s' if lost != 1 else ''}{self._why(why)}"
        if limit < int(self.cards.arrays.rules[Rule.APPRENTICE_CAP]):
            return f"{what}: lost, limit {limit} after a deck search ({held}/{limit})"
        return f"{what}: none, {held}/{limit}"

    @staticmethod
    def _paid(money: int, insp: int) -> str:
        parts = []
        if money:
            parts.append(f"{money} money")
        if insp:
            parts.append(f"{insp} inspiration")
        return f" ({' + '.join(parts) or 'free'})"

    @staticmethod
    def _req_card(kind: int, key: int) -> str:
        """A card kept under a patron (ruling 21): "a Baroque performance", "a winds repair"."""
        names = ERA_NAMES if kind == 1 else FAMILY_NAMES
        return f"a {names[key]} {REQ_CARDS[kind]}"

    @staticmethod
    def _materials(animal: int, wood: int, metal: int) -> str:
        parts = [f"{n} {m}" for n, m in ((animal, "animal"), (wood, "wood"), (metal, "metal")) if n]
        return " + ".join(parts) or "free"

    @staticmethod
    def _why(why: int) -> str:
        return "" if why in (Why.ALTERNATE, Why.MARKET) else f" ({WHY.get(why, '?')})"


def rows_summary(cards, played: PlayedGame) -> list[str]:
    """The card rows as they stand at the end of the game, tier by tier."""
    lines = []
    rows = played.game["rows"]
    for r in CardRow:
        tiers = []
        for t in range(3):
            ids = [int(x) for x in rows[r, t] if x >= 0]
            tiers.append(
                f"{TIERS[t]}: " + (", ".join(cards.names[ROW_KINDS[r]][i] for i in ids) or "-")
            )
        lines.append(f"  {ROW_KINDS[r]:<13} " + " | ".join(tiers))
    return lines


def final_table(cards, played: PlayedGame) -> list[str]:
    """One column per seat (under 100 columns): family, prestige by source, the total,
    money after conversion and rank."""
    seats = played.seats
    n = len(seats)
    label = 14
    col = 12

    def row(name: str, values) -> str:
        return f"{name:<{label}}" + "".join(f"{str(v)[: col - 1]:>{col}}" for v in values)

    families = cards.names["families"]
    lines = [row("seat", [_seat(p) for p in range(n)])]
    lines.append(row("family", [families[int(seats[p]["family"])] for p in range(n)]))
    for i, name in enumerate(SOURCE_LABELS):
        lines.append(row(name, [int(seats[p]["prestige_src"][i]) for p in range(n)]))
    lines.append(row("total", [int(seats[p]["prestige"]) for p in range(n)]))
    lines.append(row("money", [int(seats[p]["final_money"]) for p in range(n)]))
    lines.append(row("rank", [int(seats[p]["rank"]) for p in range(n)]))
    winners = [_seat(p) for p in range(n) if seats[p]["win"] > 0]
    lines.append("")
    lines.append(("Winner: " if len(winners) == 1 else "Shared victory: ") + ", ".join(winners))
    return lines


def render_transcript(cards, played: PlayedGame, header: list[str]) -> str:
    """The full transcript of one game as text."""
    lines = list(header)
    lines += Renderer(cards, played).render()
    lines += ["", "== End of game: card rows =="] + rows_summary(cards, played)
    lines += ["", "== Final scores (prestige by source) =="] + final_table(cards, played)
    return "\n".join(lines) + "\n"


__all__ = ["render_transcript", "SEAT_NAMES", "LOCATION_NAMES", "Location", "Res"]
