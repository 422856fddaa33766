"""Items in the cards table (issue 38): every item card a seat crafts, steals, swaps for,
spends on a patron, loses to a burglar or returns is one card event, so the rows add up
to the items each seat ends with; a full event buffer is a violation, never a silent drop;
`ablate items` has a neutral stand-in."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.errors import TuttiError
from simcore.games.dicemining.game import GAME
from simcore.games.dicemining.rules.log_nb import item_event_nb
from simcore.games.dicemining.state.codes import CardEvent, CardKind, Violation
from simcore.games.dicemining.state.dtypes import MAX_PLAYERS, new_state, new_work
from simcore.seats import MAX_PARAMS

GAINED = {"crafted": 1, "stolen": 1, "swapped_in": 1, "lost": -1, "returned": -1}
GAINED |= {"swapped_out": -1, "spent": -1}


@pytest.fixture(scope="module")
def cards():
    return GAME.load_cards()


def _tables(cards, names, players, n, seed):
    spec = GAME.strategies()
    seats = [spec[x] for x in names]
    batch = GAME.play_batch(cards, players, seed, seats, 0, n, threads=1)
    return batch, GAME.result_tables(cards, batch, players, seats)


@pytest.mark.parametrize(
    "names", [["random"] * 4, ["burglar", "greedy", "burglar", "collector"]], ids=["random", "heur"]
)
def test_item_rows_add_up_to_the_items_held(cards, names):
    batch, tables = _tables(cards, names, 4, 120, 3)
    rows = tables["cards"].to_pandas()
    items = rows[rows["kind"] == "item"]
    assert len(items) > 0
    held = np.asarray(batch.seats)[:, :4]["items"]  # [game, seat, item type]
    item_ids = cards.ids["items"]
    net = np.zeros_like(held, dtype=np.int64)
    for (game, seat, card, event), n in (
        items.groupby(["game", "seat", "card_id", "event"], observed=True).size().items()
    ):
        net[game, seat, item_ids.index(card)] += GAINED[event] * n
    assert (net == held).all()
    seats = tables["seats"].to_pandas()
    crafted = items[items["event"] == "crafted"].groupby(["game", "seat"]).size()
    want = seats.set_index(["game", "seat"])["items_crafted"]
    assert (crafted.reindex(want.index, fill_value=0) == want).all()
    if "burglar" in names:  # burglars steal items, and a theft is a pair of rows
        stolen = (items["event"] == "stolen").sum()
        assert stolen > 0 and stolen == (items["event"] == "lost").sum()


def test_patron_rows_are_unchanged_by_the_items(cards):
    """The patrons' events keep their codes and ids (the committed baseline reads them)."""
    _, tables = _tables(cards, ["greedy"] * 2, 2, 20, 5)
    rows = tables["cards"].to_pandas()
    patrons = rows[rows["kind"] == "patron"]
    assert set(patrons["event"]) <= {"dealt", "drawn", "fulfilled"}
    assert set(patrons["card_id"]) <= set(cards.ids["patrons"])
    items = rows[rows["kind"] == "item"]
    assert set(items["card_id"]) <= set(cards.ids["items"])


def test_a_full_card_event_buffer_is_a_violation():
    """No event is dropped unseen: a buffer with no room left records nothing more, keeps
    its count and flags the game (Violation.CARD_EVENTS)."""
    games, _ = new_state(1)
    g = games[0]
    w = new_work(np.zeros((MAX_PLAYERS, MAX_PARAMS)), n_cev=3)
    item_event_nb(g, w, 1, 7, CardEvent.CRAFTED, 3)
    assert g.cev_n == 3 and g.violations == 0
    assert w.cev[2].tolist() == [1, CardKind.ITEM, 7, CardEvent.CRAFTED, 0]
    item_event_nb(g, w, 1, 7, CardEvent.SPENT, 1)
    assert g.cev_n == 3 and g.violations == Violation.CARD_EVENTS
    off = new_work(np.zeros((MAX_PLAYERS, MAX_PARAMS)), n_cev=0)  # events off
    games2, _ = new_state(1)
    item_event_nb(games2[0], off, 0, 1, CardEvent.CRAFTED, 2)
    assert games2[0].cev_n == 0 and games2[0].violations == 0


def test_neutral_stand_in_of_an_item(cards):
    """An item's neutral stand-in costs the deck's mean recipe (shipped: 3.0 resources,
    one of each of the three most demanded) with the deck's mean copies."""
    patches = GAME.neutral_patches(cards, "items", "tome_of_wisdom")
    c = GAME.load_cards(patches=patches)
    t = c.table
    k = c.ids["items"].index("tome_of_wisdom")  # crystal 2, powder 1, mithril 1: replaced
    assert c.record("items", "tome_of_wisdom")["recipe"] == {"mithril": 1, "ore": 1, "gem": 1}
    records = cards.records["items"]
    mean_cost = sum(r["copies"] * sum(r["recipe"].values()) for r in records) / sum(
        r["copies"] for r in records
    )
    assert t.item_cost[k] == round(mean_cost)
    assert t.recipe[k].max() <= 1 + int(mean_cost / 5)  # spread, not piled on one resource
    assert t.item_copies[k] == 5
    others = [i for i in range(t.n_items) if i != k]
    assert (t.recipe[others] == cards.table.recipe[others]).all()
    assert "mean recipe" in GAME.neutral_text(cards, "items")
    with pytest.raises(TuttiError, match="no items entry 'helmet'"):
        GAME.neutral_patches(cards, "items", "helmet")
    with pytest.raises(TuttiError, match="only patrons and items"):
        GAME.neutral_patches(cards, "vaults", "vault")


def test_report_and_ablate_show_the_items(tmp_path):
    """`report` has a section of per-item effects (its first line still says the card data
    is estimated); `ablate items` plays each item against its neutral stand-in."""
    from tests.main import tutti

    g = ("--game", "dicemining", "--players", "4", "--seed", "1")
    field = ("--strategies", "cautious,greedy,burglar,collector")
    code, _, err = tutti("simulate", *g, *field, "--games", "600", "--out", str(tmp_path / "r"))
    assert code == 0, err
    code, out, err = tutti("report", str(tmp_path / "r"), "--out", str(tmp_path / "r.md"))
    assert code == 0, err
    assert "Dice-Mining Patrons (card data estimated)" in out.splitlines()[-1]
    text = (tmp_path / "r.md").read_text()
    assert "(card data estimated)" in text.split("</title>")[0]
    assert "Items" in text and "Tome of Wisdom" in text and "swapped in" in text
    code, out, err = tutti("ablate", "items", *g, *field, "--games", "200", "--only",
                           "helm,lantern", "--out", str(tmp_path / "ab"))  # fmt: skip
    assert code == 0, err
    assert "helm" in out and "lantern" in out and "mean recipe" in out
