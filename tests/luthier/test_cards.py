"""Card data: the shipped set, the compiled arrays, user overrides and error reporting."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

from simcore.errors import CardDataError, TuttiError
from simcore.games.luthier.carddata.cards import DEFAULT_DIR, KINDS, CardSet, load_cards
from simcore.games.luthier.carddata.cards_rules import RANGES as RULE_RANGES
from simcore.games.luthier.state.enums import (
    N_RES,
    N_RULES,
    CardRow,
    Era,
    Family,
    Material,
    Metric,
    PatronDeck,
    PatronPower,
    PatronType,
    Res,
    Rule,
)

DEFAULT = "simcore/games/luthier/data"


def bundle(**amounts: int) -> list[int]:
    out = [0] * N_RES
    for name, n in amounts.items():
        out[Res[name.upper()]] = n
    return out


def write(directory: Path, name: str, text: str) -> None:
    (directory / name).write_text(text, encoding="utf-8")


def problems_of(directory: Path) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_cards(directory)
    return info.value.problems


# ----------------------------------------------------------------- the shipped set


def test_printed_card_counts(cards: CardSet) -> None:
    a = cards.arrays
    assert int(a.inst_copies.sum()) == 39
    rare = a.inst_rare == 1
    assert (a.inst_copies[rare] == 1).all()
    assert a.inst_copies[cards.index("instruments", "violin")] == 4
    standard = ~rare
    standard[cards.index("instruments", "violin")] = False
    assert (a.inst_copies[standard] == 2).all()
    assert sorted(int(f) for f in a.inst_family[rare]) == [0, 1, 2]  # one rare per family
    assert len(cards.ids["orchestra"]) == len(cards.ids["instruments"]) + 1
    assert np.bincount(a.perf_era).tolist() == [8, 8, 8]
    assert np.bincount(a.repair_family).tolist() == [8, 8, 8]
    assert len(cards.ids["market"]) == 16
    assert np.bincount(a.patron_deck).tolist() == [18, 12, 9]
    deck_i, deck_ii = a.patron_deck == PatronDeck.I, a.patron_deck == PatronDeck.II
    assert np.bincount(a.patron_type[deck_i], minlength=4).tolist() == [6, 6, 6, 0]
    assert np.bincount(a.patron_type[deck_ii], minlength=4).tolist() == [3, 6, 3, 0]
    assert (a.patron_type[a.patron_deck == PatronDeck.ROYAL] == PatronType.ROYAL).all()
    assert len(cards.ids["awards"]) == 15
    assert len(cards.ids["goals"]) == 18
    assert sorted(a.family_turn_order.tolist()) == list(range(1, 9))
    assert np.bincount(a.specialty_deck).tolist() == [7, 7, 7]
    assert cards.ids["setup2p"] == [f"s{i}" for i in range(1, 10)]  # Orchestra Setup Cards (9)


def test_every_card_names_its_source(cards: CardSet) -> None:
    for kind in KINDS:
        for rec in cards.records[kind]:
            source = rec["source"]
            assert source == "estimate" or source.startswith(("rulebook:", "ruling")), (kind, rec)


def test_rulebook_numbers_are_exact(cards: CardSet) -> None:
    a, ix = cards.arrays, cards.index
    violin, viola = ix("instruments", "violin"), ix("instruments", "viola")
    assert a.inst_rough[violin].tolist() == [1, 1, 0]  # 1 animal + 1 wood
    assert a.inst_finish[violin].tolist() == [0, 1, 0]  # 1 wood
    assert a.inst_prestige[violin] == 2
    assert a.inst_prestige[viola] == 3
    assert a.spot_bonus[ix("orchestra", "viola")].tolist() == bundle(money=4)
    assert a.spot_bonus[ix("orchestra", "clarinet")].tolist() == bundle(money=2, wood=1)
    harp = ix("orchestra", "harp")
    assert a.spot_bonus[harp].tolist() == bundle(any_material=1, inspiration=1, money=1)
    assert a.spot_rare[harp] == 1 and a.spot_family[harp] == Family.STRINGS
    p1 = ix("performances", "p1")
    assert a.perf_era[p1] == Era.BAROQUE
    assert a.perf_threshold[p1].tolist()[1] == 9 and a.perf_threshold[p1, 0] <= 8
    assert (a.perf_money[p1, 2], a.perf_prestige[p1, 2]) == (2, 1)
    m1 = ix("market", "m1")
    assert a.market_round1 == m1 and a.market_price[m1].tolist() == [2, 3, 5]
    assert a.chair_prestige.tolist() == [
        [0, 0, 0, 0, 1, 3, 6, 10, 15],
        [0, 0, 0, 1, 3, 6, 10, 15, 21],  # ruling 18
    ]
    assert a.die_white.tolist() == [0, 0, 1, 1, 2, 2]
    assert a.die_black.tolist() == [1, 1, 2, 2, 3, 3]


def test_rules_values(cards: CardSet) -> None:
    r = cards.arrays.rules
    expected = {
        Rule.ROUNDS: 6,
        Rule.STORAGE: 9,
        Rule.STORAGE_EXTRA: 3,
        Rule.APPRENTICE_CAP: 3,
        Rule.APPRENTICES_PER_WORKER: 3,
        Rule.SLOT_BONUS_MONEY: 4,
        Rule.LEAVE_PENALTY: 3,
        Rule.APPRENTICE_COST: 4,
        Rule.TRAINING_COST: 15,
        Rule.TIER2_COST: 4,
        Rule.TIER3_COST: 8,
        Rule.SEARCH_COST: 10,
        Rule.ALT_MONEY: 2,
        Rule.PERFORM_ALT_ANIMAL: 3,
        Rule.BALCONY_ALT_MONEY: 6,
        Rule.ROUGH_DISCOUNT_SKILL: 5,
        Rule.FINISH_DOUBLE_SKILL: 6,
        Rule.CONVERSION_RATE: 10,
        Rule.WORKER2_ROUND: 3,
        Rule.WORKER4_ROUND: 5,
        Rule.INSTRUMENTS_DEALT: 2,
        Rule.INSTRUMENTS_KEPT: 1,
        Rule.PATRONS_DEALT: 2,
        Rule.FAMILIES_DEALT: 2,
        Rule.GOALS_DEALT: 4,
        Rule.GOALS_KEPT: 2,
        Rule.EXTRA_STORAGE_FREE_MATERIALS: 1,
        Rule.PATRON_II_AFTER_ROUND: 3,
        Rule.ROUGH_INSPIRATION: 2,
        Rule.AWARDS_IN_PLAY_SMALL: 3,
        Rule.AWARDS_IN_PLAY_FOUR: 4,
    }
    assert {rule: int(r[rule]) for rule in expected} == expected
    assert cards.ids["rules"] == [rule.name.lower() for rule in Rule]


def test_every_rule_range_holds_the_shipped_value_and_is_documented(cards: CardSet) -> None:
    """The shipped rules lie in their ranges, and docs/games/luthier/card-data.md states
    each range."""
    doc = (Path(__file__).parents[2] / "docs" / "games" / "luthier" / "card-data.md").read_text(
        encoding="utf-8"
    )
    section = doc[doc.index("## rules.toml") : doc.index("## setup2p.toml")]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    for rule, (lo, hi) in RULE_RANGES.items():
        assert lo <= int(cards.arrays.rules[rule]) <= hi, rule
        row = next(line for line in rows if f"`{rule.name.lower()}`" in line)
        assert ("fixed" if lo == hi else f"{lo}-{hi}") in row, rule


def test_patron_examples(cards: CardSet) -> None:
    a, c = cards.arrays, cards.index("patrons", "frederic_chopin")
    assert (a.patron_deck[c], a.patron_type[c]) == (PatronDeck.I, PatronType.COMPOSER)
    assert a.patron_primary[c] == Family.STRINGS
    assert a.patron_n_secondary[c] == 1
    assert a.patron_secondary[c].tolist() == [[Family.PK, Era.ROMANTIC], [-1, -1]]
    assert a.patron_prestige[c] == 5
    assert (a.patron_power[c], a.patron_power_amount[c]) == (PatronPower.ROUGH_DISCOUNT, 1)
    m = cards.index("patrons", "fanny_felix_mendelssohn")
    assert (a.patron_deck[m], a.patron_type[m]) == (PatronDeck.II, PatronType.COMPOSER)
    assert a.patron_gifts[m].tolist() == [bundle(wood=1), bundle(animal=1)]
    assert 1 + a.patron_n_secondary[m] == 2  # -6 prestige when it leaves (p.11)
    assert a.patron_power_metric[m] == Metric.AWARDS_CLAIMED


# (deck, type, power, amount, material / metric / gain) as printed in "Patron Powers"
POWERS = {
    "Madame de Pompadour": ("I", "noble", "round_gain", 0, bundle(animal=1, wood=1)),
    "Frederick the Great": ("I", "noble", "round_gain", 0, bundle(metal=1)),
    "Count von Waldstein": ("I", "noble", "round_gain", 0, bundle(money=5)),
    "Baron van Swieten": ("I", "noble", "round_gain", 0, bundle(money=5)),
    "Ludwig II": ("I", "noble", "round_gain", 0, bundle(apprentice=1)),
    "Nadezhda von Meck": ("I", "noble", "round_gain", 0, bundle(apprentice=1)),
    "House of Esterházy": ("II", "noble", "endgame_metric", 1, "instrument_tokens"),
    "House of Medici": ("II", "noble", "endgame_metric", 1, "patrons_completed"),
    "Leopold II": ("II", "noble", "extra_first_chairs", 1, None),
    "Johann Pachelbel": ("I", "composer", "bench_skill", 1, None),
    "Antonio Vivaldi": ("I", "composer", "repair_discount", 1, None),
    "Joseph Haydn": ("I", "composer", "market_discount", 1, "wood"),
    "Wolfgang Amadeus Mozart": ("I", "composer", "market_discount", 1, "metal"),
    "Frédéric Chopin": ("I", "composer", "rough_discount", 1, None),
    "Pyotr Ilyich Tchaikovsky": ("I", "composer", "finish_discount", 1, None),
    "Johann Sebastian Bach": ("II", "composer", "endgame_metric", 1, "repair_tokens_baroque"),
    "George Frideric Handel": ("II", "composer", "endgame_metric", 1, "specialty_workers"),
    "Ludwig van Beethoven": ("II", "composer", "endgame_metric", 1, "repair_tokens_classical"),
    "Franz Schubert": ("II", "composer", "endgame_metric", 2, "tracks_maxed"),
    "Fanny & Felix Mendelssohn": ("II", "composer", "endgame_metric", 1, "awards_claimed"),
    "Johannes Brahms": ("II", "composer", "endgame_metric", 1, "repair_tokens_romantic"),
    "Francesca Caccini": ("I", "performer", "perform_result", 2, None),
    "Élisabeth Jacquet de La Guerre": ("I", "performer", "perform_prestige", 2, None),
    "Niccolò Paganini": ("I", "performer", "round_gain", 0, bundle(inspiration=2)),
    "Maddalena Lombardini": ("I", "performer", "perform_result", 2, None),
    "Henryk Wieniawski": ("I", "performer", "round_gain", 0, bundle(inspiration=2)),
    "Clara Schumann": ("I", "performer", "perform_prestige", 2, None),
    "Giuseppe Tartini": ("II", "performer", "endgame_metric", 1, "performance_tokens_strings"),
    "Marianna Martines": ("II", "performer", "endgame_metric", 1, "performance_tokens_pk"),
    "Louise Farrenc": ("II", "performer", "endgame_metric", 1, "performance_tokens_winds"),
    "Emperor Joseph II": ("royal", "royal", "round_gain", 0, bundle(prestige=2)),
    "King Louis XIV": ("royal", "royal", "round_gain", 0, bundle(prestige=2)),
    "Queen Victoria": ("royal", "royal", "round_gain", 0, bundle(prestige=2)),
}


def test_patron_powers_match_the_rulebook(cards: CardSet) -> None:
    a = cards.arrays
    decks = {"I": PatronDeck.I, "II": PatronDeck.II, "royal": PatronDeck.ROYAL}
    for name, (deck, kind, power, amount, extra) in POWERS.items():
        c = cards.names["patrons"].index(name)
        assert a.patron_deck[c] == decks[deck], name
        assert a.patron_type[c] == PatronType[kind.upper()], name
        assert a.patron_power[c] == PatronPower[power.upper()], name
        assert a.patron_power_amount[c] == amount, name
        gain = extra if isinstance(extra, list) else bundle()
        assert a.patron_power_gain[c].tolist() == gain, name
        material = Material[extra.upper()] if extra in ("wood", "metal") else -1
        assert a.patron_power_material[c] == material, name
        metric = Metric[extra.upper()] if power == "endgame_metric" else -1
        assert a.patron_power_metric[c] == metric, name
    # the 6 unnamed royals are estimates with the printed royal power
    royal = a.patron_deck == PatronDeck.ROYAL
    assert (a.patron_power_gain[royal] == bundle(prestige=2)).all()
    assert (a.patron_n_secondary[royal] == 0).all()
    per_type = np.array([0, 1, 2, 0])  # performer, composer, noble, royal (ruling 2)
    assert (a.patron_n_secondary == per_type[a.patron_type]).all()


def test_awards_and_goals_count_the_printed_things(cards: CardSet) -> None:
    a = cards.arrays
    awards = [
        "patrons_completed_romantic",
        "patrons_completed_baroque",
        "patrons_completed_classical",
        "patron_types_completed",
        "specialty_workers",
        "repair_tokens",
        "repair_token_families",
        "performance_tokens",
        "performance_token_eras",
        "rare_instruments_finished",
        "instruments_finished",
        "first_chair_families",
        "instrument_tokens_romantic",
        "instrument_tokens_classical",
        "instrument_tokens_baroque",
    ]
    goals = [
        "instruments_finished_strings",
        "instruments_finished_winds",
        "instruments_finished_pk",
        "instrument_families_finished",
        "performance_tokens_romantic",
        "performance_tokens_classical",
        "performance_tokens_baroque",
        "repair_tokens_strings",
        "repair_tokens_winds",
        "repair_tokens_pk",
        "patrons_completed_performer",
        "patrons_completed_composer",
        "patrons_completed_noble",
        "patron_eras_completed",
        "instrument_token_eras",
        "first_chairs_strings",
        "first_chairs_winds",
        "first_chairs_pk",
    ]
    assert cards.ids["awards"] == [f"t{i}" for i in range(1, 16)]
    assert cards.ids["goals"] == [f"g{i}" for i in range(1, 19)]
    assert a.award_metric.tolist() == [Metric[m.upper()] for m in awards]
    assert a.goal_metric.tolist() == [Metric[m.upper()] for m in goals]
    assert (a.award_prestige == 1).any()  # the public award example's 1-prestige level
    for thresholds in (a.award_threshold, a.goal_threshold, a.award_prestige, a.goal_prestige):
        assert (np.diff(thresholds, axis=1) > 0).all()


def test_board_and_spots(cards: CardSet) -> None:
    a = cards.arrays
    assert (a.row_slots[:, :, :2] == 0).all()
    assert (a.row_slots[:, :, 2] <= a.row_slots[:, :, 3]).all()
    assert (a.row_slots[:, :, 3] <= a.row_slots[:, :, 4]).all()
    assert a.row_slots[CardRow.INSTRUMENTS, 0].tolist() == [0, 0, 2, 3, 4]
    violin = cards.index("instruments", "violin")
    assert a.inst_n_spots[violin] == 2
    both = [a.spot_eras[s] for s in a.inst_spots[violin]]
    assert both == [0b011, 0b110]  # baroque+classical, classical+romantic (ruling 11)
    for s, i in enumerate(a.spot_instrument):
        assert s in a.inst_spots[i].tolist()
        assert a.spot_family[s] == a.inst_family[i] and a.spot_rare[s] == a.inst_rare[i]
    standard = a.spot_rare == 0
    for fam in Family:  # every family row covers all eras with standard spots
        eras = np.bitwise_or.reduce(a.spot_eras[standard & (a.spot_family == fam)])
        assert eras == 0b111


def test_two_player_setup_cards(cards: CardSet) -> None:
    a, ix = cards.arrays, cards.index
    s1 = ix("setup2p", "s1")
    assert a.setup_blocked[s1].tolist() == [1, 2, 0]  # the rulebook's example pattern
    assert cards.records["setup2p"][s1]["estimated"] == ["name", "tokens"]
    assert ((a.setup_blocked >= 0) & (a.setup_blocked <= 2)).all()
    assert a.setup_tokens[s1, :3].tolist() == [
        [ix("orchestra", "cello"), 0],
        [ix("orchestra", "oboe"), 1],
        [ix("orchestra", "timpani"), 2],
    ]
    placed = a.setup_tokens[:, :, 0] >= 0
    assert (placed == (a.setup_tokens[:, :, 1] >= 0)).all()
    assert (a.setup_tokens[~placed] == -1).all()  # padding
    n_tokens = placed.sum(axis=1)
    assert ((n_tokens >= 3) & (n_tokens <= 4)).all()
    for c in range(len(cards.ids["setup2p"])):
        spots = a.setup_tokens[c, : n_tokens[c], 0]
        assert len(set(spots.tolist())) == len(spots)  # one token per spot
        assert (placed[c, : n_tokens[c]]).all()  # tokens first, padding after
        assert len(set(a.spot_family[spots].tolist())) == 3  # spread over the families
    kinds = a.setup_tokens[:, :, 1][placed]
    assert np.bincount(kinds, minlength=3).min() >= 1
    inst_spots = a.setup_tokens[:, :, 0][placed & (a.setup_tokens[:, :, 1] == 0)]
    assert (a.spot_rare[inst_spots] == 0).all()  # a token never removes a rare type's card


# ----------------------------------------------------------------- arrays

SHAPES = {  # field -> (dtype, shape with n = number of cards of that kind)
    "rules": (np.int32, (N_RULES,)),
    "inst_family": (np.int8, ("i",)),
    "inst_rare": (np.int8, ("i",)),
    "inst_copies": (np.int8, ("i",)),
    "inst_rough": (np.int16, ("i", 3)),
    "inst_finish": (np.int16, ("i", 3)),
    "inst_prestige": (np.int16, ("i",)),
    "inst_n_spots": (np.int8, ("i",)),
    "inst_spots": (np.int16, ("i", 2)),
    "spot_family": (np.int8, ("s",)),
    "spot_eras": (np.int8, ("s",)),
    "spot_instrument": (np.int16, ("s",)),
    "spot_rare": (np.int8, ("s",)),
    "spot_bonus": (np.int16, ("s", N_RES)),
    "perf_era": (np.int8, ("p",)),
    "perf_threshold": (np.int16, ("p", 2)),
    "perf_money": (np.int16, ("p", 3)),
    "perf_prestige": (np.int16, ("p", 3)),
    "repair_family": (np.int8, ("r",)),
    "repair_cost": (np.int16, ("r", 3)),
    "repair_prestige": (np.int16, ("r",)),
    "market_price": (np.int16, ("m", 3)),
    "patron_deck": (np.int8, ("t",)),
    "patron_type": (np.int8, ("t",)),
    "patron_era": (np.int8, ("t",)),
    "patron_primary": (np.int8, ("t",)),
    "patron_n_secondary": (np.int8, ("t",)),
    "patron_secondary": (np.int8, ("t", 2, 2)),
    "patron_gifts": (np.int16, ("t", 2, N_RES)),
    "patron_prestige": (np.int16, ("t",)),
    "patron_power": (np.int8, ("t",)),
    "patron_power_amount": (np.int16, ("t",)),
    "patron_power_material": (np.int8, ("t",)),
    "patron_power_metric": (np.int16, ("t",)),
    "patron_power_gain": (np.int16, ("t", N_RES)),
    "award_metric": (np.int16, ("a",)),
    "award_threshold": (np.int16, ("a", 3)),
    "award_prestige": (np.int16, ("a", 3)),
    "goal_metric": (np.int16, ("g",)),
    "goal_threshold": (np.int16, ("g", 3)),
    "goal_prestige": (np.int16, ("g", 3)),
    "family_turn_order": (np.int8, ("f",)),
    "family_start": (np.int16, ("f", N_RES)),
    "family_ability": (np.int8, ("f",)),
    "family_ability_track": (np.int8, ("f",)),
    "family_ability_amount": (np.int16, ("f",)),
    "specialty_deck": (np.int8, ("x",)),
    "specialty_location": (np.int8, ("x",)),
    "specialty_ability": (np.int8, ("x",)),
    "specialty_amount": (np.int16, ("x",)),
    "specialty_gain": (np.int16, ("x", N_RES)),
    "row_slots": (np.int8, (4, 3, 5)),
    "die_white": (np.int8, (6,)),
    "die_black": (np.int8, (6,)),
    "die_purple": (np.int16, (6, N_RES)),
    "chair_prestige": (np.int16, (2, 9)),
    "setup_tokens": (np.int16, ("2p", 6, 2)),
    "setup_blocked": (np.int8, ("2p", 3)),
}
KIND_OF = {
    "i": "instruments",
    "s": "orchestra",
    "p": "performances",
    "r": "repairs",
    "m": "market",
    "t": "patrons",
    "a": "awards",
    "g": "goals",
    "f": "families",
    "x": "specialty",
    "2p": "setup2p",
}


def test_array_dtypes_shapes_and_read_only(cards: CardSet) -> None:
    a = cards.arrays
    assert set(a._fields) == set(SHAPES) | {"market_round1"}
    assert type(a.market_round1) is int
    for name, (dtype, shape) in SHAPES.items():
        arr = getattr(a, name)
        want = tuple(len(cards.ids[KIND_OF[d]]) if isinstance(d, str) else d for d in shape)
        assert (arr.dtype, arr.shape) == (np.dtype(dtype), want), name
        assert not arr.flags.writeable, name
    with pytest.raises(ValueError):
        a.inst_prestige[0] = 9
    assert a._fields[-2:] == ("setup_tokens", "setup_blocked")  # appended: positions kept


def test_ids_and_names_align(cards: CardSet) -> None:
    assert tuple(cards.ids) == KINDS
    for kind in KINDS:
        ids = cards.ids[kind]
        assert len(ids) == len(set(ids)) == len(cards.names[kind]) == len(cards.records[kind])
        assert [r["id"] for r in cards.records[kind]] == ids
    assert cards.names["instruments"][cards.index("instruments", "violin")] == "Violin"
    assert cards.source_dir is None and len(cards.data_hash) == 64
    with pytest.raises(KeyError):
        cards.index("instruments", "lyre")


def test_default_files_match_the_kinds() -> None:
    assert sorted(p.name for p in DEFAULT_DIR.glob("*.toml")) == sorted(f"{k}.toml" for k in KINDS)
    for kind in KINDS:
        tomllib.loads((DEFAULT_DIR / f"{kind}.toml").read_text(encoding="utf-8"))


# ----------------------------------------------------------------- overrides


def test_one_field_override_changes_only_that_value(cards: CardSet, tmp_path: Path) -> None:
    write(tmp_path, "instruments.toml", '[[instrument]]\nid = "violin"\nprestige = 3\n')
    user = load_cards(tmp_path)
    violin = cards.index("instruments", "violin")
    assert user.arrays.inst_prestige[violin] == 3
    for name in cards.arrays._fields:
        base, new = getattr(cards.arrays, name), getattr(user.arrays, name)
        if name == "inst_prestige":
            assert np.flatnonzero(base != new).tolist() == [violin]
        else:
            assert np.array_equal(base, new), name
    assert user.data_hash != cards.data_hash
    assert user.ids == cards.ids and user.source_dir == str(tmp_path)
    rec = user.records["instruments"][violin]
    assert rec["source"] == f"user: {tmp_path}/instruments.toml"
    assert rec["rough"] == {"animal": 1, "wood": 1}  # untouched fields come from the default


def test_hash_depends_on_data_only(cards: CardSet, tmp_path: Path) -> None:
    write(tmp_path, "instruments.toml", '[[instrument]]\nid = "violin"\nprestige = 2\n')
    write(tmp_path, "rules.toml", '[storage]\nvalue = 9\nsource = "my notes"\n')
    assert load_cards(tmp_path).data_hash == cards.data_hash  # same numbers, other sources
    write(tmp_path, "rules.toml", "[storage]\nvalue = 12\n")
    user = load_cards(tmp_path)
    assert user.arrays.rules[Rule.STORAGE] == 12 and user.data_hash != cards.data_hash


def test_new_cards_are_appended(cards: CardSet, tmp_path: Path) -> None:
    write(
        tmp_path,
        "instruments.toml",
        '[[instrument]]\nid = "lyre"\nname = "Lyre"\nfamily = "strings"\nrare = false\n'
        "copies = 2\nrough = { wood = 1 }\nfinish = { animal = 1 }\nprestige = 2\n"
        'source = "estimate"\n',
    )
    write(
        tmp_path,
        "orchestra.toml",
        '[[spot]]\nid = "lyre"\nname = "Lyre"\ninstrument = "lyre"\nfamily = "strings"\n'
        'eras = ["baroque"]\nfirst_chair = { money = 3 }\nsource = "estimate"\n',
    )
    user = load_cards(tmp_path)
    n = len(cards.ids["instruments"])
    assert user.ids["instruments"] == [*cards.ids["instruments"], "lyre"]
    assert user.names["instruments"][n] == "Lyre"
    a = user.arrays
    assert int(a.inst_copies.sum()) == 41
    spot = len(cards.ids["orchestra"])
    assert a.inst_spots[n].tolist() == [spot, -1] and a.spot_instrument[spot] == n
    assert a.spot_bonus[spot].tolist() == bundle(money=3)


def test_remove_drops_a_default_card(cards: CardSet, tmp_path: Path) -> None:
    write(tmp_path, "goals.toml", '[[goal]]\nid = "g18"\nremove = true\n')
    user = load_cards(tmp_path)
    assert user.ids["goals"] == cards.ids["goals"][:-1]
    assert user.arrays.goal_metric.shape == (17,)


# ----------------------------------------------------------------- problems


def test_broken_files_report_every_problem(tmp_path: Path) -> None:
    d = tmp_path
    write(d, "goals.toml", '[[goal]]\nid = "g1"\nname = \n')  # (a) TOML syntax
    write(d, "instruments.toml", '[[instrument]]\nid = "violin"\nprestage = 3\ncopies = "4"\n')
    write(d, "repairs.toml", '[[repair]]\nid = "r1"\ncost = { animal = -1 }\n')  # (d)
    write(
        d,
        "orchestra.toml",  # (e) dangling reference, (f) duplicate id
        '[[spot]]\nid = "viola"\ninstrument = "viol"\n\n'
        '[[spot]]\nid = "cello"\nfirst_chair = { money = 3 }\n\n'
        '[[spot]]\nid = "cello"\nfirst_chair = { money = 4 }\n',
    )
    royals = [
        "queen_anne",
        "emperor_leopold_i",
        "queen_victoria",
        "king_louis_xiv",
        "catherine_the_great",
    ]
    write(d, "patrons.toml", "".join(f'[[patron]]\nid = "{r}"\nremove = true\n' for r in royals))
    assert problems_of(d) == [
        f'{d}/instruments.toml:violin:prestage: unknown field; did you mean "prestige"?',  # (b)
        f'{d}/instruments.toml:violin:copies: expected an integer, got "4" (a string)',  # (c)
        f"{d}/orchestra.toml:cello:id: duplicate id; each id may appear once per file",
        f"{d}/repairs.toml:r1:cost.animal: must be >= 0, got -1",
        f"{d}/goals.toml:-:-: TOML syntax error: Invalid value (at line 3, column 8)",
        f'{d}/orchestra.toml:viola:instrument: unknown instrument "viol"; did you mean "viola"?',
        f'{d}/orchestra.toml:-:instrument: no spot for instrument type "viola" (each needs 1 or 2)',
        f"{d}/patrons.toml:-:-: the royal patron deck has 4 cards; "
        "a 4-player game needs at least 5 (players + 1)",
    ]


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "instruments.toml",
            '[[instrument]]\nid = "lyre"\nname = "Lyre"\nfamily = "string"\n',
            [
                ':lyre:family: unknown value "string"; did you mean "strings"?',
                ":lyre:rare: missing required field",
                ":lyre:copies: missing required field",
                ":lyre:rough: missing required field",
                ":lyre:finish: missing required field",
                ":lyre:prestige: missing required field",
                ":lyre:source: missing required field",
                ":lyre:-: no orchestra spot for this instrument type; add a [[spot]] to "
                "orchestra.toml",
            ],
        ),
        (
            "instruments.toml",
            '[[instrument]]\nid = "viola"\nestimated = ["finsh"]\nfinish = { wod = 1 }\n',
            [
                ':viola:finish.wod: unknown material; did you mean "wood"?',
                ':viola:estimated: "finsh" is not a field of this card; did you mean "finish"?',
            ],
        ),
        (
            "performances.toml",
            '[[performance]]\nid = "p2"\nmedium = 9\nhigh = 8\nmoney = [3, 2, 1]\n',
            [
                ":p2:money: values must not decrease, got [3, 2, 1]",
                ":p2:high: must be >= medium (9), got 8",
            ],
        ),
        (
            "awards.toml",
            '[[award]]\nid = "t1"\nlevels = [{ threshold = 2, prestige = 1 },'
            " { threshold = 2, prestige = 3 }, { threshold = 3, prestige = 6 }]\n",
            [":t1:levels: levels must be in ascending order of threshold, got [2, 2, 3]"],
        ),
        (
            "patrons.toml",
            '[[patron]]\nid = "joseph_haydn"\nsecondary = []\npower_material = "gold"\n',
            [
                ':joseph_haydn:power_material: unknown value "gold"; expected one of: '
                "animal, wood, metal",
                ":joseph_haydn:secondary: a composer has 1 secondary requirement(s) (ruling 2), "
                "got 0",
            ],
        ),
        (
            "patrons.toml",
            '[[patron]]\nid = "ludwig_ii"\ndeck = "royal"\npower = "endgame_metric"\n',
            [
                ':ludwig_ii:type: the royal deck holds only patrons of type "royal"',
                ':ludwig_ii:power_amount: power "endgame_metric" needs power_amount >= 1',
                ':ludwig_ii:power_metric: power "endgame_metric" needs power_metric',
            ],
        ),
        (
            "market.toml",
            '[[market]]\nid = "m2"\nround1 = true\nprices = { animal = 1, wood = 2 }\n',
            [
                ":m2:prices.metal: missing required field",
                ":-:round1: exactly one market card must have round1 = true (the round 1 card), "
                "got m1, m2",
            ],
        ),
        (
            "rules.toml",
            '[stroage]\nvalue = 9\n\n[rounds]\nvalue = "6"\n',
            [
                ':stroage:-: unknown rule; did you mean "storage"?',
                ':rounds:value: expected an integer, got "6" (a string)',
            ],
        ),
        (
            "board.toml",
            '[[row]]\nrow = "patrons"\ntier = 1\nremove = true\n',
            [':-:row: no [[row]] entry for row "patrons" tier 1'],
        ),
        (
            "specialty.toml",
            '[[specialty]]\nid = "virtuoso"\nlocation = "salon"\n',
            [':virtuoso:location: ability "perform_result" only works at "perform"'],
        ),
        (
            "families.toml",
            '[[family]]\nid = "stainer"\nturn_order = 1\nability = "track_step"\n',
            [
                ':stainer:ability_track: ability "track_step" needs ability_track',
                ':stainer:turn_order: turn order 1 is also used by "amati"',
            ],
        ),
        (
            "setup2p.toml",
            '[[setup]]\nid = "s2"\ntokens = [{ spot = "cello", kind = "repair" },'
            ' { spot = "violn_bc", kind = "instrument" }]\n',
            [':s2:tokens[1].spot: unknown orchestra spot "violn_bc"; did you mean "violin_bc"?'],
        ),
        (
            "setup2p.toml",
            '[[setup]]\nid = "s3"\nblocked = [1, 3]\ntokens = [{ spot = "cello", kind = "repair" },'
            ' { spot = "cello", kind = "instrumnt" }, { spot = "oboe" }]\n',
            [
                ':s3:tokens[1].kind: unknown value "instrumnt"; did you mean "instrument"?',
                ':s3:tokens[1].spot: spot "cello" already has a token on this card',
                ":s3:tokens[2].kind: missing required field",
                ":s3:blocked: expected 3 integers, got 2",
            ],
        ),
        (
            "setup2p.toml",
            '[[setup]]\nid = "s4"\nblocked = [0, 1, 3]\ntokens = []\n',
            [
                ":s4:tokens: expected 1 to 6 tokens, got 0",
                ":s4:blocked[2]: must be <= 2, got 3",
            ],
        ),
        (
            "setup2p.toml",
            "".join(f'[[setup]]\nid = "s{i}"\nremove = true\n' for i in range(1, 10)),
            [
                ":-:-: the two-player setup deck has 0 cards; a 2-player game needs at least 1 "
                "(one is drawn at setup, ruling 16)"
            ],
        ),
        (
            "dice.toml",
            "[white]\nfaces = [0, 1, 2]\n",
            [":white:faces: expected 6 integers, got 3"],
        ),
        (
            "goals.toml",
            "".join(f'[[goal]]\nid = "g{i}"\nremove = true\n' for i in range(1, 4)),
            [
                ":-:-: the goal deck has 15 cards; a 4-player game needs at least 16 "
                "(4 players x 4 dealt)"
            ],
        ),
    ],
)
def test_problem_lines(tmp_path: Path, name: str, text: str, expected: list[str]) -> None:
    """Each case writes one user file; lines starting with ":" are about that file."""
    write(tmp_path, name, text)
    want = [f"{tmp_path}/{name}{e}" if e.startswith(":") else f"{tmp_path}/{e}" for e in expected]
    assert problems_of(tmp_path) == want


def test_problems_name_the_file_to_edit(tmp_path: Path) -> None:
    write(tmp_path, "orchestra.toml", '[[spot]]\nid = "violin_bc"\nremove = true\n')
    write(tmp_path, "instruments.toml", '[[instrument]]\nid = "violin"\nfamily = "winds"\n')
    assert problems_of(tmp_path) == [
        f'{tmp_path}/instruments.toml:violin:family: "winds" does not match the family of its '
        'orchestra spot "violin_cr" ("strings")',
        f'{DEFAULT}/setup2p.toml:s2:tokens[3].spot: unknown orchestra spot "violin_bc"; '
        'did you mean "violin_cr"?',  # a shipped two-player setup card used the removed spot
    ]
    (tmp_path / "orchestra.toml").unlink()
    write(tmp_path, "instruments.toml", '[[instrument]]\nid = "harp"\nremove = true\n')
    (line,) = problems_of(tmp_path)  # a shipped spot now points nowhere
    assert line.startswith(
        f'{DEFAULT}/orchestra.toml:harp:instrument: unknown instrument "harp"; '
        "expected one of: violin, viola, cello,"
    )


def test_removed_spot_dangles_in_setup_cards(tmp_path: Path) -> None:
    """A shipped setup card naming a spot the user removed: the shipped file's line."""
    write(tmp_path, "orchestra.toml", '[[spot]]\nid = "viola"\nremove = true\n')
    write(tmp_path, "instruments.toml", '[[instrument]]\nid = "viola"\nremove = true\n')
    lines = problems_of(tmp_path)
    assert [line.split(";")[0] for line in lines] == [
        f'{DEFAULT}/setup2p.toml:s5:tokens[2].spot: unknown orchestra spot "viola"',
        f'{DEFAULT}/setup2p.toml:s9:tokens[1].spot: unknown orchestra spot "viola"',
    ]
    assert lines[0].endswith(
        "; expected one of: violin_bc, violin_cr, cello, lute, double_bass, "
        "guitar, harp, transverse_flute, natural_trumpet, serpent, oboe, "
        "clarinet, horn, bassoon, harpsichord, pipe_organ, fortepiano, "
        "glass_harmonica, timpani, piano"
    )


def test_setup_cards_compile_user_changes(cards: CardSet, tmp_path: Path) -> None:
    write(
        tmp_path,
        "setup2p.toml",
        '[[setup]]\nid = "s1"\nblocked = [2, 2, 2]\n\n'
        '[[setup]]\nid = "s10"\nname = "Mine"\nblocked = [0, 0, 0]\nsource = "estimate"\n'
        'tokens = [{ spot = "harp", kind = "performance" }]\n',
    )
    user = load_cards(tmp_path)
    a = user.arrays
    assert user.ids["setup2p"] == [*cards.ids["setup2p"], "s10"]
    assert a.setup_blocked[0].tolist() == [2, 2, 2]
    assert np.array_equal(a.setup_tokens[0], cards.arrays.setup_tokens[0])
    harp = cards.index("orchestra", "harp")
    assert a.setup_tokens[9].tolist() == [[harp, 1]] + [[-1, -1]] * 5
    assert user.data_hash != cards.data_hash


def test_user_directory_problems(tmp_path: Path) -> None:
    with pytest.raises(TuttiError, match="card directory not found"):
        load_cards(tmp_path / "missing")
    write(tmp_path, "instruments.toml", "")
    with pytest.raises(TuttiError, match="not a directory"):
        load_cards(tmp_path / "instruments.toml")
    write(tmp_path, "instrument.toml", "")
    write(tmp_path, ".hidden", "")
    assert problems_of(tmp_path) == [
        f'{tmp_path}/instrument.toml:-:-: unknown card file; did you mean "instruments.toml"?'
    ]


def test_remove_needs_a_default_card(tmp_path: Path) -> None:
    write(tmp_path, "goals.toml", '[[goal]]\nid = "g99"\nremove = true\n')
    assert problems_of(tmp_path) == [
        f"{tmp_path}/goals.toml:g99:remove: no card with id g99 to remove; "
        "did you mean g9 (Winds repair tokens in the pit)?"
    ]


@pytest.mark.parametrize("key", ["bell_rebuild", "Bell-Rebuild", "r155"])
def test_an_override_by_name_points_to_the_id(tmp_path: Path, key: str) -> None:
    """An incomplete card whose id is a card's name (or close to an id) is one hint, not a
    "missing required field" line per field."""
    write(tmp_path, "repairs.toml", f'[[repair]]\nid = "{key}"\nprestige = 3\n')
    assert problems_of(tmp_path) == [
        f"{tmp_path}/repairs.toml:{key}:id: no card with id {key}; did you mean r15 (Bell "
        "rebuild)? (a new card would also need: name, family, cost, source)"
    ]


def test_a_complete_new_card_is_no_misspelt_override(tmp_path: Path) -> None:
    """A new card with every field is added, even when its id is close to another's."""
    card = 'id = "r155"\nname = "Bell rebuild II"\nfamily = "winds"\ncost = { metal = 1 }\n'
    write(tmp_path, "repairs.toml", f'[[repair]]\n{card}prestige = 3\nsource = "estimate"\n')
    assert load_cards(tmp_path).ids["repairs"][-1] == "r155"
