"""The shipped card data against issue 37's specification: counts, the effect catalogue,
the estimated composition deck and path, the rules' defaults, and the compiled arrays."""

from __future__ import annotations

from collections import Counter

import numpy as np

from simcore.games.ewmh.carddata.load import load_cards
from simcore.games.ewmh.carddata.params import KEEP_PARAMS, PARAMS, TILE_PARAMS
from simcore.games.ewmh.carddata.rules import RULES
from simcore.games.ewmh.codes import Age, Effect, Face, Keep, Rule, Tag, Tile, Timing
from simcore.games.ewmh.sizes import MAX_PARAMS

# spec 1.1: copies per design ("Plagiarize 4, Inspiration 3, Peasants' Revolt 2, Dunstaple
# 2, Susato 2, every other design 1")
MULTI = {"plagiarize": 4, "inspiration": 3, "peasants_revolt": 2, "dunstaple": 2, "susato": 2}

# spec 1.2.6: the 38 effect kinds (by catalogue number) and the 3 keep conditions
CATALOGUE = [
    "draw_compositions",
    "back_and_draw",
    "take_effect",
    "higher_education",
    "spheres",
    "reroll",
    "double_next_roll",
    "min_move_six",
    "invert_roll",
    "move_pawn",
    "same_tile_push",
    "passed_move",
    "steal_composition",
    "remove_published",
    "annex",
    "noble_sacrifice",
    "force_flip",
    "redistribute",
    "cost_reduce",
    "multi_unit",
    "borrow_units",
    "double_ability",
    "protect",
    "negate",
    "vocation_watch",
    "draw_more",
    "copy_tile",
    "moved_steal",
    "cards_to_move",
    "concertante",
    "age_full_points",
    "genre_bonus",
    "extra_refresh",
    "hand_capacity",
    "move_on_discard",
    "end_turn_move",
    "tag_bonus",
    "patron_double",
]
KEEPS = {  # spec K1-K3 (K3 `hand_limit_6`: the 6 is the `limit` parameter here)
    "alfonso_the_wise": "no_negative",
    "philip_the_good": "no_negative",
    "elizabeth_nevell": "publish_each_turn",
    "amadeus_viii": "hand_limit",
    "william_v": "hand_limit",
}


def _kinds(records):
    for card in records:
        yield card["effect"]
        if "effect_b" in card:
            yield card["effect_b"]


def test_forty_designs_make_forty_eight_cards(ecards):
    designs = ecards.records["effects"]
    assert len(designs) == 40
    copies = {d["id"]: d["copies"] for d in designs}
    assert {k: v for k, v in copies.items() if v != 1} == MULTI
    assert sum(copies.values()) == 48 == ecards.rules["effect_deck"]
    t = ecards.tables
    assert len(t.card_design) == 48
    assert Counter(t.card_design.tolist()) == {d: c for d, c in enumerate(copies.values())}


def test_five_patrons_with_their_keep_conditions(ecards):
    patrons = {d["id"]: d["keep"] for d in ecards.records["effects"] if "keep" in d}
    assert patrons == KEEPS
    t = ecards.tables
    keep = {cid: Keep(t.design_keep[i]).name.lower() for i, cid in enumerate(ecards.ids["effects"])}
    assert {k: v for k, v in keep.items() if v != "none"} == KEEPS
    amadeus = ecards.index("effects", "amadeus_viii")
    assert t.design_keep_params[amadeus, 0] == 6


def test_three_vocations_with_three_flip_abilities_and_one_static(ecards):
    assert ecards.ids["vocations"] == ["church", "court", "countryside"]
    t = ecards.tables
    for v, vocation in enumerate(ecards.ids["vocations"]):
        timings = [Timing(x) for x in t.ability_timing[t.ability_vocation == v]]
        assert len(timings) == 4, vocation
        assert timings.count(Timing.STATIC) == 1, vocation
    # Absolution reacts "at any point" (ruling EW-25); the other flips are own-turn flips
    by_id = {a["id"]: a for a in ecards.records["abilities"]}
    assert by_id["church_absolution"]["timing"] == "react"
    assert sum(a["timing"] == "flip" for a in by_id.values()) == 8


def test_every_catalogue_kind_is_on_a_card_and_every_card_kind_in_the_catalogue(ecards):
    assert [e.name.lower() for e in Effect if e != Effect.NONE] == CATALOGUE  # numbered as 1.2.6
    used = set(_kinds(ecards.records["effects"])) | set(_kinds(ecards.records["abilities"]))
    assert used == set(CATALOGUE)
    assert {k.name.lower() for k in Keep if k != Keep.NONE} == set(KEEPS.values())


def test_the_compiled_arrays_hold_codes_and_parameters_in_slot_order(ecards):
    t = ecards.tables
    g = ecards.index("effects", "gesualdo")
    assert t.design_effect[g] == Effect.BACK_AND_DRAW and t.design_timing[g] == Timing.FLIP
    assert t.design_params[g].tolist() == [4, 2, 0, 0]  # back 4, draw 2
    o = ecards.index("effects", "ockeghem")
    assert t.design_params[o, 0] == ecards.index("compositions", "mass")
    assert t.design_params[o, 1] == 3
    church = next(i for i, a in enumerate(ecards.ids["abilities"]) if a == "church_composer")
    assert t.ability_params[church, 0] == (1 << Tag.SACRED) | (1 << Tag.LITURGICAL)
    byrd = ecards.index("effects", "byrd")
    assert t.design_params[byrd].tolist() == [Age.HIGH_RENAISSANCE, 1, 0, 0]
    for array in t:
        assert not array.flags.writeable
    assert all(len(p) <= MAX_PARAMS for p in [*PARAMS.values(), *KEEP_PARAMS.values()])
    assert all(len(p) <= MAX_PARAMS for p in TILE_PARAMS.values())
    assert set(PARAMS) == set(Effect) and set(KEEP_PARAMS) == set(Keep)
    assert set(TILE_PARAMS) == set(Tile)
    assert sorted(rule for rule, _ in RULES.values()) == list(Rule)  # one key per rule


def test_the_faces_the_rules_choose_are_compiled(ecards):
    """Ruling EW-2: the default faces, and one Dunstaple copy whose reverse differs."""
    t = ecards.tables
    he = ecards.ids["abilities"].index("court_higher_education")
    assert t.ability_params[he].tolist() == [2, 2, 1, 1]  # face B: a patron first, else 2
    d = ecards.index("effects", "dunstaple")
    copies = np.flatnonzero(t.card_design == d)
    assert t.design_face[d] == Face.A and t.card_params[copies, 1].tolist() == [1, 1]
    flipped = load_cards(patches=["rules.face_dunstaple.value=b"]).tables
    assert flipped.design_face[d] == Face.B
    assert sorted(flipped.card_params[copies, 1].tolist()) == [0, 1]  # only one copy reads B
    a_face = load_cards(patches=["rules.face_court_higher_education.value=a"]).tables
    assert a_face.ability_params[he].tolist() == [1, 2, 0, 0]


# spec table 1.1b: banner values by genre and age (0 = no banner)
BANNERS = {
    "cantiga": [2, 0, 0, 0],
    "plainchant": [2, 3, 0, 0],
    "ballata": [0, 3, 3, 0],
    "motet": [0, 4, 5, 5],
    "mass": [0, 4, 5, 6],
    "madrigal": [0, 0, 4, 5],
    "dance": [2, 2, 3, 3],
}


def test_the_estimated_composition_deck_is_table_1_1b(ecards):
    t = ecards.tables
    assert ecards.ids["compositions"] == list(BANNERS)
    assert {g: t.genre_banner[i].tolist() for i, g in enumerate(BANNERS)} == BANNERS
    assert len(t.comp_genre) == 42 and t.genre_copies.tolist() == [6] * 7
    full = (t.genre_banner > 0).sum(axis=0)
    assert (full >= 2).all()  # every age has at least 2 genres with a banner
    motet = ecards.index("compositions", "motet")
    assert t.genre_banner[motet, Age.MONOPHONY] == 0  # stated: no Monophony banner
    church = (1 << Tag.SACRED) | (1 << Tag.LITURGICAL)
    assert [bool(m & church) for m in t.genre_tags] == [True, True, False, True, True, False, False]


def test_the_estimated_path(ecards):
    t = ecards.tables
    length = ecards.rules["path_length"]
    assert length == 36 and len(t.path) == 37
    assert t.path[0] == t.path[length] == -1
    assert int(t.tile_count.sum()) == 35
    assert sum(r["share"] for r in ecards.records["tiles"]) == 100
    assert np.bincount(t.path[1:length], minlength=len(t.tile_count)).tolist() == (
        t.tile_count.tolist()
    )
    shorter = load_cards(patches=["rules.path_length.value=24"]).tables
    assert len(shorter.path) == 25 and int(shorter.tile_count.sum()) == 23


def test_rules_defaults_are_the_specs(ecards):
    assert ecards.rules == {
        "age": "monophony",
        "refresh": 3,
        "hand_limit": 7,
        "array_size": 4,
        "draft_cards": 3,
        "arrival_free": [3, 2, 1],
        "end_draw": 1,
        "end_free": 1,
        "unproduced_points": 1,
        "off_age_divisor": 2,
        "die_sides": 6,
        "effect_deck": 48,
        "path_length": 36,
        "round_cap": 60,
        "vocation_copies": "balanced",
        "patron_in_array": "until_taken",
        "off_age": "half",
        "half_round": "down",
        "bonus_timing": "production",
        "tie_break": "shared",
        "patron_grace": True,
        "face_court_higher_education": "b",
        "face_court_friends_in_high_places": "b",
        "face_harden_soften": "a",
        "face_dunstaple": "a",
        "face_hildegard_magistra": "a",
        "face_house_medici": "a",
        "face_elizabeth_nevell": "a",
        "face_perotin": "a",
        "face_charlemagne": "a",
        "face_hildegard_trance": "b",
        "face_church_sacred_text": "b",
    }
    assert set(RULES) | {"arrival_free"} <= set(ecards.rules)
    t = ecards.tables
    assert t.rules[Rule.AGE] == Age.MONOPHONY and t.rules[Rule.PATRON_GRACE] == 1
    assert t.arrival_free[:4].tolist() == [3, 2, 1, 0]
    for key in ("age", "high_renaissance"), ("tie_break", "arrival"):
        cards = load_cards(patches=[f"rules.{key[0]}.value={key[1]}"])
        assert cards.rules[key[0]] == key[1]
    faces = sum(r["id"].startswith("face_") for r in ecards.records["rules"])
    assert faces == 11  # ruling EW-2's eleven cards


def test_every_entry_says_where_its_numbers_come_from(ecards):
    for kind, records in ecards.records.items():
        for r in records:
            assert r["source"].startswith(("rulebook: ", "reading: ", "ruling EW-", "estimate")), (
                kind,
                r["id"],
            )
            if r["source"] == "estimate":
                assert len(r["estimate"]) > 20, (kind, r["id"])  # how it was chosen


def test_estimates_are_the_deck_the_path_and_the_cap(ecards):
    estimated = {
        (kind, r["id"])
        for kind, rs in ecards.records.items()
        for r in rs
        if r["source"] == "estimate"
    }
    kinds = Counter(kind for kind, _ in estimated)
    assert kinds == {"compositions": 7, "banners": 11, "tiles": 7, "rules": 2}
    assert {("rules", "path_length"), ("rules", "round_cap")} <= estimated
    readings = sorted(
        r["id"] for r in ecards.records["banners"] if r["source"].startswith("reading")
    )
    assert readings == [
        "madrigal_early_renaissance",
        "motet_early_polyphony",
        "motet_early_renaissance",
        "motet_high_renaissance",
    ]
    for kind in ("effects", "abilities", "vocations"):  # every card is in the rulebook
        assert all(r["source"].startswith("rulebook: ") for r in ecards.records[kind])
