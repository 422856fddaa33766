"""Rulebook-stated values vs estimates in the card data (stated_numbers.py,
docs/games/luthier/card-data.md).

Every field of every shipped card is either stated by the rulebook (listed in
`STATED`, with its section) or marked as an estimate (`source = "estimate"` or the
field in the card's `estimated` list), never both unless only part of it is stated;
and the shipped data holds every stated value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simcore.games.luthier.carddata.cards import KINDS, CardSet, load_cards
from simcore.games.luthier.carddata.stated_numbers import (
    STATED,
    changed_stated_numbers,
    stated_for,
    value_at,
)

KEYS = {"id", "source", "estimated", "fitted"}  # provenance, not data
ROW_KEYS = {"row", "tier"}  # a board row is keyed by (row, tier), like a card by its id


def labels(kind: str, rec: dict) -> dict[str, str]:
    """field -> "whole" / "part" as STATED covers it."""
    out: dict[str, str] = {}
    for s in stated_for(kind, rec["id"]):
        out[s.field] = "whole" if s.whole or out.get(s.field) == "whole" else "part"
    return out


def test_the_shipped_data_holds_every_stated_value(cards: CardSet) -> None:
    assert changed_stated_numbers(cards) == []


def test_every_field_is_stated_or_marked_as_an_estimate(cards: CardSet) -> None:
    """The audit's rule: a field the rulebook does not state is marked as an estimate.
    A field stated in part (P1's high payout) is marked too; a fully stated one is not."""
    problems = []
    for kind in KINDS:
        for rec in cards.records[kind]:
            keys = KEYS | (ROW_KEYS if kind == "board" and "row" in rec else set())
            stated = labels(kind, rec)
            where = f"{kind}:{rec['id']}"
            if rec["source"] == "estimate":
                if stated:
                    problems.append(f"{where}: source 'estimate', but stated: {sorted(stated)}")
                continue
            estimated = set(rec.get("estimated", []))
            for field in rec:
                if field in keys:
                    continue
                how = stated.get(field)
                if how is None and field not in estimated:
                    problems.append(f"{where}:{field}: neither stated nor marked as an estimate")
                elif how == "whole" and field in estimated:
                    problems.append(f"{where}:{field}: stated, but marked as an estimate")
                elif how == "part" and field not in estimated:
                    problems.append(f"{where}:{field}: stated only in part, not marked")
            for field in estimated - set(rec):
                problems.append(f"{where}:{field}: marked as an estimate but not set")
    assert problems == []


def test_every_statement_names_its_section_and_a_real_value(cards: CardSet) -> None:
    seen = set()
    for s in STATED:
        assert s.kind in KINDS, s
        assert s.section.startswith(("rulebook: ", "ruling ")) and len(s.section) > 12, s
        assert (s.kind, s.card, s.path) not in seen, f"stated twice: {s}"
        seen.add((s.kind, s.card, s.path))
        (rec,) = [r for r in cards.records[s.kind] if r["id"] == s.card]
        assert rec["source"] != "estimate", s
        assert value_at(rec, s.path) == s.value, s


def test_the_rulebook_examples_and_rulings_numbers_are_stated() -> None:
    """Spot checks against the rulebook's numbers (docs/games/luthier/rulings.md, "The
    numbers") and its worked examples, so the list cannot quietly lose them."""
    by_path = {(s.kind, s.card, s.path): s.value for s in STATED}
    assert by_path[("instruments", "violin", "rough")] == {"animal": 1, "wood": 1}
    assert by_path[("instruments", "violin", "finish")] == {"wood": 1}
    assert by_path[("instruments", "violin", "prestige")] == 2
    assert by_path[("instruments", "viola", "prestige")] == 3
    assert by_path[("orchestra", "viola", "first_chair")] == {"money": 4}
    assert by_path[("orchestra", "clarinet", "first_chair")] == {"money": 2, "wood": 1}
    assert by_path[("performances", "p1", "high")] == 9
    assert by_path[("performances", "p1", "money[2]")] == 2
    assert by_path[("performances", "p1", "prestige[2]")] == 1
    assert by_path[("market", "m1", "prices")] == {"animal": 2, "wood": 3, "metal": 5}
    assert by_path[("patrons", "frederic_chopin", "prestige")] == 5
    assert by_path[("patrons", "frederic_chopin", "secondary[0].era")] == "romantic"
    assert by_path[("board", "first_chairs", "four")][8] == 21  # ruling 18
    assert by_path[("setup2p", "s1", "blocked")] == [1, 2, 0]
    rules = {s.card: s.value for s in STATED if s.kind == "rules"}
    assert (rules["storage"], rules["training_cost"], rules["search_cost"]) == (9, 15, 10)
    assert (rules["leave_penalty"], rules["conversion_rate"]) == (3, 10)


def test_every_rule_number_is_stated(cards: CardSet) -> None:
    """rules.toml holds only rulebook numbers (its header says so): none is an estimate."""
    rules = {s.card for s in STATED if s.kind == "rules"}
    assert rules == {rec["id"] for rec in cards.records["rules"]}


def write(tmp: Path, name: str, text: str) -> Path:
    (tmp / name).write_text(text, encoding="utf-8")
    return tmp


def test_a_changed_stated_value_is_reported_an_estimate_is_not(tmp_path: Path) -> None:
    """What a balancing tool relies on: changing an estimate is free, changing a stated
    value is named with its rulebook section."""
    d = write(
        tmp_path,
        "instruments.toml",
        '[[instrument]]\nid = "violin"\nprestige = 3\n\n'
        '[[instrument]]\nid = "viola"\nrough = { wood = 4 }\n',
    )
    write(d, "performances.toml", '[[performance]]\nid = "p1"\nmoney = [1, 2, 5]\n')
    changed = changed_stated_numbers(load_cards(d))
    assert len(changed) == 2
    assert changed[0].startswith("instruments:violin:prestige: 3, but the rulebook states 2 (")
    assert changed[1].startswith("performances:p1:money[2]: 5, but the rulebook states 2 (")
    assert "Performance Example" in changed[1]


def test_a_removed_stated_card_is_reported(tmp_path: Path) -> None:
    d = write(tmp_path, "patrons.toml", '[[patron]]\nid = "queen_victoria"\nremove = true\n')
    changed = changed_stated_numbers(load_cards(d))
    assert changed and all(line.startswith("patrons:queen_victoria:") for line in changed)


def test_value_at_follows_paths() -> None:
    rec = {"money": [1, 2, 3], "secondary": [{"family": "pk", "era": "romantic"}]}
    assert value_at(rec, "money") == [1, 2, 3]
    assert value_at(rec, "money[2]") == 3
    assert value_at(rec, "secondary[0].era") == "romantic"
    with pytest.raises(KeyError):
        value_at(rec, "prestige")
    with pytest.raises(IndexError):
        value_at(rec, "money[3]")


def test_refitted_cards_stay_estimates_and_say_how_they_were_fitted(
    cards: CardSet, tmp_path: Path
) -> None:
    """Issue 19: each refitted card keeps its estimate label and records the fit in
    `fitted`; the provenance text is not card data (the data hash ignores it)."""
    fitted = [(kind, rec) for kind in KINDS for rec in cards.records[kind] if rec.get("fitted")]
    kinds = {kind for kind, _ in fitted}
    assert {"performances", "patrons", "instruments", "families", "goals", "repairs"} <= kinds
    for kind, rec in fitted:
        assert rec["source"] == "estimate" or rec.get("estimated"), (kind, rec["id"])
        # a `tutti balance` search, or (rules version 5) the report's adjusted effect
        assert rec["fitted"].startswith(
            ("tutti balance, ", "tutti report, ", "field_check trio lines, ")
        ), rec["fitted"]
    (tmp_path / "patrons.toml").write_text(
        '[[patron]]\nid = "frederic_chopin"\nfitted = "by hand, for a test"\n'
    )
    assert load_cards(tmp_path).data_hash == cards.data_hash
