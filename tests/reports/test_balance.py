"""`reports.experiments.balance`: the --vary space, the objectives, the search's plumbing
(issue 19)."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from reports.drift.drift_window import Window
from reports.experiments import balance_objectives as objectives
from reports.experiments.balance import balance
from reports.experiments.balance_out import dumps
from reports.experiments.balance_space import parse_vary, patches
from simcore.errors import TuttiError
from simcore.games.luthier.game import GAME

CHEAP = {"budget": 1200, "population": 4, "confirm_games": 120, "players": 2}


def test_a_card_field_is_a_whole_number_variable_at_its_current_value(cards):
    v = parse_vary("instruments.cello.prestige=2..6", cards)
    assert (v.kind, v.cards, v.field, v.lo, v.hi) == (
        "instruments",
        ("cello",),
        ("prestige",),
        2,
        6,
    )
    own = cards.records["instruments"][cards.index("instruments", "cello")]["prestige"]
    assert v.integer and not v.offset and v.current == own
    assert v.sets(own + 1) == [f"instruments.cello.prestige={own + 1}"]
    assert v.sets(own, changed=True) == []


def test_a_kind_wildcard_is_one_offset_and_leaves_stated_cards_alone(cards):
    v = parse_vary("repairs.*.prestige=-1..1", cards)
    assert v.offset and v.current == 0 and v.key == "repairs.*.prestige"
    assert len(v.cards) == len(cards.ids["repairs"])
    own = dict(zip(v.cards, v.own, strict=True))
    assert dict(v.values(1)) == {c: x + 1 for c, x in own.items()}
    inst = parse_vary("instruments.*.prestige=0..1", cards)
    assert "violin" in inst.left_out and "viola" in inst.left_out  # the rulebook states them
    assert "violin" not in inst.cards and "cello" in inst.cards
    assert "violin" in parse_vary("instruments.*.prestige=0..1", cards, allow_stated=True).cards


def test_patches_change_the_cards(cards):
    v = parse_vary("repairs.*.prestige=-1..1", cards)
    changed = GAME.load_cards(None, patches([v], [1]))
    i = cards.index("repairs", "r1")
    assert changed.records["repairs"][i]["prestige"] == cards.records["repairs"][i]["prestige"] + 1


def test_a_list_position_is_varied_and_its_stated_part_left_alone(cards, tmp_path):
    """`performances.*.prestige.2`: the high payout of every performance but P1, whose
    high payout the rulebook states (prestige[2]); the written card file holds the whole
    list, and a candidate breaking a card rule together with another is no variant."""
    from reports.experiments.balance_out import write_cards
    from reports.experiments.balance_search import valid_variant
    from reports.experiments.variants import baseline
    from simcore.games.luthier.carddata.cards import load_cards

    v = parse_vary("performances.*.prestige.2=0..1", cards)
    assert "p1" in v.left_out and "p1" not in v.cards and "p2" in v.cards
    i = cards.index("performances", "p2")
    low, mid, high = cards.records["performances"][i]["prestige"]
    changed = GAME.load_cards(None, patches([v], [1]))
    assert changed.records["performances"][i]["prestige"] == [low, mid, high + 1]
    with pytest.raises(TuttiError, match="stated"):
        parse_vary("performances.p1.prestige.2=0..2", cards)
    written = write_cards(
        tmp_path / "out", cards, None, [("performances", "p2", ("prestige", "2"), high + 1)], "test"
    )
    again = load_cards(tmp_path / "out")
    assert again.records["performances"][i]["prestige"] == [low, mid, high + 1]
    assert [p.name for p in written] == ["performances.toml"]
    # P2's medium payout above its high one: each value is valid alone, not together
    mid_v = parse_vary("performances.p2.prestige.1=0..2", cards)
    base = baseline(2, 100, 1, "random", None)
    assert valid_variant(base, [v, mid_v], (1.0, high + 1.0)) is not None
    assert valid_variant(base, [v, mid_v], (0.0, high + 1.0)) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("instruments.cello.prestige", "expected KIND.CARD.FIELD=LO..HI"),
        ("instruments.cello.prestige=2-6", "expected KIND.CARD.FIELD=LO..HI"),
        ("instruments.cello.prestige=a..b", "expected KIND.CARD.FIELD=LO..HI"),
        ("instruments.cello.prestige=6..2", "LO 6 is above HI 2"),
        ("instrumnts.cello.prestige=1..2", 'did you mean "instruments"'),
        ("instruments.chello.prestige=1..2", "did you mean cello"),
        ("instruments.cello.prestig=1..2", 'did you mean "prestige"'),
        ("instruments.cello.family=1..2", "is not a number"),
        ("instruments.cello.prestige=1.5..2", "is a whole number"),
        ("instruments.violin.prestige=0..12", "the rulebook states this number (rulebook: "),
    ],
)
def test_bad_varies_are_refused_with_one_line(cards, text, message):
    with pytest.raises(TuttiError) as err:
        parse_vary(text, cards)
    assert message in str(err.value) and "\n" not in str(err.value)


def _data(rows: list[tuple[int, int, str, str, float]], held: list[tuple[int, int]]):
    seats = pl.DataFrame(
        rows, schema=["game", "seat", "family", "strategy", "win"], orient="row"
    ).with_columns(start_order=pl.col("seat") + 1)
    cards = pl.DataFrame(
        [(g, s, "instrument/violin", "held") for g, s in held],
        schema=["game", "seat", "key", "role"],
        orient="row",
    )
    term = objectives.Term("card:instruments.violin", "card:instruments.violin", 1.0,
                           card_key="instrument/violin")  # fmt: skip
    return objectives.seat_data([Window(seats, cards)], 0, [term]), term


def test_spreads_and_the_card_effect_by_hand():
    rows = [
        (0, 0, "amati", "a", 1.0), (0, 1, "guarneri", "b", 0.0),
        (1, 0, "amati", "a", 0.0), (1, 1, "guarneri", "b", 1.0),
        (2, 0, "amati", "a", 1.0), (2, 1, "guarneri", "b", 0.0),
    ]  # fmt: skip
    data, card = _data(rows, held=[(0, 0), (1, 1), (2, 1)])
    seat = objectives.Term("seat-spread", "seat-spread", 1.0, column="start_order")
    assert objectives.values([seat], data)[0] == pytest.approx(2 / 3 - 1 / 3)
    # one stratum per seat here (strategy and family go with the seat), equal weights:
    # seat 0: holder game 0 (win) vs non-holders 1, 2 (wins 0, 1): 1 - 1/2
    # seat 1: holders 1, 2 (wins 1, 0) vs non-holder game 0 (0): 1/2 - 0
    assert objectives.card_effect(data, card, np.ones(3)) == pytest.approx(0.5)  # per game
    weights = np.array([0.0, 1.0, 1.0])  # game 0 left out: no stratum has both sides
    assert math.isnan(objectives.term_value(card, data, weights))


def test_objectives_parse_weights_and_refuse_nonsense(cards):
    terms = objectives.parse_terms(["seat-spread", "0.5*card:repair.r1"], cards, ["a", "b"])
    assert [(t.name, t.weight) for t in terms] == [("seat-spread", 1.0), ("card:repairs.r1", 0.5)]
    assert terms[1].card_key == "repair/r1"
    for text, message in [
        ("seat-sprad", 'did you mean "seat-spread"'),
        ("strategy-spread", "needs at least two different"),
        ("x*seat-spread", "expected NAME or WEIGHT*NAME"),
        ("-1*seat-spread", "must be a positive number"),
        ("card:instruments.fiddle", "no instruments card with id fiddle"),
        ("card:rules.rounds", "expected card:KIND.CARD"),
    ]:
        with pytest.raises(TuttiError) as err:
            objectives.parse_terms([text], cards, ["random", "random"])
        assert message in str(err.value), (text, err.value)


def test_card_files_are_written_as_toml_the_loader_reads():
    import tomllib

    doc = {"repair": [{"id": "r1", "prestige": 3, "cost": {"wood": 1}, "name": 'A "b"'}]}
    assert tomllib.loads(dumps(doc)) == doc


def test_a_tiny_search_is_deterministic_and_complete(tmp_path):
    args = (["instruments.cello.prestige=2..6", "repairs.*.prestige=-1..1"],)
    kw = {**CHEAP, "seed": 4}
    first = balance(*args, ["seat-spread", "0.5*card:instruments.cello"], **kw, out=tmp_path / "a")
    again = balance(*args, ["seat-spread", "0.5*card:instruments.cello"], **kw)
    for key in ("best", "objective", "search", "sets", "keep"):
        assert first[key] == again[key]
    # the folder holds values the check favours, or is not written: "keep" says so
    assert (tmp_path / "a").exists() is first["improvement_found"] is (first["out"] is not None)
    assert bool(first["keep"]) is not first["improvement_found"]
    assert set(first["best"]) == {"instruments.cello.prestige", "repairs.*.prestige"}
    assert 2 <= first["best"]["instruments.cello.prestige"] <= 6
    obj = first["objective"]
    assert obj["best_interval"][0] <= obj["best"] <= obj["best_interval"][1]
    assert set(obj["terms"]) == {"seat-spread", "card:instruments.cello"}
    assert first["search"]["games_played"] <= CHEAP["budget"] - 2 * CHEAP["confirm_games"]


def test_maestro_varies_its_rule_numbers_and_writes_them_as_rule_tables(tmp_path):
    """Another game through the interface: a rule number, an offset on every row's printed
    value, the rulebook's stated numbers refused, and the --out files its loader reads."""
    from reports.experiments.balance_out import write_cards
    from simcore.games.maestro.game import GAME as MAESTRO

    board = MAESTRO.load_cards()
    applause = parse_vary("rules.applause.value=10..18", board, game=MAESTRO)
    assert (applause.kind, applause.cards, applause.current, applause.integer) == (
        "rules", ("applause",), 14, True,
    )  # fmt: skip
    rows = parse_vary("rows.*.value=-1..1", board, game=MAESTRO)
    assert rows.offset and rows.cards == tuple(board.ids["rows"]) and not rows.left_out
    assert MAESTRO.load_cards(None, patches([applause, rows], [12, 1])).rules["applause"] == 12
    with pytest.raises(TuttiError, match=r"states this number \(rulebook, The Appraisal 3\)"):
        parse_vary("rules.critic_bonus.value=0..20", board, game=MAESTRO)
    assert parse_vary("rules.critic_bonus.value=0..20", board, True, MAESTRO).current == 10
    changes = [("rules", "applause", ("value",), 12), ("rows", "debussy", ("value",), 7)]
    written = write_cards(tmp_path / "out", board, None, changes, "test", MAESTRO)
    assert [p.name for p in written] == ["rows.toml", "rules.toml"]
    assert "[applause]\nvalue = 12" in (tmp_path / "out" / "rules.toml").read_text()
    again = MAESTRO.load_cards(tmp_path / "out")
    assert again.rules["applause"] == 12
    assert again.records["rows"][again.index("rows", "debussy")]["value"] == 7


def test_a_game_without_grouping_columns_has_one_stratum_per_strategy_and_seat():
    seats = pl.DataFrame(
        [
            (g, s, s + 1, "a" if s == 0 else "b", float(g % 2 == s))
            for g in range(4)
            for s in (0, 1)
        ],
        schema=["game", "seat", "start_order", "strategy", "win"],
        orient="row",
    )
    cards = pl.DataFrame(schema={"game": pl.Int64, "seat": pl.Int8, "key": pl.String,
                                 "role": pl.String})  # fmt: skip
    seat = objectives.Term("seat-spread", "seat-spread", 1.0, column="start_order")
    data = objectives.seat_data([Window(seats, cards)], 0, [seat], groups=())
    assert set(data.codes) == {"start_order", "strategy"}
    assert (data.strata[True] == data.strata[False]).all() and data.strata[True].max() == 1
    assert objectives.values([seat], data) == [0.0]
