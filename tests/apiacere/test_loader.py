"""The loader: a designer's directory overrides field by field, `--set` patches one field,
and every bad input is refused with one line per problem naming file, entry and field
(with a did-you-mean where a name is close), all problems together."""

from __future__ import annotations

import re

import pytest

from simcore.errors import CardDataError, TuttiError
from simcore.games.apiacere.carddata.load import DEFAULT_DIR as DATA
from simcore.games.apiacere.carddata.load import load_cards, load_default_cards
from simcore.games.apiacere.codes import Rule, TieBreak

LINE = re.compile(r"^[^:\n]+\.toml:[a-z0-9_#]+:[a-z_.0-9]+: .+$")  # file:entry-id:field: message
PATCHED = re.compile(r"^--set [^:\n]+:[a-z0-9_]+:[a-z_.0-9]+: .+$")  # a field a patch wrote
FILE = re.compile(r"^[a-z_]+\.toml: .+$")  # a problem of a whole file (a count, a total)


def _problems(**kwargs) -> list[str]:
    with pytest.raises(CardDataError) as err:
        load_cards(**kwargs)
    assert all("\n" not in p for p in err.value.problems)
    return err.value.problems


def test_a_user_directory_changes_one_field(tmp_path):
    (tmp_path / "housing.toml").write_text('[[housing]]\nid = "palace"\nrent = [80, 160, 240]\n')
    shipped, cards = load_default_cards(), load_cards(tmp_path)
    h = cards.index("housing", "palace")
    assert list(cards.tables.housing_rent[h]) == [80, 160, 240]
    assert list(shipped.tables.housing_rent[h]) == [90, 180, 270]
    palace = cards.record("housing", "palace")
    assert palace["actions"] == 3 and palace["hand"] == 5  # the rest is shipped
    assert palace["source"] == f"user: {tmp_path / 'housing.toml'}"
    assert cards.data_hash != shipped.data_hash and cards.source_dir == str(tmp_path)
    changed = [
        name for name in cards.tables._fields
        if (getattr(cards.tables, name) != getattr(shipped.tables, name)).any()
    ]  # fmt: skip
    assert changed == ["housing_rent"]


def test_a_designer_types_in_a_card_and_the_setup_sheet(tmp_path):
    (tmp_path / "cards.toml").write_text(
        '[[card]]\nid = "piano_etude"\ncopies = 1\n'
        '[[card]]\nid = "harp_minuet"\nname = "Harp Minuet"\nstack = "compose_1"\ncopies = 1\n'
        'effect = "compose"\ninstrument = "harp"\nparams = { black = 2 }\n'
        'source = "user: the card list"\n'
    )
    (tmp_path / "setup.toml").write_text(
        '[start_florins]\nvalue = 150\nsource = "user: the setup sheet"\n'
        '[start_city]\nvalue = "vienna"\n'
    )
    cards = load_cards(tmp_path)
    t = cards.tables
    d = cards.index("cards", "harp_minuet")
    assert d == len(cards.ids["cards"]) - 1 and len(t.card_design) == 114
    compose_1 = t.card_design[t.stack_first[0] : t.stack_first[1]]
    assert (compose_1 == d).sum() == 1  # the new card is in its stack, after the shipped ones
    assert t.design_instrument[d] == cards.index("instruments", "harp")
    assert t.rules[Rule.START_FLORINS] == 150
    assert t.rules[Rule.START_CITY] == cards.index("cities", "vienna")
    assert cards.record("setup", "start_city")["source"] == f"user: {tmp_path / 'setup.toml'}"
    assert cards.record("setup", "start_florins")["source"] == "user: the setup sheet"


def test_a_replacing_file_is_the_designers_own_sheet(tmp_path):
    """A six-city board without Troyes: `replace = true` drops the shipped entries."""
    shipped = (DATA / "cities.toml").read_text()
    start, end = shipped.index('[[city]]\nid = "troyes"'), shipped.index('[[city]]\nid = "stras')
    mine = (shipped[:start] + shipped[end:]).replace('"troyes", ', "").replace(', "troyes"', "")
    (tmp_path / "cities.toml").write_text("replace = true\n" + mine)
    cards = load_cards(tmp_path)
    assert cards.ids["cities"] == [
        "paris",
        "strasbourg",
        "mannheim",
        "munchen",
        "salzburg",
        "vienna",
    ]
    assert cards.tables.city_royal.all() and cards.tables.city_distance.shape == (6, 6)
    assert cards.record("cities", "paris")["source"] == "estimate"  # as the file says
    (tmp_path / "cities.toml").write_text('replace = "yes"\n' + mine)
    assert f"{tmp_path / 'cities.toml'}:replace: expected true or false, got 'yes'" in _problems(
        directory=tmp_path
    )
    (tmp_path / "cities.toml").write_text('replace = true\n[[city]]\nid = "paris"\nshield = 1\n')
    problems = _problems(directory=tmp_path)
    assert f"{tmp_path / 'cities.toml'}:paris:name: missing" in problems


def test_documentation_does_not_change_the_hash(tmp_path):
    (tmp_path / "cities.toml").write_text(
        '[[city]]\nid = "vienna"\nestimate = "mine"\nnote = "a note"\n'
    )
    assert load_cards(tmp_path).data_hash == load_default_cards().data_hash
    assert load_cards(tmp_path).record("cities", "vienna")["source"] == "estimate"


def test_patches_change_one_field():
    cards = load_cards(patches=["card.teach_1.params.florins=60", "rules.tie_break.value=earlier"])
    t = cards.tables
    assert t.design_params[cards.index("cards", "teach_1"), 0] == 60
    assert (t.card_params[t.card_design == cards.index("cards", "teach_1"), 0] == 60).all()
    assert t.rules[Rule.TIE_BREAK] == TieBreak.EARLIER and cards.rules["tie_break"] == "earlier"
    teach = cards.record("cards", "teach_1")
    assert teach["source"] == "variant: --set card.teach_1.params.florins=60"
    assert cards.data_hash != load_default_cards().data_hash
    assert load_default_cards().record("cards", "teach_1")["params"]["florins"] == 80


def test_a_patch_reaches_into_a_list():
    cards = load_cards(patches=["housing.house.rent.2=200", "rules.red_die.value.0=1"])
    assert list(cards.tables.housing_rent[cards.index("housing", "house")]) == [50, 100, 200]
    assert cards.tables.red_die[0] == 1


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ("cards.teach_1", "expected KIND.CARD.FIELD=VALUE"),
        ("card.teach_1=3", "expected KIND.CARD.FIELD=VALUE"),
        ("cardz.teach_1.copies=2", "unknown kind 'cardz'; did you mean \"cards\""),
        ("cards.teach_11.copies=2", "no cards entry 'teach_11'; did you mean \"teach_1\""),
        ("cards.teach_1.copes=2", "no field 'copes'; did you mean \"copies\""),
        ("cards.teach_1.copies.n=2", "a single value, not a table"),
        ("housing.house.rent.5=1", "has no position rent.5"),
        ("rules.tie_breaks.value=later", "no rules entry 'tie_breaks'; did you mean \"tie_break\""),
    ],
)
def test_bad_patches_are_one_line_errors(patch, message):
    with pytest.raises(TuttiError, match=re.escape(message)) as err:
        load_cards(patches=[patch])
    assert "\n" not in str(err.value) and not isinstance(err.value, CardDataError)


DID = '; did you mean "{}"?'
BAD_VALUES = [
    ("cards.teach_1.effect=teech", ":teach_1:effect: unknown effect 'teech'" + DID.format("teach")),
    ("cards.teach_1.effect=royal_draw", ":teach_1:effect: unknown effect 'royal_draw'"),
    ("cards.teach_1.effect=compose", ":teach_1:params.black: missing"),
    ("cards.teach_1.params.florins=-10", ":teach_1:params.florins: expected an integer 0..5000"),
    ("cards.teach_1.params.flor=1", ":teach_1:params.flor: unknown parameter"),
    (
        "cards.ban_1.params.n=1",
        ":ban_1:params.n: unknown parameter (this kind takes no parameters)",
    ),
    ("cards.ban_1.effect=compose", ":ban_1:effect: compose is not a perform_1 card"),
    ("cards.ban_1.stack=perform_4", ":ban_1:stack: unknown stack 'perform_4'"),
    ("cards.symphony.instrument=tuba", ":symphony:instrument: unknown instrument 'tuba'"),
    ("cards.ban_1.instrument=harp", ":ban_1:instrument: only a compose card has an instrument"),
    ("cards.variation_2.stack=compose_3", ":variation_2:stack: a variation is a level 1 or 2 card"),
    ("cards.variation_1.params.same=0", ":variation_1:params.same: a variation copies at least"),
    ("cards.perform_1.copies=9", ":perform_1:cards: 25 cards, but the copies of its cards"),
    ("cards.perform_1.copies=9", "add up to 26"),
    ("cards.perform_1.copies=true", ":perform_1:copies: expected int, got True"),
    ("stacks.compose_3.level=2", ":compose_3:level: compose_2 is already that family's level 2"),
    ("stacks.compose_3.family=brass", ":compose_3:family: unknown family 'brass'"),
    ('cities.paris.neighbours=["troyes"]', ":paris:neighbours: missing strasbourg (strasbourg"),
    ('cities.vienna.neighbours=["salzbrug"]', ":vienna:neighbours: unknown city 'salzbrug'"),
    ("cities.paris.die_face=3", ":mannheim:die_face: 3 is already paris's"),
    ("cities.paris.shield=4", ":paris:shield: expected an integer 1..3"),
    ("cities.paris.variety_slot=9", ":paris:variety_slot: expected an integer 0..8"),
    ("cities.troyes.royal=true", ":troyes:royal: a royal city without a royal tile"),
    ("housing.house.rent=[50, 100]", ":house:rent: expected 3 integers 0..5000"),
    ("housing.house.pay_percent=120", ":house:pay_percent: expected an integer 0..100"),
    ("travel.any_city.steps=3", ":any_city:steps: give steps (1..) or any_city = true"),
    ('proximity.adjacent.takes=["green"]', ":adjacent:takes: unknown takes 'green'"),
    ("proximity.adjacent.distance=0", ":adjacent:distance: 0 is already same_city's"),
    ("royal.paris_royal.city=troyes", ":paris_royal:city: troyes is not a royal city"),
    ("royal.paris_royal.city=vienna", ":vienna_royal:city: vienna already has a royal tile"),
    ("royal.paris_royal.effect=ban", ":paris_royal:effect: unknown effect 'ban'"),
    ("royal.salzburg_royal.params.shield=4", ":salzburg_royal:params.shield: expected 1..3"),
    ("legacy.most_florins.effect=most_keys", "unknown effect 'most_keys'"),
    ("bonus_tiles.oboe_tile.target=piano", ":oboe_tile:target: piano has no type"),
    ("bonus_tiles.oboe_tile.target=harp", ":oboe_tile:target: harp already has a tile (harp_tile)"),
    ("bonus_tiles.oboe_tile.params.chain=1", ":oboe_tile:params.chain: expected an integer 2..9"),
    ("variety.variety_1.value=-6", ":variety_1:value: expected an integer -5..5"),
    ("rules.variety_slots.value=8", "variety.toml: 9 tiles for 8 board slots"),
    ("rules.rounds.value=15", ":rounds:value: 15 rounds, but 4 events every 4 rounds make 16"),
    ("rules.royal_keys.value=[2, 3, 4]", ":royal_keys:value: expected 4 integers 0..60"),
    ("rules.red_die.value=[-2, 0, 2]", ":red_die:value: expected 1..12 faces, each -1, 0 or 1"),
    ("rules.tie_break.value=first", ":tie_break:value: expected one of ['later', 'earlier']"),
    ("rules.unlock_level_2.value=20", ":unlock_level_2:value: 20 is beyond unlock_level_3 (15)"),
    ("setup.start_housing.value=castle", ":start_housing:value: unknown housing 'castle'"),
    ("setup.start_city.value=wien", ":start_city:value: unknown city 'wien'"),
    ("setup.personal_legacy.value=2", ":personal_legacy:value: 1 overall and 5 players x 2"),
    ('cities.paris.estimate=""', ":paris:estimate: missing: an estimate says how it was chosen"),
    ('cards.symphony.source="my guess"', ":symphony:source: expected to begin with one of"),
]


@pytest.mark.parametrize(("patch", "line"), BAD_VALUES)
def test_bad_values_name_file_entry_and_field(patch, line):
    problems = _problems(patches=[patch])
    assert any(line in p for p in problems), problems
    assert all(LINE.match(p) or PATCHED.match(p) or FILE.match(p) for p in problems), problems


def test_a_bad_directory_reports_every_problem_against_its_file(tmp_path):
    cards = tmp_path / "cards.toml"
    cards.write_text(
        '[[card]]\nid = "perform_1"\nparams = { florins = 50 }\ncolour = "yellow"\n'
        '[[card]]\nid = "new_card"\nname = "New"\n'
        '[[card]]\nname = "no id"\n'
        '[[card]]\nid = "perform_1"\n'
    )
    (tmp_path / "board.toml").write_text("")
    (tmp_path / "rules.toml").write_text('[rounds]\nvalue = "sixteen"\n[turns]\nvalue = 3\n')
    problems = _problems(directory=tmp_path)
    assert f"{cards}:perform_1:colour: unknown field; expected one of: name, stack" in "\n".join(
        problems
    )
    assert f"{cards}:#3:id: missing (every [[card]] needs an id)" in problems
    assert f"{cards}:perform_1:id: given twice" in problems
    assert f"{cards}:new_card:copies: missing" in problems
    assert any(p.startswith(f"{tmp_path / 'board.toml'}: unknown card file") for p in problems)
    assert all(LINE.match(p) or p.startswith(f"{tmp_path / 'board.toml'}: ") for p in problems)


def test_every_problem_of_a_sound_file_comes_at_once(tmp_path):
    (tmp_path / "cards.toml").write_text(
        '[[card]]\nid = "perform_1"\nparams = { florins = 50, white = 99 }\n'
        '[[card]]\nid = "symphony"\ninstrument = "tuba"\n'
    )
    (tmp_path / "rules.toml").write_text(
        '[rounds]\nvalue = "sixteen"\n[turns]\nvalue = 3\nsource = "user: mine"\n'
    )
    cards, rules = tmp_path / "cards.toml", tmp_path / "rules.toml"
    assert set(_problems(directory=tmp_path)) == {
        f"{cards}:perform_1:params.white: expected an integer 0..60, got 99",
        f"{cards}:symphony:instrument: unknown instrument 'tuba'; expected one of: violin, "
        "cello, harp, flute, oboe, clarinet, horn, trumpet, piano, orchestra",
        f"{rules}:rounds:value: expected an integer 1..64, got 'sixteen'",
        f"{rules}:turns:value: unknown key; expected one of: rounds, rounds_per_event, events, "
        "white_track, black_track, unlock_level_2, unlock_level_3, interaction_cap, "
        "progress_cards, free_tell_tale, reference_actions, reference_clears, coin, "
        "variety_slots, active_chains, instrument_tiles_held, tie_break, banned_move, "
        "equal_measure, royal_keys, red_die",
    }


def test_the_map_must_be_one():
    problems = _problems(
        patches=["cities.vienna.neighbours=[]", 'cities.salzburg.neighbours=["munchen"]']
    )
    assert problems == ["cities.toml: no road from paris to vienna: the map must be one"]


def test_a_broken_file_or_directory_is_one_line(tmp_path):
    (tmp_path / "rules.toml").write_text("[rounds\nvalue = 1\n")
    with pytest.raises(TuttiError, match=r"rules\.toml: not valid TOML \(") as err:
        load_cards(tmp_path)
    assert "\n" not in str(err.value)
    with pytest.raises(TuttiError, match="does not exist"):
        load_cards(tmp_path / "nowhere")


def test_a_misspelt_change_is_not_taken_for_a_new_entry(tmp_path):
    (tmp_path / "cities.toml").write_text('[[city]]\nid = "strasburg"\nshield = 2\n')
    problems = _problems(directory=tmp_path)
    assert problems[0] == (
        f'{tmp_path / "cities.toml"}:strasburg:id: no such city; did you mean "strasbourg"?'
    )


def test_unknown_entries_are_one_line_errors(apcards):
    with pytest.raises(TuttiError, match="no cards entry 'symphonie'; did you mean \"symphony\""):
        apcards.index("cards", "symphonie")
    with pytest.raises(TuttiError, match="no rules entry 'coins'; did you mean \"coin\""):
        apcards.record("rules", "coins")
