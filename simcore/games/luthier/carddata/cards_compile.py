"""Compile validated card data into the read-only arrays the kernels index by card id."""

from __future__ import annotations

import hashlib
import json
from typing import Any, NamedTuple

import numpy as np

from simcore.games.luthier.carddata.cards_schema import (
    AMOUNT_ABILITIES,
    AMOUNT_POWERS,
    MAX_SETUP_TOKENS,
)
from simcore.games.luthier.state.enums import (
    N_RES,
    CardRow,
    FamilyAbility,
    PatronPower,
    SpecialtyAbility,
    names,
)
from simcore.games.luthier.state.enums import Rule as RuleEnum

PROVENANCE = ("source", "estimated", "fitted")  # documentation fields: not part of the data hash


class LuthierCards(NamedTuple):
    """Card data as arrays; first axis = card index of that kind (order of `CardSet.ids`).

    -1 means none / padding. Bundles have N_RES columns in `Res` order; material
    costs have 3 columns (animal, wood, metal). Orchestra token kinds: 0 instrument,
    1 performance, 2 repair. Every array is read-only.
    """

    rules: np.ndarray  # int32[N_RULES], indexed by Rule
    inst_family: np.ndarray  # int8[n] Family
    inst_rare: np.ndarray  # int8[n] 0/1
    inst_copies: np.ndarray  # int8[n] cards of this type in the deck
    inst_rough: np.ndarray  # int16[n,3] roughing cost
    inst_finish: np.ndarray  # int16[n,3] finishing cost
    inst_prestige: np.ndarray  # int16[n]
    inst_n_spots: np.ndarray  # int8[n] orchestra spots of this type (1 or 2)
    inst_spots: np.ndarray  # int16[n,2] spot indices, -1 pad
    spot_family: np.ndarray  # int8[n] Family (orchestra row)
    spot_eras: np.ndarray  # int8[n] bitmask, bit e set = accepts Era e
    spot_instrument: np.ndarray  # int16[n] instrument index
    spot_rare: np.ndarray  # int8[n] the instrument's rare flag (unlimited chairs)
    spot_bonus: np.ndarray  # int16[n,N_RES] first-chair bonus
    perf_era: np.ndarray  # int8[n] Era
    perf_threshold: np.ndarray  # int16[n,2] (medium, high) minimum totals
    perf_money: np.ndarray  # int16[n,3] money paid (low, medium, high)
    perf_prestige: np.ndarray  # int16[n,3] prestige paid (low, medium, high)
    repair_family: np.ndarray  # int8[n] Family
    repair_cost: np.ndarray  # int16[n,3]
    repair_prestige: np.ndarray  # int16[n]
    market_price: np.ndarray  # int16[n,3] money per material
    market_round1: int  # index of the round 1 market card
    patron_deck: np.ndarray  # int8[n] PatronDeck
    patron_type: np.ndarray  # int8[n] PatronType
    patron_era: np.ndarray  # int8[n] Era
    patron_primary: np.ndarray  # int8[n] Family
    patron_n_secondary: np.ndarray  # int8[n] 0..2
    patron_secondary: np.ndarray  # int8[n,2,2] [k,0] Family, [k,1] Era; -1 pad
    patron_gifts: np.ndarray  # int16[n,2,N_RES] gift at patience step 1 and 2
    patron_prestige: np.ndarray  # int16[n] completion prestige
    patron_power: np.ndarray  # int8[n] PatronPower
    patron_power_amount: np.ndarray  # int16[n] 0 if the power has no amount
    patron_power_material: np.ndarray  # int8[n] Material, -1 unless market_discount
    patron_power_metric: np.ndarray  # int16[n] Metric, -1 unless endgame_metric
    patron_power_gain: np.ndarray  # int16[n,N_RES] zero unless round_gain
    award_metric: np.ndarray  # int16[n] Metric
    award_threshold: np.ndarray  # int16[n,3] ascending
    award_prestige: np.ndarray  # int16[n,3]
    goal_metric: np.ndarray  # int16[n] Metric
    goal_threshold: np.ndarray  # int16[n,3] ascending
    goal_prestige: np.ndarray  # int16[n,3]
    family_turn_order: np.ndarray  # int8[n] 1.. (lowest starts)
    family_start: np.ndarray  # int16[n,N_RES] starting resources
    family_ability: np.ndarray  # int8[n] FamilyAbility
    family_ability_track: np.ndarray  # int8[n] Track, -1 unless track_step
    family_ability_amount: np.ndarray  # int16[n] 0 unless gain_choice
    specialty_deck: np.ndarray  # int8[n] SpecialtyDeck
    specialty_location: np.ndarray  # int8[n] Location
    specialty_ability: np.ndarray  # int8[n] SpecialtyAbility
    specialty_amount: np.ndarray  # int16[n] 0 for gain and free_tier
    specialty_gain: np.ndarray  # int16[n,N_RES] zero unless gain
    row_slots: np.ndarray  # int8[4,3,5] [CardRow, tier-1, players]; players 0-1 = 0
    die_white: np.ndarray  # int8[6] notes per face
    die_black: np.ndarray  # int8[6]
    die_purple: np.ndarray  # int16[6,N_RES] bundle per face
    chair_prestige: np.ndarray  # int16[2,9] [1-3 players | 4 players, chairs held (8 = 8+)]
    setup_tokens: np.ndarray  # int16[n,6,2] [k,0] spot index, [k,1] token kind; -1 pad
    setup_blocked: np.ndarray  # int8[n,3] blocked award level (0..2) per public tile position


def _arr(values: Any, dtype: type, shape: tuple[int, ...]) -> np.ndarray:
    out = np.array(values, dtype=dtype).reshape(shape)
    out.setflags(write=False)
    return out


def _when(
    cards: list[dict[str, Any]], codes: list[Any], key: str, used: Any, default: Any
) -> list[Any]:
    """`card[key]` where the card's ability/power code uses that field, else `default`."""
    return [c[key] if code in used else default for c, code in zip(cards, codes, strict=True)]


def compile_cards(clean: dict[str, list[dict[str, Any]]]) -> LuthierCards:
    """Build the arrays from validated clean values (`section` -> cards in index order)."""
    insts, spots, perfs = clean["instrument"], clean["spot"], clean["performance"]
    reps, markets, pats = clean["repair"], clean["market"], clean["patron"]
    awards, goals, fams, specs = clean["award"], clean["goal"], clean["family"], clean["specialty"]
    ni, ns, npf, nr, nm = len(insts), len(spots), len(perfs), len(reps), len(markets)
    npt, na, ng, nf, nsp = len(pats), len(awards), len(goals), len(fams), len(specs)
    i8, i16 = np.int8, np.int16
    setups = clean["setup"]
    nst = len(setups)

    inst_index = {c["id"]: i for i, c in enumerate(insts)}
    spot_inst = [inst_index[s["instrument"]] for s in spots]
    inst_spots = [[-1, -1] for _ in insts]
    n_spots = [0] * ni
    for s, i in enumerate(spot_inst):
        inst_spots[i][n_spots[i]] = s
        n_spots[i] += 1

    pw = [PatronPower(c["power"]) for c in pats]
    secondary = [
        [[f, e] for f, e in c["secondary"]] + [[-1, -1]] * (2 - len(c["secondary"])) for c in pats
    ]
    fam_ab = [FamilyAbility(c["ability"]) for c in fams]
    sp_ab = [SpecialtyAbility(c["ability"]) for c in specs]
    zero = [0] * N_RES

    row_slots = np.zeros((len(CardRow), 3, 5), dtype=i8)
    for r in clean["row"]:
        row_slots[r["row"], r["tier"] - 1, 2:5] = r["slots"]
    row_slots.setflags(write=False)
    rules = {c["id"]: c["value"] for c in clean["rules"]}
    chairs = clean["first_chairs"][0]
    dice = {c["id"]: c["faces"] for c in clean["dice"]}
    spot_index = {c["id"]: i for i, c in enumerate(spots)}
    setup_tokens = [
        [[spot_index[spot], kind] for spot, kind in c["tokens"]]
        + [[-1, -1]] * (MAX_SETUP_TOKENS - len(c["tokens"]))
        for c in setups
    ]

    return LuthierCards(
        rules=_arr([rules[n] for n in names(RuleEnum)], np.int32, (len(RuleEnum),)),
        inst_family=_arr([c["family"] for c in insts], i8, (ni,)),
        inst_rare=_arr([int(c["rare"]) for c in insts], i8, (ni,)),
        inst_copies=_arr([c["copies"] for c in insts], i8, (ni,)),
        inst_rough=_arr([c["rough"] for c in insts], i16, (ni, 3)),
        inst_finish=_arr([c["finish"] for c in insts], i16, (ni, 3)),
        inst_prestige=_arr([c["prestige"] for c in insts], i16, (ni,)),
        inst_n_spots=_arr(n_spots, i8, (ni,)),
        inst_spots=_arr(inst_spots, i16, (ni, 2)),
        spot_family=_arr([c["family"] for c in spots], i8, (ns,)),
        spot_eras=_arr([c["eras"] for c in spots], i8, (ns,)),
        spot_instrument=_arr(spot_inst, i16, (ns,)),
        spot_rare=_arr([int(insts[i]["rare"]) for i in spot_inst], i8, (ns,)),
        spot_bonus=_arr([c["first_chair"] for c in spots], i16, (ns, N_RES)),
        perf_era=_arr([c["era"] for c in perfs], i8, (npf,)),
        perf_threshold=_arr([[c["medium"], c["high"]] for c in perfs], i16, (npf, 2)),
        perf_money=_arr([c["money"] for c in perfs], i16, (npf, 3)),
        perf_prestige=_arr([c["prestige"] for c in perfs], i16, (npf, 3)),
        repair_family=_arr([c["family"] for c in reps], i8, (nr,)),
        repair_cost=_arr([c["cost"] for c in reps], i16, (nr, 3)),
        repair_prestige=_arr([c["prestige"] for c in reps], i16, (nr,)),
        market_price=_arr([c["prices"] for c in markets], i16, (nm, 3)),
        market_round1=next(i for i, c in enumerate(markets) if c["round1"]),
        patron_deck=_arr([c["deck"] for c in pats], i8, (npt,)),
        patron_type=_arr([c["type"] for c in pats], i8, (npt,)),
        patron_era=_arr([c["era"] for c in pats], i8, (npt,)),
        patron_primary=_arr([c["primary"] for c in pats], i8, (npt,)),
        patron_n_secondary=_arr([len(c["secondary"]) for c in pats], i8, (npt,)),
        patron_secondary=_arr(secondary, i8, (npt, 2, 2)),
        patron_gifts=_arr([c["gifts"] for c in pats], i16, (npt, 2, N_RES)),
        patron_prestige=_arr([c["prestige"] for c in pats], i16, (npt,)),
        patron_power=_arr([int(p) for p in pw], i8, (npt,)),
        patron_power_amount=_arr(_when(pats, pw, "power_amount", AMOUNT_POWERS, 0), i16, (npt,)),
        patron_power_material=_arr(
            _when(pats, pw, "power_material", {PatronPower.MARKET_DISCOUNT}, -1), i8, (npt,)
        ),
        patron_power_metric=_arr(
            _when(pats, pw, "power_metric", {PatronPower.ENDGAME_METRIC}, -1), i16, (npt,)
        ),
        patron_power_gain=_arr(
            _when(pats, pw, "power_gain", {PatronPower.ROUND_GAIN}, zero), i16, (npt, N_RES)
        ),
        award_metric=_arr([c["metric"] for c in awards], i16, (na,)),
        award_threshold=_arr([[t for t, _ in c["levels"]] for c in awards], i16, (na, 3)),
        award_prestige=_arr([[p for _, p in c["levels"]] for c in awards], i16, (na, 3)),
        goal_metric=_arr([c["metric"] for c in goals], i16, (ng,)),
        goal_threshold=_arr([[t for t, _ in c["levels"]] for c in goals], i16, (ng, 3)),
        goal_prestige=_arr([[p for _, p in c["levels"]] for c in goals], i16, (ng, 3)),
        family_turn_order=_arr([c["turn_order"] for c in fams], i8, (nf,)),
        family_start=_arr([c["start"] for c in fams], i16, (nf, N_RES)),
        family_ability=_arr([int(a) for a in fam_ab], i8, (nf,)),
        family_ability_track=_arr(
            _when(fams, fam_ab, "ability_track", {FamilyAbility.TRACK_STEP}, -1), i8, (nf,)
        ),
        family_ability_amount=_arr(
            _when(fams, fam_ab, "ability_amount", {FamilyAbility.GAIN_CHOICE}, 0), i16, (nf,)
        ),
        specialty_deck=_arr([c["deck"] for c in specs], i8, (nsp,)),
        specialty_location=_arr([c["location"] for c in specs], i8, (nsp,)),
        specialty_ability=_arr([int(a) for a in sp_ab], i8, (nsp,)),
        specialty_amount=_arr(_when(specs, sp_ab, "amount", AMOUNT_ABILITIES, 0), i16, (nsp,)),
        specialty_gain=_arr(
            _when(specs, sp_ab, "gain", {SpecialtyAbility.GAIN}, zero), i16, (nsp, N_RES)
        ),
        row_slots=row_slots,
        die_white=_arr(dice["white"], i8, (6,)),
        die_black=_arr(dice["black"], i8, (6,)),
        die_purple=_arr(dice["purple"], i16, (6, N_RES)),
        chair_prestige=_arr([chairs["small"], chairs["four"]], i16, (2, 9)),
        setup_tokens=_arr(setup_tokens, i16, (nst, MAX_SETUP_TOKENS, 2)),
        setup_blocked=_arr([c["blocked"] for c in setups], i8, (nst, 3)),
    )


def data_hash(records: dict[str, list[dict[str, Any]]]) -> str:
    """sha256 of the canonical JSON of the merged cards, without `source`/`estimated`.

    Card order is kept (it fixes the integer ids); keys are sorted. Provenance is left
    out so the same numbers copied into another directory hash the same.
    """
    data = {
        kind: [{k: v for k, v in rec.items() if k not in PROVENANCE} for rec in recs]
        for kind, recs in records.items()
    }
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
