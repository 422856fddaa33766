"""Producing a composition (rulebook: Compositions, Effect cards; spec 1.2.4): the banner
chosen, its cost, the units that pay it, and the points the piece scores."""

from __future__ import annotations

from simcore.games.ewmh.codes import BonusTiming, HalfRound, OffAge, Rule
from simcore.games.ewmh.rules.held_nb import (
    full_points_nb,
    genre_bonus_nb,
    unit_value_nb,
    vocation_bonus_nb,
)
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.state.codes import Ev
from simcore.games.ewmh.state.dtypes import CompState
from simcore.kernels.jit import kernel


@kernel
def half_nb(cards, value):
    """An off-age banner's value: "only half the value" (rulebook: Compositions), rounded
    down (ruling EW-9; switch half_round)."""
    div = int(cards.rules[Rule.OFF_AGE_DIVISOR])
    if cards.rules[Rule.HALF_ROUND] == HalfRound.UP:
        return (value + div - 1) // div
    return value // div


@kernel
def banner_points_nb(cards, g, p, genre, age):
    """Base points seat p scores producing a `genre` piece via its `age` banner, or -1 if
    it may not: no such banner; a banner of the game's Age scores full; another scores
    full with a held full-points card for its age, else half (rulebook: "you will score
    only half the value"; ruling EW-8). Switch off_age = forbidden: an off-age banner only
    with a card for its age (a permission-only card: half)."""
    if int(cards.genre_banner[genre, age]) <= 0 or age == cards.rules[Rule.AGE]:
        return banner_points_of_nb(cards, genre, age, 0)  # the seat's cards do not matter
    return banner_points_of_nb(cards, genre, age, full_points_nb(cards, g, p, age))


@kernel
def banner_points_of_nb(cards, genre, age, full):
    """banner_points_nb with full = full_points_nb of the seat for `age` (read once for
    all genres where options are listed)."""
    value = int(cards.genre_banner[genre, age])
    if value <= 0:
        return -1
    if age == cards.rules[Rule.AGE]:
        return value
    if full == 2:
        return value
    if cards.rules[Rule.OFF_AGE] == OffAge.FORBIDDEN and full == 0:
        return -1
    return half_nb(cards, value)


@kernel
def cost_nb(cards, g, genre, age):
    """Units a `genre` piece via its `age` banner costs: the banner's value (rulebook:
    "flip a number of Effect cards matching the value on one of the banners"), less a
    pending Printing Press reduction, not below 0 (ruling EW-12)."""
    return max(0, int(cards.genre_banner[genre, age]) - g.reduce)


@kernel
def units_available_nb(cards, g, s, p):
    """Units seat p can still pay this turn: its fresh effect cards (Petrucci 3), its fresh
    vocation (rulebook: "Vocation cards are flipped in the same way"), House Medici's
    banked unit and the Medici target's fresh effect cards (ruling EW-12)."""
    n = g.bank + (1 - s[p].voc_flipped)
    for c in range(g.n_cards):
        if g.card_flipped[c] == 0:
            if g.card_loc[c] == p:
                n += unit_value_nb(cards, c)
            elif g.medici >= 0 and g.card_loc[c] == g.medici:
                n += 1
    return n


@kernel
def first_in_hand_nb(cards, g, p, genre):
    """The lowest composition card of `genre` in seat p's hand, or -1 (pieces of one genre
    are alike, so the options list a genre once)."""
    for k in range(g.n_comps):
        mine = g.comp_state[k] == CompState.HAND and g.comp_owner[k] == p
        if mine and cards.comp_genre[k] == genre:
            return k
    return -1


@kernel
def piece_bonus_nb(cards, g, s, p, genre):
    """(vocation bonus, genre bonus) of a `genre` piece for seat p from what it holds now:
    added in full to every production, free and half-valued ones included (ruling EW-10)."""
    return vocation_bonus_nb(cards, s, p, genre), genre_bonus_nb(cards, g, p, genre)


@kernel
def publish_nb(cards, g, s, w, p, k, age, free):
    """Seat p's composition k goes face up in front of it, via its `age` banner; its points
    are fixed now (ruling EW-10): the banner points, the vocation and genre bonuses."""
    genre = cards.comp_genre[k]
    base = banner_points_nb(cards, g, p, genre, age)
    voc, gen = piece_bonus_nb(cards, g, s, p, genre)
    if cards.rules[Rule.BONUS_TIMING] == BonusTiming.END:
        voc = 0  # read at the end of the game from the cards held then (scoring_nb)
        gen = 0
    g.comp_state[k] = CompState.PUBLISHED
    g.comp_base[k] = base
    g.comp_voc[k] = voc
    g.comp_bonus[k] = voc + gen
    g.comp_age[k] = age
    s[p].running += base + voc + gen
    if free:
        s[p].produced_free += 1
    else:
        s[p].produced += 1
    log_nb(g, w, p, Ev.PRODUCE, k, age, base + voc + gen, free)
