"""Chains and bonus tiles (rulebook: Chains & Bonus Tiles, example 12; 5A "Variation
cards"; ruling AP-15, AP-16): one chain of Compose cards at a time toward a tile still
open to the seat, the tile's extra black keys on the card that unlocks it and on every
later Compose card of its instrument or type, and Variations copying chain cards."""

from __future__ import annotations

from simcore.games.apiacere.codes import Count, Rule
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.stacks_nb import discard_nb
from simcore.games.apiacere.state.codes import Ev
from simcore.games.apiacere.state.dtypes import CHAIN, MAX_CHAIN
from simcore.kernels.jit import kernel


@kernel
def tile_open_nb(cards, g, s, p, b):
    """Bonus tile b is one seat p may still chain toward: a personal type tile it has not
    unlocked, or a contested instrument tile nobody holds (rulebook: "You can only build
    a chain of your not-unlocked-instrument-type bonuses, or instrument-specific bonus not
    unlocked by yourself or another player")."""
    if cards.bonus_shared[b] == 1:
        return g.bonus_holder[b] < 0
    return (s[p].bonus >> b) & 1 == 0


@kernel
def tile_matches_nb(cards, b, instrument):
    """A card of `instrument` suits tile b: the tile's instrument, or its type (piano and
    the orchestra have no type: no tile, rulebook)."""
    if instrument < 0:
        return False
    if cards.bonus_instrument[b] >= 0:
        return cards.bonus_instrument[b] == instrument
    return cards.bonus_type[b] == cards.instrument_type[instrument]


@kernel
def chain_target_nb(cards, g, s, p, instrument, start):
    """The first tile from `start` that seat p may chain toward and that every chain card
    and a new card of `instrument` (-2: none) suit; -1 = none."""
    for b in range(start, cards.counts[Count.BONUS_TILES]):
        if not tile_open_nb(cards, g, s, p, b):
            continue
        if instrument != -2 and not tile_matches_nb(cards, b, instrument):
            continue
        ok = True
        for k in range(s[p].chain_n):
            ok = ok and tile_matches_nb(cards, b, s[p].chain_instr[k])
        if ok:
            return b
    return -1


@kernel
def fits_chain_nb(cards, g, s, p, instrument):
    """A Compose card of `instrument` suits seat p's chain (or starts one)."""
    return chain_target_nb(cards, g, s, p, instrument, 0) >= 0


@kernel
def tile_keys_nb(cards, s, p, instrument):
    """Extra black keys a Compose card of `instrument` scores from the tiles seat p holds
    (rulebook: "extra black key(s) for that Compose card and any future Compose card of
    that type or instrument")."""
    keys = 0
    for b in range(cards.counts[Count.BONUS_TILES]):
        if (s[p].bonus >> b) & 1 and tile_matches_nb(cards, b, instrument):
            keys += cards.bonus_params[b, 1]
    return keys


@kernel
def break_chain_nb(cards, g, s, w, p):
    """Seat p's chain is over: its cards go to their discard piles (rulebook: "discard
    all cards from that chain")."""
    for c in range(g.n_cards):
        if g.card_loc[c] == CHAIN + p:
            discard_nb(cards, g, c)
    s[p].chain_n = 0


@kernel
def before_compose_nb(cards, g, s, w, p, c):
    """Seat p (partly) plays Compose card c: one that does not suit the chain breaks it
    (rulebook: "A chain is broken whenever you (partly) play a compose card that does not
    suit the chain"; only Compose plays break chains, ruling AP-15)."""
    if s[p].chain_n > 0 and not fits_chain_nb(cards, g, s, p, cards.card_instrument[c]):
        break_chain_nb(cards, g, s, w, p)
        s[p].chains_broken += 1


@kernel
def add_to_chain_nb(s, p, instrument, level, keys):
    """One chain card counted (a level 2 or 3 card counts as one, rulebook)."""
    k = s[p].chain_n
    if k < MAX_CHAIN:
        s[p].chain_instr[k] = instrument
        s[p].chain_level[k] = level
        s[p].chain_keys[k] = keys
        s[p].chain_n = k + 1


@kernel
def unlock_nb(cards, g, s, w, p, c):
    """Every tile the chain now completes is unlocked: its keys at once on card c (the
    card that unlocks it); a contested instrument tile taken, the one held before put
    back (one held at a time, swaps allowed). Then the chain is kept while some tile is
    still open to it (example 12:2), else its cards are discarded (example 12:5).
    Returns the keys gained."""
    gained = 0
    b = chain_target_nb(cards, g, s, p, -2, 0)
    while b >= 0:
        if s[p].chain_n >= cards.bonus_params[b, 0]:
            if cards.bonus_shared[b] == 1:
                held = 0
                for other in range(cards.counts[Count.BONUS_TILES]):
                    if cards.bonus_shared[other] == 1 and g.bonus_holder[other] == p:
                        held += 1
                        if held >= cards.rules[Rule.INSTRUMENT_TILES_HELD]:
                            g.bonus_holder[other] = -1
                            s[p].bonus &= ~(1 << other)
                g.bonus_holder[b] = p
            s[p].bonus |= 1 << b
            s[p].tiles_won += 1
            gained += cards.bonus_params[b, 1]
            log_nb(g, w, p, Ev.TILE, b, c, cards.bonus_params[b, 1], 0)
        b = chain_target_nb(cards, g, s, p, -2, b + 1)
    if s[p].chain_n > 0 and chain_target_nb(cards, g, s, p, -2, 0) < 0:
        break_chain_nb(cards, g, s, w, p)
    return gained


@kernel
def chain_compose_nb(cards, g, s, w, p, c):
    """Finished Compose card c joins seat p's chain when it suits it (or starts one),
    else goes to its discard pile; returns the extra keys of tiles it unlocks."""
    instrument = cards.card_instrument[c]
    if not fits_chain_nb(cards, g, s, p, instrument):
        discard_nb(cards, g, c)
        return 0
    add_to_chain_nb(s, p, instrument, cards.card_level[c], cards.card_params[c, 0])
    g.card_loc[c] = CHAIN + p
    g.card_prog[c] = 0
    return unlock_nb(cards, g, s, w, p, c)


@kernel
def can_copy_nb(cards, s, p, v, i, j):
    """Variation v may copy chain card i (j = -1), or chain cards i < j: one card of its
    own level, or `lower` cards of lower levels (5A; ruling AP-16)."""
    level = cards.card_level[v]
    if i < 0 or i >= s[p].chain_n:
        return False
    if j < 0:
        return cards.card_params[v, 0] >= 1 and s[p].chain_level[i] == level
    if cards.card_params[v, 1] != 2 or j <= i or j >= s[p].chain_n:
        return False
    return s[p].chain_level[i] < level and s[p].chain_level[j] < level


@kernel
def play_variation_nb(cards, g, s, w, p, v, i, j):
    """Seat p plays Variation v copying chain card i (and j): each copy scores the copied
    card's black keys again with its tile bonuses and counts as a chain card (example
    12:5, ruling AP-16); then tiles may unlock. v stays with the chain."""
    black = 0
    bonus = 0
    for k in (i, j):
        if k >= 0:
            black += s[p].chain_keys[k]
            bonus += tile_keys_nb(cards, s, p, s[p].chain_instr[k])
    n0 = s[p].chain_n
    add_to_chain_nb(s, p, s[p].chain_instr[i], s[p].chain_level[i], s[p].chain_keys[i])
    if j >= 0:
        add_to_chain_nb(s, p, s[p].chain_instr[j], s[p].chain_level[j], s[p].chain_keys[j])
    g.card_loc[v] = CHAIN + p
    g.card_prog[v] = 0
    s[p].variations += 1
    bonus += unlock_nb(cards, g, s, w, p, v)
    s[p].black += black + bonus
    s[p].bonus_keys += bonus
    log_nb(g, w, p, Ev.FINISH, v, 0, 0, black + bonus)
    return s[p].chain_n - n0
