"""Pig's rules file: the shipped numbers with their sources, a directory's rules.toml and
--set over them, and every problem as one `file:key:field: message`."""

from __future__ import annotations

import pytest

from simcore.errors import CardDataError, TuttiError
from simcore.games.pig.cards import load_cards


def test_the_shipped_rules_are_the_folk_rules_with_an_estimated_cap():
    from simcore import games

    cards = load_cards()
    t = cards.table_array[0]
    assert (t.target, t.faces, t.turn_cap) == (100, 6, 100)
    assert [r["id"] for r in cards.records()] == ["target", "faces", "turn_cap"]
    assert all(r["source"] for r in cards.records())
    assert cards.rules["turn_cap"]["source"].startswith("estimate: ")
    game = games.get("pig")
    assert game.stated_number("rules", "target", ("value",)) == "rules of Pig (folk game)"
    assert game.stated_number("rules", "faces", ("value",)) == "rules of Pig (folk game)"
    assert game.stated_number("rules", "turn_cap", ("value",)) is None


def test_a_directory_and_patches_override_and_change_the_hash(tmp_path):
    (tmp_path / "rules.toml").write_text("[target]\nvalue = 50\n")
    mine = load_cards(tmp_path, ["rules.faces.value=8"])
    t = mine.table_array[0]
    assert (t.target, t.faces, t.turn_cap) == (50, 8, 100)
    assert mine.rules["target"]["source"] == "rules of Pig (folk game)"  # kept from shipped
    assert mine.source_dir == str(tmp_path)
    assert mine.data_hash != load_cards().data_hash
    assert load_cards(patches=["rules.target.value=100"]).data_hash == load_cards().data_hash


def test_every_problem_is_reported_at_once_naming_file_key_and_field(tmp_path):
    (tmp_path / "rules.toml").write_text(
        "[target]\nvalue = 0\n[faces]\nvalue = 6\ncolour = 'red'\n[traget]\nvalue = 5\n"
    )
    (tmp_path / "dice.toml").write_text("")
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    where = str(tmp_path / "rules.toml")
    assert err.value.problems == [
        f"{tmp_path / 'dice.toml'}: unknown card file (Pig has rules.toml only)",
        f"{where}:target:value: expected a whole number 1..10000, got 0",
        f"{where}:faces:colour: unknown field (fields: value, source, note)",
        f'{where}:traget: unknown rule; did you mean "target"?',
    ]


def test_bad_patches_are_one_line():
    with pytest.raises(TuttiError, match="expected a whole number 2..100, got 1"):
        load_cards(patches=["rules.faces.value=1"])
    with pytest.raises(TuttiError, match="unknown rule 'sides'"):
        load_cards(patches=["rules.sides.value=6"])
    with pytest.raises(TuttiError, match="unknown kind"):
        load_cards(patches=["dice.faces.value=6"])
