"""`--set KIND.CARD.FIELD=VALUE` card variants (issue 9): parsing, merging, precise errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcore.errors import CardDataError, TuttiError
from simcore.games.luthier.carddata.cards import CardSet, load_cards
from simcore.games.luthier.carddata.cards_patch import parse_patch


def test_a_patch_changes_one_field_of_one_card(cards: CardSet) -> None:
    variant = load_cards(None, [parse_patch("instruments.violin.prestige=6")])
    violin = cards.index("instruments", "violin")
    assert variant.arrays.inst_prestige[violin] == 6
    assert cards.arrays.inst_prestige[violin] != 6
    other = variant.arrays.inst_prestige.copy()
    other[violin] = cards.arrays.inst_prestige[violin]
    assert (other == cards.arrays.inst_prestige).all()
    assert variant.data_hash != cards.data_hash
    assert variant.records["instruments"][violin]["source"] == (
        "variant: --set instruments.violin.prestige=6"
    )


def test_patches_apply_over_a_card_directory_and_in_order(cards: CardSet, tmp_path: Path) -> None:
    (tmp_path / "instruments.toml").write_text('[[instrument]]\nid = "violin"\nprestige = 4\n')
    violin = cards.index("instruments", "violin")
    assert load_cards(tmp_path).arrays.inst_prestige[violin] == 4
    later = [
        parse_patch("instruments.violin.prestige=5"),
        parse_patch("instruments.violin.prestige=3"),
    ]
    assert load_cards(tmp_path, later).arrays.inst_prestige[violin] == 3


def test_a_patch_sets_one_key_of_a_table_field(cards: CardSet) -> None:
    row = cards.records["instruments"][cards.index("instruments", "violin")]
    table = next(k for k, v in row.items() if isinstance(v, dict) and v)
    key = next(iter(row[table]))
    new = row[table][key] + 1
    variant = load_cards(None, [parse_patch(f"instruments.violin.{table}.{key}={new}")])
    patched = variant.records["instruments"][variant.index("instruments", "violin")][table]
    assert patched == {**row[table], key: new}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "instrumnts.violin.prestige=3",
            "unknown card kind 'instrumnts'; did you mean \"instruments\"?",
        ),
        ("instruments.violn.prestige=3", "no instruments card with id violn; did you mean violin"),
        (  # a card's name in place of its id: the id, with the name beside it
            "repairs.bell_rebuild.prestige=3",
            "no repairs card with id bell_rebuild; did you mean r15 (Bell rebuild)?",
        ),
        (  # no close match: every card, each with its name
            "repairs.zzz.prestige=3",
            "expected one of: r1 (Bow rehair), r2 (Sound post adjustment), r3 (Gut",
        ),
        ("instruments.violin.prestge=3", "have no field 'prestge'; did you mean \"prestige\"?"),
        ("instruments.violin=3", "expected KIND.CARD.FIELD=VALUE"),
        ("instruments.violin.prestige=", "expected KIND.CARD.FIELD=VALUE"),
    ],
)
def test_set_errors_are_precise(text: str, message: str) -> None:
    with pytest.raises(TuttiError) as err:
        load_cards(None, [parse_patch(text)])
    assert message in str(err.value)
    assert not isinstance(err.value, CardDataError)


@pytest.mark.parametrize("kind", ["repairs", "repair"])
def test_the_kind_is_its_file_or_its_section_name(kind: str) -> None:
    """`--set repair.r15...` (as in [[repair]]) means the repairs card r15 (repairs.toml)."""
    variant = load_cards(None, [parse_patch(f"{kind}.r15.prestige=7")])
    assert variant.arrays.repair_prestige[variant.index("repairs", "r15")] == 7
    assert parse_patch(f"{kind}.r15.prestige=7").kind == "repairs"


def test_a_bad_value_is_a_card_problem_naming_the_patch() -> None:
    with pytest.raises(CardDataError) as err:
        load_cards(None, [parse_patch("instruments.violin.prestige=lots")])
    label = "--set instruments.violin.prestige=lots"
    assert err.value.problems == [
        f'{label}:violin:prestige: expected an integer, got "lots" (a string)'
    ]


def test_a_patch_sets_one_position_of_a_list_field(cards: CardSet) -> None:
    """`performances.p2.prestige.2=3`: the high payout only; a position past the end or a
    word is refused with the list's length."""
    i = cards.index("performances", "p2")
    low, mid, _ = cards.records["performances"][i]["prestige"]
    changed = load_cards(None, [parse_patch("performances.p2.prestige.2=3")])
    assert changed.records["performances"][i]["prestige"] == [low, mid, 3]
    for bad in ("performances.p2.prestige.3=3", "performances.p2.prestige.high=3"):
        with pytest.raises(TuttiError, match=r"is a list of 3; give a position 0\.\.2"):
            load_cards(None, [parse_patch(bad)])
