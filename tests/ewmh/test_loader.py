"""The loader: a designer's directory overrides field by field, `--set` patches one
field, and every bad input is refused with one line per problem naming file, card and
field (with a did-you-mean where a name is close)."""

from __future__ import annotations

import re

import pytest

from simcore.errors import CardDataError, TuttiError
from simcore.games.ewmh.carddata.load import load_cards, load_default_cards

LINE = re.compile(r"^[^:\n]+\.toml:[a-z0-9_#]+:[a-z_.0-9]+: .+$")  # file:card-id:field: message


def _problems(**kwargs) -> list[str]:
    with pytest.raises(CardDataError) as err:
        load_cards(**kwargs)
    return err.value.problems


def test_a_user_directory_changes_one_field(tmp_path):
    (tmp_path / "effects.toml").write_text('[[effect]]\nid = "guido"\nparams = { n = 3 }\n')
    shipped, cards = load_default_cards(), load_cards(tmp_path)
    g = cards.index("effects", "guido")
    assert cards.tables.design_params[g, 0] == 3 and shipped.tables.design_params[g, 0] == 2
    guido = cards.record("effects", "guido")
    assert guido["name"] == "Guido" and guido["timing"] == "flip"  # the rest is shipped
    assert guido["source"] == f"user: {tmp_path / 'effects.toml'}"
    assert cards.data_hash != shipped.data_hash and cards.source_dir == str(tmp_path)
    changed = [
        k for k in ("design_effect", "design_params", "card_params", "comp_genre", "path")
        if (getattr(cards.tables, k) != getattr(shipped.tables, k)).any()
    ]  # fmt: skip
    assert changed == ["design_params", "card_params"]


def test_a_user_directory_adds_a_card_and_changes_a_rule(tmp_path):
    (tmp_path / "effects.toml").write_text(
        '[[effect]]\nid = "plagiarize"\ncopies = 3\n'
        '[[effect]]\nid = "binchois"\nname = "Binchois"\ncopies = 1\ntiming = "static"\n'
        'effect = "genre_bonus"\nparams = { genre = "ballata", points = 2 }\n'
        'text_a = "x"\ntext_b = "x"\nsource = "user: my own card"\n'
    )
    (tmp_path / "rules.toml").write_text('[age]\nvalue = "early_renaissance"\n')
    cards = load_cards(tmp_path)
    assert cards.ids["effects"][-1] == "binchois" and len(cards.tables.card_design) == 48
    assert cards.rules["age"] == "early_renaissance"
    assert cards.record("rules", "age")["source"] == f"user: {tmp_path / 'rules.toml'}"


def test_documentation_does_not_change_the_hash(tmp_path):
    (tmp_path / "banners.toml").write_text(
        '[[banner]]\nid = "dance_monophony"\nestimate = "mine"\nnote = "a note"\n'
    )
    assert load_cards(tmp_path).data_hash == load_default_cards().data_hash
    assert load_cards(tmp_path).record("banners", "dance_monophony")["source"] == "estimate"


def test_patches_change_one_field():
    cards = load_cards(patches=["effect.guido.params.n=3", "rules.age.value=high_renaissance"])
    assert cards.tables.design_params[cards.index("effects", "guido"), 0] == 3
    assert cards.rules["age"] == "high_renaissance"
    assert cards.record("effects", "guido")["source"] == "variant: --set effect.guido.params.n=3"
    assert cards.data_hash != load_default_cards().data_hash
    assert load_default_cards().record("effects", "guido")["params"] == {"n": 2}  # not mutated


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ("effects.guido", "expected KIND.CARD.FIELD=VALUE"),
        ("effect.guido=3", "expected KIND.CARD.FIELD=VALUE"),
        ("efects.guido.copies=2", "unknown kind 'efects'; did you mean \"effects\""),
        ("effects.guidi.copies=2", "no effects entry 'guidi'; did you mean \"guido\""),
        ("effects.guido.copes=2", "no field 'copes'; did you mean \"copies\""),
        ("effects.guido.copies.n=2", "a single value, not a table"),
        ("rules.arrival_free.value.5=1", "has no position value.5"),
    ],
)
def test_bad_patches_are_one_line_errors(patch, message):
    with pytest.raises(TuttiError, match=re.escape(message)) as err:
        load_cards(patches=[patch])
    assert "\n" not in str(err.value) and not isinstance(err.value, CardDataError)


DID = '; did you mean "{}"?'
BAD_VALUES = [
    ("effects.guido.effect=draw_composition", ":guido:effect: unknown effect 'draw_composition'"),
    ("effects.guido.effect=draw_composition", DID.format("draw_compositions")),
    ("effects.guido.params.n=12", ":guido:params.n: expected an integer 1..9, got 12"),
    ("effects.guido.params.nn=1", ":guido:params.nn: unknown parameter" + DID.format("n")),
    ("effects.guido.timing=static", ":guido:timing: 'static' does not fit draw_compositions"),
    ("effects.guido.timing=flipp", ":guido:timing: unknown timing 'flipp'" + DID.format("flip")),
    ("effects.william_v.keep=hand_limit_6", "keep 'hand_limit_6'" + DID.format("hand_limit")),
    ("effects.ockeghem.params.genre=masse", "composition 'masse'" + DID.format("mass")),
    ("effects.byrd.params.age=baroque", ":byrd:params.age: unknown age 'baroque'"),
    ("effects.harden_soften.params.min=2", ":harden_soften:params.min: 2 is more than max (1)"),
    ("effects.guido.copies=true", ":guido:copies: expected int, got True"),
    ("effects.plagiarize.copies=5", ":effect_deck:value: 48 effect cards, but the designs'"),
    ("effects.plagiarize.copies=5", "copies add up to 49"),
    ("rules.draft_cards.value=5", ":draft_cards:value: 9 players draft 45 effect cards"),
    ("rules.age.value=baroque", ":age:value: expected one of ['monophony'"),
    ("rules.face_perotin.value=c", ":face_perotin:value: expected one of ['a', 'b']"),
    ("rules.arrival_free.value=[3, 2, -1]", ":arrival_free:value: expected a list of 1..9"),
    ("rules.patron_grace.value=1", ":patron_grace:value: expected true or false, got 1"),
    ("tiles.blank.share=20", "tiles.toml: the shares add up to 105"),
    ("tiles.back_two.params.steps=-13", ":back_two:params.steps: expected an integer -12..12"),
    ("banners.dance_monophony.age=baroque", ":dance_monophony:age: unknown age 'baroque'"),
    (
        "banners.dance_monophony.age=early_polyphony",
        ":dance_early_polyphony:age: dance already has a banner in early_polyphony "
        "(dance_monophony)",
    ),
    ("banners.motet_early_polyphony.composition=motett", "'motett'" + DID.format("motet")),
    ("banners.cantiga_monophony.value=0", ":cantiga_monophony:value: expected 1..30, got 0"),
    ('compositions.dance.tags=["folk"]', ":dance:tags: unknown tags 'folk'"),
    ("abilities.church_absolution.vocation=chruch", "vocation 'chruch'" + DID.format("church")),
    ("abilities.church_composer.timing=flip", ":church_composer:timing: 'flip' does not fit"),
    ('banners.dance_monophony.estimate=""', ":dance_monophony:estimate: missing: an estimate"),
    ('effects.guido.source="my guess"', ":guido:source: expected to begin with one of"),
]


@pytest.mark.parametrize(("patch", "line"), BAD_VALUES)
def test_bad_values_name_file_card_and_field(patch, line):
    problems = _problems(patches=[patch])
    assert any(line in p for p in problems), problems
    assert all("\n" not in p for p in problems)


def test_a_bad_directory_reports_every_problem_against_its_file(tmp_path):
    effects = tmp_path / "effects.toml"
    effects.write_text(
        '[[effect]]\nid = "sustain"\nparams = { forward = 50 }\ncolor = "red"\n'
        '[[effect]]\nid = "new_card"\nname = "New"\n'
        '[[effect]]\nname = "no id"\n'
        '[[effect]]\nid = "sustain"\n'
    )
    (tmp_path / "board.toml").write_text("")
    problems = _problems(directory=tmp_path)
    assert f"{effects}:sustain:color: unknown field; expected one of: " in "\n".join(problems)
    assert f"{effects}:#3:id: missing (every [[effect]] needs an id)" in problems
    assert f"{effects}:sustain:id: given twice" in problems
    assert f"{effects}:new_card:copies: missing" in problems
    assert any(p.startswith(f"{tmp_path / 'board.toml'}: unknown card file") for p in problems)
    assert all(LINE.match(p) or p.startswith(f"{tmp_path / 'board.toml'}: ") for p in problems)


def test_range_problems_come_after_the_fields_are_sound(tmp_path):
    (tmp_path / "effects.toml").write_text(
        '[[effect]]\nid = "sustain"\nparams = { forward = 50 }\n'
    )
    problems = _problems(directory=tmp_path)
    assert problems == [
        f"{tmp_path / 'effects.toml'}:sustain:params.forward: expected an integer 1..12, got 50"
    ]


def test_a_broken_file_or_directory_is_one_line(tmp_path):
    (tmp_path / "rules.toml").write_text("[age\nvalue = 1\n")
    with pytest.raises(TuttiError, match=r"rules\.toml: not valid TOML \(") as err:
        load_cards(tmp_path)
    assert "\n" not in str(err.value)
    with pytest.raises(TuttiError, match="does not exist"):
        load_cards(tmp_path / "nowhere")


def test_a_second_face_needs_its_rule(tmp_path):
    (tmp_path / "effects.toml").write_text(
        '[[effect]]\nid = "guido"\neffect_b = "draw_compositions"\nparams_b = { n = 3 }\n'
    )
    problems = _problems(directory=tmp_path)
    assert problems == [
        f"{tmp_path / 'effects.toml'}:guido:effect_b: a second face needs rules.toml "
        '[face_guido] (value "a" or "b")'
    ]
    (tmp_path / "rules.toml").write_text('[face_guido]\nvalue = "b"\nsource = "mine"\n')
    with pytest.raises(CardDataError, match="guido:source: expected to begin with one of"):
        load_cards(tmp_path)
    (tmp_path / "rules.toml").write_text('[face_guido]\nvalue = "b"\nsource = "user: mine"\n')
    cards = load_cards(tmp_path)
    assert cards.tables.design_params[cards.index("effects", "guido"), 0] == 3
    (tmp_path / "rules.toml").write_text('[face_guidoo]\nvalue = "b"\nsource = "user: x"\n')
    problems = _problems(directory=tmp_path)
    assert any(
        "no card with a second face (effect_b) 'guidoo'; did you mean \"guido\"" in p
        for p in problems
    )


def test_a_misspelt_change_is_not_taken_for_a_new_card(tmp_path):
    (tmp_path / "effects.toml").write_text('[[effect]]\nid = "sustian"\nparams = { forward = 6 }\n')
    problems = _problems(directory=tmp_path)
    assert problems[0] == (
        f'{tmp_path / "effects.toml"}:sustian:id: no such effect; did you mean "sustain"?'
    )


def test_counts_beyond_the_engine_are_refused(tmp_path):
    (tmp_path / "compositions.toml").write_text(
        "".join(f'[[composition]]\nid = "{g}"\ncopies = 0\n' for g in BANNER_GENRES)
    )
    (tmp_path / "effects.toml").write_text('[[effect]]\nid = "guido"\ncopies = 17\n')
    problems = _problems(directory=tmp_path)
    assert "compositions.toml: 0 composition cards; the engine holds 1..255" in problems
    assert f"{tmp_path / 'effects.toml'}:guido:copies: expected 0..16, got 17" in problems


BANNER_GENRES = ("cantiga", "plainchant", "ballata", "motet", "mass", "madrigal", "dance")


def test_unknown_entries_are_one_line_errors(ecards):
    with pytest.raises(TuttiError, match="no effects entry 'gido'; did you mean \"guido\""):
        ecards.index("effects", "gido")
    with pytest.raises(TuttiError, match="no rules entry 'ages'; did you mean \"age\""):
        ecards.record("rules", "ages")
