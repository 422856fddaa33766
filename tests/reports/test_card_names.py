"""Cards in drift and what-if messages: the --set spelling of the kind, the id, the name."""

from __future__ import annotations

from pathlib import Path

import pytest

from reports.drift.drift_metrics import label
from reports.percard.card_names import card_key_text
from reports.percard.cardinfo import read_names
from simcore import games

LUTHIER = games.get("luthier")


@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("repair/r15", "repairs.r15 (Bell rebuild)"),
        ("award/t8/3", "awards.t8 (Performance tokens in the pit) level 3"),
        ("instrument/violin", "instruments.violin"),  # the name only repeats the id
        ("family/amati", "families.amati"),
        ("repair/r99", "repairs.r99"),  # a card the names do not know: its id
    ],
)
def test_card_keys_read_as_kind_id_and_name(key: str, text: str) -> None:
    assert card_key_text(key, read_names(None, LUTHIER), LUTHIER.card_roles.files) == text


def test_metric_labels_name_the_cards() -> None:
    names = read_names(None, LUTHIER)
    assert label("card", "repair/r15", names) == ("card repairs.r15 (Bell rebuild): effect (raw)")
    assert label("completed", "repair/r15") == "card repairs.r15: completers' effect (raw)"
    assert label("family", "amati", names) == "win rate, family amati"


def test_names_of_card_files_that_are_gone_are_empty(tmp_path: Path) -> None:
    assert read_names(tmp_path / "gone", LUTHIER) == {}
    assert read_names(None, LUTHIER)["patron/george_frideric_handel"] == "George Frideric Handel"
