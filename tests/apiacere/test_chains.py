"""Chains, bonus tiles and Variations on hand-made states (rulebook: Chains & Bonus
Tiles, example 12, example 14; rulings AP-15, AP-16)."""

from __future__ import annotations

from simcore.games.apiacere.state.codes import Opt, Stage
from simcore.games.apiacere.state.dtypes import CHAIN, PLAY, Loc
from tests.apiacere.state import blank_game, give, options, take


def tile(cards, name):
    return cards.ids["bonus_tiles"].index(name)


def play(cards, games, seats, w, c, k):
    """Seat 0 spends k action points (all it has) on card c."""
    g = games[0]
    g.stage = Stage.PLAY
    g.actions_left = k
    take(cards, games, seats, w, (int(Opt.PLAY), c, k))


def play_row(cards, games, seats, w, row, actions):
    """Seat 0 with `actions` points takes the full option row (kind, a, b, c, d)."""
    from simcore.games.apiacere.play.resume_nb import apply_top_nb
    from simcore.games.apiacere.rules.options_nb import list_options_nb

    g = games[0]
    g.stage = Stage.PLAY
    g.actions_left = actions
    n = list_options_nb(cards.tables, g, seats[0], w)
    rows = [tuple(int(x) for x in r) for r in w.opts[:n]]
    assert row in rows, f"{row} not in {rows}"
    apply_top_nb(cards.tables, g, seats[0], w, 0, rows.index(row))


def test_example_12_two_harps_a_cello_concerto_and_a_variation(apcards):
    """Example 12: 1) a Harp Sonata, one black key, a chain begins; 2) another: one key,
    the harp tile taken and scored at once, the chain kept for 4x Strings; 3-4) a Cello
    Concerto over two turns continues it; 5) Variation 1 copies a Harp Sonata for two
    keys, unlocks 4x Strings for one more, and the chain's cards are discarded."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    s = seats[0]
    harp1 = give(apcards, g, "harp_sonata", 0, copy=0)
    harp2 = give(apcards, g, "harp_sonata", 0, copy=1)
    cello = give(apcards, g, "cello_concerto", 0)
    variation = give(apcards, g, "variation_1", 0)
    play(apcards, games, seats, w, harp1, 1)
    assert s[0].black == 1 and s[0].chain_n == 1 and g.card_loc[harp1] == CHAIN + 0
    play(apcards, games, seats, w, harp2, 1)
    assert s[0].black == 3 and g.bonus_holder[tile(apcards, "harp_tile")] == 0
    assert s[0].chain_n == 2 and g.card_loc[harp2] == CHAIN + 0  # kept for 4x Strings
    play(apcards, games, seats, w, cello, 1)
    assert g.card_loc[cello] == PLAY + 0 and s[0].black == 3
    play(apcards, games, seats, w, cello, 1)
    assert s[0].black == 6 and s[0].chain_n == 3
    play_row(apcards, games, seats, w, (int(Opt.PLAY), variation, 1, 0, -1, -1), 1)
    assert s[0].black == 9  # 1 + 2 + 3 + 2 (a harp again, with its tile) + 1 (Strings)
    assert (s[0].bonus >> tile(apcards, "strings_tile")) & 1
    assert s[0].chain_n == 0 and s[0].tiles_won == 2
    assert all(g.card_loc[c] == Loc.DISCARD for c in (harp1, harp2, cello, variation))


def test_a_variation_copies_only_chain_cards_of_its_level_or_two_lower(apcards):
    """5A: Variations "only copy the same level or multiple lower level cards and only
    work on cards in a chain" (ruling AP-16: an L2 Variation copies one L2 card or two L1
    cards)."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    v1 = give(apcards, g, "variation_1", 0)
    v2 = give(apcards, g, "variation_2", 0)
    g.stage = Stage.PLAY
    g.actions_left = 2
    assert all(r[1] not in (v1, v2) for r in options(apcards, games, seats, w))  # no chain
    play(apcards, games, seats, w, give(apcards, g, "violin_sonata", 0), 1)
    play(apcards, games, seats, w, give(apcards, g, "cello_sonata", 0), 1)
    g.stage = Stage.PLAY
    g.actions_left = 2
    from simcore.games.apiacere.rules.options_nb import list_options_nb

    n = list_options_nb(apcards.tables, g, seats[0], w)
    rows = {tuple(int(x) for x in r[:5]) for r in w.opts[:n]}
    assert (int(Opt.PLAY), v1, 1, 0, -1) in rows and (int(Opt.PLAY), v1, 1, 1, -1) in rows
    assert (int(Opt.PLAY), v2, 2, 0, 1) in rows  # two lower
    assert not any(r[1] == v2 and r[4] == -1 for r in rows)  # no level-2 chain card
    play_row(apcards, games, seats, w, (int(Opt.PLAY), v2, 2, 0, 1, -1), 2)
    # 1 + 1, then the two copies 1 + 1 make four strings: 4x Strings unlocked, +1 on
    # the Variation; then no tile is open to the chain: its cards are discarded
    assert seats[0, 0].bonus_keys == 1 and seats[0, 0].black == 5
    assert seats[0, 0].chain_n == 0


def test_a_compose_card_that_does_not_fit_breaks_the_chain_a_perform_does_not(apcards):
    """Chains & Bonus Tiles: "A chain is broken whenever you (partly) play a compose card
    that does not suit the chain. If so, discard all cards from that chain"; ruling AP-15:
    only Compose plays break chains."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    harp = give(apcards, g, "harp_sonata", 0)
    play(apcards, games, seats, w, harp, 1)
    play(apcards, games, seats, w, give(apcards, g, "perform_1", 0), 1)
    assert seats[0, 0].chain_n == 1 and g.card_loc[harp] == CHAIN + 0
    flute = give(apcards, g, "flute_concerto", 0)
    play(apcards, games, seats, w, flute, 1)  # partly played: the chain breaks at once
    assert g.card_loc[harp] == Loc.DISCARD and seats[0, 0].chain_n == 0
    assert seats[0, 0].chains_broken == 1
    play(apcards, games, seats, w, flute, 1)
    assert seats[0, 0].chain_n == 1 and g.card_loc[flute] == CHAIN + 0  # a new chain
    piano = give(apcards, g, "piano_sonata", 0)
    play(apcards, games, seats, w, piano, 1)  # piano has no tile: breaks, chains nothing
    assert seats[0, 0].chain_n == 0 and g.card_loc[piano] == Loc.DISCARD


def test_a_held_instrument_tile_is_closed_to_others_and_one_is_held_at_a_time(apcards):
    """Only instrument tiles nobody holds can be chained toward; a player holds one and
    swaps to another, putting the first back (Chains & Bonus Tiles)."""
    games, seats, w = blank_game(apcards)
    g = games[0]
    harp_tile = tile(apcards, "harp_tile")
    g.bonus_holder[harp_tile] = 1
    seats[0, 1].bonus |= 1 << harp_tile
    for copy in range(2):
        play(apcards, games, seats, w, give(apcards, g, "harp_sonata", 0, copy=copy), 1)
    assert g.bonus_holder[harp_tile] == 1 and seats[0, 0].chain_n == 2  # toward Strings
    games, seats, w = blank_game(apcards)
    g = games[0]
    violin_tile = tile(apcards, "violin_tile")
    g.bonus_holder[violin_tile] = 0
    seats[0, 0].bonus |= 1 << violin_tile
    for copy in range(2):
        play(apcards, games, seats, w, give(apcards, g, "cello_sonata", 0, copy=copy), 1)
    assert g.bonus_holder[tile(apcards, "cello_tile")] == 0
    assert g.bonus_holder[violin_tile] == -1 and not (seats[0, 0].bonus >> violin_tile) & 1
    violin = give(apcards, g, "violin_sonata", 0)
    play(apcards, games, seats, w, violin, 1)
    assert seats[0, 0].black == 1 + 2 + 1  # the violin tile's bonus is gone with it


def test_an_unfinished_compose_card_scores_its_part_with_its_tile_bonuses(apcards):
    """Example 14: "Harp Concerto: 1/2 x 3+1+1 black keys = 2.5 = 3 black keys"."""
    from simcore.games.apiacere.rules.play_nb import partial_keys_nb

    games, seats, w = blank_game(apcards)
    g = games[0]
    for name in ("harp_tile", "strings_tile"):
        seats[0, 0].bonus |= 1 << tile(apcards, name)
    give(apcards, g, "harp_concerto", 0, prog=1)
    partial_keys_nb(apcards.tables, g, seats[0], 0)
    assert seats[0, 0].partial_black == 3


def test_the_bonus_cards_legacy_counts_the_tiles_held(apcards):
    """Example 14: "4 points for having two cards on bonuses" (read as two bonus tiles
    held)."""
    from simcore.games.apiacere.rules.scoring_nb import end_game_nb

    games, seats, w = blank_game(apcards)
    g = games[0]
    g.overall = apcards.ids["legacy"].index("bonus_cards")
    for p in range(3):
        seats[0, p].legacy = apcards.ids["legacy"].index("most_royal_tiles")
    seats[0, 0].bonus = (1 << tile(apcards, "harp_tile")) | (1 << tile(apcards, "strings_tile"))
    seats[0, 1].bonus = 1 << tile(apcards, "brass_tile")
    end_game_nb(apcards.tables, g, seats[0], w)
    assert [int(seats[0, p].overall_points) for p in range(3)] == [4, 0, 0]
