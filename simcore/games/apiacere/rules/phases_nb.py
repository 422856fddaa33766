"""A turn's first four phases (rulebook: Player Turns, 1. Move to 4. Draw Cards): the
move and its cost, housing and rent, and how many cards a seat draws and takes."""

from __future__ import annotations

from simcore.games.apiacere.codes import Colour, Count, Effect, Rule
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.royal_nb import royal_bonus_nb
from simcore.games.apiacere.rules.stacks_nb import discard_nb, refill_nb
from simcore.games.apiacere.rules.telltales_nb import banned_nb, draw_cut_nb, free_points_nb
from simcore.games.apiacere.state.codes import Ev, Stage
from simcore.games.apiacere.state.dtypes import MAX_TAKES, N_STACKS, PLAY
from simcore.kernels.jit import kernel


@kernel
def open_level_nb(cards, white, black):
    """The highest stack level open to a seat with these keys: one cube (white or black)
    past a marker is enough (rulebook: Card Stacks; markers are rules.toml estimates)."""
    keys = max(white, black)
    if keys >= cards.rules[Rule.UNLOCK_LEVEL_3]:
        return 3
    if keys >= cards.rules[Rule.UNLOCK_LEVEL_2]:
        return 2
    return 1


@kernel
def begin_turn_nb(cards, g, s, w):
    """The seat at g.pos begins its turn: every non-empty stack's top face up (rulebook:
    Player Turns), its open levels reckoned from its keys now, so that a marker passed in
    a turn opens the stacks from the next turn (ruling AP-5); then it may move."""
    p = g.order[g.pos]
    g.current = p
    g.actor = p
    g.turn += 1
    s[p].turns += 1
    for st in range(N_STACKS):
        refill_nb(g, w, st)
        g.faceup[st] = 1 if g.pile_n[st] > 0 else 0
    s[p].level_open = open_level_nb(cards, s[p].white, s[p].black)
    log_nb(g, w, p, Ev.TURN, g.turn, g.pos, 0, 0)
    g.stage = Stage.MOVE


@kernel
def travel_cost_nb(cards, g, s, p, t):
    """Florins seat p pays for travel option t from its city: the option's cost, less a
    royal travel tile's discount in that city (ruling AP-30; the bonus is an estimate)."""
    cost = cards.travel_cost[t] - royal_bonus_nb(cards, g, p, s[p].city, Effect.ROYAL_TRAVEL)
    return max(cost, 0)


@kernel
def reaches_nb(cards, frm, to, t):
    """Travel option t reaches city `to` from `frm`: at most its steps in roads, or any
    city (ruling AP-27). A turn's route never returns to a city it left (rulebook: 1.
    Move): one destination per turn, reached by a shortest road path."""
    if frm == to:
        return False
    steps = cards.travel_steps[t]
    return steps < 0 or cards.city_distance[frm, to] <= steps


@kernel
def move_nb(cards, g, s, w, p, t, to):
    """Seat p moves to city `to` by travel option t (-1: a free step, ruling AP-11):
    first every Perform/Teach card in its hand and every unfinished one in play is
    discarded (rulebook: 1. Move; ruling AP-20), then it pays the option's florins."""
    if banned_nb(cards, g, p, s[p].city):
        s[p].forced_moves += 1
        log_nb(g, w, p, Ev.FORCED, s[p].city, 0, 0, 0)
    for c in range(g.n_cards):
        loc = g.card_loc[c]
        if (loc == p or loc == PLAY + p) and cards.card_colour[c] == Colour.YELLOW:
            discard_nb(cards, g, c)
            s[p].discarded += 1
            log_nb(g, w, p, Ev.DISCARD, c, 0, 0, 1)
    cost = travel_cost_nb(cards, g, s, p, t) if t >= 0 else 0
    s[p].florins -= cost
    s[p].travel_paid += cost
    s[p].moves += 1
    log_nb(g, w, p, Ev.MOVE, s[p].city, to, cost, 0)
    s[p].city = to


@kernel
def rent_nb(cards, g, s, p, h):
    """Rent of housing h in seat p's city this turn: by the city's golden shield, or a
    royal rent tile's shield in its city for its holder (rulebook: 3. Pay Rent; Royal
    Event Tiles; ruling AP-30)."""
    city = s[p].city
    shield = cards.city_shield[city]
    for r in range(cards.counts[Count.ROYAL]):
        mine = g.royal_holder[r] == p and cards.royal_city[r] == city
        if mine and cards.royal_effect[r] == Effect.ROYAL_RENT:
            shield = cards.royal_params[r, 0]
    return cards.housing_rent[h, shield - 1]


@kernel
def house_nb(cards, g, s, w, p, h):
    """Seat p lives in housing h this turn and pays its rent, also in a turn it moved
    (ruling AP-29). Only affordable housing is offered: choosing one it cannot pay and
    being downgraded to the best it can (ruling AP-8) comes to the same choice. The
    housing sets the action points and the hand limit, with royal bonuses in their city."""
    rent = rent_nb(cards, g, s, p, h)
    s[p].florins -= rent
    s[p].rent_paid += rent
    s[p].housing = h
    s[p].housing_turns[h] += 1
    city = s[p].city
    s[p].city_turns[city] += 1
    g.actions_left = cards.housing_actions[h] + royal_bonus_nb(
        cards, g, p, city, Effect.ROYAL_ACTION
    )
    g.hand_limit = cards.housing_hand[h] + royal_bonus_nb(cards, g, p, city, Effect.ROYAL_HAND)
    g.free_left = free_points_nb(cards, g, s, p)
    log_nb(g, w, p, Ev.HOUSE, h, rent, 0, 0)


@kernel
def start_draws_nb(cards, g, s, p):
    """Seat p's draws and takes (rulebook: 4. Draw Cards, example 4): its city's base
    draws plus the variety tile on the city's slot, less the active Draw Tell Tales'
    cuts (example 8), never below 0; one entry of the
    proximity table per distance at which another seat stands (same city, next city),
    however many stand there, giving its takes and extra draws; a royal draw tile's extra
    draws and a royal take tile's takes (any colour) in its city, neither cut by the
    variety tile nor by Draw Tell Tales."""
    city = s[p].city
    base = cards.city_draws[city]
    tile = g.variety[cards.city_slot[city]]
    if tile >= 0:
        base += cards.variety_value[tile]
    draws = max(base - draw_cut_nb(cards, g, p), 0)
    g.takes_n = 0
    for e in range(cards.counts[Count.PROXIMITY]):
        near = False
        for q in range(g.n_players):
            if q != p and cards.city_distance[city, s[q].city] == cards.prox_distance[e]:
                near = True
        if near:
            draws += cards.prox_draws[e]
            if cards.prox_takes[e] != 0 and g.takes_n < MAX_TAKES:
                g.takes[g.takes_n] = cards.prox_takes[e]
                g.takes_n += 1
    draws += royal_bonus_nb(cards, g, p, city, Effect.ROYAL_DRAW)
    for _ in range(royal_bonus_nb(cards, g, p, city, Effect.ROYAL_TAKE)):
        if g.takes_n < MAX_TAKES:
            g.takes[g.takes_n] = 7  # any colour
            g.takes_n += 1
    g.draws_left = draws
