"""Where cards lie is their owner's decision (rulings DM-8, DM-10, DM-19; rulebook:
Crafting): at the end of each of its turns a seat puts cards into its vaults one at a
time (Stage.PLACE) and leaves the rest in its backpack; thefts on the other turns take
from where it placed them; the heuristics protect the most valuable first, in the first
(a Defender's) vault."""

from __future__ import annotations

import pytest

from simcore.games.dicemining.carddata.load import load_cards
from simcore.games.dicemining.rules.invariants_nb import check_placement_nb
from simcore.games.dicemining.rules.turn_nb import begin_turn_nb
from simcore.games.dicemining.state.codes import Ev, Opt, Violation
from simcore.games.dicemining.state.dtypes import Stage
from strategies.dicemining.heuristic_nb import heuristic_choose_nb
from strategies.dicemining.registry import STRATEGIES
from tests.dicemining.helpers import card_of, events, game, give_patron
from tests.dicemining.test_rules import options, take

ORE, GEM = 3, 4
HELM, WAR_HAMMER = 1, 13  # recipes of 2 and 4 resources (items.toml order)


@pytest.fixture(scope="module")
def data():
    return load_cards(patches=["rules.mulligan.value=false"])


@pytest.fixture(scope="module")
def cards(data):
    return data.table_array[0]


def holding(cards, g, s, p, items=(), ore=0, vaults=1):
    """Seat p holds these items, `ore` ore cards and `vaults` vaults, nothing placed."""
    s[p].n_vaults = vaults
    g.vault_pile -= vaults
    for t in items:
        s[p].items[t] += 1
        g.item_pile[t] -= 1
    s[p].res[ORE] = ore
    g.res_pile[ORE] -= ore


def test_the_owner_places_its_cards_at_the_end_of_its_turn(cards):
    """With 3 items and 1 vault the backpack (2) cannot hold them all: no STOP until an
    item is in the vault; then the owner may leave the rest, and its turn ends."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    holding(cards, g, s, p, items=(HELM, HELM, WAR_HAMMER), ore=3)
    g.stage = Stage.BANK
    g.pool[:] = 0
    g.wild = 0
    take(cards, g, s, w, Opt.STOP)
    assert g.stage == Stage.PLACE and g.to_move == p
    opts = options(cards, g, s, w)
    assert opts[0][0] != Opt.STOP  # the backpack holds 2 items: one must go in the vault
    assert set(opts) == {
        (Opt.PLACE_ITEM, HELM, 0, 0),
        (Opt.PLACE_ITEM, WAR_HAMMER, 0, 0),
        (Opt.PLACE_RES, ORE, 0, 0),
    }
    take(cards, g, s, w, Opt.PLACE_RES, ORE, 0)
    assert options(cards, g, s, w)[0][0] != Opt.STOP
    take(cards, g, s, w, Opt.PLACE_ITEM, HELM, 0)
    assert options(cards, g, s, w) == [(Opt.STOP, 0, 0, 0), (Opt.PLACE_RES, ORE, 0, 0)]
    take(cards, g, s, w, Opt.STOP)
    assert g.current == 1 - p and g.violations == 0
    assert s[p].vault_items[0, HELM] == 1 and s[p].vault_res[0, ORE] == 1
    assert s[p].vault_items.sum() == 1 and s[p].vault_res.sum() == 1
    assert events(g, w, Ev.PLACE) == [(p, Ev.PLACE, 1, ORE, 0), (p, Ev.PLACE, 0, HELM, 0)]


def test_thefts_take_from_where_the_owner_placed(cards):
    """Levels 1-2 reach the backpack, 3 the vaults too (the backpack's card goes first),
    4 a vault with what its owner put in it."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    q = 1 - p
    holding(cards, g, s, q, items=(HELM, WAR_HAMMER), ore=3)
    s[q].vault_items[0, WAR_HAMMER] = 1  # q protected its most valuable item
    s[q].vault_res[0, ORE] = 2
    g.stage = Stage.BURGLE
    g.resume = Stage.CRAFT
    g.steal_level = 2
    opts = options(cards, g, s, w)
    assert (Opt.STEAL_ITEM, q, HELM, 0) in opts and (Opt.STEAL_RES, q, ORE, 0) in opts
    assert (Opt.STEAL_ITEM, q, WAR_HAMMER, 0) not in opts
    g.steal_level = 3
    assert (Opt.STEAL_ITEM, q, WAR_HAMMER, 0) in options(cards, g, s, w)
    take(cards, g, s, w, Opt.STEAL_RES, q, ORE)  # the backpack's ore
    assert s[q].res[ORE] == 2 and s[q].vault_res[0, ORE] == 2
    g.stage = Stage.BURGLE
    take(cards, g, s, w, Opt.STEAL_RES, q, ORE)  # now from the vault
    assert s[q].res[ORE] == 1 and s[q].vault_res[0, ORE] == 1
    g.stage = Stage.BURGLE
    g.steal_level = 4
    take(cards, g, s, w, Opt.STEAL_VAULT, q, 0)
    assert s[p].items[WAR_HAMMER] == 1 and s[p].res[ORE] == 3 and s[p].n_vaults == 1
    assert s[q].items[HELM] == 1 and s[q].items[WAR_HAMMER] == 0 and s[q].n_vaults == 0
    assert s[q].vault_items.sum() == 0 and s[q].vault_res.sum() == 0
    assert check_placement_nb(cards, s[q]) == 0 and check_placement_nb(cards, s[p]) == 0


def test_a_defenders_vault_keeps_what_its_owner_put_in_it(cards, data):
    """Ruling DM-19: the first vault is immune to levels 3 and 4; what lies in the second
    is not."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    q = 1 - p
    holding(cards, g, s, q, items=(HELM, WAR_HAMMER), vaults=2)
    s[q].vault_items[0, WAR_HAMMER] = 1
    s[q].vault_items[1, HELM] = 1
    give_patron(g, card_of(cards, data, "defender"), q, up=True)
    g.stage = Stage.BURGLE
    g.resume = Stage.CRAFT
    g.steal_level = 4
    opts = options(cards, g, s, w)
    assert (Opt.STEAL_ITEM, q, HELM, 0) in opts and (Opt.STEAL_VAULT, q, 1, 0) in opts
    assert (Opt.STEAL_ITEM, q, WAR_HAMMER, 0) not in opts
    assert (Opt.STEAL_VAULT, q, 0, 0) not in opts


@pytest.mark.parametrize("name", ["cautious", "greedy", "burglar", "collector"])
def test_the_heuristics_put_the_most_valuable_first_in_the_first_vault(cards, name):
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    holding(cards, g, s, p, items=(HELM, WAR_HAMMER), ore=1, vaults=2)
    g.stage = Stage.PLACE
    n = len(options(cards, g, s, w))
    k = heuristic_choose_nb(STRATEGIES[name].vector(), cards, g, s, p, w.opts, n)
    assert tuple(w.opts[k]) == (Opt.PLACE_ITEM, WAR_HAMMER, 0, 0)


def test_nothing_is_placed_during_the_owners_turn(cards):
    """The rulebook lets the owner rearrange freely in its turn: its placement is cleared
    when its turn begins, and a placement that claims cards the seat lacks is a violation."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    q = 1 - p
    holding(cards, g, s, q, items=(HELM,), vaults=1)
    s[q].vault_items[0, HELM] = 1
    assert check_placement_nb(cards, s[q]) == 0
    s[q].items[HELM] = 0
    assert check_placement_nb(cards, s[q]) == Violation.CONSERVATION
    s[q].items[HELM] = 1
    begin_turn_nb(cards, g, s, w, q)
    assert s[q].vault_items.sum() == 0 and g.current == q
