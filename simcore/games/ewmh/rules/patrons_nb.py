"""The patrons' own texts (rulebook card sheets; spec 1.2.6 kinds 7, 34, 35, 36 and
Court's static 38): Alfonso the Wise's hand capacity, Philip the Good's doubled roll,
Amadeus VIII's move on another player's discard, William V's move at the end of the
holder's turn, and Court taking twice their written benefits (ruling EW-21).

Their keep conditions are rules/keep_nb.py; Elizabeth Nevell's text is a reaction
(phase c), so only her keep condition plays here."""

from __future__ import annotations

from simcore.games.ewmh.codes import Count, Effect, Rule
from simcore.games.ewmh.rules.held_nb import held_static_sum_nb, n_fresh_nb, plays_text_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.move_nb import move_pawn_nb
from simcore.games.ewmh.rules.options_util_nb import add_opt_nb
from simcore.games.ewmh.state.codes import Ev
from simcore.kernels.jit import kernel


@kernel
def patron_factor_nb(cards, s, p):
    """How many times seat p takes a patron's written benefit: the factor of its
    vocation's patron_double static (Court: "Take twice the written benefits from Patron
    cards", ruling EW-21), else 1. Keep conditions are unchanged."""
    v = s[p].vocation
    for a in range(cards.counts[Count.ABILITIES]):
        if cards.ability_vocation[a] == v and cards.ability_effect[a] == Effect.PATRON_DOUBLE:
            return int(cards.ability_params[a, 0])
    return 1


@kernel
def hand_limit_nb(cards, g, s, p):
    """Seat p's hand limit: 7 effect cards, the vocation included (rulebook: "Discard down
    to 7 cards"), plus n per Alfonso the Wise held ("Increase your card capacity by 2"),
    Court twice that (+4) (rulings EW-19, EW-21)."""
    extra = held_static_sum_nb(cards, g, p, Effect.HAND_CAPACITY, 0)
    return int(cards.rules[Rule.HAND_LIMIT]) + extra * patron_factor_nb(cards, s, p)


@kernel
def roll_factor_nb(cards, s, p, factor):
    """What Philip the Good multiplies seat p's next roll by: `factor` (x2: "double your
    dice"); its benefit is factor - 1 extra rolls, so Court's twice that gives x3
    (ruling EW-21)."""
    return 1 + (factor - 1) * patron_factor_nb(cards, s, p)


@kernel
def philip_options_nb(g, s, w, n, p, kind, a):
    """Philip the Good flipped from source a: only by a seat not on End (it rolls no
    more, ruling EW-16) with no doubling pending (a second one would double nothing
    more: the pending doubling is public, spec 1.3); returns the new n."""
    if s[p].arrival == 0 and s[p].roll_mult == 0:
        n = add_opt_nb(g, w, n, kind, a, -1, -1, -1)
    return n


@kernel
def double_next_roll_nb(cards, s, p, factor):
    """Philip the Good: seat p's next roll counts x factor, Court x3 (rulebook: "double
    your dice next time you roll"; rulings EW-13, EW-21): pending until that roll, on this
    turn (flipped before the roll) or the next (after it)."""
    s[p].roll_mult = roll_factor_nb(cards, s, p, factor)


@kernel
def use_roll_mult_nb(s, p):
    """The multiplier of seat p's die move now made (1 if no doubling is pending), used
    up (spec 1.2.2 step 3: Philip's doubling comes first of the roll's modifiers)."""
    m = s[p].roll_mult
    s[p].roll_mult = 0
    return max(1, int(m))


@kernel
def patron_move_nb(cards, g, s, w, q, c, per, n):
    """Pawn q moves `per` spaces forward for each of n counted cards by its patron c (no
    tile, ruling EW-14; End stops it and arrives, EW-15): a card effect's move, which
    Machaut may lengthen (move_nb.queue_short_move_nb)."""
    spaces = per * n
    if spaces <= 0 or s[q].arrival > 0:
        return
    start = s[q].pos
    log_nb(g, w, q, Ev.PATRON_MOVE, c, spaces, n, 0)
    mover = g.mover
    g.mover = q + 1  # a card effect's move, for Machaut (its own: no Nevell)
    move_pawn_nb(cards, g, s, w, q, spaces, False)
    g.mover = mover
    s[q].patron_spaces += s[q].pos - start


@kernel
def william_nb(cards, g, s, w, p):
    """William V, at the end of its holder's own turn: forward 2 (Court 4) per "unused"
    effect card, read as fresh, the vocation and William included (rulebook: "At the end
    of each turn, move forward 2 spaces for every unused Effect card you have"; rulings
    EW-21, EW-23). On End it moves nothing (EW-16)."""
    for c in range(g.n_cards):
        if g.card_loc[c] == p and plays_text_nb(cards, c) == Effect.END_TURN_MOVE:
            per = int(cards.card_params[c, 0]) * patron_factor_nb(cards, s, p)
            patron_move_nb(cards, g, s, w, p, c, per, n_fresh_nb(g, s, p))


@kernel
def amadeus_nb(cards, g, s, w):
    """Amadeus VIII: "Any time another player discards an Effect card, move forward 2
    spaces", Court 4 (rulings EW-21, EW-22): the cards each seat put into the discard pile
    since the last call (GAME.disc_pending: spends, hand-limit and own discards, Noble
    Sacrifice and Royal Annex victims' cards, counted by decks_nb.discard_card_nb) move
    every other seat's held Amadeus, in turn order from the current seat. The holder's
    own discards do not count."""
    first = g.current if g.current >= 0 else 0
    holders = -1  # amadeus_holders_nb, read at the first discard and after every move
    for i in range(g.n_players):
        by = (first + i) % g.n_players
        n = int(g.disc_pending[by])
        if n == 0:
            continue
        g.disc_pending[by] = 0
        if holders < 0:
            holders = amadeus_holders_nb(cards, g)
        for j in range(1, g.n_players):
            q = (by + j) % g.n_players
            if (holders >> q) & 1 == 0:  # no Amadeus: nothing to scan (same moves)
                continue
            for c in range(g.n_cards):
                if g.card_loc[c] == q and plays_text_nb(cards, c) == Effect.MOVE_ON_DISCARD:
                    per = int(cards.card_params[c, 0]) * patron_factor_nb(cards, s, q)
                    patron_move_nb(cards, g, s, w, q, c, per, n)
                    holders = amadeus_holders_nb(cards, g)


@kernel
def amadeus_holders_nb(cards, g):
    """Bit q set for each seat q holding Amadeus VIII (a MOVE_ON_DISCARD patron): one pass
    over the cards, so that amadeus_nb skips the seats without one."""
    mask = 0
    for c in range(g.n_cards):
        q = g.card_loc[c]
        if q >= 0 and plays_text_nb(cards, c) == Effect.MOVE_ON_DISCARD:
            mask |= 1 << q
    return mask
