"""The legal options of each decision stage, listed afresh from the state into w.opts
(state/codes.Opt); a strategy picks one index, so no strategy can make an illegal move."""

from __future__ import annotations

from simcore.games.apiacere.codes import Effect
from simcore.games.apiacere.rules.chains_nb import can_copy_nb
from simcore.games.apiacere.rules.options_util_nb import add_opt_nb
from simcore.games.apiacere.rules.phases_nb import reaches_nb, rent_nb, travel_cost_nb
from simcore.games.apiacere.rules.play_nb import can_play_nb
from simcore.games.apiacere.state.codes import Opt, Stage
from simcore.games.apiacere.state.dtypes import N_STACKS, PLAY
from simcore.kernels.jit import kernel


@kernel
def move_options_nb(cards, g, s, w, p):
    """Stay, or each travel option to each city it reaches that seat p can pay for
    (rulebook: 1. Move)."""
    n = add_opt_nb(g, w, 0, Opt.STAY, -1, -1, 0, 0)
    frm = s[p].city
    for t in range(cards.travel_cost.shape[0]):
        cost = travel_cost_nb(cards, g, s, p, t)
        if cost > s[p].florins:
            continue
        for to in range(cards.city_shield.shape[0]):
            if reaches_nb(cards, frm, to, t):
                n = add_opt_nb(g, w, n, Opt.MOVE, t, to, cost, 0)
    return n


@kernel
def housing_options_nb(cards, g, s, w, p):
    """Each housing whose rent in seat p's city it can pay (rulebook: 2. Housing, 3. Pay
    Rent; ruling AP-8; homeless costs nothing, so there is always one)."""
    n = 0
    for h in range(cards.housing_actions.shape[0]):
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
def play_options_nb(cards, g, s, w, p):
    """End the play phase, or spend 1..3 action points on a card in hand or one's own in
    play (rulebook: 5. Play Cards, 5C; play_nb.can_play_nb), or play a Variation in full
    on the chain cards it may copy (chains_nb.can_copy_nb)."""
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
        for k in range(1, cards.card_level[c] + 1):
            if can_play_nb(cards, g, p, c, k):
                n = add_opt_nb(g, w, n, Opt.PLAY, c, k, 0, 0)
    return n


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
    return copy_options_nb(cards, g, s, w, p)
