"""Readable transcripts: event-log rows, decoded by events.py, become lines of text.

One formatter per event code (`FORMATTERS`). An action opens a line; what follows from
it (gains, prestige, track steps) joins that line while it is the same seat's, and
rolls, payments, tokens and patron effects get sub-lines, so no line passes WIDTH
characters. Every modifier is written out where it acts: a specialty chip and each part
of a worker's skill, cost reductions and their sources, apprentice gains lost to the
limit (ruling 26), tokens not placed (ruling 25), patron powers, who holds a chair a
token did not take, floored prestige losses, goal levels.
State blocks (transcript_state.py) follow setup and every round.
"""

from __future__ import annotations

from collections.abc import Callable

from simcore.games.luthier.output.events import (
    LABELS,
    MARKERS,
    ROW_KINDS,
    SEAT_NAMES,
    Event,
    card_kind,
    decode,
    field_kind,
    seat_name,
    value_name,
    why_label,
)
from simcore.games.luthier.output.transcript_state import (
    WIDTH,
    family_name,
    req_card_name,
    state_dict,
    state_lines,
    wrap,
)
from simcore.games.luthier.play.engine import PlayedGame
from simcore.games.luthier.state.codes import Ev, Why
from simcore.games.luthier.state.enums import (
    Family,
    Location,
    Material,
    PatronPower,
    Res,
    Rule,
    Source,
    SpecialtyAbility,
    Track,
)
from simcore.games.luthier.state.track_steps import TRACK_FINAL

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
ABILITIES = (
    "track step",
    "take an instrument",
    "take a patron",
    "materials of choice",
    "an extra goal",
    "no ability",
)
SOURCE_LABELS = tuple(s.name.lower().replace("_", " ") for s in Source)
BENCH_BONUS = {Location.ROUGHING: "roughing 5+", Location.FINISHING: "finishing 4+"}


def _seat(p: int) -> str:
    return seat_name(p) or "board"


def _materials(animal: int, wood: int, metal: int) -> str:
    parts = [f"{n} {m}" for n, m in ((animal, "animal"), (wood, "wood"), (metal, "metal")) if n]
    return " + ".join(parts) or "nothing"


def _key(cards, ev: Event, name: str = "key") -> str:
    """A family, era or patron type named by a field: "strings", "percussion & keyboards",
    "romantic", "noble" (a deck-search key, ruling 20, or a kept card's, ruling 21)."""
    if card_kind(ev, field_kind(ev.code, name)) is Family:
        return family_name(ev[name])
    return str(value_name(cards, ev, name))


def _req_card(cards, ev: Event) -> str:
    """A card kept under a patron (ruling 21): "a baroque performance", "a winds repair"."""
    return req_card_name(ev["card"], ev["key"])


def _paid(money: int, insp: int) -> str:
    parts = [f"{money} money"] if money else []
    if insp:
        parts.append(f"{insp} inspiration")
    return " + ".join(parts) or "free"


class Renderer:
    """Formats one game's events into lines of at most about WIDTH characters."""

    def __init__(self, cards, played: PlayedGame):
        self.cards = cards
        self.a = cards.arrays
        self.played = played
        self.lines: list[str] = []
        self.open_seat: int | None = None  # seat whose action the last line belongs to
        self.open_indent = ""  # indent of that action's head line
        self.powers: list[Event] = []  # patron powers waiting for the line they modify
        self.acts: Event | None = None  # the WORKER_ACTS waiting for its SKILL row
        self.skill = 0  # skill of the worker acting now
        self.spec = -1  # specialty card whose ability works for that worker (-1 none)
        self.discount: Event | None = None
        self.notes = [0, 0]
        self.colors = [0, 0]
        self.market_items = 0
        self.goal: Event | None = None
        self.scoring_started = False
        self.last: int | None = None
        self.prev: Event | None = None  # the event rendered just before this one

    # ------------------------------------------------------------ lines

    def name(self, kind: str, c: int) -> str:
        return self.cards.names[kind][c] if c >= 0 else "-"

    def emit(self, text: str, seat: int | None = None, indent: str = "") -> None:
        """A new line; with a seat, later fragments of that seat join it."""
        self.lines.append(indent + text)
        self.open_seat = seat
        self.open_indent = indent

    def close(self) -> None:
        self.open_seat = None

    def join(self, p: int, text: str, sep: str = ", ") -> None:
        """Add a fragment to seat p's open action, on a continuation line when too long."""
        if self.open_seat != p:
            self.emit(f"{_seat(p)}: {text}", p, "  ")
            return
        if len(self.lines[-1]) + len(sep) + len(text) > WIDTH:
            self.lines.append(self.open_indent + "  " + text)
        else:
            self.lines[-1] += sep + text

    def sub(self, p: int, text: str) -> None:
        """A sub-line of seat p's open action (rolls, payments, tokens, patrons)."""
        if self.open_seat != p:
            self.emit(f"{_seat(p)}: {text}", p, "  ")
            return
        self.lines.append(self.open_indent + "  " + text)

    def take_powers(self, *powers: PatronPower) -> list[Event]:
        got = [e for e in self.powers if e["power"] in powers]
        self.powers = [e for e in self.powers if e["power"] not in powers]
        return got

    # ------------------------------------------------------------ driving

    def render(self) -> list[str]:
        for ev in decode(self.played.log):
            fmt = FORMATTERS.get(ev.code)
            if fmt is None:
                self.join(ev.seat, f"event {int(ev.code)} {list(ev.values.values())}")
            else:
                fmt(self, ev)
            self.last = ev.code
            self.prev = ev
        return self.lines

    # ------------------------------------------------------------ setup

    def on_awards(self, ev: Event) -> None:
        tiles = [self.name("awards", t) for t in ev.values.values() if t >= 0]
        self.emit("== Setup ==")
        self.lines += wrap("Public awards:", tiles, "  ", sep=";")

    def on_deal_cards(self, ev: Event) -> None:
        n = self.name
        head = (
            f"{_seat(ev.seat)} is dealt instruments {n('instruments', ev['instrument_1'])} / "
            f"{n('instruments', ev['instrument_2'])}"
        )
        patrons = f"and patrons {n('patrons', ev['patron_1'])} / {n('patrons', ev['patron_2'])}"
        first, *rest = wrap(head, [patrons], "  ")
        self.emit(first)
        self.lines += rest

    def on_deal_families(self, ev: Event) -> None:
        f1, f2 = (self.name("families", ev[k]) for k in ("family_1", "family_2"))
        self.emit(f"{_seat(ev.seat)} is dealt families {f1} / {f2}")

    def on_deal_goals(self, ev: Event) -> None:
        goals = [self.name("goals", x) for x in ev.values.values() if x >= 0]
        self.lines += wrap(f"{_seat(ev.seat)} is dealt goals", goals, "  ")
        self.close()

    def on_keep_family(self, ev: Event) -> None:
        order = int(self.a.family_turn_order[ev["family"]])
        fam = self.name("families", ev["family"])
        self.emit(f"{_seat(ev.seat)} keeps family {fam} (turn order {order})", ev.seat)

    def on_keep(self, ev: Event) -> None:
        what, kind = {
            Ev.KEEP_GOAL: ("goal", "goals"),
            Ev.KEEP_INSTRUMENT: ("instrument", "instruments"),
        }[ev.code]
        self.emit(f"{_seat(ev.seat)} keeps {what} {self.name(kind, ev[what])}")

    def on_keep_patron(self, ev: Event) -> None:
        pat = self.name("patrons", ev["patron"])
        self.emit(f"{_seat(ev.seat)} places patron {pat} in slot {ev['slot'] + 1}", ev.seat)

    def on_family_ability(self, ev: Event) -> None:
        fam = self.name("families", ev["family"])
        self.emit(f"{_seat(ev.seat)}'s family tile {fam}: {ABILITIES[ev['ability']]}", ev.seat)

    def on_setup2p(self, ev: Event) -> None:
        self.emit(f"Two-player orchestra setup card: {self.name('setup2p', ev['setup_card'])}")

    def on_turn_order(self, ev: Event) -> None:
        order = ", ".join(_seat(x) for x in ev.values.values() if x >= 0)
        self.emit(f"Turn order: {order}" if ev.round == 0 else f"  Next turn order: {order}")

    def on_state(self, ev: Event) -> None:
        self.emit("")
        self.lines += state_lines(state_dict(self.cards, self.played, ev["snapshot"]))
        self.close()

    # ------------------------------------------------------------ rounds

    def on_round_start(self, ev: Event) -> None:
        prices = self.a.market_price[ev["market_card"]]
        self.emit("")
        self.emit(
            f"== Round {ev['round_no']} == market {self.name('market', ev['market_card'])}: "
            f"animal {prices[0]}, wood {prices[1]}, metal {prices[2]}"
        )

    def on_worker_joins(self, ev: Event) -> None:
        self.emit(f"{_seat(ev.seat)}'s worker {ev['chip'] + 1} joins the family", None, "  ")

    def on_place(self, ev: Event) -> None:
        c = ev["apprentices"]
        appr = f" + {c} apprentice{'s' if c != 1 else ''}" if c else ""
        loc = LOCATION_NAMES[ev["location"]]
        self.emit(f"{_seat(ev.seat)} places worker {ev['chip'] + 1}{appr} at {loc}", None, "  ")

    def on_activate(self, ev: Event) -> None:
        self.emit(f"{_seat(ev.seat)} activates {LOCATION_NAMES[ev['location']]}", None, "  ")

    def on_worker_acts(self, ev: Event) -> None:
        self.acts = ev
        self.skill = ev["skill"]
        self.spec = ev["specialty"]

    def on_skill(self, ev: Event) -> None:
        """The worker line: the chip (a specialty chip by its card's name) and its skill."""
        acts = self.acts
        if acts is None:
            return
        chip = acts["chip"] + 1
        card = ev["chip_specialty"]
        who = f"{self.name('specialty', card)} (chip {chip})" if card >= 0 else f"worker {chip}"
        parts = [str(chip)]
        if acts["apprentices"]:
            n = acts["apprentices"]
            parts.append(f"{n} apprentice{'s' if n != 1 else ''}")
        if ev["bench_skill"]:
            names = [
                self.name("patrons", e["patron"]) for e in self.take_powers(PatronPower.BENCH_SKILL)
            ]
            parts.append(
                f"{ev['bench_skill']} bench" + (f" (incl. {', '.join(names)})" if names else "")
            )
        if ev["specialty_skill"]:
            parts.append(f"{ev['specialty_skill']} specialty")
        skill = " + ".join(parts) + (f" = {acts['skill']}" if len(parts) > 1 else "")
        note = ""
        if card >= 0 and acts["specialty"] < 0:
            where = LOCATION_NAMES[int(self.a.specialty_location[card])]
            note = f"; its ability acts only at {where}"
        self.emit(f"{_seat(acts.seat)} {who}, skill {skill}{note}", acts.seat, "    ")
        self.acts = None

    def on_alt(self, ev: Event) -> None:
        text = "takes the 2 money" if ev["variant"] < 0 else "alternate action"
        self.join(ev.seat, text, sep=": ")

    def on_gain(self, ev: Event) -> None:
        why = ev["why"]
        label = "" if why in (Why.ALTERNATE, Why.MARKET) else f" ({why_label(why)})"
        self.join(ev.seat, f"+{ev['amount']} {RES_NAMES[ev['resource']]}{label}")

    def on_pay(self, ev: Event) -> None:
        self.join(ev.seat, f"-{ev['amount']} {RES_NAMES[ev['resource']]} ({why_label(ev['why'])})")

    def on_apprentices_lost(self, ev: Event) -> None:
        """A gain beyond the apprentice limit (ruling 26), on the line of the gain it follows:
        "+1 apprentice: none, 3/3 held", "1 more apprentice lost, 3/3 held", or with a limit a
        deck search lowered, "+1 apprentice: lost, limit 2 after a deck search (2/2 held)"."""
        lost, held, limit, why = ev["lost"], ev["held"], ev["limit"], ev["why"]
        prev = self.prev
        gained = (  # part of the gain was made: gain_apprentices_nb logs it just before
            prev is not None
            and prev.code == Ev.GAIN
            and prev.seat == ev.seat
            and prev["resource"] == Res.APPRENTICE
            and prev["why"] == why
        )
        res = f"apprentice{'s' if lost != 1 else ''}"
        label = "" if why in (Why.ALTERNATE, Why.MARKET) else f" ({why_label(why)})"
        what = f"{lost} more {res} lost" if gained else f"+{lost} {res}{label}: "
        if limit < int(self.a.rules[Rule.APPRENTICE_CAP]):
            reason = f"limit {limit} after a deck search ({held}/{limit} held)"
            text = f"{what}, {reason}" if gained else f"{what}lost, {reason}"
        else:
            text = f"{what}, {held}/{limit} held" if gained else f"{what}none, {held}/{limit} held"
        self.join(ev.seat, text)

    def on_discard(self, ev: Event) -> None:
        self.join(ev.seat, f"discards 1 {Material(ev['material']).name.lower()} (storage full)")

    def on_track(self, ev: Event) -> None:
        t = ev["track"]
        self.join(ev.seat, f"{Track(t).name.lower()} track to step {ev['step']}/{TRACK_FINAL[t]}")

    def on_draw_keep(self, ev: Event) -> None:
        self.join(
            ev.seat, f"draws 3 instruments, keeps {self.name('instruments', ev['instrument'])}"
        )

    def on_plan_to_bench(self, ev: Event) -> None:
        inst = self.name("instruments", ev["instrument"])
        self.join(ev.seat, f"puts {inst} on the roughing bench")

    def on_score(self, ev: Event) -> None:
        self.join(ev.seat, f"+{ev['prestige']} prestige ({SOURCE_LABELS[ev['source']]})")

    def on_market(self, ev: Event) -> None:
        self.market_items = 0
        self.emit(f"{_seat(ev.seat)} goes to the market", ev.seat, "  ")

    def on_buy(self, ev: Event) -> None:
        self.market_items += 1
        mat = Material(ev["material"]).name.lower()
        price = ev["printed_price"] - ev["discount"]
        why = ""
        if ev["discount"]:
            names = [
                self.name("patrons", e["patron"])
                for e in self.take_powers(PatronPower.MARKET_DISCOUNT)
            ]
            why = f" ({ev['printed_price']} - {ev['discount']} {', '.join(names) or 'discount'})"
        self.join(
            ev.seat, f"buys 1 {mat} for {price}{why}: {_paid(ev['money'], ev['inspiration'])}"
        )

    def on_sell(self, ev: Event) -> None:
        self.market_items += 1
        mat = Material(ev["material"]).name.lower()
        self.join(ev.seat, f"sells 1 {mat} for {ev['price']}")

    def on_hire(self, ev: Event) -> None:
        self.market_items += 1
        self.join(ev.seat, f"hires an apprentice: {_paid(ev['money'], ev['inspiration'])}")

    def on_train(self, ev: Event) -> None:
        self.market_items += 1
        track = Track(ev["track"]).name.lower()
        self.join(ev.seat, f"trains {track}: {_paid(ev['money'], ev['inspiration'])}")

    def on_market_done(self, ev: Event) -> None:
        if self.market_items == 0:
            self.join(ev.seat, "buys nothing", sep=": ")
        self.close()

    def on_pass(self, ev: Event) -> None:
        self.emit(f"{_seat(ev.seat)} passes", None, "  ")

    def on_row_event(self, ev: Event) -> None:
        """Row draws and discards: the state blocks show the rows they leave."""

    def on_patrons_ii(self, ev: Event) -> None:
        self.emit("The patron I deck is discarded: patron II cards from now on", None, "  ")

    def on_reshuffle(self, ev: Event) -> None:
        self.emit(f"The {ROW_KINDS[ev['row']]} deck is reshuffled from its discards", None, "  ")

    # ------------------------------------------------------------ cards and the workbench

    def on_take_card(self, ev: Event) -> None:
        kind = ROW_KINDS[ev["row"]]
        tier = LABELS["tier"][ev["tier"]]
        cost = ev["money"] + ev["inspiration"]
        paid = f": {_paid(ev['money'], ev['inspiration'])}" if cost else ""
        self.join(ev.seat, f"takes {self.name(kind, ev['card'])} (tier {tier}{paid})")

    def on_search(self, ev: Event) -> None:
        kind = ROW_KINDS[ev["row"]]
        key = _key(self.cards, ev)  # the family, era or patron type on the backs (ruling 20)
        self.join(
            ev.seat,
            f"searches the {kind} deck for {key}: {self.name(kind, ev['card'])} "
            f"({_paid(ev['money'], ev['inspiration'])})",
        )
        self.join(ev.seat, "the apprentice leaves the game")

    def on_search_back(self, ev: Event) -> None:
        """Ruling 27: a repair found by a search that the seat cannot pay for is not made."""
        kind = ROW_KINDS[ev["row"]]
        name = self.name(kind, ev["card"])
        self.sub(ev.seat, f"cannot pay for {name}: not made, back on top of the {kind} deck")

    def on_discount(self, ev: Event) -> None:
        self.discount = ev

    def _cost_line(self, verb: str, name: str, cost, paid: tuple[int, int, int], powers) -> str:
        """ "roughs Violin: 1 animal + 1 wood -1 (roughing 5+) = 1 animal"."""
        text = f"{verb} {name}: {_materials(*(int(x) for x in cost))}"
        d = self.discount
        self.discount = None
        if d is not None:
            per = int(self.a.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL])
            names = ", ".join(self.name("patrons", e["patron"]) for e in powers) or "patron"
            loc = d["location"]
            for n, why in (
                (d["by_patrons"], names),
                (d["by_specialty"], "specialty chip"),
                (d["by_bench_bonus"], BENCH_BONUS.get(loc, "bonus")),
                (d["by_inspiration"], f"{d['by_inspiration'] * per} inspiration"),
            ):
                if n:
                    text += f" -{n} ({why})"
            text += f" = {_materials(*paid)}"
        return text

    def on_rough_finish(self, ev: Event) -> None:
        c = ev["instrument"]
        finish = ev.code == Ev.FINISH
        cost = self.a.inst_finish[c] if finish else self.a.inst_rough[c]
        powers = self.take_powers(
            PatronPower.FINISH_DISCOUNT if finish else PatronPower.ROUGH_DISCOUNT
        )
        paid = (ev["animal"], ev["wood"], ev["metal"])
        verb = "finishes" if finish else "roughs"
        self.sub(ev.seat, self._cost_line(verb, self.name("instruments", c), cost, paid, powers))

    def on_repair(self, ev: Event) -> None:
        c = ev["repair"]
        powers = self.take_powers(PatronPower.REPAIR_DISCOUNT)
        paid = (ev["animal"], ev["wood"], ev["metal"])
        line = self._cost_line(
            "repairs", self.name("repairs", c), self.a.repair_cost[c], paid, powers
        )
        self.sub(ev.seat, line)

    def on_bench_take(self, ev: Event) -> None:
        inst = self.name("instruments", ev["instrument"])
        bench = LABELS["bench"][ev["bench"]]
        self.emit(f"{_seat(ev.seat)} takes {inst} back from the {bench} bench", None, "  ")

    def on_bench_put(self, ev: Event) -> None:
        inst = self.name("instruments", ev["instrument"])
        self.emit(f"{_seat(ev.seat)} puts {inst} on the roughing bench", None, "  ")

    # ------------------------------------------------------------ performances

    def on_roll(self, ev: Event) -> None:
        self.notes = [ev["notes_1"], ev["notes_2"]]
        self.colors = [ev["color_1"], ev["color_2"]]
        c1, c2 = (LABELS["color"][x] for x in self.colors)
        self.sub(ev.seat, f"rolls {c1} {self.notes[0]} + {c2} {self.notes[1]}")

    def on_reroll(self, ev: Event) -> None:
        d = ev["die"]
        old = self.notes[d]
        self.notes[d] = ev["notes"]
        color = LABELS["color"][self.colors[d]]
        self.sub(ev.seat, f"rerolls die {d + 1} ({color} {old}): {ev['notes']}")

    def on_purple(self, ev: Event) -> None:
        self.join(ev.seat, f"purple die face {ev['face'] + 1}")

    def on_perform(self, ev: Event) -> None:
        c = ev["performance"]
        spend = ev["inspiration"]
        parts = [f"notes {self.notes[0]} + {self.notes[1]}", f"skill {self.skill}"]
        extra = ev["total"] - spend - sum(self.notes) - self.skill
        for e in self.take_powers(PatronPower.PERFORM_RESULT):
            parts.append(f"{self.name('patrons', e['patron'])} {e['amount']}")
            extra -= e["amount"]
        if extra:
            parts.append(f"specialty chip {extra}")
        if spend:
            parts.append(f"inspiration {spend}")
        medium, high = (int(x) for x in self.a.perf_threshold[c])
        level = LABELS["level"][ev["level"]]
        self.sub(
            ev.seat,
            f"performs {self.name('performances', c)}: {' + '.join(parts)} = {ev['total']}, "
            f"{level}",
        )
        self.join(ev.seat, f"(medium {medium}+, high {high}+)", sep=" ")  # wraps if long
        for e in self.take_powers(PatronPower.PERFORM_PRESTIGE):
            self.join(ev.seat, f"{self.name('patrons', e['patron'])}: +{e['amount']} prestige")

    def on_token(self, ev: Event) -> None:
        spot = self.name("orchestra", ev["spot"])
        kind = LABELS["token"][ev["token"]]
        holder = seat_name(ev["holder_before"])
        held = LABELS["token"][ev["holder_token"]] if ev["holder_token"] >= 0 else ""
        text = f"{kind} token on {spot}: "
        if ev["outcome"] == 2:  # no chair
            text += f"no chair, {holder} holds it ({held} token)" if holder else "no chair"
        elif ev["outcome"] == 1:
            text += f"steals the first chair from {holder} ({held} token)"
        else:
            before = f" (held before by {holder}'s {held} token)" if holder else ""
            text += "takes the first chair" + before
        self.sub(ev.seat, text)

    def on_no_token(self, ev: Event) -> None:
        """Ruling 25: the card scored, but none of the token's kind was left to place."""
        kind = LABELS["token"][ev["token"]]
        self.sub(ev.seat, f"no {kind} token left: none placed, no chair (ruling 25)")

    # ------------------------------------------------------------ specialty, patrons, awards

    def on_specialty(self, ev: Event) -> None:
        c = ev["specialty"]
        where = LOCATION_NAMES[int(self.a.specialty_location[c])]
        ability = SpecialtyAbility(int(self.a.specialty_ability[c])).name.lower().replace("_", " ")
        amount = int(self.a.specialty_amount[c])
        what = f"{ability} {amount}" if amount else ability
        self.join(
            ev.seat, f"chooses specialty worker {self.name('specialty', c)} ({where}: {what})"
        )

    def on_assign_chip(self, ev: Event) -> None:
        spec = self.name("specialty", ev["specialty"])
        self.emit(
            f"{_seat(ev.seat)} assigns worker {ev['chip'] + 1} to specialty worker {spec}",
            None,
            "  ",
        )

    def on_gift(self, ev: Event) -> None:
        pat = self.name("patrons", ev["patron"])
        if self.last == Ev.SALON_GIFT and self.open_seat == ev.seat:
            return  # the Salon line already named the gift; its gains join it
        self.emit(f"{_seat(ev.seat)} receives gift {ev['gift'] + 1} of {pat}", ev.seat, "  ")

    def on_power(self, ev: Event) -> None:
        power = ev["power"]
        pat = self.name("patrons", ev["patron"])
        if power == PatronPower.ROUND_GAIN:
            self.emit(f"{_seat(ev.seat)}: power of {pat}", ev.seat, "  ")
        else:
            self.powers.append(ev)

    def on_benefit(self, ev: Event) -> None:
        marker = MARKERS.get(ev["marker"], "award")
        self.emit(f"{_seat(ev.seat)}: {marker} award benefit", ev.seat, "  ")

    def on_leave(self, ev: Event) -> None:
        pat = self.name("patrons", ev["patron"])
        lost, penalty = ev["prestige_lost"], ev["penalty"]
        loss = (
            f"-{penalty} prestige floored at 0: -{lost}" if lost < penalty else f"-{lost} prestige"
        )
        self.emit(
            f"{pat} loses patience and leaves {_seat(ev.seat)}: {ev['unmet']} unmet, {loss}",
            ev.seat,
            "  ",
        )

    def on_satisfy(self, ev: Event) -> None:
        """Ruling 21: a kept card makes one more requirement met under the best assignment."""
        req = LABELS["requirement"][ev["requirement"]]
        pat = self.name("patrons", ev["patron"])
        self.sub(ev.seat, f"meets {pat}'s {req} requirement (with {_req_card(self.cards, ev)})")

    def on_complete(self, ev: Event) -> None:
        self.sub(
            ev.seat, f"completes {self.name('patrons', ev['patron'])} (+{ev['prestige']} prestige)"
        )

    def on_designate(self, ev: Event) -> None:
        """Ruling 21: after COMPLETE, the card the final assignment puts on each requirement,
        on the completion line ("[primary: a strings instrument]")."""
        req = LABELS["requirement"][ev["requirement"]]
        self.join(ev.seat, f"[{req}: {_req_card(self.cards, ev)}]", sep=" ")

    def on_claim(self, ev: Event) -> None:
        award = self.name("awards", ev["award"])
        self.sub(
            ev.seat, f"claims award {award} level {ev['level'] + 1} (+{ev['prestige']} prestige)"
        )

    def on_marker(self, ev: Event) -> None:
        self.join(ev.seat, f"unlocks {MARKERS.get(ev['marker'], '?')}")

    def on_patron(self, ev: Event) -> None:
        pat = self.name("patrons", ev["patron"])
        text = f"places patron {pat} in slot {ev['slot'] + 1}"
        if self.open_seat == ev.seat:
            self.join(ev.seat, text)
        else:
            self.emit(f"{_seat(ev.seat)} {text}", ev.seat, "  " if ev.round else "")

    def on_salon_gift(self, ev: Event) -> None:
        pat = self.name("patrons", ev["patron"])
        self.join(ev.seat, f"4+ bonus: calms {pat} (cube one step left), gift {ev['gift'] + 1}")

    # ------------------------------------------------------------ end of game

    def on_goal(self, ev: Event) -> None:
        self.goal = ev

    def on_endgame(self, ev: Event) -> None:
        if not self.scoring_started:
            self.scoring_started = True
            self.emit("")
            self.emit("== End-game scoring ==")
        src, points, detail = ev["source"], ev["prestige"], ev["detail"]
        what = SOURCE_LABELS[src]
        if src == Source.FIRST_CHAIRS:
            extra = self.take_powers(PatronPower.EXTRA_FIRST_CHAIRS)
            plus = "".join(
                f" incl. +{e['amount']} {self.name('patrons', e['patron'])}" for e in extra
            )
            what = f"first chairs: {detail} counted{plus}"
        elif src == Source.PATRONS:
            (e,) = self.take_powers(PatronPower.ENDGAME_METRIC)[:1] or (None,)
            if e is not None:
                what = f"power of {self.name('patrons', e['patron'])}: {e['amount']} x {e['count']}"
        elif src == Source.INSTRUMENTS:
            c = detail
            half = f"half of {self.a.inst_prestige[c]}, rounded up"
            what = f"{self.name('instruments', c)} on the finishing bench: {half}"
        elif src == Source.GOALS and self.goal is not None:
            g = self.goal
            self.goal = None
            lv = f"level {g['level']}" if g["level"] else "no level reached"
            what = f"goal {self.name('goals', g['goal'])}: {g['count']} counted, {lv}"
        elif src == Source.SPECIALTY:
            what = f"specialty workers: {detail}"
        elif src == Source.LEFTOVERS:
            rate = int(self.a.rules[Rule.CONVERSION_RATE])
            what = (
                f"leftovers: {detail} money + inspiration + materials + apprentices, 1 per {rate}"
            )
        self.emit(f"{_seat(ev.seat)}: +{points} prestige ({what})", None, "  ")

    def on_final(self, ev: Event) -> None:
        """The final table follows."""


FORMATTERS: dict[int, Callable[[Renderer, Event], None]] = {
    Ev.AWARDS: Renderer.on_awards,
    Ev.DEAL_CARDS: Renderer.on_deal_cards,
    Ev.DEAL_FAMILIES: Renderer.on_deal_families,
    Ev.DEAL_GOALS: Renderer.on_deal_goals,
    Ev.KEEP_FAMILY: Renderer.on_keep_family,
    Ev.KEEP_GOAL: Renderer.on_keep,
    Ev.KEEP_INSTRUMENT: Renderer.on_keep,
    Ev.KEEP_PATRON: Renderer.on_keep_patron,
    Ev.FAMILY_ABILITY: Renderer.on_family_ability,
    Ev.SETUP2P: Renderer.on_setup2p,
    Ev.TURN_ORDER: Renderer.on_turn_order,
    Ev.STATE: Renderer.on_state,
    Ev.ROUND_START: Renderer.on_round_start,
    Ev.WORKER_JOINS: Renderer.on_worker_joins,
    Ev.PLACE: Renderer.on_place,
    Ev.ACTIVATE: Renderer.on_activate,
    Ev.WORKER_ACTS: Renderer.on_worker_acts,
    Ev.SKILL: Renderer.on_skill,
    Ev.ALT: Renderer.on_alt,
    Ev.GAIN: Renderer.on_gain,
    Ev.PAY: Renderer.on_pay,
    Ev.APPRENTICES_LOST: Renderer.on_apprentices_lost,
    Ev.DISCARD: Renderer.on_discard,
    Ev.TRACK: Renderer.on_track,
    Ev.DRAW_KEEP: Renderer.on_draw_keep,
    Ev.PLAN_TO_BENCH: Renderer.on_plan_to_bench,
    Ev.SCORE: Renderer.on_score,
    Ev.MARKET: Renderer.on_market,
    Ev.BUY: Renderer.on_buy,
    Ev.SELL: Renderer.on_sell,
    Ev.HIRE: Renderer.on_hire,
    Ev.TRAIN: Renderer.on_train,
    Ev.MARKET_DONE: Renderer.on_market_done,
    Ev.PASS: Renderer.on_pass,
    Ev.ROW_DRAW: Renderer.on_row_event,
    Ev.ROW_DISCARD: Renderer.on_row_event,
    Ev.PATRONS_II: Renderer.on_patrons_ii,
    Ev.RESHUFFLE: Renderer.on_reshuffle,
    Ev.TAKE_CARD: Renderer.on_take_card,
    Ev.SEARCH: Renderer.on_search,
    Ev.SEARCH_BACK: Renderer.on_search_back,
    Ev.DISCOUNT: Renderer.on_discount,
    Ev.ROUGH: Renderer.on_rough_finish,
    Ev.FINISH: Renderer.on_rough_finish,
    Ev.REPAIR: Renderer.on_repair,
    Ev.BENCH_TAKE: Renderer.on_bench_take,
    Ev.BENCH_PUT: Renderer.on_bench_put,
    Ev.ROLL: Renderer.on_roll,
    Ev.REROLL: Renderer.on_reroll,
    Ev.PURPLE: Renderer.on_purple,
    Ev.PERFORM: Renderer.on_perform,
    Ev.TOKEN: Renderer.on_token,
    Ev.NO_TOKEN: Renderer.on_no_token,
    Ev.SPECIALTY: Renderer.on_specialty,
    Ev.ASSIGN_CHIP: Renderer.on_assign_chip,
    Ev.GIFT: Renderer.on_gift,
    Ev.POWER: Renderer.on_power,
    Ev.BENEFIT: Renderer.on_benefit,
    Ev.LEAVE: Renderer.on_leave,
    Ev.SATISFY: Renderer.on_satisfy,
    Ev.COMPLETE: Renderer.on_complete,
    Ev.DESIGNATE: Renderer.on_designate,
    Ev.CLAIM: Renderer.on_claim,
    Ev.MARKER: Renderer.on_marker,
    Ev.PATRON: Renderer.on_patron,
    Ev.SALON_GIFT: Renderer.on_salon_gift,
    Ev.GOAL: Renderer.on_goal,
    Ev.ENDGAME: Renderer.on_endgame,
    Ev.FINAL: Renderer.on_final,
}


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
    lines += ["", "== Final scores (prestige by source) =="] + final_table(cards, played)
    return "\n".join(lines) + "\n"


__all__ = ["render_transcript", "SEAT_NAMES", "LOCATION_NAMES", "SOURCE_LABELS", "Location", "Res"]
