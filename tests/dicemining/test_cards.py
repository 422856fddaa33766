"""Dice-Mining Patrons' card data: the shipped set, its estimates marked, the loader's
one-line errors, --set patches and a user's directory."""

from __future__ import annotations

import pytest

from simcore.card_files import get_at
from simcore.errors import CardDataError, TuttiError
from simcore.games.dicemining.carddata.load import load_cards
from simcore.games.dicemining.carddata.stated_numbers import STATED
from simcore.games.dicemining.state.codes import Ability, Face


@pytest.fixture(scope="module")
def cards():
    return load_cards()


def test_rulebook_totals(cards):
    t = cards.table
    assert t.n_dice == 6  # 3 layouts x 2 dice (stated)
    assert t.n_patrons == 42  # stated
    assert int(t.item_copies[: t.n_items].sum()) == 80  # stated
    assert int(t.supply.sum()) == 60  # stated
    assert t.n_vaults == 8  # stated


def test_dice_template_gives_each_resource_4_of_36_faces(cards):
    faces = cards.table.die_faces[:6].ravel().tolist()
    assert [faces.count(r) for r in range(5)] == [4, 4, 4, 4, 4]
    assert faces.count(Face.ORC) == 6  # one Orc per die (stated)
    assert faces.count(Face.BURGLAR) == 4  # the burglar table goes to 4 (derived)
    assert all(row.tolist().count(Face.ORC) == 1 for row in cards.table.die_faces[:6])


def test_defender_as_stated(cards):
    t = cards.table
    c = cards.card_design.index(cards.index("patrons", "defender"))
    assert t.patron_vp[c] == 11 and t.ability[c] == Ability.VAULT_PROTECT
    items = cards.ids["items"]
    needed = sorted(items[i] for i in range(t.n_items) if t.needs[c, i])
    assert needed == ["dirk", "heavy_armor", "helm", "shield"]


def test_estimated_vp_about_275_per_item(cards):
    for rec in cards.records["patrons"]:
        plain = rec["ability"] != "cumulative_vp" and rec["source"] == "estimate"
        if plain and rec["id"] != "bardic_war_chanter":  # 12 VP: a reading
            assert rec["vp"] == int(2.75 * len(rec["items"]) + 0.5), rec["id"]


def test_every_entry_says_where_it_comes_from(cards):
    for kind, records in cards.records.items():
        for rec in records:
            src = rec["source"]
            assert src.startswith(("rulebook: ", "ruling DM-", "estimate")), (kind, rec["id"])
            if src == "estimate":
                assert rec.get("estimate"), (kind, rec["id"])


def test_stated_numbers_match_the_shipped_data(cards):
    for (kind, cid, field), section in STATED.items():
        rec = cards.record(kind, cid)
        get_at(rec, (field,))
        assert rec["source"] != "estimate" or kind == "dice" or kind == "patrons", (kind, cid)
        assert section.startswith("rulebook: ")


def test_set_patch_and_one_line_errors():
    c = load_cards(patches=["patrons.defender.vp=12", "rules.keep.value=free"])
    assert c.table.patron_vp[0] == 12 and c.table.keep == 1
    assert c.record("patrons", "defender")["source"].startswith("variant: --set")
    with pytest.raises(CardDataError) as err:
        load_cards(patches=["items.helm.recipe.unobtainium=1", "rules.target.value=0"])
    lines = str(err.value).splitlines()
    where = "--set items.helm.recipe.unobtainium=1:helm:recipe:"
    assert any(line.startswith(where) for line in lines)
    assert any(":target:value: expected a whole number 1..200" in line for line in lines)
    with pytest.raises(TuttiError, match="no patrons entry 'defendr'; did you mean"):
        load_cards(patches=["patrons.defendr.vp=3"])


def test_placeholder_switch_turns_the_estimated_abilities_off():
    c = load_cards(patches=["rules.placeholder_abilities.value=none"])
    abilities = set(c.table.ability[: c.table.n_patrons].tolist())
    assert Ability.STEAL not in abilities and Ability.ALL_GAIN not in abilities
    assert Ability.VAULT_PROTECT in abilities  # stated abilities stay


def test_user_directory_overrides(tmp_path):
    (tmp_path / "dice.toml").write_text(
        '[[layout]]\nid = "c"\nfaces = ["orc", "artifact", "artifact", "mithril", "ore", "gem"]\n'
    )
    c = load_cards(tmp_path)
    assert c.table.die_faces[4].tolist().count(Face.ARTIFACT) == 2
    (tmp_path / "dice.toml").write_text('[[layout]]\nid = "c"\nfaces = ["orc", "dragon"]\n')
    with pytest.raises(CardDataError) as err:
        load_cards(tmp_path)
    assert f"{tmp_path / 'dice.toml'}:c:faces: unknown face 'dragon'" in str(err.value)


def test_neutral_stand_in_of_a_patron(cards):
    """Spec 2.6: a patron's neutral stand-in has no ability and the deck's mean VP an item."""
    from simcore.games.dicemining.game import GAME

    patches = GAME.neutral_patches(cards, "patrons", "rogue")
    c = load_cards(patches=patches)
    rogue = c.record("patrons", "rogue")
    assert rogue["ability"] == "none" and rogue["params"] == {}
    assert rogue["vp"] == 8  # 2.78 an item x 3 items
    with pytest.raises(TuttiError, match="only patrons and items"):
        GAME.neutral_patches(cards, "dice", "d1")


@pytest.mark.parametrize("patches", [(), ("patrons.defender.items=['dirk','dirk','helm']",)])
def test_derived_tables_follow_the_recipes_and_needs(patches):
    """item_cost and the need lists (read by the kernels instead of every item type) say
    what recipe and needs say, for the shipped data and a patched card."""
    t = load_cards(patches=list(patches)).table
    for i in range(t.n_items):
        assert t.item_cost[i] == t.recipe[i].sum()
    for c in range(t.n_patrons):
        kinds = [i for i in range(t.n_items) if t.needs[c, i] > 0]
        assert t.n_need[c] == len(kinds)
        assert t.need_item[c, : t.n_need[c]].tolist() == kinds
        assert (t.need_item[c, t.n_need[c] :] == -1).all()
