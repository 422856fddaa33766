"""A Piacere's stated numbers (simcore/games/apiacere/stated_numbers.py) against the shipped
card data and the rulebook's words: each is still there, equal to what the quoted text
says, and every other number of the data is an estimate or a ruling with its reason."""

from __future__ import annotations

import re

import pytest

from simcore.card_files import get_at
from simcore.games.apiacere.carddata.load import load_cards
from simcore.games.apiacere.carddata.schema import KINDS
from simcore.games.apiacere.stated_numbers import STATED, changed_stated_numbers, stated_number

WORDS = {  # how the rulebook writes a number besides its digits
    1: ("one", "a", "an", "another"),
    2: ("two",),
    3: ("three",),
    4: ("four", "fourth"),
    16: ("sixteen",),
}


def test_every_stated_number_is_shipped_from_a_rulebook_source(apcards):
    assert changed_stated_numbers(apcards) == []
    for (kind, entry, path), stated in STATED.items():
        record = apcards.record(kind, entry)
        assert get_at(record, tuple(path.split("."))) == stated.value, (kind, entry, path)
        assert record["source"].startswith("rulebook: "), (kind, entry)
        section = stated.section.removeprefix("rulebook: ").removesuffix(" (derived)")
        assert section in record["source"], (kind, entry, section)  # the same place cited


@pytest.mark.parametrize(("key", "stated"), list(STATED.items()), ids=lambda x: str(x))
def test_each_stated_number_is_what_its_quote_says(key, stated):
    """The quote (the rulebook's words, verbatim) holds the number as digits, a chain's
    "2x", or a word, or as the half it states ('half pay' for pay_percent 50)."""
    value, quote = stated.value, stated.quote.lower()
    forms = {str(value), f"{value}x", *WORDS.get(value, ())}
    if key[2] == "pay_percent":
        forms = {"half"}
    assert any(re.search(rf"(?<![\d\w]){re.escape(f)}(?![\d\w])", quote) for f in forms)
    assert stated.section.startswith("rulebook: ")


def _numbers(value, path=()):
    """(path, number) of every whole number in a field (tables and lists walked)."""
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in _numbers(v, (*path, k))]
    if isinstance(value, list):
        return [x for i, v in enumerate(value) for x in _numbers(v, (*path, str(i)))]
    return [(path, value)] if type(value) is int else []


def test_every_other_number_is_an_estimate_or_a_ruling_with_its_reason(apcards):
    unexplained = []
    for kind in KINDS:
        for record in apcards.records[kind]:
            reason = record.get("estimate", "").strip()
            ruled = record["source"].startswith("ruling AP-")
            for field, value in record.items():
                for path, _ in _numbers(value, (field,)):
                    if not (stated_number(kind, record["id"], path) or reason or ruled):
                        unexplained.append(f"{kind}:{record['id']}:{'.'.join(path)}")
    assert unexplained == []
    estimates = [r for k in KINDS for r in apcards.records[k] if r["source"] == "estimate"]
    assert len(estimates) > 40 and all(len(r["estimate"]) > 20 for r in estimates)


def test_stated_numbers_are_identified_and_estimates_are_not():
    assert stated_number("cards", "symphony", ("params", "black")) == "rulebook: Example 14"
    assert stated_number("cards", "symphony", ("params",))  # a table holding a stated number
    assert stated_number("cards", "symphony", ("copies",)) is None
    assert stated_number("housing", "house", ("rent", "0")) == "rulebook: Example 3"
    assert stated_number("housing", "house", ("rent", "1")) is None  # shield 2: estimate
    assert stated_number("rules", "royal_keys", ("value", "0"))
    assert stated_number("rules", "royal_keys", ("value", "3")) is None
    for key in ("unlock_level_2", "unlock_level_3", "variety_slots", "red_die"):
        assert stated_number("rules", key, ("value",)) is None
    assert stated_number("setup", "start_florins", ("value",)) is None
    assert stated_number("travel", "two_steps", ("cost",)) is None
    assert stated_number("stacks", "compose_1", ("cards",)) == "rulebook: Game Components"


def test_a_changed_stated_number_is_named():
    cards = load_cards(patches=["cards.symphony.params.black=8", "rules.coin.value=50"])
    assert changed_stated_numbers(cards) == [
        "cards:symphony:params.black: 8, but the rulebook states 7 (rulebook: Example 14)",
        "rules:coin:value: 50, but the rulebook states 10 (rulebook: 5A Teaching)",
    ]
    assert changed_stated_numbers(load_cards(patches=["cards.opera.params.black=7"])) == []
