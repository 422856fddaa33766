"""The generic card-file helpers (simcore/card_files.py): reading, merging by id,
`--set` parsing, paths into fields and the content hash."""

from __future__ import annotations

import pytest

from simcore.card_files import (
    cards_by_id,
    content_hash,
    get_at,
    overlay,
    parse_set,
    read_toml,
    set_at,
    tables_by_key,
)
from simcore.errors import TuttiError


def test_read_toml_names_the_file_in_one_line(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text("a = 1\n")
    assert read_toml(path, "x.toml") == {"a": 1}
    path.write_text("a = \n")
    with pytest.raises(TuttiError, match=r"^x\.toml: not valid TOML \(") as err:
        read_toml(path, "x.toml")
    assert "\n" not in str(err.value)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(TuttiError, match="x.toml: cannot read"):
        read_toml(path, "x.toml")
    with pytest.raises(TuttiError, match="y.toml: cannot read"):
        read_toml(tmp_path / "y.toml", "y.toml")


def test_cards_by_id_and_overlay_keep_order_and_origins():
    problems: list[str] = []
    doc = {"card": [{"id": "a", "n": 1}, {"id": "b", "n": 2}, {"n": 3}, {"id": "a"}], "x": 1}
    cards = cards_by_id(doc, "card", "f.toml", problems)
    assert cards == {"a": {"n": 1}, "b": {"n": 2}}
    assert problems == [
        "f.toml:x: unknown section (expected [[card]])",
        "f.toml:#3:id: missing (every [[card]] needs an id)",
        "f.toml:a:id: given twice",
    ]
    origins: dict = {}
    added = overlay(cards, {"b": {"n": 5}, "c": {"n": 6}}, origins, "mine.toml")
    assert added == ["c"] and list(cards) == ["a", "b", "c"]
    assert cards["b"] == {"n": 5} and origins == {"b": {"n": "mine.toml"}, "c": {"n": "mine.toml"}}
    problems.clear()
    assert tables_by_key({"r": {"value": 1}, "s": 2}, "rules.toml", problems) == {"r": {"value": 1}}
    assert problems == ["rules.toml:s: expected a table ([s] with its fields)"]


def test_parse_set_reads_kind_aliases_paths_and_values():
    p = parse_set("card.a.params.n=3", ["cards"], {"card": "cards"})
    assert (p.kind, p.card, p.path, p.value, p.label) == (
        "cards", "a", ("params", "n"), 3, "--set card.a.params.n=3"
    )  # fmt: skip
    assert parse_set("cards.a.age=high", ["cards"], {}).value == "high"  # a bare word
    assert parse_set('cards.a.tags=["x", "y"]', ["cards"], {}).value == ["x", "y"]
    with pytest.raises(TuttiError, match="unknown kind 'crads'; did you mean \"cards\""):
        parse_set("crads.a.n=1", ["cards"], {})
    for bad in ("cards.a=1", "cards.a.n", "cards..n=1", "cards.a.n="):
        with pytest.raises(TuttiError, match="expected KIND.CARD.FIELD=VALUE"):
            parse_set(bad, ["cards"], {})


def test_paths_into_tables_and_lists():
    record = {"params": {"n": 1}, "value": [3, 2, 1]}
    assert get_at(record, ("params", "n")) == 1 and get_at(record, ("value", "2")) == 1
    set_at(record, ("params", "m"), 4)
    set_at(record, ("value", "0"), 9)
    assert record == {"params": {"n": 1, "m": 4}, "value": [9, 2, 1]}
    with pytest.raises(KeyError):
        get_at(record, ("value", "3"))
    with pytest.raises(KeyError):
        set_at(record, ("value", "5"), 1)


def test_content_hash_skips_documentation_and_sees_order():
    a = {"k": {"x": {"n": 1, "source": "one"}, "y": {"n": 2}}}
    same = {"k": {"x": {"n": 1, "source": "two"}, "y": {"n": 2}}}
    reordered = {"k": {"y": {"n": 2}, "x": {"n": 1}}}
    assert content_hash(a, ["source"]) == content_hash(same, ["source"])
    assert content_hash(a) != content_hash(same)
    assert content_hash(a, ["source"]) != content_hash(reordered, ["source"])
