"""Setup and the turn's frame: the deal and mulligan, the start of a turn (the round cap,
pending Wizard and Chieftain uses, the first roll), the end of a turn (storage check,
lasting abilities) (rulebook: Setup, Taking a Turn; rulings DM-2, DM-3, DM-14, DM-17)."""

from __future__ import annotations

from simcore.games.dicemining.rules.dice_nb import roll_nb
from simcore.games.dicemining.rules.invariants_nb import check_turn_end_nb
from simcore.games.dicemining.rules.log_nb import log_nb
from simcore.games.dicemining.rules.patrons_nb import discard_patron_nb, draw_nb, hand_size_nb
from simcore.games.dicemining.rules.scoring_nb import cap_winner_nb, end_game_nb
from simcore.games.dicemining.rules.storage_nb import (
    can_place_nb,
    clear_vaults_nb,
    over_capacity_nb,
)
from simcore.games.dicemining.state.codes import Ability, CardEvent, End, Ev
from simcore.games.dicemining.state.dtypes import IN_DECK, MAX_PLAYERS, N_RES, UP, Stage, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, seed_streams_nb, shuffle_nb


@kernel
def setup_nb(cards, g, s, w, n_players, game_seed, index):
    """A fresh game: its streams from its seed alone; supply piles full; the first player
    at random (SETUP, ruling DM-2); the patrons shuffled and 3 dealt to each (SETUP);
    then the mulligan (ruling DM-3) or the first turn."""
    g.index = index
    g.seed = game_seed
    g.n_players = n_players
    g.winner = -1
    seed_streams_nb(game_seed, g.rng)
    g.first = randint_nb(g.rng, Stream.SETUP, n_players)
    for t in range(cards.n_items):
        g.item_pile[t] = cards.item_copies[t]
    for r in range(N_RES):
        g.res_pile[r] = cards.supply[r]
    g.vault_pile = cards.n_vaults
    for c in range(cards.n_patrons):
        g.deck[c] = c
        g.patron_loc[c] = IN_DECK
    g.deck_n = cards.n_patrons
    shuffle_nb(g.rng, Stream.SETUP, g.deck, g.deck_n)
    for p in range(min(n_players, MAX_PLAYERS)):
        s[p].start_pos = (p - g.first + n_players) % n_players
        for _ in range(cards.hand):
            draw_nb(cards, g, s, w, p, CardEvent.DEALT)
    g.current = g.first
    log_nb(g, w, g.first, Ev.FIRST, 0, 0, 0)
    if cards.mulligan:
        g.stage = Stage.MULLIGAN
        g.to_move = g.first
        g.sub = 0
    else:
        begin_turn_nb(cards, g, s, w, g.first)


@kernel
def hand_card_nb(cards, g, p, j):
    """The j-th patron card of seat p's hand in card order; -1 if none."""
    k = 0
    for c in range(cards.n_patrons):
        if g.patron_loc[c] == p:
            if k == j:
                return c
            k += 1
    return -1


@kernel
def end_mulligan_nb(cards, g, s, w, p):
    """Seat p's marked patrons go to the discard pile and as many are drawn, to be kept
    (ruling DM-3); the next seat in turn order decides, or the first turn begins."""
    n = 0
    for c in range(cards.n_patrons):
        if g.patron_loc[c] == p and g.patron_aux[c] == 1:
            discard_patron_nb(g, c)
            n += 1
    for _ in range(n):
        draw_nb(cards, g, s, w, p, CardEvent.DEALT)
    log_nb(g, w, p, Ev.MULLIGAN, n, 0, 0)
    q = (p + 1) % g.n_players
    if q == g.first:
        begin_turn_nb(cards, g, s, w, g.first)
    else:
        g.to_move = q
        g.sub = 0


@kernel
def start_mining_nb(cards, g, s, w, p):
    """Roll all the dice (rulebook: Mining); seat p then sets aside, rolls or stops."""
    g.stage = Stage.MINE
    g.to_move = p
    roll_nb(cards, g, s, w, p)


@kernel
def pending_nb(cards, g, s, w, p):
    """At the start of seat p's turn, each face-up Wizard or Chieftain p has not used yet
    is offered first (ruling DM-17: 'at the start of their next turn'); then mining."""
    for c in range(cards.n_patrons):
        if g.patron_loc[c] >= UP and (g.patron_aux[c] >> p) & 1:
            ab = cards.ability[c]
            if ab == Ability.OTHERS_SWAP_ITEM or ab == Ability.ALL_GAIN:
                g.stage = Stage.WIZARD if ab == Ability.OTHERS_SWAP_ITEM else Stage.GAIN
                g.sub = c
                g.to_move = p
                g.resume = Stage.MINE
                return
    start_mining_nb(cards, g, s, w, p)


@kernel
def used_pending_nb(cards, g, s, w, p):
    """Seat p has had its chance at card g.sub; the card leaves play once every seat has
    (rulebook: 'do not discard until each player has taken advantage of its ability')."""
    c = g.sub
    g.patron_aux[c] &= ~(1 << p)
    if g.patron_aux[c] == 0:
        discard_patron_nb(g, c)
    pending_nb(cards, g, s, w, p)


@kernel
def begin_turn_nb(cards, g, s, w, p):
    """Seat p's turn begins; the round cap: when the first player would begin round
    round_cap + 1, the game ends (ruling DM-14: End.CAP, an outcome, not a violation).
    Orc rerolls this turn: n for each Bardic War Chanter in play and each Rune Singer of
    p's (placeholders, ruling DM-21)."""
    if p == g.first:
        if g.rounds >= cards.round_cap:
            end_game_nb(cards, g, s, w, End.CAP, cap_winner_nb(g, s))
            return
        g.rounds += 1
    g.turn += 1
    clear_vaults_nb(s[p])
    g.current = p
    g.to_move = p
    s[p].turns += 1
    g.rolls = 0
    g.orcs = 0
    g.wild = 0
    g.fulfilled = 0
    g.steal_level = 0
    g.orc_rerolls = 0
    for d in range(cards.n_dice):
        g.aside[d] = 0
        g.locked[d] = 0
    for r in range(N_RES):
        g.pool[r] = 0
    for c in range(cards.n_patrons):
        loc = g.patron_loc[c]
        if loc >= UP and cards.ability[c] == Ability.SHARED_BONUS:
            g.orc_rerolls += cards.ability_n[c]
        if loc == UP + p and cards.ability[c] == Ability.ORC_REROLL:
            g.orc_rerolls += cards.ability_n[c]
    log_nb(g, w, p, Ev.TURN, g.rounds, s[p].vp, 0)
    pending_nb(cards, g, s, w, p)


@kernel
def end_turn_nb(cards, g, s, w, p):
    """Seat p's turn ends: unbanked faces are lost (ruling DM-23); a Rune Singer of p's
    leaves play at the end of p's next turn (rulebook); the invariants; next seat."""
    for c in range(cards.n_patrons):
        if g.patron_loc[c] == UP + p and cards.ability[c] == Ability.ORC_REROLL:
            g.patron_aux[c] -= 1
            if g.patron_aux[c] <= 0:
                discard_patron_nb(g, c)
    for r in range(N_RES):
        g.pool[r] = 0
    g.wild = 0
    g.violations |= check_turn_end_nb(cards, g, s, p)
    begin_turn_nb(cards, g, s, w, (p + 1) % g.n_players)


@kernel
def to_store_nb(cards, g, s, w, p):
    """The storage check at the end of p's own turn (rulebook; ruling DM-8): the owner
    returns cards one at a time while over capacity."""
    if over_capacity_nb(cards, s[p]):
        g.stage = Stage.STORE
    else:
        to_place_nb(cards, g, s, w, p)


@kernel
def to_place_nb(cards, g, s, w, p):
    """The end of p's turn: where its cards lie until its next turn is its choice, a card
    at a time (Stage.PLACE; storage_nb.py); with no vault room or nothing to place, the
    turn ends."""
    if can_place_nb(cards, s[p]):
        g.stage = Stage.PLACE
    else:
        end_turn_nb(cards, g, s, w, p)


@kernel
def to_bank_nb(cards, g, s, w, p):
    """Banking: unspent faces may become resource cards (rulings DM-6, DM-7). It comes
    after fulfilment here so that a Deep Delver's wild Orcs can be banked this turn."""
    g.stage = Stage.BANK


@kernel
def to_keep_nb(cards, g, s, w, p):
    """After fulfilling: draw 2 for each patron fulfilled, all at once (ruling DM-11),
    then discard down to the hand size."""
    n = 0
    for _ in range(g.fulfilled * cards.draw_per_fulfil):
        n += draw_nb(cards, g, s, w, p, CardEvent.DRAWN)
    if n > 0:
        log_nb(g, w, p, Ev.DRAW, n, 0, 0)
    g.fulfilled = 0
    if hand_size_nb(cards, g, p) > cards.hand:
        g.stage = Stage.KEEP
    else:
        to_bank_nb(cards, g, s, w, p)
