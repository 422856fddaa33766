"""Pick rates and dead cards (issue 18 item 6): the engine marks what each decision
offered and what the seat chose; the report puts never-chosen cards first."""

from __future__ import annotations

import json
import shutil

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

from reports.cardbalance import findings
from reports.percard.picks import COLUMNS, _bytes, bit_counts, pick_rates
from reports.report import build_report
from reports.run.settings import Settings
from tests.unsound_runs import reseal, rewrite_part

FIELD = "crafter,performer,restorer,courtier"


def _bits(table, column, positions):
    """(rows, cards) 0/1 of a bitmap column, cards in `positions` order."""
    rows = _bytes(table[column])
    wide = np.unpackbits(rows, axis=1, bitorder="little")
    return wide[:, list(positions.values())]


def test_each_seat_is_offered_its_two_family_tiles_and_picks_the_one_it_keeps(cards):
    from simcore.games.luthier.output.results import (
        CARD_KIND_SOURCES,
        card_bit_positions,
        seats_table,
    )
    from simcore.games.luthier.play.engine import play_batch
    from strategies.luthier.registry import parse_seats

    seats = parse_seats(FIELD, 4)
    table = seats_table(cards, play_batch(cards, 4, 5, seats, 0, 40), 4, seats)
    positions = json.loads(table.schema.field("offered_cards").metadata[b"cards"])
    in_order = [
        f"{k.name.lower()}/{c}" for k, kind in CARD_KIND_SOURCES.items() for c in cards.ids[kind]
    ]
    assert positions == card_bit_positions(cards) and list(positions) == in_order
    assert len(set(positions.values())) == len(positions)
    keys = list(positions)
    offered = _bits(table, "offered_cards", positions)
    picked = _bits(table, "picked_cards", positions)
    wide = np.unpackbits(_bytes(table["offered_cards"]), axis=1, bitorder="little")
    assert wide.sum() == offered.sum()  # no bit is set outside the run's cards
    assert (bit_counts(_bytes(table["offered_cards"])) == wide.sum(axis=0)).all()
    assert not (picked & ~offered).any()  # a seat picks only what it was offered
    family = np.array([k.startswith("family/") for k in keys])
    assert (offered[:, family].sum(axis=1) == 2).all()  # two tiles dealt to each seat
    assert (picked[:, family].sum(axis=1) == 1).all()
    kept = [keys[i].split("/")[1] for i in np.argmax(picked * family, axis=1)]
    assert kept == table["family"].to_pylist()
    goals = np.array([k.startswith("goal/") for k in keys])
    assert (picked[:, goals].sum(axis=1) >= 1).all() and (offered[:, goals].sum(axis=1) > 1).all()
    awards = np.array([k.startswith("award/") for k in keys])
    assert not offered[:, awards].any()  # award levels are claimed, not offered as cards


@pytest.fixture(scope="module")
def useless(tmp_path_factory):
    """400 archetype games with the Guarneri tile made useless: no starting resources and
    no ability (the players value both when they choose a tile to keep)."""
    from simcore import simulate

    root = tmp_path_factory.mktemp("useless")
    (root / "cards").mkdir()
    (root / "cards" / "families.toml").write_text(
        '[[family]]\nid = "guarneri"\nstart = {}\nability = "none"\n'
    )
    out = root / "run"
    simulate(players=4, games=400, seed=2, out=out, strategies=FIELD, cards=root / "cards")
    return out


def test_a_useless_card_is_a_dead_card_high_in_the_summary(useless):
    report = build_report(useless, Settings())
    dead = report["picks"]["dead"]
    guarneri = next(r for r in dead if r["card_id"] == "guarneri")
    assert guarneri["picked"] == 0 and guarneri["offered"] >= 100
    assert sum(guarneri["by_strategy"][s][0] for s in FIELD.split(",")) == guarneri["offered"]
    row = next(r for r in report["cards"]["rows"] if r["card_id"] == "guarneri")
    assert row["offered"] == guarneri["offered"] and row["pick_rate"] == 0
    # the dead tile is a finding, ahead of every finding that moves less than the margin
    # over the run's seat-games (reports/cardbalance/findings.py: findings ranked by impact)
    # (at most CAPS["dead_card"] dead cards reach the Summary, the most offered first: the
    # tile is there unless as many cards offered more often are dead too)
    kinds = [f["kind"] for f in report["summary"]]
    summary_dead = [f["subject"] for f in report["summary"] if f["kind"] == "dead_card"]
    more_offered = [r["card"] for r in dead if r["offered"] > guarneri["offered"]]
    cap = findings.CAPS["dead_card"]
    assert "Guarneri" in summary_dead or summary_dead == more_offered[:cap]
    first_dead = kinds.index("dead_card")
    assert all(f["weight"] > Settings().margin for f in report["summary"][:first_dead])
    rates = [r["pick_rate"] for r in dead]
    assert rates == sorted(rates) and all(r <= report["picks"]["threshold"] for r in rates)


def test_pick_rates_sum_the_seat_games_of_every_part(useless):
    rates = pick_rates(_run(useless))
    seats = pl.read_parquet(useless / "seats" / "*.parquet")
    assert rates["family/guarneri"]["picked"] == (seats["family"] == "guarneri").sum() == 0
    for tile in ("stainer", "bergonzi"):
        assert rates[f"family/{tile}"]["picked"] == (seats["family"] == tile).sum()


def test_a_run_without_bitmaps_has_no_pick_rates(useless, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(useless, old)
    for part in (old / "seats").glob("*.parquet"):
        rewrite_part(old, "seats", part, lambda t: t.drop_columns(list(COLUMNS)))
    report = build_report(old, Settings())
    assert report["picks"] == {"recorded": False, "declared": True, "threshold": 0.05, "dead": []}
    assert all(r["pick_rate"] is None for r in report["cards"]["rows"])


def test_bitmaps_in_another_layout_give_no_pick_rates_not_a_traceback(useless, tmp_path):
    """A seats table whose bitmap metadata is not this version's {card: bit} map (a list,
    or bits past the column's width) is reported without pick rates."""
    for bad in (json.dumps(["family/amati"]), json.dumps({"family/amati": 10_000}), "{"):
        run = tmp_path / f"run{len(bad)}"
        shutil.copytree(useless, run)
        for part in (run / "seats").glob("*.parquet"):
            table = pq.read_table(part)
            i = table.schema.get_field_index("offered_cards")
            field = table.schema.field(i).with_metadata({b"cards": bad.encode()})
            pq.write_table(table.cast(table.schema.set(i, field)), part)
            reseal(run, "seats", part)
        assert pick_rates(_run(run)) is None
        assert build_report(run, Settings())["picks"]["recorded"] is False


def _run(path):
    from reports.run.load import open_run

    return open_run(path)


def test_every_card_a_seat_took_by_a_choice_is_picked_and_nothing_else(cards):
    """The picked bits agree with the card events: each picked card was taken or kept
    by that seat, and every card it took or kept was picked, except those found by a deck
    search (a search chooses a card back, not a card): so every decision that offers
    cards records them (simcore decide_card_nb)."""
    from simcore.games.luthier.output.results import cards_table, seats_table
    from simcore.games.luthier.play.engine import play_batch
    from strategies.luthier.registry import parse_seats

    seats = parse_seats(FIELD, 4)
    batch = play_batch(cards, 4, 9, seats, 0, 60)
    table = seats_table(cards, batch, 4, seats)
    positions = json.loads(table.schema.field("picked_cards").metadata[b"cards"])
    keys = list(positions)
    picked = _bits(table, "picked_cards", positions)
    events = pl.from_arrow(cards_table(cards, batch)).with_columns(
        pl.col(pl.Categorical).cast(pl.String)
    )
    got = (
        events.filter(pl.col("event").is_in(["taken", "kept"]), pl.col("kind") != "award")
        .select("game", "seat", key=pl.col("kind") + "/" + pl.col("card_id"))
        .unique()
    )
    taken = {(r["game"], r["seat"], r["key"]) for r in got.iter_rows(named=True)}
    games = table["game"].to_pylist()
    seat_ids = table["seat"].to_pylist()
    searches = table["deck_searches"].to_pylist()
    for row in range(len(games)):
        mine = {k for g, s, k in taken if g == games[row] and s == seat_ids[row]}
        chosen = {keys[i] for i in np.nonzero(picked[row])[0]}
        assert chosen <= mine, (row, chosen - mine)
        assert len(mine - chosen) <= searches[row], (row, mine - chosen)
