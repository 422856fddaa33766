"""The legal options of each decision stage, listed afresh from the state into w.opts
(state/codes.Opt); a strategy picks one index, so no strategy can make an illegal move."""

from __future__ import annotations

from simcore.games.apiacere.codes import BannedMove, Colour, Count, Effect, Rule
from simcore.games.apiacere.rules.chains_nb import can_copy_nb
from simcore.games.apiacere.rules.options_util_nb import add_opt_e_nb, add_opt_nb
from simcore.games.apiacere.rules.phases_nb import reaches_nb, rent_nb, travel_cost_nb
from simcore.games.apiacere.rules.play_nb import can_play_nb
from simcore.games.apiacere.rules.telltales_nb import (
    banned_nb,
    can_steal_nb,
    front_of_kind_nb,
    is_tell_tale_nb,
    n_front_nb,
    take_pending_nb,
)
from simcore.games.apiacere.state.codes import Opt, Stage
from simcore.games.apiacere.state.dtypes import FRONT, N_STACKS, PLAY
from simcore.kernels.jit import kernel


@kernel
def move_options_nb(cards, g, s, w, p):
    """Stay, or each travel option to each city it reaches that seat p can pay for and is
    not banned from (rulebook: 1. Move; example 10). A seat banned from the city it
    stands in must move (forced_move_options_nb)."""
    frm = s[p].city
    if banned_nb(cards, g, p, frm):
        return forced_move_options_nb(cards, g, s, w, p)
    n = add_opt_nb(g, w, 0, Opt.STAY, -1, -1, 0, 0)
    for t in range(cards.counts[Count.TRAVEL]):
        cost = travel_cost_nb(cards, g, s, p, t)
        if cost > s[p].florins:
            continue
        for to in range(cards.counts[Count.CITIES]):
            if reaches_nb(cards, frm, to, t) and not banned_nb(cards, g, p, to):
                n = add_opt_nb(g, w, n, Opt.MOVE, t, to, cost, 0)
    return n


@kernel
def forced_move_options_nb(cards, g, s, w, p):
    """A seat banned from its city moves at the start of its turn (example 10; ruling
    AP-11): `paid`: by the cheapest travel option that reaches a city it is not banned
    from, to any such city, and one step for free (option -1) when it cannot pay that;
    `free`: always one free step. A seat with no city to go to stays (no rule covers it)."""
    frm = s[p].city
    n = 0
    best = -1
    if cards.rules[Rule.BANNED_MOVE] == BannedMove.PAID:
        for t in range(cards.counts[Count.TRAVEL]):
            cost = travel_cost_nb(cards, g, s, p, t)
            if best >= 0 and cost >= travel_cost_nb(cards, g, s, p, best):
                continue
            for to in range(cards.counts[Count.CITIES]):
                if reaches_nb(cards, frm, to, t) and not banned_nb(cards, g, p, to):
                    best = t
        if best >= 0 and travel_cost_nb(cards, g, s, p, best) > s[p].florins:
            best = -1
    for to in range(cards.counts[Count.CITIES]):
        if banned_nb(cards, g, p, to):
            continue
        if best >= 0 and reaches_nb(cards, frm, to, best):
            n = add_opt_nb(g, w, n, Opt.MOVE, best, to, travel_cost_nb(cards, g, s, p, best), 0)
        elif best < 0 and cards.city_distance[frm, to] == 1:
            n = add_opt_nb(g, w, n, Opt.MOVE, -1, to, 0, 0)
    if n == 0:
        n = add_opt_nb(g, w, 0, Opt.STAY, -1, -1, 0, 0)
    return n


@kernel
def housing_options_nb(cards, g, s, w, p):
    """Each housing whose rent in seat p's city it can pay (rulebook: 2. Housing, 3. Pay
    Rent; ruling AP-8; homeless costs nothing, so there is always one)."""
    n = 0
    for h in range(cards.counts[Count.HOUSING]):
        rent = rent_nb(cards, g, s, p, h)
        if rent <= s[p].florins:
            n = add_opt_nb(g, w, n, Opt.HOUSE, h, rent, 0, 0)
    return n


@kernel
def stack_open_nb(cards, g, s, p, st):
    """Stack st is open to seat p this turn (its level unlocked, ruling AP-5)."""
    return cards.stack_level[st] <= s[p].level_open


@kernel
def draw_options_nb(cards, g, s, w, p):
    """Draw the top of any open stack with cards (face up or not), while draws are left;
    take a face-up top of a colour a take slot names, from an open stack, while takes are
    left (rulebook: 4. Draw Cards, "Take" and "Draw"; the order is free, ruling AP-9).
    STOP once the draws are used up or nothing is left to draw: takes are a choice."""
    n = 0
    if g.draws_left > 0:
        for st in range(N_STACKS):
            if stack_open_nb(cards, g, s, p, st) and g.pile_n[st] + g.disc_n[st] > 0:
                n = add_opt_nb(g, w, n, Opt.DRAW, st, 0, 0, 0)
    drew = n > 0
    for j in range(g.takes_n):
        same = False
        for i in range(j):
            same = same or g.takes[i] == g.takes[j]
        if same:
            continue  # one option per distinct take
        for st in range(N_STACKS):
            if g.faceup[st] == 0 or g.pile_n[st] == 0 or not stack_open_nb(cards, g, s, p, st):
                continue
            top = g.pile[st, g.pile_n[st] - 1]
            if (g.takes[j] >> cards.card_colour[top]) & 1:
                n = add_opt_nb(g, w, n, Opt.TAKE, st, j, 0, 0)
    if not drew:
        n = add_opt_nb(g, w, n, Opt.STOP, 0, 0, 0, 0)
    return n


@kernel
def red_targets_nb(cards, g, s, w, n, p, c, k):
    """The rows of a Tell Tale or Do Good finished by k action points: a Tell Tale on each
    opponent (a Ban on each city with a die face, example 10), naming which of the
    target's Tell Tales it replaces when the target has `interaction_cap` cards and no
    shield (ruling AP-14); a Do Good on each own Tell Tale, or as a shield when there is
    room (ruling AP-13)."""
    cap = cards.rules[Rule.INTERACTION_CAP]
    e = cards.card_effect[c]
    if e == Effect.DO_GOOD:
        for t in range(g.n_cards):
            if g.card_loc[t] == FRONT + p and is_tell_tale_nb(cards, t):
                n = add_opt_e_nb(g, w, n, Opt.PLAY, c, k, t, -1, -1)
        if n_front_nb(g, p) < cap:
            n = add_opt_e_nb(g, w, n, Opt.PLAY, c, k, -1, -1, -1)
        return n
    for q in range(g.n_players):
        if q == p:
            continue
        full = n_front_nb(g, q) >= cap and front_of_kind_nb(cards, g, q, Effect.DO_GOOD) < 0
        if e == Effect.TAKE and s[q].city == s[p].city:
            full = False  # a same-city Take takes cards instead (ruling AP-12)
        for city in range(cards.counts[Count.CITIES]):
            if e == Effect.BAN and cards.city_die[city] == 0:
                continue
            ban_city = city if e == Effect.BAN else -1
            if not full:
                n = add_opt_e_nb(g, w, n, Opt.PLAY, c, k, q, ban_city, -1)
            else:
                for r in range(g.n_cards):
                    if g.card_loc[r] == FRONT + q:
                        n = add_opt_e_nb(g, w, n, Opt.PLAY, c, k, q, ban_city, r)
            if e != Effect.BAN:
                break
    return n


@kernel
def defence_options_nb(cards, g, s, w, n, p):
    """The reference sheet's Do Good on each own Tell Tale, when the seat has its action
    points (rulebook: 5B); discarding a Perform/Teach card toward a Take in front of it
    (example 9), which costs no action."""
    if g.actions_left + g.free_left >= cards.rules[Rule.REFERENCE_ACTIONS]:
        for t in range(g.n_cards):
            if g.card_loc[t] == FRONT + p and is_tell_tale_nb(cards, t):
                n = add_opt_nb(g, w, n, Opt.REFERENCE, t, 0, 0, 0)
    if take_pending_nb(cards, g, p) >= 0:
        for c in range(g.n_cards):
            if g.card_loc[c] == p and cards.card_colour[c] == Colour.YELLOW:
                n = add_opt_nb(g, w, n, Opt.PAY, c, 0, 0, 0)
    return n


@kernel
def steal_options_nb(cards, g, s, w, p):
    """Stop, or take one more Perform/Teach card from the target's revealed hand."""
    n = add_opt_nb(g, w, 0, Opt.STOP, 0, 0, 0, 0)
    for c in range(g.n_cards):
        if can_steal_nb(cards, g, c):
            n = add_opt_nb(g, w, n, Opt.STEAL, c, 0, 0, 0)
    return n


@kernel
def play_options_nb(cards, g, s, w, p):
    """End the play phase; spend 1..3 action points on a card in hand or one's own in
    play (rulebook: 5. Play Cards, 5C; play_nb.can_play_nb), with a finished Tell Tale's
    or Do Good's target (red_targets_nb); a Variation in full on the chain cards it may
    copy (chains_nb.can_copy_nb); the defences (defence_options_nb)."""
    n = add_opt_nb(g, w, 0, Opt.END, 0, 0, 0, 0)
    for c in range(g.n_cards):
        loc = g.card_loc[c]
        if loc != p and loc != PLAY + p:
            continue
        level = cards.card_level[c]
        if cards.card_effect[c] == Effect.VARIATION:
            if loc != p or level > g.actions_left:
                continue
            for i in range(s[p].chain_n):
                if can_copy_nb(cards, s, p, c, i, -1):
                    n = add_opt_nb(g, w, n, Opt.PLAY, c, level, i, -1)
                for j in range(i + 1, s[p].chain_n):
                    if can_copy_nb(cards, s, p, c, i, j):
                        n = add_opt_nb(g, w, n, Opt.PLAY, c, level, i, j)
            continue
        red = cards.card_colour[c] == Colour.RED
        for k in range(1, level + 1):
            if not can_play_nb(cards, g, p, c, k):
                continue
            if red and g.card_prog[c] + k == level:
                n = red_targets_nb(cards, g, s, w, n, p, c, k)
            else:
                n = add_opt_e_nb(g, w, n, Opt.PLAY, c, k, -1, -1, -1)
    return defence_options_nb(cards, g, s, w, n, p)


@kernel
def keep_options_nb(cards, g, s, w, p):
    """Discard one card of the hand (rulebook: 6. Keep Cards)."""
    n = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == p:
            n = add_opt_nb(g, w, n, Opt.DISCARD, c, 0, 0, 0)
    return n


@kernel
def copy_options_nb(cards, g, s, w, p):
    """Each opponent, whose personal legacy tile Sincerest Flattery copies (ruling AP-25)."""
    n = 0
    for q in range(g.n_players):
        if q != p:
            n = add_opt_nb(g, w, n, Opt.COPY, q, 0, 0, 0)
    return n


@kernel
def list_options_nb(cards, g, s, w):
    """Options of the actor at the current stage into w.opts; returns how many (>= 1)."""
    p = g.actor
    stage = g.stage
    if stage == Stage.MOVE:
        return move_options_nb(cards, g, s, w, p)
    if stage == Stage.HOUSING:
        return housing_options_nb(cards, g, s, w, p)
    if stage == Stage.DRAW:
        return draw_options_nb(cards, g, s, w, p)
    if stage == Stage.PLAY:
        return play_options_nb(cards, g, s, w, p)
    if stage == Stage.KEEP:
        return keep_options_nb(cards, g, s, w, p)
    if stage == Stage.STEAL:
        return steal_options_nb(cards, g, s, w, p)
    return copy_options_nb(cards, g, s, w, p)
