"""The heuristics: every option of every decision stage valued in points, weighted by the
seat's parameters (params.P), the best-valued option taken.

A heuristic sees only what a player at the table sees (state/view_nb.py): the pawns, every
held card and its face, the array, the published pieces, its own hand (through
view_nb.own_hand_nb) and how many pieces the others hold; never a deck's order, another
seat's hand or a random stream but its own.

The valuation, stage by stage (one small function per stage; a new stage's values are one
more function and one branch in `option_value_nb`; a stage without one would value every
option 0 and take the first listed):

- a card is worth EFFECT (a card to hold and pay with) plus its text (`text_value_nb`:
  COMP per composition drawn, MOVE per space forward, EFFECT per card taken, HARM per
  point or card taken from an opponent, UNIT per unit saved, POINTS per point a static
  adds); drafts, takes and refreshes take the most valued card, payments, discards and
  forced flips give up the least valued one;
- the free phase: a production is worth POINTS per net point (its banner points and genre
  bonus, less the unproduced piece's point) plus VOCATION per point of the vocation's tag
  bonus, plus AGE_FULL via the game's Age banner, less UNIT per unit it costs; a piece
  among the HOLD best in hand waits for the free productions of arrival (its value is lost
  if produced now); flipping or spending a card for its text is worth its targeted text
  less UNIT (the unit it stops being) or less EFFECT (the card spent); rolling is worth
  STOP + LATE, ending the turn STOP: the seat acts while an option is worth more;
- free productions take the most valued piece; Rondeaux rerolls a die below REROLL, and
  the larger die is used;
- the hand limit: discarding gives up the least valued card, STOP (keep 7, lose a
  hand_limit patron: ruling EW-19) gives up the patrons it would lose (`patron_value_nb`:
  EFFECT plus their moves per turn over the turns left); Philip the Good's flip is worth
  MOVE per space its doubling adds (an average roll);
- a reaction window (REACT): a reaction is worth what it does (`reaction_gain_nb`: MOVE
  per space, COMP per composition, a stolen card's value plus HARM, HARM per space of an
  opponent's die move Council of Trent turns back) less what keeping the card fresh is
  worth (UNIT; Council of Trent is spent: EFFECT), so the seat reacts when the card's
  value beats keeping it; PASS is worth 0;
- Absolution (ABSOLVE): negating is worth what the activation gives its player (valued
  with this seat's weights, its targets chosen) plus HARM if it is aimed at this seat,
  less the vocation's worth (UNIT and its best flip ability): an opponent's activation is
  negated when it is worth more than the Absolution;
- Guild License (GUARD): worth the card, composition or piece it saves, less UNIT;
- Music of the Spheres with Rondeaux (SPHERES): rerolling die i is worth COMP per
  composition drawn times the chance it adds to a consonance (a missing one: the faces of
  the rerolled die that make one with the others), less UNIT: only a die that has no
  consonance yet and can make one is rerolled; SPHERES_PICK uses the result that hits.

An option aimed at an opponent carries a tie key in its value (`leader_key_nb`: 1e-4 per
point so far and space of that opponent), so among equal attacks the leading opponent is
hit, not the lowest seat (without it, three producers won 26.5%, 32.9% and 40.6% by seat
index, 3,000 games). Options of equal value (strategies/ties_nb.tie_value_nb: to 2**-30)
go to the first listed, never at random (docs/guide/strategies.md, "Ties"). The option
lists are ordered from the public state alone (rules/options_nb.py: cards and designs
by id, genres and banners by code, seats from 0), so this key is a function of what the
seat sees. NOISE (0 in every shipped player) spreads values for exploration as
strategies/ties_nb.py does.
"""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import N_AGES, Count, Effect, Keep, Rule, Tile
from simcore.games.ewmh.rules.activation_nb import act_params_nb
from simcore.games.ewmh.rules.effects_nb import spheres_success_nb
from simcore.games.ewmh.rules.held_nb import (
    full_points_all_nb,
    genre_bonus_all_nb,
    n_fresh_all_nb,
    n_fresh_nb,
    n_held_nb,
    plays_text_nb,
    unit_value_nb,
    vocation_bonus_nb,
)
from simcore.games.ewmh.rules.patrons_nb import patron_factor_nb
from simcore.games.ewmh.rules.produce_nb import banner_points_of_nb, cost_nb
from simcore.games.ewmh.sizes import MAX_GENRES, MAX_PLAYERS
from simcore.games.ewmh.state.codes import VOC_CARD, Opt, Stage, Trigger
from simcore.games.ewmh.state.view_nb import (
    comps_to_draw_nb,
    hand_count_nb,
    hand_counts_nb,
    own_hand_nb,
)
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import STRATEGY_STREAM, next_u64_nb
from simcore.kernels.stack_nb import stack_empty, stack_empty_2d
from strategies.ewmh.params import P
from strategies.ties_nb import ranked_value_nb

SPHERES_HIT = 0.5  # about the chance that two dice of Music of the Spheres make a consonance
GENRE_PIECES = 1.5  # pieces a genre bonus is expected to reach in the rest of a game
# per point so far and space of the pawn of an opponent an option targets: among options
# otherwise equal, the leading opponent is hit first (not the lowest seat), at most about
# 0.01 points in all, below any weight's step
LEADER = 1e-4
ROLL = 3.5  # a d6's mean: the spaces an average die move makes
DIE_FACES = 6  # a Music of the Spheres die's faces (ruling EW-27: d6)
HANDS = 0  # seat_count_nb's rows: unpublished pieces, fresh cards
FRESH = 1


@kernel
def text_value_nb(w, cards, g, p, effect, prm):
    """What an effect's text is worth to seat p, its targets not yet chosen (a card held,
    drafted or taken: the best use it will have)."""
    if effect == Effect.DRAW_COMPOSITIONS:
        return w[P.COMP] * min(prm[0], comps_to_draw_nb(g))
    if effect == Effect.BACK_AND_DRAW:
        return w[P.COMP] * min(prm[1], comps_to_draw_nb(g)) - w[P.MOVE] * prm[0]
    if effect == Effect.TAKE_EFFECT:
        return w[P.EFFECT] * prm[0]
    if effect == Effect.HIGHER_EDUCATION:
        return w[P.EFFECT] * prm[1]
    if effect == Effect.SPHERES:
        return w[P.COMP] * min(prm[1], comps_to_draw_nb(g)) * SPHERES_HIT
    if effect == Effect.REROLL:
        return w[P.MOVE]
    if effect == Effect.DOUBLE_NEXT_ROLL:  # Philip the Good: an average roll x factor
        return w[P.MOVE] * ROLL * (prm[0] - 1)
    if effect == Effect.MOVE_PAWN:
        return w[P.MOVE] * prm[1]
    if effect == Effect.SAME_TILE_PUSH:
        return w[P.MOVE] * prm[0] * 0.25
    if effect == Effect.STEAL_COMPOSITION:
        return w[P.COMP] + w[P.HARM]
    if effect == Effect.REMOVE_PUBLISHED or effect == Effect.ANNEX:
        return w[P.HARM]
    if effect == Effect.NOBLE_SACRIFICE:
        return w[P.HARM] - w[P.EFFECT] * prm[1]
    if effect == Effect.FORCE_FLIP:
        return w[P.HARM] * prm[0]
    if effect == Effect.COST_REDUCE or effect == Effect.BORROW_UNITS:
        return w[P.UNIT] * prm[0]
    if effect == Effect.MULTI_UNIT:
        return w[P.UNIT] * (prm[0] - 1)
    if effect == Effect.CARDS_TO_MOVE:
        return w[P.MOVE] * prm[0]
    if effect == Effect.CONCERTANTE:
        return w[P.EFFECT]
    if effect == Effect.AGE_FULL_POINTS:
        if prm[0] != cards.rules[Rule.AGE]:
            return w[P.POINTS] * 2.0 + w[P.AGE_FULL]
        return 0.0
    if effect == Effect.GENRE_BONUS:
        return w[P.POINTS] * prm[1] * GENRE_PIECES
    if effect == Effect.EXTRA_REFRESH:
        return w[P.UNIT] * prm[0] * 2.0
    return 0.0  # a patron or a reactive card (phases b, c): a unit only


@kernel
def card_value_nb(w, cards, g, p, c):
    """Effect card c held by seat p: a card to pay with (EFFECT) and its text."""
    effect = plays_text_nb(cards, c)
    return w[P.EFFECT] + text_value_nb(w, cards, g, p, effect, cards.card_params[c])


@kernel
def vocation_value_nb(w, cards, g, s, p):
    """Seat p's fresh vocation card: its best flip ability (a unit when paying)."""
    best = 0.0
    for a in range(cards.counts[Count.ABILITIES]):
        if cards.ability_vocation[a] == s[p].vocation:
            e = cards.ability_effect[a]
            if e != Effect.TAG_BONUS and e != Effect.PATRON_DOUBLE:
                best = max(best, text_value_nb(w, cards, g, p, e, cards.ability_params[a]))
    return best


@kernel
def piece_value_nb(w, cards, g, s, p, genre, age, full, gen):
    """A `genre` piece produced by seat p via its `age` banner, cost aside: POINTS per net
    point (banner and genre bonus, less the unproduced point it stops being) and VOCATION
    per point of the vocation's tag bonus; -inf if that banner is not allowed. full: seat
    p's full_points_nb for `age`, gen: its genre bonus for `genre` (piece_table_nb reads
    them once a decision: the values of produce_nb.banner_points_nb and piece_bonus_nb)."""
    base = banner_points_of_nb(cards, genre, age, full)
    if base < 0:
        return -np.inf
    voc = vocation_bonus_nb(cards, s, p, genre)
    net = base + gen - cards.rules[Rule.UNPRODUCED_POINTS]
    return w[P.POINTS] * net + w[P.VOCATION] * voc


@kernel
def held_back_nb(w, s, p, genre, hand, best):
    """1 if a `genre` piece is among the HOLD best pieces of seat p's hand (hand: its own
    pieces per genre; best: the most valued banner of each genre in hand, piece_table_nb)
    and p has not arrived: it waits for a free production."""
    hold = int(w[P.HOLD])
    if hold <= 0 or s[p].arrival > 0:
        return 0
    mine = best[genre]
    better = 0
    for other in range(hand.shape[0]):
        if other != genre and hand[other] > 0 and best[other] > mine:
            better += hand[other]
    return 1 if better < hold else 0


@kernel
def piece_table_nb(w, cards, g, s, p, opts, n, hand, pieces, best):
    """piece_value_nb of every (genre, banner) of which seat p holds a piece (hand) into
    pieces (float64[>= genres, N_AGES], mutated) and its most valued banner's value into
    best (float64[>= genres], mutated; other genres -inf), where opts[:n] list a
    production: once per decision, not per option (the production options and
    held_back_nb read them)."""
    best[:] = -np.inf
    producing = False
    for i in range(n):
        if opts[i, 0] == Opt.PRODUCE or opts[i, 0] == Opt.FREE:
            producing = True
    if not producing:
        return
    full = stack_empty(N_AGES, np.int64)
    full_points_all_nb(cards, g, p, full)
    gen = stack_empty(MAX_GENRES, np.int64)
    genre_bonus_all_nb(cards, g, p, gen)
    for genre in range(cards.counts[Count.GENRES]):
        if hand[genre] > 0:
            for age in range(cards.genre_banner.shape[1]):
                v = piece_value_nb(w, cards, g, s, p, genre, age, full[age], gen[genre])
                pieces[genre, age] = v
                best[genre] = max(best[genre], v)


@kernel
def aimed_nb(effect):
    """Whether an option row's column b of this effect names a seat it is aimed at."""
    return (
        effect == Effect.MOVE_PAWN
        or effect == Effect.SAME_TILE_PUSH
        or effect == Effect.STEAL_COMPOSITION
        or effect == Effect.REMOVE_PUBLISHED
        or effect == Effect.ANNEX
        or effect == Effect.NOBLE_SACRIFICE
        or effect == Effect.FORCE_FLIP
        or effect == Effect.BORROW_UNITS
    )


@kernel
def leader_key_nb(s, p, q, effect):
    """The tie key of an option aimed at seat q (column b of MOVE_PAWN, SAME_TILE_PUSH,
    STEAL_COMPOSITION, REMOVE_PUBLISHED, ANNEX, NOBLE_SACRIFICE, FORCE_FLIP and
    BORROW_UNITS rows): LEADER per point so far and space of q, if q is an opponent."""
    if not aimed_nb(effect) or q < 0 or q == p:
        return 0.0
    return LEADER * (s[q].running + s[q].pos)


@kernel
def seat_count_nb(g, s, memo, which, q):
    """Seat q's unpublished pieces (which = HANDS: view_nb.hand_count_nb) or fresh cards
    (FRESH: held_nb.n_fresh_nb). memo (int64[2, MAX_PLAYERS], row which's first entry
    -1 until read; mutated): the first option that asks reads the row for every seat in
    one pass (view_nb.hand_counts_nb, held_nb.n_fresh_all_nb), the others reuse it."""
    if q < 0:  # no seat (not for these effects' options): read, not kept
        return hand_count_nb(g, q) if which == HANDS else n_fresh_nb(g, s, q)
    if memo[which, 0] < 0:
        if which == HANDS:
            hand_counts_nb(g, memo[HANDS])
        else:
            n_fresh_all_nb(g, s, memo[FRESH])
    return memo[which, q]


@kernel
def targeted_value_nb(w, cards, g, s, p, effect, prm, b, c, memo):
    """An effect's text with its targets b, c (its option row) chosen, plus the leader
    key (leader_key_nb); memo: seat_count_nb's."""
    v = aimed_value_nb(w, cards, g, s, p, effect, prm, b, c, memo)
    return v + leader_key_nb(s, p, b, effect)


@kernel
def aimed_value_nb(w, cards, g, s, p, effect, prm, b, c, memo):
    """An effect's text with its targets b, c (its option row) chosen; memo:
    seat_count_nb's."""
    if effect == Effect.MOVE_PAWN:
        if b == p:
            return w[P.MOVE] * c
        return -w[P.HARM] * 0.5 * c  # an opponent moved back is a gain
    if effect == Effect.BACK_AND_DRAW:
        return w[P.COMP] * min(prm[1], comps_to_draw_nb(g)) - w[P.MOVE] * min(prm[0], s[p].pos)
    if effect == Effect.SAME_TILE_PUSH:
        return w[P.MOVE] * prm[0] + w[P.HARM] * 0.5 * prm[1]
    if effect == Effect.STEAL_COMPOSITION:
        if seat_count_nb(g, s, memo, HANDS, b) == 0:
            return 0.0
        return w[P.COMP] + w[P.HARM]
    if effect == Effect.REMOVE_PUBLISHED:
        return w[P.HARM] * (g.comp_base[c] + g.comp_bonus[c])
    if effect == Effect.ANNEX:
        if b == p:
            return w[P.MOVE] * prm[1] - card_value_nb(w, cards, g, p, c)
        return w[P.HARM] * card_value_nb(w, cards, g, p, c) - w[P.HARM] * 0.5 * prm[1]
    if effect == Effect.NOBLE_SACRIFICE:
        return w[P.HARM] * card_value_nb(w, cards, g, p, c) - w[P.EFFECT] * prm[1]
    if effect == Effect.FORCE_FLIP:
        return w[P.HARM] * min(prm[0], seat_count_nb(g, s, memo, FRESH, b))
    if effect == Effect.BORROW_UNITS:
        return w[P.UNIT] * (prm[0] + 0.5 * seat_count_nb(g, s, memo, FRESH, b))
    if effect == Effect.REDISTRIBUTE:
        total = 0  # the cards every seat holds (n_held_nb summed), in one pass
        for k in range(g.n_cards):
            if 0 <= g.card_loc[k] < g.n_players:
                total += 1
        return w[P.EFFECT] * (total / g.n_players - n_held_nb(g, p))
    return text_value_nb(w, cards, g, p, effect, prm)


@kernel
def phase_value_nb(w, cards, g, s, p, row, hand, n_hand, pieces, best, memo):
    """The free phase (ruling EW-13): roll, end, produce, or use a card or the vocation;
    memo: seat_count_nb's."""
    kind = row[0]
    if kind == Opt.ROLL:
        return w[P.STOP] + w[P.LATE]
    if kind == Opt.END:
        return w[P.STOP]
    if kind == Opt.PRODUCE:
        genre = row[1]
        age = row[2]
        v = pieces[genre, age]
        v -= w[P.UNIT] * cost_nb(cards, g, genre, age)
        if age == cards.rules[Rule.AGE]:
            v += w[P.AGE_FULL]
        if held_back_nb(w, s, p, genre, hand, best) == 1:
            v -= best[genre]
        return v
    a = row[1]
    if kind == Opt.VOC:
        effect = cards.ability_effect[a]
        prm = cards.ability_params[a]
    else:
        effect = plays_text_nb(cards, a)
        prm = cards.card_params[a]
    if effect == Effect.COST_REDUCE and n_hand == 0:
        return -w[P.UNIT]
    v = targeted_value_nb(w, cards, g, s, p, effect, prm, row[2], row[3], memo)
    if kind == Opt.SPEND:
        return v - w[P.EFFECT]
    return v - w[P.UNIT]


@kernel
def pay_value_nb(w, cards, g, s, p, row):
    """A unit towards the production under way: the Medici target's cards first, then the
    least valued of one's own (Petrucci when its 3 units are all needed)."""
    a = row[1]
    if a == VOC_CARD:
        return w[P.UNIT] - vocation_value_nb(w, cards, g, s, p)
    if row[2] != p:
        return w[P.UNIT] + w[P.HARM] + 1.0
    units = min(unit_value_nb(cards, a), g.left)
    return w[P.UNIT] * units - card_value_nb(w, cards, g, p, a)


@kernel
def vocation_pick_value_nb(w, cards, v):
    """A vocation: VOCATION times its tag bonus's expected points per piece drawn (the
    composition deck's share of pieces with one of its tags)."""
    reach = 0
    total = 0
    bonus = 0
    mask = 0
    for a in range(cards.counts[Count.ABILITIES]):
        if cards.ability_vocation[a] == v and cards.ability_effect[a] == Effect.TAG_BONUS:
            mask = cards.ability_params[a, 0]
            bonus = cards.ability_params[a, 1]
    for genre in range(cards.counts[Count.GENRES]):
        total += cards.genre_copies[genre]
        if cards.genre_tags[genre] & mask:
            reach += cards.genre_copies[genre]
    if total == 0:
        return 0.0
    return w[P.VOCATION] * bonus * reach / total


@kernel
def turns_left_nb(cards, s, p):
    """About how many more turns seat p rolls: the spaces to End at an average roll."""
    return max(1.0, (cards.rules[Rule.PATH_LENGTH] - s[p].pos) / ROLL)


@kernel
def patron_value_nb(w, cards, g, s, p, c):
    """Patron c held by seat p, kept for the rest of the game: a card (EFFECT) plus its
    moves (MOVE per space) per turn over the turns left; William V counts the fresh cards
    now, Amadeus VIII half the opponents discarding one card a turn (Court: x2, EW-21)."""
    e = plays_text_nb(cards, c)
    per = cards.card_params[c, 0] * patron_factor_nb(cards, s, p)
    if e == Effect.END_TURN_MOVE:
        gain = w[P.MOVE] * per * n_fresh_nb(g, s, p)
    elif e == Effect.MOVE_ON_DISCARD:
        gain = w[P.MOVE] * per * 0.5 * (g.n_players - 1)
    else:
        return card_value_nb(w, cards, g, p, c)
    return w[P.EFFECT] + gain * turns_left_nb(cards, s, p)


@kernel
def hand_limit_value_nb(w, cards, g, s, p, row):
    """The hand limit: a discard gives up the card; STOP (stay above a hand_limit patron's
    6 and lose it at the check, ruling EW-19) gives up every such patron held."""
    if row[0] != Opt.STOP:
        return -card_value_nb(w, cards, g, p, row[1])
    v = 0.0
    for c in range(g.n_cards):
        if g.card_loc[c] == p and cards.design_keep[cards.card_design[c]] == Keep.HAND_LIMIT:
            v -= patron_value_nb(w, cards, g, s, p, c)
    return v


@kernel
def steal_value_nb(w, cards, g, p, k):
    """A steal by seat p: effect card k (its value to p) or, k = -1, a random composition;
    HARM for what the opponent loses."""
    if k >= 0:
        return card_value_nb(w, cards, g, p, k) + w[P.HARM]
    return w[P.COMP] + w[P.HARM]


@kernel
def tile_gain_nb(w, cards, g, t):
    """The benefit of tile entry t (Charlemagne copies it): COMP, EFFECT or MOVE per unit."""
    kind = cards.tile_kind[t]
    n = cards.tile_params[t, 0]
    if kind == Tile.DRAW_COMPOSITION:
        return w[P.COMP] * min(n, comps_to_draw_nb(g))
    if kind == Tile.DRAW_EFFECT or kind == Tile.TAKE_EFFECT:
        return w[P.EFFECT] * n
    if kind == Tile.MOVE:
        return w[P.MOVE] * max(0, n)
    return 0.0


@kernel
def reaction_gain_nb(w, cards, g, s, p, q, effect, prm, b, c, second):
    """What seat q's reaction `effect` (parameters prm, targets b, c; second: Court's
    second Nevell steal, 1 a composition, 2 + a card, <= 0 none) gives q, valued with the
    weights of seat p (the reactor itself, or a Church seat weighing Absolution)."""
    if effect == Effect.PASSED_MOVE:
        return w[P.MOVE] * prm[0]
    if effect == Effect.MIN_MOVE_SIX:
        if g.win == Trigger.SHORT_MOVE:
            return w[P.MOVE] * max(0, g.win_a + prm[1] - s[q].pos)
        return w[P.MOVE] * (prm[1] - g.die_move)
    if effect == Effect.INVERT_ROLL:  # a die move d forward becomes d back
        v = w[P.HARM] * g.die_move
        if g.win_src == p and q != p:
            v += w[P.MOVE] * 2 * g.die_move
        return v
    if effect == Effect.VOCATION_WATCH or effect == Effect.DRAW_MORE:
        return w[P.COMP] * min(prm[0], comps_to_draw_nb(g))
    if effect == Effect.COPY_TILE:
        return tile_gain_nb(w, cards, g, g.win_a)
    if effect == Effect.MOVED_STEAL:
        v = steal_value_nb(w, cards, g, p, c)
        if second > 0:
            v += steal_value_nb(w, cards, g, p, second - 2)
        return v
    if effect == Effect.PROTECT:  # the discard or steal of activation 0 it stops
        return guard_loss_nb(w, cards, g, p)
    return 0.0


@kernel
def react_value_nb(w, cards, g, s, p, row):
    """A reaction window: PASS 0; a reaction its gain less keeping the card fresh (UNIT;
    Council of Trent, a spend: EFFECT), plus the leader key where aimed at an opponent."""
    if row[0] != Opt.REACT:
        return 0.0
    c = row[1]
    effect = cards.card_effect[c]
    v = reaction_gain_nb(w, cards, g, s, p, p, effect, cards.card_params[c], row[2], row[3], row[4])
    if effect == Effect.INVERT_ROLL:
        q = g.win_src
        return v - w[P.EFFECT] + LEADER * (s[q].running + s[q].pos)
    if effect == Effect.MOVED_STEAL:
        v += LEADER * (s[row[2]].running + s[row[2]].pos)
    return v - w[P.UNIT]


@kernel
def absolve_value_nb(w, cards, g, s, p, row, memo):
    """Absolution: negating the pending activation is worth what it gives its player (its
    targets chosen), plus HARM if aimed at seat p, less the vocation flipped (UNIT and its
    best flip ability); PASS 0."""
    if row[0] != Opt.ABSOLVE:
        return 0.0
    d = g.act_n - 1
    q = g.act_seat[d]
    effect = g.act_effect[d]
    prm = act_params_nb(cards, g, d)
    b = g.act_b[d]
    c = g.act_c[d]
    if g.act_kind[d] == Opt.REACT:
        gain = reaction_gain_nb(w, cards, g, s, p, q, effect, prm, b, c, g.steal2)
    else:
        gain = targeted_value_nb(w, cards, g, s, q, effect, prm, b, c, memo)
    if b == p and (aimed_nb(effect) or effect == Effect.MOVED_STEAL):
        gain += w[P.HARM]
    cost = w[P.UNIT] + vocation_value_nb(w, cards, g, s, p)
    return gain - cost + LEADER * (s[q].running + s[q].pos)


@kernel
def guard_loss_nb(w, cards, g, p):
    """What activation 0 (a discard or steal) would take from its target, valued by seat
    p's weights: a composition (COMP), an effect card, or a published piece (POINTS)."""
    e = g.act_effect[0]
    c = g.act_c[0]
    if e == Effect.STEAL_COMPOSITION:
        return w[P.COMP] * max(1, int(g.act_mult[0]))
    if e == Effect.ANNEX or e == Effect.NOBLE_SACRIFICE:
        return card_value_nb(w, cards, g, p, c) if c >= 0 else w[P.EFFECT]
    if e == Effect.REMOVE_PUBLISHED:
        return w[P.POINTS] * (g.comp_base[c] + g.comp_bonus[c])
    if e == Effect.MOVED_STEAL:
        v = card_value_nb(w, cards, g, p, c) if c >= 0 else w[P.COMP]
        return v
    return 0.0


@kernel
def guard_value_nb(w, cards, g, s, p, row):
    """Guild License: the card, composition or piece it saves, less UNIT; PASS 0."""
    if row[0] != Opt.REACT:
        return 0.0
    return guard_loss_nb(w, cards, g, p) - w[P.UNIT]


@kernel
def spheres_hit_with_nb(g, i, v):
    """Whether the Music of the Spheres dice, die i showing v, hold a consonance."""
    for a in range(g.sph_n):
        x = v if a == i else g.sph_dice[a]
        for b in range(a + 1, g.sph_n):
            y = v if b == i else g.sph_dice[b]
            if spheres_success_nb(x, y):
                return True
    return False


@kernel
def spheres_value_nb(w, cards, g, p, row):
    """Rondeaux on a Spheres die: KEEP 0; rerolling die i is worth COMP per composition
    drawn times the chance a consonance is then had that is not now (either result may be
    used), less UNIT (Rondeaux flipped)."""
    if row[0] != Opt.REROLL:
        return 0.0
    i = row[2]
    if spheres_hit_with_nb(g, i, g.sph_dice[i]):
        return -w[P.UNIT]
    hits = 0
    for v in range(1, DIE_FACES + 1):
        if spheres_hit_with_nb(g, i, v):
            hits += 1
    return w[P.COMP] * min(g.sph_draw, comps_to_draw_nb(g)) * hits / DIE_FACES - w[P.UNIT]


@kernel
def option_value_nb(w, cards, g, s, p, row, hand, n_hand, pieces, best, memo):
    """Option `row` of the decision at g.stage, in points for seat p (module docstring);
    hand, n_hand, pieces and best: seat p's hand, and its pieces' values where it
    produces (piece_table_nb); memo: seat_count_nb's."""
    stage = g.stage
    kind = row[0]
    if stage == Stage.HAND_LIMIT:
        return hand_limit_value_nb(w, cards, g, s, p, row)
    if kind == Opt.STOP:
        return 0.0
    if stage == Stage.PHASE:
        return phase_value_nb(w, cards, g, s, p, row, hand, n_hand, pieces, best, memo)
    if stage == Stage.PAY:
        return pay_value_nb(w, cards, g, s, p, row)
    if stage == Stage.FREE:
        return pieces[row[1], row[2]]
    if stage == Stage.VOCATION:
        return vocation_pick_value_nb(w, cards, row[1])
    if stage == Stage.DRAFT:
        if row[1] < 0:
            return 0.0
        return card_value_nb(w, cards, g, p, row[1])
    if stage == Stage.REFRESH:
        if row[1] == VOC_CARD:
            return w[P.UNIT] + vocation_value_nb(w, cards, g, s, p)
        return card_value_nb(w, cards, g, p, row[1])
    if stage == Stage.TAKE:
        if row[1] < 0:
            return w[P.EFFECT]  # the deck top: a card, its text unseen
        return card_value_nb(w, cards, g, p, g.array[row[1]])
    if stage == Stage.DISCARD_OWN:
        v = -card_value_nb(w, cards, g, p, row[1])
        if g.discard_mode == 1:  # Wandering Minstrel: forward per card discarded
            v += w[P.MOVE] * g.per_card
        return v
    if stage == Stage.FORCE_FLIP:
        if row[1] == VOC_CARD:
            return -vocation_value_nb(w, cards, g, s, p)
        return -card_value_nb(w, cards, g, p, row[1])
    if stage == Stage.REROLL:
        if kind == Opt.REROLL:
            return w[P.REROLL] - g.die1
        return 0.0
    if stage == Stage.REROLL_PICK:
        return float(row[1])
    if stage == Stage.REACT:
        return react_value_nb(w, cards, g, s, p, row)
    if stage == Stage.ABSOLVE:
        return absolve_value_nb(w, cards, g, s, p, row, memo)
    if stage == Stage.GUARD:
        return guard_value_nb(w, cards, g, s, p, row)
    if stage == Stage.SPHERES:
        return spheres_value_nb(w, cards, g, p, row)
    if stage == Stage.SPHERES_PICK:
        return 1.0 if spheres_hit_with_nb(g, g.sph_die, row[1]) else 0.0
    return 0.0  # a stage without values: the first listed option


@kernel
def heuristic_choose_nb(w, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n]: the most valued, equal values by
    the first listed (module docstring); one draw of the strategy stream per decision."""
    draw = next_u64_nb(g.rng, STRATEGY_STREAM)
    hand = stack_empty(MAX_GENRES, np.int64)
    hand[:] = 0
    pieces = stack_empty_2d(MAX_GENRES, N_AGES, np.float64)
    best_pieces = stack_empty(MAX_GENRES, np.float64)
    best_pieces[:] = -np.inf
    n_hand = 0
    if g.stage == Stage.PHASE or g.stage == Stage.FREE:
        n_hand = own_hand_nb(cards, g, p, hand)
        piece_table_nb(w, cards, g, s, p, opts, n, hand, pieces, best_pieces)
    memo = stack_empty_2d(2, MAX_PLAYERS, np.int64)
    memo[:] = -1
    noise = w[P.NOISE]
    best = 0
    best_v = -np.inf
    for i in range(n):
        v = option_value_nb(w, cards, g, s, p, opts[i], hand, n_hand, pieces, best_pieces, memo)
        v = ranked_value_nb(v, noise, draw)
        if v > best_v:
            best_v = v
            best = i
    return best
