"""The heuristics choose which family tile to keep by its starting resources and its
ability (ruling 14): a tile whose ability fetches a card beats an otherwise equal tile
with no ability, and resources still count when the abilities are equal."""

from __future__ import annotations

import polars as pl

from tests.main import tutti

SEATS = "crafter,performer,restorer,courtier"


def _tiles(abilities: dict[str, str], money: dict[str, int]) -> str:
    out = []
    for fid, ability in abilities.items():
        out.append(
            f'[[family]]\nid = "{fid}"\nstart = {{ money = {money.get(fid, 3)} }}\n'
            f'ability = "{ability}"\n'
        )
    return "\n".join(out)


def _kept_when_dealt_together(tmp_path, cards_text: str) -> pl.DataFrame:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "families.toml").write_text(cards_text)
    code, _, err = tutti("simulate", "--players", "4", "--games", "200", "--seed", "3",
                         "--strategies", SEATS, "--cards", str(tmp_path / "cards"),
                         "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 0, err
    fam = pl.read_parquet(tmp_path / "run" / "cards" / "*.parquet").filter(
        pl.col("kind") == "family"
    )
    dealt = (
        fam.filter(pl.col("event") == "dealt")
        .group_by("game", "seat")
        .agg(pl.col("card_id").cast(pl.Utf8).sort().alias("pair"))
    )
    kept = fam.filter(pl.col("event") == "kept").select(
        "game", "seat", pl.col("card_id").cast(pl.Utf8).alias("kept")
    )
    return dealt.join(kept, on=["game", "seat"])


def _mixed(rows: pl.DataFrame, attr: dict) -> pl.DataFrame:
    """The seats dealt two tiles that differ in `attr`."""
    differ = pl.col("pair").list.eval(pl.element().replace_strict(attr)).list.n_unique() == 2
    return rows.filter(differ)


def test_a_card_fetching_ability_is_worth_keeping(tmp_path) -> None:
    ids = ["amati", "stainer", "guarneri", "ruggieri", "gagliano", "bergonzi",
           "guadagnini", "stradivari"]  # fmt: skip
    abilities = {f: ("take_instrument" if i % 2 else "none") for i, f in enumerate(ids)}
    rows = _kept_when_dealt_together(tmp_path, _tiles(abilities, {}))
    mixed = _mixed(rows, abilities)
    assert mixed.height > 50
    assert mixed["kept"].replace_strict(abilities).eq("take_instrument").all()


def test_with_equal_abilities_the_richer_tile_is_kept(tmp_path) -> None:
    ids = ["amati", "stainer", "guarneri", "ruggieri", "gagliano", "bergonzi",
           "guadagnini", "stradivari"]  # fmt: skip
    money = {f: (6 if i % 2 else 1) for i, f in enumerate(ids)}
    rows = _kept_when_dealt_together(tmp_path, _tiles(dict.fromkeys(ids, "none"), money))
    mixed = _mixed(rows, money)
    assert mixed.height > 50
    assert mixed["kept"].replace_strict(money).eq(6).all()
