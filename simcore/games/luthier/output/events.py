"""The one decoder of event-log rows: each Ev code's columns a..e named and typed.

A log row is (round, seat, code, a, b, c, d, e) (dtypes.LOG_W). `FIELDS[code]` names
the columns the code uses and says what kind of value each holds, so the text
transcript (transcript.py) and the JSON lines (transcript_jsonl.py) decode rows the
same way and neither hand-decodes a column. Kinds:

- a card kind ("patrons", "instruments", ..., as in `CardSet.names`): a card index
- "card@row": a card index whose kind is given by the event's `row` field
- "key@row": a deck-search key, whose meaning depends on the event's `row` field
- "key@card": the family or era of a card kept under a patron, by the event's `card`
  field (a ReqCard: an instrument or repair by Family, a performance by Era; ruling 21)
- an IntEnum class: a code of that enum
- a name of LABELS (a small fixed vocabulary, e.g. "tier", "level", "holder")
- "chip": a worker chip index (shown as its number, index + 1)
- "n": a plain number
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simcore.games.luthier.state.codes import Ev, ReqCard, Why
from simcore.games.luthier.state.enums import (
    CardRow,
    Era,
    Family,
    FamilyAbility,
    Location,
    Material,
    PatronPower,
    PatronType,
    Res,
    Source,
    Track,
)

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")
NEUTRAL_NAME = "neutral"  # the two-player neutral tokens (dtypes.NEUTRAL)
ROW_KINDS = ("patrons", "instruments", "performances", "repairs")  # by CardRow
CARD_KINDS = frozenset(
    ROW_KINDS + ("awards", "goals", "families", "specialty", "orchestra", "market", "setup2p")
)

LABELS: dict[str, tuple[str, ...]] = {
    "tier": ("I", "II", "III"),
    "level": ("low", "medium", "high"),
    "award_level": ("level 1", "level 2", "level 3"),
    "color": ("white", "black"),
    "token": ("instrument", "performance", "repair"),
    "outcome": ("takes the first chair", "steals the first chair", "no chair"),
    "bench": ("roughing", "finishing"),
    "requirement": ("primary", "secondary 1", "secondary 2"),
}
MARKERS = {1: "extra storage", 2: "royal patron", 4: "purple die"}


def why_label(why: int) -> str:
    """How a GAIN's reason reads ("4+ bonus", "roughing 3+", ...)."""
    return {
        Why.LOCATION_BONUS: "4+ bonus",
        Why.ROUGHING_BONUS: "roughing 3+",
        Why.ORCHESTRA: "first chair",
        Why.ROUND_START: "start of round",
        Why.FAMILY: "family tile",
        Why.SPECIALTY: "specialty worker",
    }.get(why, Why(why).name.lower().replace("_", " ") if why in Why._value2member_map_ else "?")


F = tuple[tuple[str, Any], ...]
FIELDS: dict[int, F] = {
    Ev.DEAL_FAMILIES: (("family_1", "families"), ("family_2", "families")),
    Ev.KEEP_FAMILY: (("family", "families"),),
    Ev.KEEP_GOAL: (("goal", "goals"),),
    Ev.KEEP_INSTRUMENT: (("instrument", "instruments"),),
    Ev.KEEP_PATRON: (("patron", "patrons"), ("slot", "n")),
    Ev.GAIN: (("resource", Res), ("amount", "n"), ("why", Why)),
    Ev.PAY: (("resource", Res), ("amount", "n"), ("why", Why)),
    Ev.TURN_ORDER: (("first", "seat"), ("second", "seat"), ("third", "seat"), ("fourth", "seat")),
    Ev.ROUND_START: (("round_no", "n"), ("market_card", "market")),
    Ev.WORKER_JOINS: (("chip", "chip"),),
    Ev.PLACE: (("chip", "chip"), ("location", Location), ("apprentices", "n")),
    Ev.ACTIVATE: (("location", Location), ("bench_owner", "seat")),
    Ev.WORKER_ACTS: (
        ("location", Location),
        ("chip", "chip"),
        ("skill", "n"),
        ("apprentices", "n"),
        ("specialty", "specialty"),
    ),
    Ev.ALT: (("location", Location), ("variant", "n")),
    Ev.MARKET: (),
    Ev.BUY: (
        ("material", Material),
        ("money", "n"),
        ("inspiration", "n"),
        ("printed_price", "n"),
        ("discount", "n"),
    ),
    Ev.SELL: (("material", Material), ("price", "n")),
    Ev.HIRE: (("unused", "n"), ("money", "n"), ("inspiration", "n")),
    Ev.TRAIN: (("track", Track), ("money", "n"), ("inspiration", "n")),
    Ev.MARKET_DONE: (),
    Ev.PASS: (),
    Ev.TRACK: (("track", Track), ("step", "n")),
    Ev.DISCARD: (("material", Material),),
    Ev.PLAN_TO_BENCH: (("instrument", "instruments"),),
    Ev.DRAW_KEEP: (("instrument", "instruments"),),
    Ev.ROW_DRAW: (("row", CardRow), ("tier", "tier"), ("slot", "n"), ("card", "card@row")),
    Ev.ROW_DISCARD: (("row", CardRow), ("card", "card@row")),
    Ev.PATRONS_II: (),
    Ev.RESHUFFLE: (("row", CardRow),),
    Ev.SCORE: (("source", Source), ("prestige", "n")),
    Ev.FINAL: (("prestige", "n"), ("money_after_conversion", "n"), ("rank", "n")),
    Ev.DEAL_GOALS: tuple((f"goal_{k}", "goals") for k in range(1, 5)),
    Ev.DEAL_CARDS: (
        ("instrument_1", "instruments"),
        ("instrument_2", "instruments"),
        ("patron_1", "patrons"),
        ("patron_2", "patrons"),
    ),
    Ev.AWARDS: tuple((f"award_{k}", "awards") for k in range(1, 5)),
    Ev.TOKEN: (
        ("spot", "orchestra"),
        ("token", "token"),
        ("outcome", "outcome"),
        ("holder_before", "holder"),
        ("holder_token", "token"),
    ),
    Ev.TAKE_CARD: (
        ("row", CardRow),
        ("card", "card@row"),
        ("tier", "tier"),
        ("money", "n"),
        ("inspiration", "n"),
    ),
    Ev.SEARCH: (
        ("row", CardRow),
        ("card", "card@row"),
        ("money", "n"),
        ("inspiration", "n"),
        ("key", "key@row"),
    ),
    Ev.ROUGH: (("instrument", "instruments"), ("animal", "n"), ("wood", "n"), ("metal", "n")),
    Ev.FINISH: (("instrument", "instruments"), ("animal", "n"), ("wood", "n"), ("metal", "n")),
    Ev.ROLL: (("notes_1", "n"), ("notes_2", "n"), ("color_1", "color"), ("color_2", "color")),
    Ev.REROLL: (("die", "n"), ("notes", "n")),
    Ev.PURPLE: (("face", "n"),),
    Ev.PERFORM: (
        ("performance", "performances"),
        ("total", "n"),
        ("level", "level"),
        ("inspiration", "n"),
    ),
    Ev.REPAIR: (
        ("repair", "repairs"),
        ("animal", "n"),
        ("wood", "n"),
        ("metal", "n"),
        ("inspiration", "n"),
    ),
    Ev.BENCH_TAKE: (("bench", "bench"), ("instrument", "instruments")),
    Ev.BENCH_PUT: (("instrument", "instruments"),),
    Ev.SPECIALTY: (("specialty", "specialty"),),
    Ev.ASSIGN_CHIP: (("chip", "chip"), ("specialty", "specialty")),
    Ev.GIFT: (("patron", "patrons"), ("gift", "n")),
    Ev.LEAVE: (("patron", "patrons"), ("unmet", "n"), ("prestige_lost", "n"), ("penalty", "n")),
    Ev.SATISFY: (  # ruling 21: the card kept that makes one more requirement met
        ("patron", "patrons"),
        ("requirement", "requirement"),
        ("card", ReqCard),
        ("key", "key@card"),
    ),
    Ev.COMPLETE: (("patron", "patrons"), ("prestige", "n")),
    Ev.CLAIM: (("award", "awards"), ("level", "award_level"), ("prestige", "n")),
    Ev.MARKER: (("marker", "marker"),),
    Ev.PATRON: (("patron", "patrons"), ("slot", "n")),
    Ev.SALON_GIFT: (("patron", "patrons"), ("gift", "n")),
    Ev.FAMILY_ABILITY: (("family", "families"), ("ability", FamilyAbility)),
    Ev.SETUP2P: (("setup_card", "setup2p"),),
    Ev.ENDGAME: (("source", Source), ("prestige", "n"), ("detail", "n")),
    Ev.NO_TOKEN: (("token", "token"),),
    Ev.APPRENTICES_LOST: (("lost", "n"), ("held", "n"), ("limit", "n"), ("why", Why)),
    Ev.DESIGNATE: (  # ruling 21: at completion, the card that meets each requirement
        ("patron", "patrons"),
        ("requirement", "requirement"),
        ("card", ReqCard),
        ("key", "key@card"),
    ),
    Ev.SEARCH_BACK: (("row", CardRow), ("card", "card@row")),  # ruling 27
    Ev.STATE: (("snapshot", "n"),),
    Ev.SKILL: (("chip_specialty", "specialty"), ("bench_skill", "n"), ("specialty_skill", "n")),
    Ev.POWER: (("patron", "patrons"), ("power", PatronPower), ("amount", "n"), ("count", "n")),
    Ev.DISCOUNT: (
        ("location", Location),
        ("by_patrons", "n"),
        ("by_specialty", "n"),
        ("by_bench_bonus", "n"),
        ("by_inspiration", "n"),
    ),
    Ev.BENEFIT: (("marker", "marker"),),
    Ev.GOAL: (("goal", "goals"), ("level", "n"), ("count", "n"), ("prestige", "n")),
}

# Prestige each event adds to its seat's score (the SCORE-like events): an audit sums these.
PRESTIGE_FIELD = {
    Ev.SCORE: "prestige",
    Ev.ENDGAME: "prestige",
    Ev.COMPLETE: "prestige",
    Ev.CLAIM: "prestige",
}
SEARCH_KEYS = {  # what a deck-search key names, by CardRow (access_nb.search_key_nb)
    CardRow.INSTRUMENTS: Family,  # ruling 20: instrument and repair backs show the family
    CardRow.REPAIRS: Family,
    CardRow.PERFORMANCES: Era,
    CardRow.PATRONS: PatronType,
}


@dataclass(frozen=True)
class Event:
    """One decoded log row: raw integer values by field name."""

    index: int  # row number in the log
    round: int
    seat: int  # -1: no seat (the board)
    code: Ev
    values: dict[str, int]

    def __getitem__(self, name: str) -> int:
        return self.values[name]

    def prestige(self) -> int:
        """Prestige this event adds to (or, negative, takes from) its seat."""
        if self.code == Ev.LEAVE:
            return -self.values["prestige_lost"]
        name = PRESTIGE_FIELD.get(self.code)
        return self.values[name] if name else 0


def decode(log) -> list[Event]:
    """Every row of an int32[n, LOG_W] event log as an Event (unknown codes keep a..e)."""
    out = []
    for i, row in enumerate(log):
        rnd, p, code = int(row[0]), int(row[1]), int(row[2])
        raw = [int(x) for x in row[3:8]]
        try:
            ev = Ev(code)
        except ValueError:
            ev = code  # a code this decoder does not know yet
        names = [f for f, _ in FIELDS.get(ev, ())] or ["a", "b", "c", "d", "e"]
        out.append(Event(i, rnd, p, ev, dict(zip(names, raw, strict=False))))
    return out


def seat_name(p: int) -> str | None:
    if p < 0:
        return None
    return SEAT_NAMES[p] if p < len(SEAT_NAMES) else NEUTRAL_NAME


def field_kind(code: int, name: str) -> Any:
    for f, kind in FIELDS.get(code, ()):
        if f == name:
            return kind
    return "n"


def card_kind(ev: Event, kind: Any) -> Any:
    """The concrete kind of a field whose kind depends on the event's row."""
    if kind == "card@row":
        return ROW_KINDS[ev["row"]]
    if kind == "key@row":
        return SEARCH_KEYS.get(ev["row"], "n")
    if kind == "key@card":
        return Era if ev["card"] == ReqCard.PERFORMANCE else Family
    return kind


def value_name(cards, ev: Event, name: str) -> str | int | None:
    """The readable value of field `name`: a card name, an enum or label name, or the number.

    None for an empty value (a card index or seat of -1).
    """
    v = ev[name]
    kind = card_kind(ev, field_kind(ev.code, name))
    if kind == "n":
        return v
    if kind == "chip":
        return v + 1
    if kind in ("seat", "holder"):
        return seat_name(v)
    if kind == "marker":
        return MARKERS.get(v, str(v))
    if isinstance(kind, str) and kind in CARD_KINDS:
        return cards.names[kind][v] if v >= 0 else None
    if isinstance(kind, str) and kind in LABELS:
        labels = LABELS[kind]
        return labels[v] if 0 <= v < len(labels) else None
    if isinstance(kind, type):
        if kind is Why:
            return why_label(v)
        try:
            return kind(v).name.lower()
        except ValueError:
            return v
    return v


def card_id(cards, ev: Event, name: str) -> str | None:
    """The card-data id (the TOML `id`) of a card field, else None."""
    kind = card_kind(ev, field_kind(ev.code, name))
    if isinstance(kind, str) and kind in CARD_KINDS and kind in cards.ids and ev[name] >= 0:
        return cards.ids[kind][ev[name]]
    return None
