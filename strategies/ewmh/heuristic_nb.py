"""The heuristics: every option of every decision stage valued in points, weighted by the
seat's parameters (params.P), the best-valued option taken.

A heuristic sees only what a player at the table sees (state/view_nb.py): the pawns, every
held card and its face, the array, the published pieces, its own hand (through
view_nb.own_hand_nb) and how many pieces the others hold; never a deck's order, another
seat's hand or a random stream but its own.

The valuation, stage by stage (one small function per stage; a new stage's values are one
more function and one branch in `option_value_nb`, and a stage without one values every
option 0, so it takes the first listed: PASS where a reaction window lists PASS first):

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
  the larger die is used.

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

from simcore.games.ewmh.codes import N_AGES, Effect, Rule
from simcore.games.ewmh.rules.held_nb import (
    n_fresh_nb,
    n_held_nb,
    plays_text_nb,
    unit_value_nb,
)
from simcore.games.ewmh.rules.produce_nb import banner_points_nb, cost_nb, piece_bonus_nb
from simcore.games.ewmh.sizes import MAX_GENRES
from simcore.games.ewmh.state.codes import VOC_CARD, Opt, Stage
from simcore.games.ewmh.state.view_nb import hand_count_nb, own_hand_nb
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


@kernel
def text_value_nb(w, cards, g, p, effect, prm):
    """What an effect's text is worth to seat p, its targets not yet chosen (a card held,
    drafted or taken: the best use it will have)."""
    if effect == Effect.DRAW_COMPOSITIONS:
        return w[P.COMP] * prm[0]
    if effect == Effect.BACK_AND_DRAW:
        return w[P.COMP] * prm[1] - w[P.MOVE] * prm[0]
    if effect == Effect.TAKE_EFFECT:
        return w[P.EFFECT] * prm[0]
    if effect == Effect.HIGHER_EDUCATION:
        return w[P.EFFECT] * prm[1]
    if effect == Effect.SPHERES:
        return w[P.COMP] * prm[1] * SPHERES_HIT
    if effect == Effect.REROLL:
        return w[P.MOVE]
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
    for a in range(cards.ability_vocation.shape[0]):
        if cards.ability_vocation[a] == s[p].vocation:
            e = cards.ability_effect[a]
            if e != Effect.TAG_BONUS and e != Effect.PATRON_DOUBLE:
                best = max(best, text_value_nb(w, cards, g, p, e, cards.ability_params[a]))
    return best


@kernel
def piece_value_nb(w, cards, g, s, p, genre, age):
    """A `genre` piece produced by seat p via its `age` banner, cost aside: POINTS per net
    point (banner and genre bonus, less the unproduced point it stops being) and VOCATION
    per point of the vocation's tag bonus; -inf if that banner is not allowed."""
    base = banner_points_nb(cards, g, p, genre, age)
    if base < 0:
        return -np.inf
    voc, gen = piece_bonus_nb(cards, g, s, p, genre)
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
    for genre in range(cards.genre_copies.shape[0]):
        if hand[genre] > 0:
            for age in range(cards.genre_banner.shape[1]):
                v = piece_value_nb(w, cards, g, s, p, genre, age)
                pieces[genre, age] = v
                best[genre] = max(best[genre], v)


@kernel
def leader_key_nb(s, p, q, effect):
    """The tie key of an option aimed at seat q (column b of MOVE_PAWN, SAME_TILE_PUSH,
    STEAL_COMPOSITION, REMOVE_PUBLISHED, ANNEX, NOBLE_SACRIFICE, FORCE_FLIP and
    BORROW_UNITS rows): LEADER per point so far and space of q, if q is an opponent."""
    aimed = (
        effect == Effect.MOVE_PAWN
        or effect == Effect.SAME_TILE_PUSH
        or effect == Effect.STEAL_COMPOSITION
        or effect == Effect.REMOVE_PUBLISHED
        or effect == Effect.ANNEX
        or effect == Effect.NOBLE_SACRIFICE
        or effect == Effect.FORCE_FLIP
        or effect == Effect.BORROW_UNITS
    )
    if not aimed or q < 0 or q == p:
        return 0.0
    return LEADER * (s[q].running + s[q].pos)


@kernel
def targeted_value_nb(w, cards, g, s, p, effect, prm, b, c):
    """An effect's text with its targets b, c (its option row) chosen, plus the leader
    key (leader_key_nb)."""
    return aimed_value_nb(w, cards, g, s, p, effect, prm, b, c) + leader_key_nb(s, p, b, effect)


@kernel
def aimed_value_nb(w, cards, g, s, p, effect, prm, b, c):
    """An effect's text with its targets b, c (its option row) chosen."""
    if effect == Effect.MOVE_PAWN:
        if b == p:
            return w[P.MOVE] * c
        return -w[P.HARM] * 0.5 * c  # an opponent moved back is a gain
    if effect == Effect.BACK_AND_DRAW:
        return w[P.COMP] * prm[1] - w[P.MOVE] * min(prm[0], s[p].pos)
    if effect == Effect.SAME_TILE_PUSH:
        return w[P.MOVE] * prm[0] + w[P.HARM] * 0.5 * prm[1]
    if effect == Effect.STEAL_COMPOSITION:
        if hand_count_nb(g, b) == 0:
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
        return w[P.HARM] * min(prm[0], n_fresh_nb(g, s, b))
    if effect == Effect.BORROW_UNITS:
        return w[P.UNIT] * (prm[0] + 0.5 * n_fresh_nb(g, s, b))
    if effect == Effect.REDISTRIBUTE:
        total = 0
        for q in range(g.n_players):
            total += n_held_nb(g, q)
        return w[P.EFFECT] * (total / g.n_players - n_held_nb(g, p))
    return text_value_nb(w, cards, g, p, effect, prm)


@kernel
def phase_value_nb(w, cards, g, s, p, row, hand, n_hand, pieces, best):
    """The free phase (ruling EW-13): roll, end, produce, or use a card or the vocation."""
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
    v = targeted_value_nb(w, cards, g, s, p, effect, prm, row[2], row[3])
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
    for a in range(cards.ability_vocation.shape[0]):
        if cards.ability_vocation[a] == v and cards.ability_effect[a] == Effect.TAG_BONUS:
            mask = cards.ability_params[a, 0]
            bonus = cards.ability_params[a, 1]
    for genre in range(cards.genre_copies.shape[0]):
        total += cards.genre_copies[genre]
        if cards.genre_tags[genre] & mask:
            reach += cards.genre_copies[genre]
    if total == 0:
        return 0.0
    return w[P.VOCATION] * bonus * reach / total


@kernel
def option_value_nb(w, cards, g, s, p, row, hand, n_hand, pieces, best):
    """Option `row` of the decision at g.stage, in points for seat p (module docstring);
    hand, n_hand, pieces and best: seat p's hand, and its pieces' values where it
    produces (piece_table_nb)."""
    stage = g.stage
    kind = row[0]
    if kind == Opt.STOP:
        return 0.0
    if stage == Stage.PHASE:
        return phase_value_nb(w, cards, g, s, p, row, hand, n_hand, pieces, best)
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
    if stage == Stage.HAND_LIMIT:
        return -card_value_nb(w, cards, g, p, row[1])
    if stage == Stage.REROLL:
        if kind == Opt.REROLL:
            return w[P.REROLL] - g.die1
        return 0.0
    if stage == Stage.REROLL_PICK:
        return float(row[1])
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
    noise = w[P.NOISE]
    best = 0
    best_v = -np.inf
    for i in range(n):
        v = option_value_nb(w, cards, g, s, p, opts[i], hand, n_hand, pieces, best_pieces)
        v = ranked_value_nb(v, noise, draw)
        if v > best_v:
            best_v = v
            best = i
    return best
