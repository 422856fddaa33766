"""Deal again what one seat cannot see (issue 33): the determinization of a searching
player. What is hidden follows view_nb.HIDDEN_FIELDS / OWN_FIELDS and the redraw groups
of tests/strategies/decision_points.py (the harness that checks no decision reads it).
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.dtypes import N_STREAMS
from simcore.games.luthier.enums import CardRow, Location
from simcore.jit import kernel
from simcore.rng_nb import mix64_nb, next_u64_nb, randint_nb, seed_streams_nb, shuffle_nb
from simcore.stack_nb import stack_empty

MAX_REDEAL = 256  # places of cards dealt again together (a deck and the opponents' hands)
MAX_IDS = 256  # goal and family tile ids (card ids below CARD_BITS = 96)
MASK63 = np.uint64(0x7FFFFFFFFFFFFFFF)
R = 0  # the one stream of the redeal's own random state


@kernel
def deal_hands_nb(cards, g, s, p, rng):
    """Opponents' hand cards and the undrawn instrument deck dealt again among themselves,
    each card into a place that held a card of the same back (its Family, ruling 20:
    backs are public). g.decks and s[q].hand (q != p) mutated."""
    row = CardRow.INSTRUMENTS
    vals = stack_empty(MAX_REDEAL, np.int64)
    where = stack_empty(MAX_REDEAL, np.int64)  # -1: the deck, else the seat (index in `at`)
    at = stack_empty(MAX_REDEAL, np.int64)
    fam = stack_empty(MAX_REDEAL, np.int64)
    n = 0
    for k in range(g.deck_n[row]):
        if n < MAX_REDEAL:
            vals[n] = g.decks[row, k]
            where[n] = -1
            at[n] = k
            n += 1
    for q in range(g.n_players):
        if q == p:
            continue
        for k in range(s[q].hand.shape[0]):
            if s[q].hand[k] >= 0 and n < MAX_REDEAL:
                vals[n] = s[q].hand[k]
                where[n] = q
                at[n] = k
                n += 1
    for i in range(n):
        fam[i] = cards.inst_family[vals[i]]
    # Fisher-Yates within each family: place i swaps with a uniform place j <= i of its family
    for i in range(n - 1, 0, -1):
        m = 0
        for j in range(i + 1):
            if fam[j] == fam[i]:
                m += 1
        pick = randint_nb(rng, R, m)
        for j in range(i + 1):
            if fam[j] == fam[i]:
                if pick == 0:
                    t = vals[i]
                    vals[i] = vals[j]
                    vals[j] = t
                    break
                pick -= 1
    for i in range(n):
        if where[i] < 0:
            g.decks[row, at[i]] = vals[i]
        else:
            s[where[i]].hand[at[i]] = vals[i]


@kernel
def shuffle_piles_nb(g, rng):
    """The undrawn part of every deck and pool in a new order (g mutated)."""
    for row in range(g.decks.shape[0]):
        shuffle_nb(rng, R, g.decks[row], g.deck_n[row])
    shuffle_nb(rng, R, g.market_deck, g.market_deck_n)
    shuffle_nb(rng, R, g.royal_deck, g.royal_deck_n)
    shuffle_nb(rng, R, g.family_pool, g.family_pool_n)
    shuffle_nb(rng, R, g.goal_pool, g.goal_pool_n)
    for d in range(g.specialty_deck.shape[0]):
        shuffle_nb(rng, R, g.specialty_deck[d], g.specialty_deck_n[d])


@kernel
def face_down_nb(g, j):
    """Placement j's chip is face down: no chip at its location has acted yet (for a
    bench, none of its owner's; view_nb.revealed_locations_nb)."""
    loc = g.pl_loc[j]
    for k in range(g.pl_n):
        same = loc < Location.ROUGHING or g.pl_seat[k] == g.pl_seat[j]
        if g.pl_loc[k] == loc and same and g.pl_done[k]:
            return False
    return True


@kernel
def shuffle_chips_nb(g, p, rng):
    """Each opponent's face-down chips in a new order among its face-down placements
    (g.pl_chip mutated; which chips are placed, `chip_free`, stays: it is public)."""
    idx = stack_empty(MAX_REDEAL, np.int64)
    for q in range(g.n_players):
        if q == p:
            continue
        m = 0
        for j in range(g.pl_n):
            if g.pl_seat[j] == q and face_down_nb(g, j):
                idx[m] = j
                m += 1
        for i in range(m - 1, 0, -1):
            jj = randint_nb(rng, R, i + 1)
            t = g.pl_chip[idx[i]]
            g.pl_chip[idx[i]] = g.pl_chip[idx[jj]]
            g.pl_chip[idx[jj]] = t


@kernel
def rename_nb(ids, new, a, n):
    """Map every id of a[:n] found in ids (>= 0 entries: new[id]) (a mutated)."""
    for k in range(n):
        c = a[k]
        if 0 <= c < ids.shape[0] and ids[c] == 1:
            a[k] = new[c]


@kernel
def deal_goals_families_nb(g, s, p, rng):
    """Opponents' goals (dealt and kept) and family tiles dealt but not kept, exchanged with
    the undealt ones: one random bijection per kind over the ids seat p does not see (its
    own dealt and kept tiles, every seat's kept family are fixed). g pools and s[q] (q != p)
    mutated; the opponents' pick-rate bits (report only) are not renamed."""
    ids = stack_empty(MAX_IDS, np.int64)  # 1 = an id dealt again
    new = stack_empty(MAX_IDS, np.int64)
    lst = stack_empty(MAX_IDS, np.int64)
    for kind in range(2):  # 0 goals, 1 family tiles
        ids[:] = 0
        if kind == 0:
            for k in range(g.goal_pool_n):
                if 0 <= g.goal_pool[k] < MAX_IDS:
                    ids[g.goal_pool[k]] = 1
        else:
            for k in range(g.family_pool_n):
                if 0 <= g.family_pool[k] < MAX_IDS:
                    ids[g.family_pool[k]] = 1
        for q in range(g.n_players):
            if q == p:
                continue
            if kind == 0:
                for k in range(s[q].goals_dealt.shape[0]):
                    c = s[q].goals_dealt[k]
                    if 0 <= c < MAX_IDS:
                        ids[c] = 1
                for k in range(s[q].goals.shape[0]):
                    c = s[q].goals[k]
                    if 0 <= c < MAX_IDS:
                        ids[c] = 1
            else:
                for k in range(s[q].family_dealt.shape[0]):
                    c = s[q].family_dealt[k]
                    if 0 <= c < MAX_IDS:
                        ids[c] = 1
        # what p sees stays itself
        if kind == 0:
            for k in range(s[p].goals_dealt.shape[0]):
                c = s[p].goals_dealt[k]
                if 0 <= c < MAX_IDS:
                    ids[c] = 0
            for k in range(s[p].goals.shape[0]):
                c = s[p].goals[k]
                if 0 <= c < MAX_IDS:
                    ids[c] = 0
        else:
            for k in range(s[p].family_dealt.shape[0]):
                c = s[p].family_dealt[k]
                if 0 <= c < MAX_IDS:
                    ids[c] = 0
            for q in range(g.n_players):
                c = s[q].family
                if 0 <= c < MAX_IDS:
                    ids[c] = 0
        m = 0
        for c in range(MAX_IDS):
            if ids[c] == 1:
                lst[m] = c
                m += 1
        for c in range(MAX_IDS):
            new[c] = c
        perm = lst[:m].copy()
        shuffle_nb(rng, R, perm, m)
        for i in range(m):
            new[lst[i]] = perm[i]
        if kind == 0:
            rename_nb(ids, new, g.goal_pool, g.goal_pool_n)
        else:
            rename_nb(ids, new, g.family_pool, g.family_pool_n)
        for q in range(g.n_players):
            if q == p:
                continue
            if kind == 0:
                rename_nb(ids, new, s[q].goals_dealt, s[q].goals_dealt.shape[0])
                rename_nb(ids, new, s[q].goals, s[q].goals.shape[0])
            else:
                rename_nb(ids, new, s[q].family_dealt, s[q].family_dealt.shape[0])


@kernel
def redeal_nb(cards, g, s, p, seed):
    """Deal again everything seat p cannot see in game (g, s), consistently with what it
    sees: opponents' hands exchanged with the undrawn instrument deck card for card of the
    same back; the undrawn part of every deck and pool in a new order; opponents'
    face-down chips; opponents' goals and dealt family tiles exchanged with the undealt
    ones; the game seed and every random stream (dice, reshuffles, strategies) new, so
    play from here cannot know the game's future randomness; the opponents' planning
    memos blank (they cache values of their own hidden cards).

    g (GAME record) and s (SEAT[MAX_PLAYERS]) mutated; seed: any int64, the redeal is a
    function of it. Call it at a decision of advance_nb (no chip mid-activation).
    """
    rng = stack_empty(1, np.uint64)
    seed_streams_nb(seed, rng)
    deal_hands_nb(cards, g, s, p, rng)
    shuffle_piles_nb(g, rng)
    shuffle_chips_nb(g, p, rng)
    deal_goals_families_nb(g, s, p, rng)
    g.seed = np.int64(next_u64_nb(rng, R) & MASK63)
    seed_streams_nb(g.seed, g.rng)
    for k in range(N_STREAMS):  # one more mix: independent of the streams' seeding above
        g.rng[k] = mix64_nb(g.rng[k] ^ next_u64_nb(rng, R))
    for q in range(g.n_players):
        if q != p:
            s[q].plan_memo[:] = np.nan
