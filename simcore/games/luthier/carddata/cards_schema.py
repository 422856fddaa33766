"""Card file schemas: the sections and fields of every card file, and `check_card`.

`cards.py` reads and merges the TOML files; this module says what a valid card looks
like (the value checkers are in `cards_fields`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simcore.games.luthier.carddata.cards_fields import (
    BAD,
    CHECKERS,
    PATRON_DECKS,
    Field,
    Report,
    describe,
    did_you_mean,
    enum_field,
)
from simcore.games.luthier.carddata.cards_rules import RANGES as RULE_RANGES
from simcore.games.luthier.state.enums import (
    CardRow,
    Era,
    Family,
    FamilyAbility,
    Location,
    Material,
    Metric,
    PatronPower,
    PatronType,
    Res,
    Rule,
    SpecialtyAbility,
    SpecialtyDeck,
    Track,
    names,
)

# powers / abilities that use their card's `power_amount` / `amount`
AMOUNT_POWERS = frozenset(PatronPower) - {PatronPower.NONE, PatronPower.ROUND_GAIN}
AMOUNT_ABILITIES = frozenset(SpecialtyAbility) - {
    SpecialtyAbility.GAIN,
    SpecialtyAbility.FREE_TIER,
    SpecialtyAbility.NONE,
}

MAX_SETUP_TOKENS = 6  # neutral tokens on one two-player setup card at most

# ----------------------------------------------------------------- schemas

TEXT, SOURCE, ESTIMATED = Field("text"), Field("text"), Field("estimated", required=False)
FITTED = Field("text", required=False)  # how a refitted estimate was chosen (tutti balance)
BUNDLE_OPT = Field("bundle", required=False, default=[0] * len(Res))
LEVELS = Field("levels", length=3)


def _card(**fields: Field) -> dict[str, Field]:
    return {
        "id": Field("id"),
        "name": TEXT,
        **fields,
        "source": SOURCE,
        "estimated": ESTIMATED,
        "fitted": FITTED,
    }


def _table(**fields: Field) -> dict[str, Field]:
    return {**fields, "source": SOURCE, "estimated": ESTIMATED, "fitted": FITTED}


INSTRUMENT = _card(
    family=enum_field(Family),
    rare=Field("bool"),
    copies=Field("int", lo=1),
    rough=Field("materials"),
    finish=Field("materials"),
    prestige=Field("int", hi=999),
)
SPOT = _card(
    instrument=Field("ref"),
    family=enum_field(Family),
    eras=Field("eras", max_len=3),
    first_chair=Field("bundle"),
)
PERFORMANCE = _card(
    era=enum_field(Era),
    medium=Field("int"),
    high=Field("int"),
    money=Field("ints", length=3, ascending=True),
    prestige=Field("ints", length=3, ascending=True),
)
REPAIR = _card(family=enum_field(Family), cost=Field("materials"), prestige=Field("int", hi=999))
MARKET = _card(prices=Field("prices"), round1=Field("bool"))
PATRON = _card(
    deck=Field("enum", choices=PATRON_DECKS),
    type=enum_field(PatronType),
    era=enum_field(Era),
    primary=enum_field(Family),
    secondary=Field("secondary", max_len=2),
    gifts=Field("bundles", length=2),
    prestige=Field("int", hi=999),
    power=enum_field(PatronPower),
    power_amount=Field("int", required=False, default=0),
    power_material=enum_field(Material, required=False),
    power_metric=enum_field(Metric, required=False),
    power_gain=BUNDLE_OPT,
)
AWARD = _card(metric=enum_field(Metric), levels=LEVELS)
GOAL = _card(metric=enum_field(Metric), levels=LEVELS)
FAMILY = _card(
    turn_order=Field("int", lo=1),
    start=Field("bundle"),
    ability=enum_field(FamilyAbility),
    ability_track=enum_field(Track, required=False),
    ability_amount=Field("int", required=False, default=0),
)
SPECIALTY = _card(
    deck=enum_field(SpecialtyDeck),
    location=enum_field(Location),
    ability=enum_field(SpecialtyAbility),
    amount=Field("int", required=False, default=0),
    gain=BUNDLE_OPT,
)
SETUP2P = _card(
    tokens=Field("tokens", max_len=MAX_SETUP_TOKENS),
    blocked=Field("ints", length=3, hi=2),
)
ROW = _table(row=enum_field(CardRow), tier=Field("int", lo=1, hi=3), slots=Field("slots"))
FIRST_CHAIRS = _table(
    small=Field("ints", length=9, hi=999, ascending=True),
    four=Field("ints", length=9, hi=999, ascending=True),
)
DIE = _table(faces=Field("ints", length=6, hi=9))
PURPLE_DIE = _table(faces=Field("bundles", length=6))


@dataclass(frozen=True)
class Section:
    """A top-level key of a card file: `[[name]]` cards or one `[name]` table."""

    name: str
    fields: dict[str, Field]
    is_list: bool = True  # False: a single [name] table


@dataclass(frozen=True)
class FileSchema:
    sections: tuple[Section, ...]
    noun: str = "section"  # what an unknown top-level key is called


def _rules_schema() -> FileSchema:
    """One [name] table per Rule; its value's range is what the engine can play."""
    sections = []
    for rule, name in zip(Rule, names(Rule), strict=True):
        lo, hi = RULE_RANGES[rule]
        sections.append(Section(name, _table(value=Field("int", lo=lo, hi=hi)), False))
    return FileSchema(tuple(sections), "rule")


SCHEMAS: dict[str, FileSchema] = {
    "instruments": FileSchema((Section("instrument", INSTRUMENT),)),
    "orchestra": FileSchema((Section("spot", SPOT),)),
    "performances": FileSchema((Section("performance", PERFORMANCE),)),
    "repairs": FileSchema((Section("repair", REPAIR),)),
    "market": FileSchema((Section("market", MARKET),)),
    "patrons": FileSchema((Section("patron", PATRON),)),
    "awards": FileSchema((Section("award", AWARD),)),
    "goals": FileSchema((Section("goal", GOAL),)),
    "families": FileSchema((Section("family", FAMILY),)),
    "specialty": FileSchema((Section("specialty", SPECIALTY),)),
    "board": FileSchema((Section("row", ROW), Section("first_chairs", FIRST_CHAIRS, False))),
    "dice": FileSchema(
        (
            Section("white", DIE, False),
            Section("black", DIE, False),
            Section("purple", PURPLE_DIE, False),
        ),
        "die",
    ),
    "rules": _rules_schema(),
    "setup2p": FileSchema((Section("setup", SETUP2P),)),
}


def check_card(fields: dict[str, Field], data: dict[str, Any], report: Report) -> dict[str, Any]:
    """Check every field of one merged card; return the clean values (`BAD` where invalid).

    Missing optional fields get their default. `report(field, message)` gets each problem.
    """
    for key in data:
        if key not in fields:
            report(key, "unknown field" + did_you_mean(key, list(fields)))
    clean: dict[str, Any] = {}
    for name, spec in fields.items():
        if name not in data:
            if spec.required:
                report(name, "missing required field")
                clean[name] = BAD
            else:
                clean[name] = spec.default
        elif spec.kind == "estimated":
            clean[name] = _estimated(data[name], fields, report)
        else:
            clean[name] = CHECKERS[spec.kind](data[name], spec, name, report)
    return clean


def _estimated(value: Any, fields: dict[str, Field], report: Report) -> Any:
    real = [k for k in fields if k not in ("id", "source", "estimated", "fitted")]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        report("estimated", f"expected an array of field names, got {describe(value)}")
        return BAD
    ok = True
    for name in value:
        if name not in real:
            report("estimated", f'"{name}" is not a field of this card' + did_you_mean(name, real))
            ok = False
    return value if ok else BAD
