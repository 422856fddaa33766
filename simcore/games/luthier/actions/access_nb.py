"""Taking face-up cards from the tiered rows, searching a deck (rulebook p.15), and choosing
from a face-down deck looked through (specialty cards, royal patrons)."""

from __future__ import annotations

from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.resources_nb import can_pay_nb
from simcore.games.luthier.state.codes import ROW_CARD_KIND, CardEvent, Ev, Opt
from simcore.games.luthier.state.dtypes import MAX_SLOTS
from simcore.games.luthier.state.state_nb import search_key_nb
from simcore.games.luthier.state.state_nb import tier_cost_nb as tier_cost_nb
from simcore.kernels.jit import kernel

N_SEARCH_KEYS = 3  # card backs a deck search looks for: 3 families, 3 eras or 3 patron types
NO_LIMIT = 1 << 30  # choose_payment_nb: no cap on the inspiration spent


@kernel
def min_inspiration_nb(s, p, cost):
    """Least inspiration a payment of `cost` can use: what money cannot cover."""
    return max(0, cost - s[p].money)


@kernel
def choose_payment_nb(cards, g, s, w, p, cost, max_insp):
    """Seat p pays `cost` by any split of money and inspiration it chooses (ruling 24),
    using at most `max_insp` inspiration; returns (money, inspiration) spent.

    Options PAY_SPLIT (money, inspiration), one per legal split: the split is chosen
    when paying, so a card or purchase that can_pay_nb allows is one option whatever
    the number of splits. A single legal split (a cost of 0, or only money or only
    inspiration at hand) needs no choice.
    Overwrites w.opts: callers read their own option row first.
    """
    lo = min_inspiration_nb(s, p, cost)
    hi = min(cost, s[p].inspiration, max_insp)
    n = 0
    for insp in range(lo, hi + 1):
        n = set_opt_nb(w.opts, n, Opt.PAY_SPLIT, cost - insp, insp)
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    money = w.opts[k, 1]
    insp = w.opts[k, 2]
    s[p].money -= money
    s[p].inspiration -= insp
    return money, insp


@kernel
def take_from_row_nb(g, row, tier, slot):
    """Remove and return the face-up card at (row, tier, slot); the slot refills at round end."""
    c = g.rows[row, tier, slot]
    g.rows[row, tier, slot] = -1
    return c


@kernel
def row_card_nb(cards, g, row, tier, slot):
    """Card id at a face-up slot that is in play for this player count, else -1."""
    if slot >= min(cards.row_slots[row, tier, g.n_players], MAX_SLOTS):
        return -1
    return g.rows[row, tier, slot]


@kernel
def row_options_nb(cards, g, s, opts, p, n, row, free_tier):
    """Add TAKE_CARD (row, tier, slot) for every face-up card of `row` seat p can
    pay the tier cost of (nothing when `free_tier`, a specialty ability)."""
    for tier in range(3):
        cost = 0 if free_tier else tier_cost_nb(cards, s, p, tier)
        if not can_pay_nb(s, p, cost):  # once per tier
            continue
        slots = min(cards.row_slots[row, tier, g.n_players], MAX_SLOTS)  # as row_card_nb
        for slot in range(slots):
            if g.rows[row, tier, slot] >= 0:
                n = set_opt_nb(opts, n, Opt.TAKE_CARD, row, tier, slot, 0)
    return n


@kernel
def find_in_deck_nb(cards, g, row, key):
    """Deck position of the card nearest the top whose back shows `key`; -1 if none."""
    for i in range(g.deck_n[row] - 1, -1, -1):
        if search_key_nb(cards, row, g.decks[row, i]) == key:
            return i
    return -1


@kernel
def deck_has_key_nb(cards, g, row, key):
    return find_in_deck_nb(cards, g, row, key) >= 0


@kernel
def search_deck_nb(cards, g, row, key):
    """Take the card nearest the top whose back shows `key`; the rest keep their order
    (ruling 20)."""
    i = find_in_deck_nb(cards, g, row, key)
    if i < 0:
        return -1
    n = g.deck_n[row]
    c = g.decks[row, i]
    for j in range(i, n - 1):
        g.decks[row, j] = g.decks[row, j + 1]
    g.decks[row, n - 1] = -1
    g.deck_n[row] = n - 1
    return c


@kernel
def search_paid_nb(cards, g, s, w, p, i, row, key, money, insp):
    """A paid deck search by placement i: find the card, the chip's apprentice leaves the
    game (p.15); returns the card. The log names the key searched for (ruling 20)."""
    c = search_deck_nb(cards, g, row, key)
    g.pl_appr[i] -= 1
    s[p].appr_lost += 1
    s[p].n_searched += 1
    log_nb(g, w, p, Ev.SEARCH, row, c, money, insp, key)
    return c


@kernel
def searched_nb(cards, g, s, w, p, i, row, key, money, insp):
    """search_paid_nb, and the card found is taken (a card event); returns the card."""
    c = search_paid_nb(cards, g, s, w, p, i, row, key, money, insp)
    card_event_nb(g, w, p, ROW_CARD_KIND[row], c, CardEvent.TAKEN, 0)
    return c


@kernel
def put_on_top_nb(g, row, c):
    """Card c goes back on top of `row`'s deck (ruling 27: a found repair not made)."""
    g.decks[row, g.deck_n[row]] = c
    g.deck_n[row] += 1


@kernel
def pile_options_nb(opts, n, kind, pile, n_pile):
    """Add option (kind, card) for each of the first n_pile cards of `pile` (a face-down
    deck the player looks through: specialty cards, royal patrons), in ascending card id:
    the player sees the cards, not the order the deck holds them in (ruling 27: no option
    list depends on the order of an undrawn deck). A deck holds each card once."""
    last = -1
    for _ in range(n_pile):
        c = -1
        for j in range(n_pile):
            d = pile[j]
            if d > last and (c < 0 or d < c):
                c = d
        n = set_opt_nb(opts, n, kind, c)
        last = c
    return n


@kernel
def take_from_pile_nb(pile, n_pile, c):
    """Remove card c from the first n_pile cards of `pile`; the others keep their order
    (the caller decrements its count)."""
    j = 0
    while pile[j] != c:
        j += 1
    for i in range(j, n_pile - 1):
        pile[i] = pile[i + 1]
    pile[n_pile - 1] = -1
