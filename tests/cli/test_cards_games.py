"""`tutti cards validate` and `cards list` for a game other than Luthier (`--game`)."""

from __future__ import annotations

import json

from simcore import games
from tests.main import tutti


def test_validate_counts_every_kind_of_the_game():
    code, out, _ = tutti("cards", "validate", "--game", "maestro")
    cards = games.get("maestro").load_cards()
    assert code == 0
    counts = ", ".join(f"{len(recs)} {kind}" for kind, recs in cards.records.items())
    assert out.strip() == f"ok: Maestro default set: {counts} (hash {cards.data_hash[:8]})"


def test_validate_reports_the_problems_of_a_bad_directory(tmp_path):
    (tmp_path / "rows.toml").write_text('[[row]]\nid = "milhaud"\nvalue = -3\n')
    code, out, err = tutti("cards", "validate", str(tmp_path), "--game", "maestro")
    assert code == 2 and out == ""
    assert "milhaud" in err and "value" in err


def test_list_prints_the_records_as_loaded(tmp_path):
    code, out, _ = tutti("cards", "list", "rows", "--game", "maestro", "--json")
    assert code == 0
    assert json.loads(out) == games.get("maestro").load_cards().records["rows"]
    code, out, _ = tutti("cards", "list", "instruments", "--game", "maestro", "--csv")
    header = out.splitlines()[0].split(",")
    assert code == 0 and header[0] == "id"


def test_an_unknown_kind_names_the_game_s_kinds():
    code, out, err = tutti("cards", "list", "patrons", "--game", "maestro")
    assert code == 2 and out == ""
    assert err.strip() == (
        'error: unknown card kind "patrons" of Maestro; expected one of: rows, instruments, rules'
    )
