"""Checks across the fields of one card and across cards: references, uniqueness, deck sizes.

Every check reads the clean values from `cards_schema.check_card` and skips values that
already failed there (`BAD`), so one mistake is reported once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simcore.games.luthier.carddata.cards_fields import BAD, did_you_mean
from simcore.games.luthier.carddata.cards_schema import AMOUNT_ABILITIES, AMOUNT_POWERS
from simcore.games.luthier.state.enums import (
    CardRow,
    Family,
    FamilyAbility,
    Location,
    PatronDeck,
    PatronPower,
    PatronType,
    SpecialtyAbility,
    SpecialtyDeck,
    name_of,
)

MAX_PLAYERS = 4  # deck sizes are checked for the largest game
ROMAN = ("I", "II", "III")
SECONDARIES = {  # ruling 2 / Salon section: secondary requirements per patron type
    PatronType.PERFORMER: 0,
    PatronType.COMPOSER: 1,
    PatronType.NOBLE: 2,
    PatronType.ROYAL: 0,
}
DISCOUNT_LOCATIONS = {Location.REPAIR, Location.ROUGHING, Location.FINISHING}

Report = Callable[[str, str], None]


class Problems:
    """Collects `file:card-id:field: message` lines in the order they are found."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, file: str, card: str, fld: str, message: str) -> None:
        self.lines.append(f"{file}:{card}:{fld}: {message}")


@dataclass
class Entry:
    """One merged card (or one table of a table file) and where each field came from."""

    section: str  # the file's top-level key: "instrument", "row", "storage", ...
    key: str  # card id; "<row>-<tier>" for board rows; the table name for tables
    data: dict[str, Any]  # merged raw TOML values
    origin: dict[str, str]  # field -> label of the file that set it
    label: str  # file for whole-card problems (the last file that touched the card)
    from_user: bool = False  # a user file added or changed this card
    clean: dict[str, Any] = field(default_factory=dict)

    def file(self, fld: str) -> str:
        """The file to blame for a problem in `fld` ("cost.animal" -> the file that set cost)."""
        return self.origin.get(fld.split(".")[0].split("[")[0], self.label)


def ok(clean: dict[str, Any], *keys: str) -> bool:
    return all(clean.get(k, BAD) is not BAD for k in keys)


# ----------------------------------------------------------------- one card


def check_card_rules(kind: str, c: dict[str, Any], report: Report) -> None:
    """Consistency between the fields of one card of `kind`."""
    if kind == "performances" and ok(c, "medium", "high") and c["high"] < c["medium"]:
        report("high", f"must be >= medium ({c['medium']}), got {c['high']}")
    elif kind == "patrons":
        _patron_rules(c, report)
    elif kind == "families":
        if ok(c, "ability", "ability_track", "ability_amount"):
            if c["ability"] == FamilyAbility.TRACK_STEP and c["ability_track"] == -1:
                report("ability_track", 'ability "track_step" needs ability_track')
            if c["ability"] == FamilyAbility.GAIN_CHOICE and c["ability_amount"] < 1:
                report("ability_amount", 'ability "gain_choice" needs ability_amount >= 1')
    elif kind == "specialty" and ok(c, "ability", "amount", "gain", "location"):
        _specialty_rules(c, report)


def _patron_rules(c: dict[str, Any], report: Report) -> None:
    if ok(c, "type", "deck"):
        royal_type, royal_deck = c["type"] == PatronType.ROYAL, c["deck"] == PatronDeck.ROYAL
        if royal_type and not royal_deck:
            report("deck", 'a royal patron belongs in the "royal" deck')
        if royal_deck and not royal_type:
            report("type", 'the royal deck holds only patrons of type "royal"')
    if ok(c, "type", "secondary"):
        want, got = SECONDARIES[PatronType(c["type"])], len(c["secondary"])
        if got != want:
            kind = PatronType(c["type"]).name.lower()
            report(
                "secondary", f"a {kind} has {want} secondary requirement(s) (ruling 2), got {got}"
            )
    if not ok(c, "power", "power_amount", "power_material", "power_metric", "power_gain"):
        return
    power = PatronPower(c["power"])
    name = power.name.lower()
    if power in AMOUNT_POWERS and c["power_amount"] < 1:
        report("power_amount", f'power "{name}" needs power_amount >= 1')
    if power == PatronPower.ROUND_GAIN and not any(c["power_gain"]):
        report("power_gain", 'power "round_gain" needs a non-empty power_gain')
    if power == PatronPower.MARKET_DISCOUNT and c["power_material"] == -1:
        report("power_material", 'power "market_discount" needs power_material')
    if power == PatronPower.ENDGAME_METRIC and c["power_metric"] == -1:
        report("power_metric", 'power "endgame_metric" needs power_metric')


def _specialty_rules(c: dict[str, Any], report: Report) -> None:
    ability = SpecialtyAbility(c["ability"])
    name = ability.name.lower()
    if ability == SpecialtyAbility.GAIN and not any(c["gain"]):
        report("gain", 'ability "gain" needs a non-empty gain')
    if ability in AMOUNT_ABILITIES and c["amount"] < 1:
        report("amount", f'ability "{name}" needs amount >= 1')
    perform_only = ability in (SpecialtyAbility.PERFORM_RESULT, SpecialtyAbility.REROLL)
    if perform_only and c["location"] != Location.PERFORM:
        report("location", f'ability "{name}" only works at "perform"')
    if ability == SpecialtyAbility.DISCOUNT and c["location"] not in DISCOUNT_LOCATIONS:
        report("location", 'ability "discount" only works at "repair", "roughing" or "finishing"')


# ----------------------------------------------------------------- the whole set


def check_set(
    kinds: dict[str, list[Entry]], labels: dict[str, str], user_kinds: set[str], probs: Problems
) -> None:
    """References between cards, uniqueness rules and deck sizes for a 4-player game.

    `labels[kind]` names the file for whole-file problems; `user_kinds` are the kinds
    the user's directory has a file for.
    """
    user_spots = "orchestra" in user_kinds
    _check_orchestra(kinds["instruments"], kinds["orchestra"], labels, user_spots, probs)
    round1 = [e.key for e in kinds["market"] if e.clean.get("round1") is True]
    if len(round1) != 1:
        shown = ", ".join(round1) if round1 else "none"
        probs.add(
            labels["market"],
            "-",
            "round1",
            f"exactly one market card must have round1 = true (the round 1 card), got {shown}",
        )
    seen: dict[int, str] = {}
    for e in kinds["families"]:
        order = e.clean.get("turn_order", BAD)
        if order is not BAD and order in seen:
            probs.add(
                e.file("turn_order"),
                e.key,
                "turn_order",
                f'turn order {order} is also used by "{seen[order]}"',
            )
        elif order is not BAD:
            seen[order] = e.key
    rows = [e for e in kinds["board"] if e.section == "row"]
    have = {(e.clean["row"], e.clean["tier"]) for e in rows if ok(e.clean, "row", "tier")}
    for row in CardRow:
        for tier in (1, 2, 3):
            if (int(row), tier) not in have:
                probs.add(
                    labels["board"],
                    "-",
                    "row",
                    f'no [[row]] entry for row "{row.name.lower()}" tier {tier}',
                )
    _check_setup2p(kinds["setup2p"], kinds["orchestra"], labels, probs)
    _check_deck_sizes(kinds, labels, probs)


def _check_setup2p(
    setups: list[Entry], spots: list[Entry], labels: dict[str, str], probs: Problems
) -> None:
    """Two-player setup cards: each token names an orchestra spot; the deck is not empty.

    Any spot accepts a neutral token of any kind (ruling 11): an instrument token goes
    to its own instrument's spot, and every spot has an era and a family.
    """
    spot_ids = [e.key for e in spots]
    for e in setups:
        tokens = e.clean.get("tokens", BAD)
        if tokens is BAD:
            continue
        for i, (spot, _kind) in enumerate(tokens):
            if spot not in spot_ids:
                probs.add(
                    e.file("tokens"),
                    e.key,
                    f"tokens[{i}].spot",
                    f'unknown orchestra spot "{spot}"' + did_you_mean(spot, spot_ids),
                )
    if not setups:
        probs.add(
            labels["setup2p"],
            "-",
            "-",
            "the two-player setup deck has 0 cards; a 2-player game needs at least 1 "
            "(one is drawn at setup, ruling 16)",
        )


def _check_orchestra(
    insts: list[Entry],
    spots: list[Entry],
    labels: dict[str, str],
    user_spots: bool,
    probs: Problems,
) -> None:
    by_id = {e.key: e for e in insts}
    n_spots = dict.fromkeys(by_id, 0)
    for s in spots:
        ref = s.clean.get("instrument", BAD)
        if ref is BAD:
            continue
        inst = by_id.get(ref)
        if inst is None:
            probs.add(
                s.file("instrument"),
                s.key,
                "instrument",
                f'unknown instrument "{ref}"' + did_you_mean(ref, list(by_id)),
            )
            continue
        n_spots[ref] += 1
        if n_spots[ref] > 2:
            probs.add(
                s.file("instrument"),
                s.key,
                "instrument",
                f'instrument "{ref}" already has 2 spots; at most 2 per instrument type',
            )
        fam, inst_fam = s.clean.get("family", BAD), inst.clean.get("family", BAD)
        if BAD in (fam, inst_fam) or fam == inst_fam:
            continue
        spot_fam, inst_name = name_of(Family, fam), name_of(Family, inst_fam)
        if s.from_user or not inst.from_user:
            msg = f'"{spot_fam}" does not match the family of instrument "{ref}" ("{inst_name}")'
            probs.add(s.label, s.key, "family", msg)
        else:  # the user changed the instrument's family
            msg = f'"{inst_name}" does not match the family of its orchestra spot "{s.key}"'
            msg += f' ("{spot_fam}")'
            probs.add(inst.file("family"), inst.key, "family", msg)
    for key, count in n_spots.items():
        if count > 0:
            continue
        if user_spots:  # the user's orchestra file lost or never had this type's spot
            msg = f'no spot for instrument type "{key}" (each needs 1 or 2)'
            probs.add(labels["orchestra"], "-", "instrument", msg)
        else:
            msg = "no orchestra spot for this instrument type; add a [[spot]] to orchestra.toml"
            probs.add(by_id[key].label, key, "-", msg)


def _rule(kinds: dict[str, list[Entry]], name: str) -> int | None:
    for e in kinds["rules"]:
        if e.key == name and ok(e.clean, "value"):
            return int(e.clean["value"])
    return None


def _slots_4p(kinds: dict[str, list[Entry]], row: CardRow) -> int | None:
    rows = [e.clean for e in kinds["board"] if e.section == "row"]
    if not all(ok(c, "row", "tier", "slots") for c in rows):
        return None
    return sum(c["slots"][2] for c in rows if c["row"] == row)


def _check_deck_sizes(
    kinds: dict[str, list[Entry]], labels: dict[str, str], probs: Problems
) -> None:
    p = MAX_PLAYERS

    def need(kind: str, what: str, have: int, want: int | None, why: str) -> None:
        if want is not None and have < want:
            probs.add(
                labels[kind],
                "-",
                "-",
                f"{what} has {have} cards; a {p}-player game needs at least {want} ({why})",
            )

    def count(kind: str, fld: str | None = None, code: int | None = None) -> int:
        return sum(1 for e in kinds[kind] if fld is None or e.clean.get(fld) == code)

    def times(rule: str, extra: int | None = 0) -> int | None:
        value = _rule(kinds, rule)
        return None if value is None or extra is None else p * value + extra

    inst_slots = _slots_4p(kinds, CardRow.INSTRUMENTS)
    copies = sum(e.clean["copies"] for e in kinds["instruments"] if ok(e.clean, "copies"))
    need(
        "instruments",
        "the instrument deck",
        copies,
        times("instruments_dealt", inst_slots),
        f"{p} players x {_rule(kinds, 'instruments_dealt')} dealt + {inst_slots} face-up slots",
    )
    for kind, row in (("performances", CardRow.PERFORMANCES), ("repairs", CardRow.REPAIRS)):
        need(kind, f"the {kind[:-1]} deck", count(kind), _slots_4p(kinds, row), "face-up slots")
    pat_slots = _slots_4p(kinds, CardRow.PATRONS)
    need(
        "patrons",
        "patron deck I",
        count("patrons", "deck", PatronDeck.I),
        times("patrons_dealt", pat_slots),
        f"{p} players x {_rule(kinds, 'patrons_dealt')} dealt + {pat_slots} face-up slots",
    )
    need(
        "patrons",
        "patron deck II",
        count("patrons", "deck", PatronDeck.II),
        1,
        "it replaces deck I after round 3",
    )
    need(
        "patrons",
        "the royal patron deck",
        count("patrons", "deck", PatronDeck.ROYAL),
        p + 1,
        "players + 1",
    )
    for deck in SpecialtyDeck:
        need(
            "specialty",
            f"the {deck.name.lower()} specialty deck",
            count("specialty", "deck", deck),
            p + 1,
            "players + 1",
        )
    need(
        "families",
        "the family tile set",
        count("families"),
        times("families_dealt"),
        f"{p} players x {_rule(kinds, 'families_dealt')} dealt",
    )
    need(
        "goals",
        "the goal deck",
        count("goals"),
        times("goals_dealt"),
        f"{p} players x {_rule(kinds, 'goals_dealt')} dealt",
    )
    need("market", "the market deck", count("market"), _rule(kinds, "rounds"), "one per round")
    for rule, players in (("awards_in_play_small", "2 or 3"), ("awards_in_play_four", "4")):
        tiles = _rule(kinds, rule)
        if tiles is not None and count("awards") < tiles:
            probs.add(
                labels["awards"],
                "-",
                "-",
                f"the award tile set has {count('awards')} cards; a game of {players} players "
                f"needs at least {tiles} ({rule} in rules.toml)",
            )
