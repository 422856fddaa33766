"""Dice-Mining Patrons' rules, one kernel or one decision at a time, on hand-built states;
each test names the rulebook section or the spec's ruling it checks."""

from __future__ import annotations

import pytest

from simcore.games.dicemining.carddata.load import load_cards
from simcore.games.dicemining.play.step_nb import take_nb
from simcore.games.dicemining.rules.dice_nb import roll_nb, tally_nb
from simcore.games.dicemining.rules.options_nb import list_options_nb
from simcore.games.dicemining.rules.patrons_nb import fulfil_nb
from simcore.games.dicemining.rules.scoring_nb import check_win_nb
from simcore.games.dicemining.rules.turn_nb import begin_turn_nb
from simcore.games.dicemining.state.codes import End, Ev, Face, Opt, Violation
from simcore.games.dicemining.state.dtypes import IN_DISCARD, Stage
from tests.dicemining.helpers import card_of, clear_hands, events, game, give_patron, table

CRYSTAL, POWDER, MITHRIL, ORE, GEM = range(5)


@pytest.fixture(scope="module")
def data():
    return load_cards(patches=["rules.mulligan.value=false"])


@pytest.fixture(scope="module")
def cards(data):
    return data.table_array[0]


def options(cards, g, s, w):
    n = list_options_nb(cards, g, s, w)
    return [tuple(int(x) for x in w.opts[k]) for k in range(n)]


def take(cards, g, s, w, code, a=None, b=None):
    """Take the first option with this code (and a, b when given)."""
    for k, (c, oa, ob, _) in enumerate(options(cards, g, s, w)):
        if c == code and (a is None or oa == a) and (b is None or ob == b):
            take_nb(cards, g, s, w, g.to_move, k, len(options(cards, g, s, w)))
            return
    raise AssertionError(f"no option {Opt(code).name} {a} {b} in {options(cards, g, s, w)}")


def at_craft(cards, g, s, w, pool=(0, 0, 0, 0, 0), wild=0):
    """Seat g.current in its crafting phase with these mined faces."""
    g.stage = Stage.CRAFT
    g.pool[:] = pool
    g.wild = wild


def test_orc_locks_its_die_on_every_roll_first_included(cards):
    """Ruling DM-24; rulebook: 'If an Orc is rolled, that die cannot be re-rolled'."""
    for seed in range(60):
        g, s, w = game(cards, seed=seed)
        p = int(g.current)
        assert g.stage == Stage.MINE and g.rolls == 1
        orcs = [d for d in range(6) if g.face[d] == Face.ORC]
        assert [d for d in range(6) if g.locked[d]] == orcs
        assert s[p].orc_locks == len(orcs)
        if orcs:
            for _, a, *_ in options(cards, g, s, w):
                assert a not in orcs or _ == 0
            return
    raise AssertionError("no first roll with an Orc in 60 seeds")


def test_set_aside_dice_stay_aside_and_are_not_rolled(cards):
    """Ruling DM-4 (keep = locked): a set-aside die keeps its face through rerolls."""
    g, s, w = game(cards, seed=11)
    free = [d for d in range(6) if not g.locked[d] and g.face[d] != Face.ORC]
    d = free[0]
    face = int(g.face[d])
    take(cards, g, s, w, Opt.SET_ASIDE, d)
    for _ in range(5):
        if Opt.ROLL not in [o[0] for o in options(cards, g, s, w)]:
            break
        take(cards, g, s, w, Opt.ROLL)
        assert g.face[d] == face
    assert all(o[0] != Opt.TAKE_BACK for o in options(cards, g, s, w))


def test_keep_free_lets_a_die_come_back_after_a_roll(data):
    """Ruling DM-4's switch (keep = free)."""
    cards = table("rules.keep.value=free")
    g, s, w = game(cards, seed=11)
    d = [d for d in range(6) if not g.locked[d] and g.face[d] != Face.ORC][0]
    take(cards, g, s, w, Opt.SET_ASIDE, d)
    assert Opt.TAKE_BACK not in [o[0] for o in options(cards, g, s, w)]  # not before a roll
    g.locked[:] = 0
    g.aside[(d + 1) % 6] = 0
    take(cards, g, s, w, Opt.ROLL)
    g.locked[:] = 0  # whatever the roll, die d may come back now
    take(cards, g, s, w, Opt.TAKE_BACK, d)
    assert g.aside[d] == 0


def test_rolls_are_capped(cards):
    """Ruling DM-4: at most max_rolls rolls a turn (20)."""
    g, s, w = game(cards, seed=2)
    g.rolls = cards.max_rolls
    g.locked[:] = 0
    assert Opt.ROLL not in [o[0] for o in options(cards, g, s, w)]


def test_tally_counts_set_aside_dice_artifacts_wild_and_burglars(cards):
    """Rulebook: Mining, Artifacts and Burglars; rulings DM-5 (set-aside dice count),
    DM-6 (Artifacts wild)."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    g.face[:6] = [Face.BURGLAR, Face.BURGLAR, Face.ARTIFACT, CRYSTAL, Face.ORC, GEM]
    g.locked[:6] = [0, 0, 0, 0, 1, 0]
    g.aside[:6] = [1, 0, 1, 0, 0, 0]
    g.pool[:] = 0
    g.wild = 0
    g.orcs = 0
    assert tally_nb(cards, g, s, w, p) == 2
    assert g.pool.tolist() == [1, 0, 0, 0, 1] and g.wild == 1 and g.orcs == 1


def test_two_burglars_allow_levels_one_and_two_from_the_backpack_only(cards):
    """Rulebook: 'with 1 burglar ... a resource card, with 2 ... an item card';
    ruling DM-5: levels 1-2 take only from a backpack."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    q = 1 - p
    s[q].n_vaults = 1
    g.vault_pile -= 1
    s[q].items[0] = 2  # 1 in the vault, 1 in the backpack (placed by q: Stage.PLACE)
    s[q].res[ORE] = 3  # 2 in the vault, 1 in the backpack
    s[q].vault_items[0, 0] = 1
    s[q].vault_res[0, ORE] = 2
    g.item_pile[0] -= 2
    g.res_pile[ORE] -= 3
    g.stage = Stage.BURGLE
    g.steal_level = 2
    g.resume = Stage.CRAFT
    opts = options(cards, g, s, w)
    assert (Opt.STEAL_RES, q, ORE, 0) in opts and (Opt.STEAL_ITEM, q, 0, 0) in opts
    assert all(o[0] != Opt.STEAL_VAULT for o in opts)
    s[q].items[0] = 1
    s[q].res[ORE] = 2  # all in the vault now: out of reach below level 3
    g.item_pile[0] += 1
    g.res_pile[ORE] += 1
    assert options(cards, g, s, w) == [(Opt.STOP, 0, 0, 0)]
    g.steal_level = 3
    opts = options(cards, g, s, w)
    assert (Opt.STEAL_RES, q, ORE, 0) in opts and (Opt.STEAL_ITEM, q, 0, 0) in opts


def test_level_four_takes_a_vault_with_its_contents_but_not_a_defenders(cards, data):
    """Rulebook: 'with 4 you may steal another player's vault, along with everything in
    it'; rulings DM-10, DM-19 (Defender), DM-26 (the victim keeps the rest)."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    q = 1 - p
    s[q].n_vaults = 2
    g.vault_pile -= 2
    s[q].items[3] = 3
    s[q].res[GEM] = 5
    s[q].vault_items[:2, 3] = 1  # as q placed them: one item and two gems a vault
    s[q].vault_res[:2, GEM] = 2
    g.item_pile[3] -= 3
    g.res_pile[GEM] -= 5
    g.stage = Stage.BURGLE
    g.steal_level = 4
    g.resume = Stage.CRAFT
    take(cards, g, s, w, Opt.STEAL_VAULT, q, 1)
    assert s[p].n_vaults == 1 and s[q].n_vaults == 1
    assert s[p].items[3] == 1 and s[p].res[GEM] == 2
    assert s[q].items[3] == 2 and s[q].res[GEM] == 3
    assert s[p].burglaries == 1 and s[q].stolen_from == 1 and g.stage == Stage.CRAFT
    give_patron(g, card_of(cards, data, "defender"), q, up=True)
    g.stage = Stage.BURGLE
    opts = options(cards, g, s, w)
    assert all(o[0] != Opt.STEAL_VAULT for o in opts)  # the one vault is protected
    assert (Opt.STEAL_ITEM, q, 3, 0) in opts  # the backpack's item is not
    assert (Opt.STEAL_RES, q, GEM, 0) in opts


def test_crafting_pays_faces_then_cards_then_wilds(cards):
    """Rulebook: Crafting (stored cards go back to their piles); ruling DM-6."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    s[p].res[CRYSTAL] = 1
    g.res_pile[CRYSTAL] -= 1
    at_craft(cards, g, s, w, pool=(1, 0, 1, 0, 0), wild=2)
    tome = 4  # 2 crystal, 1 powder, 1 mithril (the rulebook's recipe, ruling DM-20)
    assert cards.recipe[tome].tolist() == [2, 1, 1, 0, 0]
    take(cards, g, s, w, Opt.CRAFT, tome)
    assert s[p].items[tome] == 1 and s[p].res[CRYSTAL] == 0 and g.wild == 1
    assert g.res_pile[CRYSTAL] == cards.supply[CRYSTAL] and g.item_pile[tome] == 4
    assert g.pool.tolist() == [0, 0, 0, 0, 0]


def test_an_empty_item_pile_cannot_be_crafted(cards):
    """Ruling DM-9."""
    g, s, w = game(cards, seed=1)
    at_craft(cards, g, s, w, pool=(3, 3, 3, 3, 3), wild=0)
    assert (Opt.CRAFT, 1, 0, 0) in options(cards, g, s, w)
    g.item_pile[1] = 0
    assert (Opt.CRAFT, 1, 0, 0) not in options(cards, g, s, w)


def test_banking_is_limited_by_the_pile(cards):
    """Ruling DM-7; an Artifact banks as any resource (DM-6)."""
    g, s, w = game(cards, seed=1)
    g.stage = Stage.BANK
    g.pool[:] = [1, 0, 0, 0, 0]
    g.wild = 0
    assert [o[:2] for o in options(cards, g, s, w)] == [(Opt.STOP, 0), (Opt.BANK, CRYSTAL)]
    g.res_pile[CRYSTAL] = 0
    assert options(cards, g, s, w) == [(Opt.STOP, 0, 0, 0)]
    g.wild = 1
    assert len(options(cards, g, s, w)) == 5  # STOP + any resource with a card left


def test_storage_check_returns_the_excess_at_the_end_of_the_own_turn(cards):
    """Rulebook: 'at the end of that turn you may only have as many items as you have
    slots' (2 + vaults; resources 4 + 2 a vault); ruling DM-8."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    s[p].items[0] = 3
    g.item_pile[0] -= 3
    g.stage = Stage.BANK
    g.pool[:] = 0
    g.wild = 0
    take(cards, g, s, w, Opt.STOP)
    assert g.stage == Stage.STORE and g.to_move == p
    assert options(cards, g, s, w) == [(Opt.RETURN_ITEM, 0, 0, 0)]
    take(cards, g, s, w, Opt.RETURN_ITEM, 0)
    assert s[p].items[0] == 2 and g.current == 1 - p and g.violations == 0


def test_fulfil_scores_returns_items_draws_two_and_keeps_three(cards, data):
    """Rulebook: Fulfillment; ruling DM-11 (draw 2 each, all at once, then keep 3)."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    c = card_of(cards, data, "stonemason")  # tools + pickaxe, 6 VP
    clear_hands(cards, g)
    give_patron(g, c, p)
    tools, pickaxe = data.index("items", "tools"), data.index("items", "pickaxe")
    for t in (tools, pickaxe):
        s[p].items[t] = 1
        g.item_pile[t] -= 1
    g.stage = Stage.FULFIL
    take(cards, g, s, w, Opt.FULFIL, c)
    assert s[p].vp == 6 and s[p].items[tools] == 0 and g.item_pile[tools] == 5
    assert g.patron_loc[c] == IN_DISCARD  # no ability: done at once
    take(cards, g, s, w, Opt.STOP)
    assert sum(g.patron_loc[: cards.n_patrons] == p) == 2  # 0 in hand + 2 drawn <= 3
    assert g.stage == Stage.BANK


def test_cumulative_copies_rise_together_and_can_win_for_a_non_active_seat(cards, data):
    """Rulebook: Scoring and Winning (3, then 4 and 4, ...); rulings DM-12, DM-13: the game
    ends the moment any seat reaches 30, the active one or not."""
    g, s, w = game(cards, players=3, seed=1)
    p = int(g.current)
    q = (p + 1) % 3
    first = card_of(cards, data, "monk", 0)
    give_patron(g, first, q)
    monk_items = [data.index("items", "amulet"), data.index("items", "cloak")]
    for t in monk_items:
        s[q].items[t] += 1
        g.item_pile[t] -= 1
    g.current = q
    assert fulfil_nb(cards, g, s, w, q, first) >= 0
    assert s[q].vp == 3 and g.patron_aux[first] == 3
    g.current = p
    second = card_of(cards, data, "monk", 1)
    give_patron(g, second, p)
    for t in monk_items:
        s[p].items[t] += 1
        g.item_pile[t] -= 1
    s[q].vp = 29
    s[q].vp_patrons = 26
    assert fulfil_nb(cards, g, s, w, p, second) == -1  # q reached 30 on p's turn
    assert s[p].vp == 4 and s[q].vp == 30 and s[q].vp_raised == 1
    assert g.stage == Stage.OVER and g.end_trigger == End.THIRTY and g.winner == q
    assert s[q].win == 1 and s[p].ended_game == 1 and s[q].ended_game == 0
    assert events(g, w, Ev.RAISE)[0][0] == q


def test_a_tie_at_thirty_goes_to_the_active_player(cards):
    """Rulebook: 'In the rare event of a tie, the player whose turn it currently is would
    be the winner'; ruling DM-13."""
    g, s, w = game(cards, players=3, seed=1)
    p = int(g.current)
    for q in range(3):
        s[q].vp = s[q].vp_patrons = 31 if q != p else 30
    assert check_win_nb(cards, g, s, w)
    assert g.winner == p and s[p].rank == 1 and s[p].win == 1


def test_the_round_cap_ends_the_game_as_an_outcome(cards):
    """Ruling DM-14: after round_cap rounds the highest VP wins; not a violation."""
    g, s, w = game(cards, players=2, seed=1)
    first = int(g.first)
    g.rounds = cards.round_cap
    s[1 - first].vp = s[1 - first].vp_patrons = 5
    begin_turn_nb(cards, g, s, w, first)
    assert g.stage == Stage.OVER and g.end_trigger == End.CAP and g.violations == 0
    assert g.winner == 1 - first and s[1 - first].win == 1


def test_rogue_removes_a_face_up_patron_and_points_stay(cards, data):
    """Rulebook: 'VICTORY POINTS, ONCE SCORED ARE NEVER LOST'; ruling DM-18; the next
    cumulative copy is valued at the lower count (DM-12)."""
    g, s, w = game(cards, players=2, seed=1)
    p = int(g.current)
    q = 1 - p
    monk = card_of(cards, data, "monk", 0)
    give_patron(g, monk, q, up=True)
    g.patron_aux[monk] = 3
    s[q].vp = s[q].vp_patrons = 3
    rogue = card_of(cards, data, "rogue")
    give_patron(g, rogue, p)
    for t in ("dirk", "cloak", "lantern"):
        s[p].items[data.index("items", t)] += 1
        g.item_pile[data.index("items", t)] -= 1
    g.stage = Stage.FULFIL
    take(cards, g, s, w, Opt.FULFIL, rogue)
    assert g.stage == Stage.ROGUE
    take(cards, g, s, w, Opt.REMOVE, monk)
    assert g.patron_loc[monk] == IN_DISCARD and s[q].vp == 3
    assert g.patron_loc[rogue] == IN_DISCARD and g.stage == Stage.FULFIL


def test_wizard_lets_each_other_player_swap_at_their_next_turn(cards, data):
    """Rulebook (Wizard): 'All other players may swap any one crafted item for any other
    crafted item'; ruling DM-17; the card leaves once all have had their chance."""
    g, s, w = game(cards, players=2, seed=1)
    p = int(g.current)
    q = 1 - p
    wizard = card_of(cards, data, "wizard")
    give_patron(g, wizard, p, up=True)
    g.patron_aux[wizard] = 1 << q
    s[q].items[0] = 1
    g.item_pile[0] -= 1
    begin_turn_nb(cards, g, s, w, q)
    assert g.stage == Stage.WIZARD and g.to_move == q
    take(cards, g, s, w, Opt.SWAP, 0, 5)
    assert s[q].items[0] == 0 and s[q].items[5] == 1 and g.item_pile[0] == 5
    assert g.patron_loc[wizard] == IN_DISCARD and g.stage == Stage.MINE


def test_deep_delver_makes_this_turns_orcs_wild(cards, data):
    """Deep Delver ('orcs count as wild', immediate): ruling DM-6, banked this turn."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    g.orcs = 2
    g.wild = 0
    c = card_of(cards, data, "deep_delver")
    give_patron(g, c, p)
    for t in ("pickaxe", "lantern", "tools"):
        s[p].items[data.index("items", t)] += 1
        g.item_pile[data.index("items", t)] -= 1
    g.stage = Stage.FULFIL
    take(cards, g, s, w, Opt.FULFIL, c)
    assert g.wild == 2 and g.patron_loc[c] == IN_DISCARD


def test_war_chanter_leaves_when_another_player_fulfils(cards, data):
    """Rulebook: 'the Bardic War Chanter remains in play until any other player fulfills
    a customer'; its placeholder gives every player an Orc reroll (DM-21)."""
    g, s, w = game(cards, players=2, seed=1)
    p = int(g.current)
    q = 1 - p
    chanter = card_of(cards, data, "bardic_war_chanter")
    give_patron(g, chanter, q, up=True)
    begin_turn_nb(cards, g, s, w, p)
    assert g.orc_rerolls + s[p].orc_locks >= 1  # the reroll was there this turn
    c = card_of(cards, data, "stonemason")
    give_patron(g, c, p)
    for t in ("tools", "pickaxe"):
        s[p].items[data.index("items", t)] += 1
        g.item_pile[data.index("items", t)] -= 1
    fulfil_nb(cards, g, s, w, p, c)
    assert g.patron_loc[chanter] == IN_DISCARD


def test_orc_reroll_keeps_an_orc_die_free(cards):
    """The placeholders' Orc reroll (ruling DM-21): an Orc does not lock while one is left."""
    g, s, w = game(cards, seed=1)
    p = int(g.current)
    g.locked[:] = 0
    g.aside[:] = 0
    g.orc_rerolls = 6
    roll_nb(cards, g, s, w, p)
    assert g.locked.sum() == 0


def test_mulligan_replaces_the_marked_patrons(data):
    """Ruling DM-3: once per player, any subset, in turn order; drawn cards kept."""
    cards = load_cards().table_array[0]
    g, s, w = game(cards, players=2, seed=4)
    assert g.stage == Stage.MULLIGAN and g.to_move == g.first
    p = int(g.first)
    hand = [c for c in range(cards.n_patrons) if g.patron_loc[c] == p]
    take(cards, g, s, w, Opt.REPLACE)
    take(cards, g, s, w, Opt.KEEP)
    take(cards, g, s, w, Opt.KEEP)
    assert g.patron_loc[hand[0]] == IN_DISCARD and g.patron_loc[hand[1]] == p
    assert sum(g.patron_loc[: cards.n_patrons] == p) == 3 and s[p].patrons_drawn == 4
    assert g.to_move == 1 - p and g.stage == Stage.MULLIGAN


def test_a_pick_outside_the_options_sets_the_bad_pick_bit(cards):
    g, s, w = game(cards, seed=1)
    n = list_options_nb(cards, g, s, w)
    take_nb(cards, g, s, w, g.to_move, n + 3, n)
    assert g.violations & Violation.BAD_PICK
