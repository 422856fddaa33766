"""Deal again what one seat cannot see (issue 33): the determinization of a searching
player. What is hidden follows view_nb.HIDDEN_FIELDS / OWN_FIELDS and the redraw groups
of tests/strategies/decision_points.py (the harness that checks no decision reads it).
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.state.dtypes import N_STREAMS
from simcore.games.luthier.state.enums import CardRow, Location
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import mix64_nb, next_u64_nb, randint_nb, seed_streams_nb, shuffle_nb
from simcore.kernels.stack_nb import stack_empty

MAX_REDEAL = 256  # places of cards dealt again together (a deck and the opponents' hands)
MAX_IDS = 256  # goal and family tile ids (card ids below CARD_BITS = 96)
MASK63 = np.uint64(0x7FFFFFFFFFFFFFFF)
R = 0  # the one stream of the redeal's own random state
KEY = 1 << 16  # sort key of an instrument card: its back * KEY + its id (ids < CARD_BITS)


@kernel
def sort_nb(a, n):
    """a[:n] in ascending order (a mutated; an insertion sort: piles are short)."""
    for i in range(1, n):
        c = a[i]
        j = i
        while j > 0 and a[j - 1] > c:
            a[j] = a[j - 1]
            j -= 1
        a[j] = c


@kernel
def deal_hands_nb(cards, g, s, p, rng):
    """Opponents' hand cards and the undrawn instrument deck dealt again among themselves,
    each hand card into a hand place that held a card of the same back (its Family, ruling
    20: backs are public). g.decks and s[q].hand (q != p) mutated.

    A function of what p sees and of rng alone, not of the hidden arrangement: the
    undrawn deck is first put in order by (back, card) (the backs it holds are public,
    their order in it is not: shuffle_piles_nb deals the deck again anyway), then each
    back's cards, sorted, fill that back's places in place order (the deck's, then each
    opponent's hand slots), and only then a Fisher-Yates within each back."""
    row = CardRow.INSTRUMENTS
    vals = stack_empty(MAX_REDEAL, np.int64)
    where = stack_empty(MAX_REDEAL, np.int64)  # -1: the deck, else the seat (index in `at`)
    at = stack_empty(MAX_REDEAL, np.int64)
    fam = stack_empty(MAX_REDEAL, np.int64)
    n = 0
    for k in range(g.deck_n[row]):
        if n < MAX_REDEAL:
            c = g.decks[row, k]
            vals[n] = c if c < 0 else cards.inst_family[c] * KEY + c  # by back, then card
            where[n] = -1
            at[n] = k
            n += 1
    sort_nb(vals, n)  # the deck's places now hold the public backs in a fixed order
    for i in range(n):
        if vals[i] >= 0:
            vals[i] = vals[i] % KEY
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
    # each back's cards in ascending order over that back's places (in place order): an
    # insertion sort within each back, which keeps every place's back
    for i in range(1, n):
        for j in range(i):
            if fam[j] == fam[i] and vals[j] > vals[i]:
                t = vals[i]
                vals[i] = vals[j]
                vals[j] = t
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
def sort_shuffle_nb(rng, a, n):
    """a[:n] sorted, then shuffled: its new order depends on rng and on which cards a[:n]
    holds, not on their old order (a mutated)."""
    sort_nb(a, n)
    shuffle_nb(rng, R, a, n)


@kernel
def shuffle_piles_nb(g, rng):
    """The undrawn part of every deck and pool in a new order (g mutated): each sorted
    first, so the deal follows from rng and from what each pile holds, not from its hidden
    order. Only the undrawn part is dealt: a face-up card (the market's `market_card`, a
    drawn card, the discards: decks[row, deck_n:]) is not in it. What each pile holds is
    the complement of what the table has seen (for the instrument deck, after
    deal_hands_nb, also a function of what p sees and rng)."""
    for row in range(g.decks.shape[0]):
        sort_shuffle_nb(rng, g.decks[row], g.deck_n[row])
    sort_shuffle_nb(rng, g.market_deck, g.market_deck_n)
    sort_shuffle_nb(rng, g.royal_deck, g.royal_deck_n)
    sort_shuffle_nb(rng, g.family_pool, g.family_pool_n)
    sort_shuffle_nb(rng, g.goal_pool, g.goal_pool_n)
    for d in range(g.specialty_deck.shape[0]):
        sort_shuffle_nb(rng, g.specialty_deck[d], g.specialty_deck_n[d])


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
    (g.pl_chip mutated; which chips are placed, `chip_free`, stays: it is public). The
    chips are first sorted over those placements (in placement order), so the new order
    follows from rng alone, not from the order the opponent placed them in."""
    idx = stack_empty(MAX_REDEAL, np.int64)
    for q in range(g.n_players):
        if q == p:
            continue
        m = 0
        for j in range(g.pl_n):
            if g.pl_seat[j] == q and face_down_nb(g, j):
                idx[m] = j
                m += 1
        for i in range(1, m):  # insertion sort of the chips over idx[:m]
            c = g.pl_chip[idx[i]]
            k = i
            while k > 0 and g.pl_chip[idx[k - 1]] > c:
                g.pl_chip[idx[k]] = g.pl_chip[idx[k - 1]]
                k -= 1
            g.pl_chip[idx[k]] = c
        for i in range(m - 1, 0, -1):
            jj = randint_nb(rng, R, i + 1)
            t = g.pl_chip[idx[i]]
            g.pl_chip[idx[i]] = g.pl_chip[idx[jj]]
            g.pl_chip[idx[jj]] = t


@kernel
def deal_goals_families_nb(g, s, p, rng):
    """Opponents' goals (dealt and kept) and family tiles dealt but not kept, exchanged with
    the undealt ones, as a function of what p sees and rng alone. The ids p does not see
    (every id but p's dealt and kept tiles and every seat's kept family) are listed in
    ascending order and shuffled; they then fill the hidden slots, which p sees as counts,
    in a fixed order: the pool's places, then for each opponent in seat order its kept
    goals (each id written to its `goals` slot and to the next of its dealt `goals_dealt`
    slots: kept goals are among the dealt ones) then its other dealt goals; for family
    tiles, the pool, then each opponent's dealt tiles after its kept one (which goes to
    its first dealt slot). Which of its dealt goals an opponent kept, or in which order,
    thus follows no truth. g pools and s[q] (q != p) mutated; the opponents' pick-rate
    bits `offered` / `picked` (report only: no decision reads them) stay as they were."""
    ids = stack_empty(MAX_IDS, np.int64)  # 1 = an id dealt again
    lst = stack_empty(MAX_IDS, np.int64)
    dealt = stack_empty(4, np.int64)
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
        for c in range(MAX_IDS):  # ascending: the list depends on which ids, not where
            if ids[c] == 1:
                lst[m] = c
                m += 1
        shuffle_nb(rng, R, lst, m)
        t = 0  # next id of lst to deal
        if kind == 0:
            for k in range(g.goal_pool_n):
                if 0 <= g.goal_pool[k] < MAX_IDS and t < m:
                    g.goal_pool[k] = lst[t]
                    t += 1
        else:
            for k in range(g.family_pool_n):
                if 0 <= g.family_pool[k] < MAX_IDS and t < m:
                    g.family_pool[k] = lst[t]
                    t += 1
        for q in range(g.n_players):
            if q == p:
                continue
            nd = 0  # q's dealt slots, in slot order
            if kind == 0:
                for k in range(s[q].goals_dealt.shape[0]):
                    if 0 <= s[q].goals_dealt[k] < MAX_IDS:
                        dealt[nd] = k
                        nd += 1
                used = 0
                for k in range(s[q].goals.shape[0]):
                    if 0 <= s[q].goals[k] < MAX_IDS and used < nd and t < m:
                        s[q].goals[k] = lst[t]
                        s[q].goals_dealt[dealt[used]] = lst[t]
                        used += 1
                        t += 1
                for i in range(used, nd):
                    if t < m:
                        s[q].goals_dealt[dealt[i]] = lst[t]
                        t += 1
            else:
                kept = False
                for k in range(s[q].family_dealt.shape[0]):
                    c = s[q].family_dealt[k]
                    if 0 <= c < MAX_IDS:
                        dealt[nd] = k
                        nd += 1
                        kept = kept or (c == s[q].family and ids[c] == 0)
                used = 0
                if kept:  # the kept tile (public) in the first dealt slot
                    s[q].family_dealt[dealt[0]] = s[q].family
                    used = 1
                for i in range(used, nd):
                    if t < m:
                        s[q].family_dealt[dealt[i]] = lst[t]
                        t += 1


@kernel
def redeal_nb(cards, g, s, p, seed):
    """Deal again everything seat p cannot see in game (g, s), consistently with what it
    sees: opponents' hands exchanged with the undrawn instrument deck card for card of the
    same back; the undrawn part of every deck and pool in a new order; opponents'
    face-down chips; opponents' goals and dealt family tiles exchanged with the undealt
    ones; the game seed and every random stream (dice, reshuffles, strategies) new, so
    play from here cannot know the game's future randomness; the opponents' planning
    memos blank (they cache values of their own hidden cards).

    g (GAME record) and s (SEAT[MAX_PLAYERS]) mutated; seed: any int64. The redeal is a
    function of the seed and of what p sees alone: two states that p cannot tell apart
    are dealt the same from one seed (each step lays its hidden cards out in a canonical
    order before it shuffles), so a search's choice never follows the hidden truth. The
    opponents' report-only pick-rate bits (`offered`, `picked`) are left as they were.
    Call it at a decision of advance_nb (no chip mid-activation).
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
