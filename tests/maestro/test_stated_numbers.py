"""Maestro's stated numbers (simcore/games/maestro/carddata/stated_numbers.py) against the
board data."""

from __future__ import annotations

from simcore.games.maestro.carddata.cards import load_default_cards
from simcore.games.maestro.carddata.stated_numbers import STATED
from simcore.games.maestro.game import GAME


def test_every_stated_number_is_a_shipped_number_the_rulebook_gives():
    cards = load_default_cards()
    for (kind, card_id, field), section in STATED.items():
        record = GAME.card_records(cards, kind)[GAME.card_ids(cards, kind).index(card_id)]
        assert type(record[field]) is int, (kind, card_id)
        assert record["source"].startswith("rulebook"), (kind, card_id, record["source"])
        assert section.startswith("rulebook")


def test_every_rule_number_the_rulebook_gives_is_stated_and_the_rest_is_not():
    cards = load_default_cards()
    for record in GAME.card_records(cards, "rules"):
        numeric = type(record["value"]) is int
        from_rulebook = record["source"].startswith("rulebook")
        stated = GAME.stated_number("rules", record["id"], ("value",)) is not None
        assert stated == (numeric and from_rulebook), record["id"]
    assert GAME.stated_number("rows", "debussy", ("value",)) is None  # printed values: unknown
    assert GAME.stated_number("rules", "applause", ("value",)) is None  # no rulebook count
