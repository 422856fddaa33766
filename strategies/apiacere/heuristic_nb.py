"""A Piacere's heuristic: one valuation of every option, its plan set by its weights
(params.P), so the named players (registry.py: performer, composer, traveller) differ
only in their numbers and `tune` varies them without recompiling.

The valuation, in points of the final score:
- a card is worth what it scores for its action points: a Perform/Teach card its florins
  (at the housing's pay, homeless half) times FLORIN per 100 and its white keys times
  WHITE; a Compose card its black keys times BLACK, plus CHAIN when it extends the chain
  toward a tile still open (minus CHAIN per chain card when it would break the chain),
  plus COMPOSE; a Variation the black keys of the best chain card; a Tell Tale HARM per
  level, a Do Good HARM per strength;
- a play spends action points on a card: the card's value times the share of its level
  paid, a little more when it finishes; ending the phase is worth 0;
- a draw: the face-up top's value, else the stack's mean card value, plus LEVEL per level;
  a take: the top's value; discarding at keep: minus the card's value;
- a move or stay: the destination's draws times DRAW, the coming royal event's keys times
  ROYAL when its city is the destination (more as the event nears), less the travel cost
  and the rent there (FLORIN), less LOSS times the Perform/Teach cards a move discards
  (ruling AP-20);
- a housing: ACTION per action point, HAND per hand card, less its rent (FLORIN), less
  more when it leaves under RESERVE tens of florins;
- a Tell Tale's target: the opponent with the most keys (a Ban: on the city it stands in);
- the own personal legacy tile (a seat sees its own: view_nb.OWN_FIELDS) adds LEGACY to
  the weight its condition needs (most black keys: BLACK; most royal tiles: ROYAL; most
  florins: FLORIN; most instruments: a compose card of a new instrument; In Equal
  Measure: the colour behind; cards on bonuses: CHAIN).

It reads only what the seat sees (state/view_nb.py): its own hand, the face-up tops, the
placed royal tiles, every seat's city, keys, florins, chain and cards in play or in front.
Sincerest Flattery's copy (no public information on the other tiles) takes the first
opponent listed.

Ties: the highest value wins (strategies/ties_nb: values equal to 2**-30 are a tie), equal
values the first option in the engine's order (rules/options_nb.py: stay before moves,
travel options and cities by index; housing by index; draws before takes, stacks by
index; END first, then cards by card id and action points).
"""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.codes import Colour, Effect, Rule
from simcore.games.apiacere.rules.chains_nb import fits_chain_nb
from simcore.games.apiacere.state.codes import Opt
from simcore.games.apiacere.state.dtypes import N_STACKS, PLAY
from simcore.games.apiacere.state.view_nb import face_up_top_nb, place_nb, royal_tile_nb
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import STRATEGY_STREAM, next_u64_nb
from simcore.kernels.stack_nb import stack_empty
from strategies.apiacere.params import P
from strategies.ties_nb import ranked_value_nb

N_W = len(P)


@kernel
def legacy_weights_nb(params, cards, s, p, legacy, w):
    """Into w (float64[N_W]): the seat's weights with its own legacy tile `legacy`'s
    condition weighted up by LEGACY (module docstring)."""
    for i in range(N_W):
        w[i] = params[i]
    if legacy < 0:
        return
    e = cards.legacy_effect[legacy]
    extra = params[P.LEGACY]
    if e == Effect.MOST_BLACK_KEYS:
        w[P.BLACK] += extra
    elif e == Effect.MOST_ROYAL_TILES:
        w[P.ROYAL] += extra
    elif e == Effect.MOST_FLORINS:
        w[P.FLORIN] += extra
    elif e == Effect.BONUS_CARDS:
        w[P.CHAIN] += extra
    elif e == Effect.IN_EQUAL_MEASURE:
        if s[p].white < s[p].black:
            w[P.WHITE] += extra
        else:
            w[P.BLACK] += extra


@kernel
def card_value_nb(w, cards, g, s, p, c, pay, new_instr):
    """What card c is worth to seat p in points (module docstring): `pay` the percent of
    florins its housing pays; `new_instr` the LEGACY bonus of an instrument not composed
    yet (0 when the tile is not most-instruments)."""
    e = cards.card_effect[c]
    if e == Effect.PERFORM or e == Effect.TEACH:
        fl = cards.card_params[c, 0] * pay / 100.0
        return w[P.FLORIN] * fl / 100.0 + w[P.WHITE] * cards.card_params[c, 1]
    if e == Effect.COMPOSE:
        v = w[P.BLACK] * cards.card_params[c, 0] + w[P.COMPOSE]
        instr = cards.card_instrument[c]
        if fits_chain_nb(cards, g, s, p, instr):
            v += w[P.CHAIN]
        else:
            v -= w[P.CHAIN] * s[p].chain_n
        if instr >= 0 and (s[p].instruments >> instr) & 1 == 0:
            v += new_instr
        return v
    if e == Effect.VARIATION:
        best = 0
        for i in range(s[p].chain_n):
            best = max(best, s[p].chain_keys[i])
        return w[P.BLACK] * best + w[P.COMPOSE]
    if e == Effect.DO_GOOD:
        return w[P.HARM] * cards.card_params[c, 0]
    if e == Effect.BAN or e == Effect.TAKE or e == Effect.DRAW:
        return w[P.HARM] * cards.card_level[c]
    return 0.0


@kernel
def stack_mean_nb(w, cards, g, s, p, st, pay, new_instr):
    """The mean value of stack st's cards (the stack's make-up is public)."""
    lo = cards.stack_first[st]
    hi = cards.stack_first[st + 1]
    if hi <= lo:
        return 0.0
    total = 0.0
    for c in range(lo, hi):
        total += card_value_nb(w, cards, g, s, p, c, pay, new_instr)
    return total / (hi - lo)


@kernel
def city_draws_nb(cards, g, city):
    """The draws a city gives before proximity and Tell Tales: base plus its variety tile."""
    n = cards.city_draws[city]
    tile = g.variety[cards.city_slot[city]]
    if tile >= 0:
        n += cards.variety_value[tile]
    return max(n, 0)


@kernel
def royal_value_nb(w, cards, g, city):
    """ROYAL times the keys of the coming royal event (and its tile) when it is held in
    `city`, divided by 1 + the rounds still to play before it."""
    k = g.events_done
    r = royal_tile_nb(cards, g, k)
    if r < 0 or cards.royal_city[r] != city:
        return 0.0
    per = cards.rules[Rule.ROUNDS_PER_EVENT]
    left = max((k + 1) * per - g.rounds, 0)
    return w[P.ROYAL] * (cards.royal_keys[k] + 1.0) / (1.0 + left)


@kernel
def held_yellow_nb(w, cards, g, s, p, pay):
    """The value of seat p's Perform/Teach cards in hand and in play (a move discards them)."""
    v = 0.0
    for c in range(g.n_cards):
        loc = place_nb(g, c, p)
        if (loc == p or loc == PLAY + p) and cards.card_colour[c] == Colour.YELLOW:
            v += card_value_nb(w, cards, g, s, p, c, pay, 0.0)
    return v


@kernel
def city_value_nb(w, cards, g, s, p, city):
    """Standing in `city` this turn: its draws, the royal event, less the rent of the
    seat's current housing there."""
    rent = cards.housing_rent[s[p].housing, cards.city_shield[city] - 1]
    v = w[P.DRAW] * city_draws_nb(cards, g, city) + royal_value_nb(w, cards, g, city)
    return v - w[P.FLORIN] * rent / 100.0


@kernel
def leader_nb(g, s, p):
    """The opponent with the most keys (white + black), the first in seat order on a tie."""
    best = -1
    for q in range(g.n_players):
        if q != p and (best < 0 or s[q].white + s[q].black > s[best].white + s[best].black):
            best = q
    return best


@kernel
def play_value_nb(w, cards, g, s, p, row, pay, new_instr, leader):
    """Spending row[2] action points on card row[1] (a finishing Tell Tale or Do Good with
    its target in row[3..5])."""
    c = row[1]
    k = row[2]
    level = cards.card_level[c]
    e = cards.card_effect[c]
    v = card_value_nb(w, cards, g, s, p, c, pay, new_instr)
    if e == Effect.VARIATION:
        v = w[P.COMPOSE]
        for j in (row[3], row[4]):
            if j >= 0:
                v += w[P.BLACK] * s[p].chain_keys[j]
        return v
    done = g.card_prog[c] + k == level
    v = v * k / level + (0.05 if done else 0.0)
    if cards.card_colour[c] == Colour.RED and done:
        q = row[3]
        if e == Effect.DO_GOOD:
            v += 0.5 if q >= 0 else 0.0  # an own Tell Tale diminished beats a shield
        elif q >= 0:
            v += 0.5 if q == leader else 0.0
            if e == Effect.BAN and row[4] == s[q].city:
                v += 0.5  # the target must move away (ruling AP-11)
            if row[5] >= 0:
                v -= 0.1  # replacing another Tell Tale (ruling AP-14)
    return v


@kernel
def option_value_nb(w, cards, g, s, p, row, pay, new_instr, leader, stack_v, held):
    """The value of option row (module docstring); `held` is held_yellow_nb's, the same
    for every option of a decision (computed once, by the caller)."""
    code = row[0]
    if code == Opt.STAY:
        return city_value_nb(w, cards, g, s, p, s[p].city)
    if code == Opt.MOVE:
        v = city_value_nb(w, cards, g, s, p, row[2]) - w[P.FLORIN] * row[3] / 100.0
        return v - w[P.LOSS] * held
    if code == Opt.HOUSE:
        h = row[1]
        left = s[p].florins - row[2]
        v = w[P.ACTION] * cards.housing_actions[h] + w[P.HAND] * cards.housing_hand[h]
        v -= w[P.FLORIN] * row[2] / 100.0
        short = 10.0 * w[P.RESERVE] - left
        if short > 0:
            v -= 2.0 * w[P.FLORIN] * short / 100.0
        return v
    if code == Opt.DRAW:
        st = row[1]
        top = face_up_top_nb(g, st)
        level = cards.stack_level[st]
        if top >= 0:
            return card_value_nb(w, cards, g, s, p, top, pay, new_instr) + w[P.LEVEL] * level
        return stack_v[st] + w[P.LEVEL] * level
    if code == Opt.TAKE:
        top = face_up_top_nb(g, row[1])
        return card_value_nb(w, cards, g, s, p, top, pay, new_instr) + 0.01
    if code == Opt.PLAY:
        return play_value_nb(w, cards, g, s, p, row, pay, new_instr, leader)
    if code == Opt.DISCARD:
        return -card_value_nb(w, cards, g, s, p, row[1], pay, new_instr)
    if code == Opt.STEAL:
        return card_value_nb(w, cards, g, s, p, row[1], pay, new_instr)
    if code == Opt.PAY:
        return 0.5 - card_value_nb(w, cards, g, s, p, row[1], pay, new_instr)
    if code == Opt.REFERENCE:
        return 0.5 * w[P.HARM] - 2.0 * 0.5
    return 0.0  # END, STOP, COPY: the first listed among equals


@kernel
def heuristic_choose_nb(params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n]: the most valued, equal values by
    the first listed (module docstring); one draw of the strategy stream per decision."""
    draw = next_u64_nb(g.rng, STRATEGY_STREAM)
    legacy = s[p].legacy
    w = stack_empty(N_W, np.float64)
    legacy_weights_nb(params, cards, s, p, legacy, w)
    new_instr = 0.0
    if legacy >= 0 and cards.legacy_effect[legacy] == Effect.MOST_INSTRUMENTS:
        new_instr = params[P.LEGACY]
    pay = float(cards.housing_pay[s[p].housing])
    leader = leader_nb(g, s, p)
    # stack_mean_nb of a stack, computed at its first DRAW option with no face-up top
    # (the only options that read it; draws are listed only at Stage.DRAW)
    stack_v = stack_empty(N_STACKS, np.float64)
    known = stack_empty(N_STACKS, np.bool_)
    for st in range(N_STACKS):
        stack_v[st] = 0.0
        known[st] = False
    held = 0.0  # held_yellow_nb's, once a decision, at its first MOVE option
    have_held = False
    noise = w[P.NOISE]
    best = 0
    best_v = -np.inf
    for i in range(n):
        if opts[i, 0] == Opt.MOVE and not have_held:
            held = held_yellow_nb(w, cards, g, s, p, pay)
            have_held = True
        st = opts[i, 1]
        if opts[i, 0] == Opt.DRAW and not known[st] and face_up_top_nb(g, st) < 0:
            stack_v[st] = stack_mean_nb(w, cards, g, s, p, st, pay, new_instr)
            known[st] = True
        v = option_value_nb(w, cards, g, s, p, opts[i], pay, new_instr, leader, stack_v, held)
        v = ranked_value_nb(v, noise, draw)
        if v > best_v:
            best_v = v
            best = i
    return best
