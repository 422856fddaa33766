"""Early Western Music History's stated numbers (simcore/games/ewmh/stated_numbers.py)
against the shipped card data: each is still there, every number the rulebook prints is
listed, and nothing else is."""

from __future__ import annotations

import pytest

from simcore.card_files import get_at
from simcore.games.ewmh.carddata.load import load_cards
from simcore.games.ewmh.stated_numbers import STATED, changed_stated_numbers, stated_number


def _numbers(record, field):
    """(path, value) of every whole number in a card's field (a table's keys too)."""
    value = record.get(field)
    if isinstance(value, dict):
        return [((field, k), v) for k, v in value.items() if type(v) is int]
    return [((field,), value)] if type(value) is int else []


def test_every_stated_number_is_a_shipped_number_from_the_rulebook(ecards):
    assert changed_stated_numbers(ecards) == []
    for (kind, card_id, path), stated in STATED.items():
        record = ecards.record(kind, card_id)
        assert get_at(record, tuple(path.split("."))) == stated.value, (kind, card_id, path)
        assert record["source"].startswith("rulebook: "), (kind, card_id)
        assert stated.section.startswith("rulebook: ")


@pytest.mark.parametrize("kind", ["effects", "abilities"])
def test_every_number_on_a_card_is_stated(ecards, kind):
    """The cards are all in the rulebook: each of their numbers is stated (the flags that
    read a wording, such as deck_top, are not numbers)."""
    for record in ecards.records[kind]:
        for field in ("copies", "face_b_copies", "params", "params_b", "keep_params"):
            for path, _ in _numbers(record, field):
                assert stated_number(kind, record["id"], path), (record["id"], path)


def test_the_rulebooks_rule_numbers_are_stated_and_the_rest_is_not(ecards):
    for record in ecards.records["rules"]:
        numeric = type(record["value"]) in (int, list)
        from_rulebook = record["source"].startswith("rulebook: ")
        stated = stated_number("rules", record["id"], ("value",)) is not None
        assert stated == (numeric and from_rulebook), record["id"]
    assert stated_number("rules", "round_cap", ("value",)) is None  # an estimate
    assert stated_number("rules", "path_length", ("value",)) is None
    assert stated_number("rules", "arrival_free", ("value", "0")) is not None  # a part


def test_stated_numbers_are_identified_and_estimates_are_not(ecards):
    assert stated_number("effects", "gesualdo", ("params", "back")).startswith("rulebook: ")
    assert stated_number("effects", "gesualdo", ("params",))  # a table holding stated numbers
    assert stated_number("effects", "gesualdo", ("copies",))
    assert stated_number("banners", "cantiga_monophony", ("value",))
    assert stated_number("banners", "madrigal_high_renaissance", ("value",))
    for banner in ecards.records["banners"]:  # the rest: estimates and readings
        if banner["id"] not in ("cantiga_monophony", "madrigal_high_renaissance"):
            assert stated_number("banners", banner["id"], ("value",)) is None
    for kind in ("compositions", "tiles"):
        for record in ecards.records[kind]:
            for field in ("copies", "share", "params"):
                assert stated_number(kind, record["id"], (field,)) is None


def test_a_changed_stated_number_is_named():
    cards = load_cards(patches=["effects.sustain.params.forward=6", "rules.refresh.value=4"])
    assert changed_stated_numbers(cards) == [
        "effects:sustain:params.forward: 6, but the rulebook states 5 "
        "(rulebook: card sheets (Sustain); copies derived from the sheets (ruling EW-1))",
        "rules:refresh:value: 4, but the rulebook states 3 (rulebook: On your turn, Refresh)",
    ]
    estimate = load_cards(patches=["banners.mass_high_renaissance.value=7"])
    assert changed_stated_numbers(estimate) == []
