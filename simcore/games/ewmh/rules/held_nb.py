"""What a seat holds and what its cards do: counts, the statics read while held
(rulebook: Effect cards, "a Static card whose effect only applies if it is in your
possession"), and which cards' texts the engine plays.

The patrons' texts play (phase b: rules/patrons_nb.py, their keep conditions
rules/keep_nb.py); the reactive cards play theirs in the reaction windows (phase c:
rules/react_nb.py), not on their holder's turn: there such a card is a production unit,
as every card also is (rulebook: Effect cards)."""

from __future__ import annotations

from simcore.games.ewmh.codes import Count, Effect, Rule, Timing
from simcore.kernels.jit import kernel


@kernel
def n_held_nb(g, p):
    """Effect cards seat p holds, the vocation not counted."""
    n = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == p:
            n += 1
    return n


@kernel
def n_fresh_nb(g, s, p):
    """Fresh effect cards of seat p, its vocation card included."""
    n = 1 - s[p].voc_flipped
    for c in range(g.n_cards):
        if g.card_loc[c] == p and g.card_flipped[c] == 0:
            n += 1
    return n


@kernel
def n_fresh_all_nb(g, s, counts):
    """n_fresh_nb of every seat into counts (int64[>= n_players], mutated), in one pass
    over the cards."""
    for q in range(g.n_players):
        counts[q] = 1 - s[q].voc_flipped
    for c in range(g.n_cards):
        q = g.card_loc[c]
        if 0 <= q < g.n_players and g.card_flipped[c] == 0:
            counts[q] += 1


@kernel
def any_fresh_nb(g, s, p):
    """Whether n_fresh_nb(g, s, p) > 0, stopping at the first fresh card."""
    if s[p].voc_flipped == 0:
        return True
    for c in range(g.n_cards):
        if g.card_loc[c] == p and g.card_flipped[c] == 0:
            return True
    return False


@kernel
def n_hand_comps_nb(g, p):
    """Unpublished compositions in seat p's hand."""
    n = 0
    for k in range(g.n_comps):
        if g.comp_state[k] == 1 and g.comp_owner[k] == p:  # CompState.HAND
            n += 1
    return n


@kernel
def plays_text_nb(cards, c):
    """The effect whose text card c plays on its holder's turn, or -1: a reactive card's
    text (Elizabeth Nevell's steal among them) plays in its reaction windows
    (rules/react_nb.py), not here; such a card is a unit on its holder's turn. Patrons
    play their texts (Alfonso the Wise, Philip the Good, Amadeus VIII, William V:
    rules/patrons_nb.py)."""
    d = cards.card_design[c]
    t = cards.design_timing[d]
    if t == Timing.REACT or t == Timing.REACT_SPEND:
        return -1
    return cards.card_effect[c]


@kernel
def held_static_sum_nb(cards, g, p, effect, slot):
    """Sum of params[slot] over the cards of static `effect` that seat p holds."""
    total = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == p and plays_text_nb(cards, c) == effect:
            total += cards.card_params[c, slot]
    return total


@kernel
def refreshes_nb(cards, g, p):
    """Flipped cards seat p may refresh: 3, plus 1 per Inspiration held (rulebook: On your
    turn, Refresh; Inspiration: "refresh 1 extra card per turn")."""
    return int(cards.rules[Rule.REFRESH]) + held_static_sum_nb(cards, g, p, Effect.EXTRA_REFRESH, 0)


@kernel
def full_points_nb(cards, g, p, age):
    """2 if seat p holds an age_full_points card giving full points for `age` (Hildegard,
    Leonin, Dunstaple, Byrd, Palestrina, di Lasso; ruling EW-8), 1 if only one permitting
    it (a face B reading, EW-2), 0 if none."""
    best = 0
    for c in range(g.n_cards):
        held = g.card_loc[c] == p and plays_text_nb(cards, c) == Effect.AGE_FULL_POINTS
        if held and cards.card_params[c, 0] == age:
            best = max(best, 2 if cards.card_params[c, 1] == 1 else 1)
    return best


@kernel
def full_points_all_nb(cards, g, p, full):
    """full_points_nb of seat p for every Age into full (int64[N_AGES], mutated), in one
    pass over the cards instead of one per Age."""
    full[:] = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == p and plays_text_nb(cards, c) == Effect.AGE_FULL_POINTS:
            age = cards.card_params[c, 0]
            if 0 <= age < full.shape[0]:
                full[age] = max(full[age], 2 if cards.card_params[c, 1] == 1 else 1)


@kernel
def genre_bonus_all_nb(cards, g, p, bonus):
    """genre_bonus_nb of seat p for every genre into bonus (int64[>= genres], mutated),
    in one pass over the cards instead of one per genre."""
    bonus[:] = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == p and plays_text_nb(cards, c) == Effect.GENRE_BONUS:
            genre = cards.card_params[c, 0]
            if 0 <= genre < bonus.shape[0]:
                bonus[genre] += cards.card_params[c, 1]


@kernel
def genre_bonus_nb(cards, g, p, genre):
    """Points seat p's held genre statics add to a piece of `genre` (Ockeghem, Cipriano de
    Rore, Landini, Hildegard, Susato: rulebook card sheets; ruling EW-10)."""
    total = 0
    for c in range(g.n_cards):
        held = g.card_loc[c] == p and plays_text_nb(cards, c) == Effect.GENRE_BONUS
        if held and cards.card_params[c, 0] == genre:
            total += cards.card_params[c, 1]
    return total


@kernel
def vocation_bonus_nb(cards, s, p, genre):
    """Points seat p's vocation static adds to a piece of `genre`: +2 once if the piece
    has one of its tags (Church: Sacred or Liturgical; Countryside: Dance or Secular;
    rulebook: Vocation cards; ruling EW-11)."""
    v = s[p].vocation
    for a in range(cards.counts[Count.ABILITIES]):
        mine = cards.ability_vocation[a] == v and cards.ability_effect[a] == Effect.TAG_BONUS
        if mine and cards.ability_params[a, 0] & cards.genre_tags[genre]:
            return int(cards.ability_params[a, 1])
    return 0


@kernel
def unit_value_nb(cards, c):
    """Production units card c pays when flipped for production: Petrucci's 3 ("flipping
    this card is equivalent to flipping 3 other Effect cards", ruling EW-12), else 1."""
    if plays_text_nb(cards, c) == Effect.MULTI_UNIT:
        return int(cards.card_params[c, 0])
    return 1
