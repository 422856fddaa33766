"""Luthier card data at the card schema's extremes, as `--set` patches (cards_patch.py).

Each knob pushes one group of fields to the largest (or, for costs and the rounds
workers join, the smallest) value the schema allows: prestige 999, bundles 99, rule
amounts at the top of their range, ... A test picks several knobs at once:

    load_cards(None, extreme_patches(["prestige", "rounds", "money_rules"]))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from simcore.games.luthier.carddata.cards import CardSet, load_default_cards
from simcore.games.luthier.carddata.cards_patch import Patch, parse_patch
from simcore.games.luthier.carddata.cards_rules import RANGES
from simcore.games.luthier.carddata.cards_schema import AMOUNT_POWERS
from simcore.games.luthier.state.enums import PatronPower, Res, Rule, names

TOP = 999  # prestige and thresholds (cards_schema: `hi=999`)
MOST = 99  # every other card number: bundles, amounts, money
THREE = f"[{MOST}, {MOST}, {MOST}]"
ALL_RES = "{ " + ", ".join(f"{r} = {MOST}" for r in names(Res)) + " }"
POINTS = f"{{ money = {MOST}, inspiration = {MOST}, prestige = {MOST} }}"  # no materials
AMOUNT_POWER_NAMES = {PatronPower(p).name.lower() for p in AMOUNT_POWERS}


def _rules(*rules: Rule, top: bool = True) -> list[str]:
    """Each rule at the top (or bottom) of its range (cards_rules.RANGES)."""
    return [f"rules.{r.name.lower()}.value={RANGES[r][1 if top else 0]}" for r in rules]


def _each(cards: CardSet, kind: str, field: str, value: object) -> list[str]:
    return [f"{kind}.{cid}.{field}={value}" for cid in cards.ids[kind]]


def _level_prestige(cards: CardSet, kind: str) -> list[str]:
    return [f"{kind}.{c}.levels.{lv}.prestige={TOP}" for c in cards.ids[kind] for lv in range(3)]


def _power_amounts(cards: CardSet) -> list[str]:
    return [
        f"patrons.{rec['id']}.power_amount={MOST}"
        for rec in cards.records["patrons"]
        if rec.get("power") in AMOUNT_POWER_NAMES
    ]


def _prestige(cards: CardSet) -> list[str]:
    return (
        _each(cards, "instruments", "prestige", TOP)
        + _each(cards, "repairs", "prestige", TOP)
        + _each(cards, "patrons", "prestige", TOP)
        + _each(cards, "performances", "prestige", THREE)
    )


def _end_game(cards: CardSet) -> list[str]:
    chairs = [f"board.first_chairs.{k}=[{', '.join([str(TOP)] * 9)}]" for k in ("small", "four")]
    return _level_prestige(cards, "awards") + _level_prestige(cards, "goals") + chairs


def _materials(cards: CardSet) -> list[str]:
    """Every resource at 99 where a bundle starts or repeats: many discards over the cap."""
    purple = f"dice.purple.faces=[{', '.join([ALL_RES] * 6)}]"
    return _each(cards, "families", "start", ALL_RES) + [purple]


KNOBS: dict[str, Callable[[CardSet], list[str]]] = {
    "prestige": _prestige,
    "end_game": _end_game,
    "rounds": lambda c: _rules(Rule.ROUNDS, Rule.PATRON_II_AFTER_ROUND),
    "early_workers": lambda c: _rules(Rule.WORKER2_ROUND, Rule.WORKER4_ROUND, top=False),
    "money_rules": lambda c: _rules(
        Rule.ALT_MONEY,
        Rule.BALCONY_ALT_MONEY,
        Rule.SLOT_BONUS_MONEY,
        Rule.CHAIR_CONSOLATION_MONEY,
        Rule.TRACK_FINAL_PRESTIGE,
    ),
    "inspiration_rules": lambda c: _rules(
        Rule.SALON_ALT_INSPIRATION,
        Rule.CHAIR_CONSOLATION_INSPIRATION,
        Rule.ROUGH_INSPIRATION,
        Rule.REPAIR_INSPIRATION_PER_MATERIAL,
    ),
    "free": lambda c: _rules(
        Rule.APPRENTICE_COST,
        Rule.TRAINING_COST,
        Rule.TIER2_COST,
        Rule.TIER3_COST,
        Rule.SEARCH_COST,
        Rule.ROUGH_INSPIRATION_SKILL,
        Rule.ROUGH_DISCOUNT_SKILL,
        Rule.FINISH_DISCOUNT_SKILL,
        Rule.FINISH_DOUBLE_SKILL,
        top=False,
    ),
    "supplies": lambda c: _rules(
        Rule.STORAGE,
        Rule.STORAGE_EXTRA,
        Rule.APPRENTICE_CAP,
        Rule.APPRENTICES_PER_WORKER,
        Rule.INSTRUMENT_TOKENS,
        Rule.PERFORMANCE_TOKENS,
        Rule.REPAIR_TOKENS,
        Rule.EXTRA_STORAGE_FREE_MATERIALS,
    ),
    "conversion": lambda c: _rules(Rule.CONVERSION_RATE, top=False),
    "performance_money": lambda c: _each(c, "performances", "money", THREE),
    "gifts": lambda c: _each(c, "patrons", "gifts", f"[{POINTS}, {POINTS}]"),
    "chair_bonus": lambda c: _each(c, "orchestra", "first_chair", POINTS),
    "family_start": lambda c: _each(c, "families", "start", POINTS),
    "purple_die": lambda c: [f"dice.purple.faces=[{', '.join([POINTS] * 6)}]"],
    "powers": _power_amounts,
    "materials": _materials,
}


def extreme_patches(knobs: Iterable[str]) -> list[Patch]:
    """The `--set` patches that put the named knobs' fields at their extremes (in order)."""
    cards = load_default_cards()
    return [parse_patch(text) for knob in knobs for text in KNOBS[knob](cards)]
