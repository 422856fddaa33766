"""The orchestra and its first chairs (rulebook pp.25-27, rulings 11 and 12)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.resources_nb import (
    gain_bundle_nb,
    gain_inspiration_nb,
    gain_money_nb,
)
from simcore.games.luthier.state.codes import Ev, Opt, Why
from simcore.games.luthier.state.dtypes import MAX_PLAYERS, MAX_SPOTS
from simcore.games.luthier.state.enums import Rule, Source
from simcore.games.luthier.state.state_nb import INSTRUMENT_TOKEN as INSTRUMENT_TOKEN
from simcore.games.luthier.state.state_nb import PERFORMANCE_TOKEN as PERFORMANCE_TOKEN
from simcore.games.luthier.state.state_nb import REPAIR_TOKEN as REPAIR_TOKEN
from simcore.games.luthier.state.state_nb import chairs_held_nb as chairs_held_nb
from simcore.games.luthier.state.state_nb import holds_chair_nb as holds_chair_nb
from simcore.games.luthier.state.state_nb import tokens_left_nb
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

CLAIMED = 0  # an empty chair taken
STOLEN = 1  # a chair taken from another token
CONSOLED = 2  # no chair: 1 inspiration or 2 money

CONSOLE_INSPIRATION = 0
CONSOLE_MONEY = 1


@kernel
def token_spots_nb(cards, kind, key, out):
    """Spots a token may go to (ruling 11); returns how many were written to out.

    Instrument tokens: their instrument's spots (key = instrument type).
    Performance tokens: any spot of the performance's era (key = Era).
    Repair tokens: any spot of the repair's family (key = Family).
    """
    n = 0
    if kind == INSTRUMENT_TOKEN:
        for k in range(cards.inst_n_spots[key]):
            out[n] = cards.inst_spots[key, k]
            n += 1
    elif kind == PERFORMANCE_TOKEN:
        for spot in range(cards.n_spot):
            if (cards.spot_eras[spot] >> key) & 1:
                out[n] = spot
                n += 1
    else:
        for spot in range(cards.n_spot):
            if cards.spot_family[spot] == key:
                out[n] = spot
                n += 1
    return n


@kernel
def outnumbers_all_nb(g, p, spot):
    """True if seat p has more performance + repair tokens at `spot` than every other owner."""
    mine = g.tokens[spot, p, PERFORMANCE_TOKEN] + g.tokens[spot, p, REPAIR_TOKEN]
    for q in range(MAX_PLAYERS + 1):
        theirs = g.tokens[spot, q, PERFORMANCE_TOKEN] + g.tokens[spot, q, REPAIR_TOKEN]
        if q != p and theirs >= mine:
            return False
    return True


@kernel
def chair_outcome_nb(cards, g, p, spot, kind):
    """CLAIMED, STOLEN or CONSOLED for a token of `kind` that seat p has just added to `spot`.

    Ruling 12: an empty chair goes to the placer. An instrument token takes a
    chair held by performance/repair tokens (its owner's own included); beside
    another instrument token it only consoles - except at rare spots, which
    seat every instrument token (unlimited chairs). A performance/repair token
    takes a chair held by another player's performance/repair token only when
    its owner now has more performance/repair tokens there than every other
    player; otherwise it consoles.
    """
    holder = g.chair_seat[spot]
    held_by = g.chair_kind[spot]
    if holder < 0:
        return CLAIMED
    if kind == INSTRUMENT_TOKEN:
        if cards.spot_rare[spot] == 1:
            return CLAIMED
        if held_by != INSTRUMENT_TOKEN:
            return STOLEN
        return CONSOLED
    if held_by == INSTRUMENT_TOKEN or holder == p:
        return CONSOLED
    if outnumbers_all_nb(g, p, spot):
        return STOLEN
    return CONSOLED


@kernel
def console_nb(cards, g, s, w, p, factor):
    """The placer's choice of 1 inspiration or 2 money (times `factor`, 2 at finishing 6+)."""
    n = set_opt_nb(w.opts, 0, Opt.CONSOLATION, CONSOLE_INSPIRATION)
    n = set_opt_nb(w.opts, n, Opt.CONSOLATION, CONSOLE_MONEY)
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    if w.opts[k, 1] == CONSOLE_INSPIRATION:
        amount = cards.rules[Rule.CHAIR_CONSOLATION_INSPIRATION] * factor
        gain_inspiration_nb(g, s, w, p, amount, Why.ORCHESTRA)
    else:
        amount = cards.rules[Rule.CHAIR_CONSOLATION_MONEY] * factor
        gain_money_nb(g, s, w, p, amount, Why.ORCHESTRA)


@kernel
def place_token_nb(cards, g, s, w, p, spot, kind, factor):
    """Seat p puts a token of `kind` on `spot` and takes the chair and its bonus, or consolation.

    factor: 1, or 2 when the finishing 6+ bonus doubles the orchestra bonus.
    Returns the outcome code.
    """
    g.tokens[spot, p, kind] += 1
    s[p].tokens_placed[kind] += 1
    outcome = chair_outcome_nb(cards, g, p, spot, kind)
    log_nb(g, w, p, Ev.TOKEN, spot, kind, outcome, g.chair_seat[spot], g.chair_kind[spot])
    if outcome == CONSOLED:
        s[p].n_consoled += 1
        console_nb(cards, g, s, w, p, factor)
        return outcome
    s[p].chairs_claimed += 1
    g.chair_seat[spot] = p
    g.chair_kind[spot] = kind
    bonus = cards.spot_bonus[spot]
    for _ in range(factor):
        gain_bundle_nb(cards, g, s, w, p, bonus, Source.FIRST_CHAIRS, Why.ORCHESTRA)
    return outcome


@kernel
def choose_spot_nb(cards, g, s, w, p, kind, key):
    """Seat p picks the spot for a token of `kind` (ruling 11); -1 if none exists."""
    spots = stack_empty(MAX_SPOTS, np.int64)
    n = 0
    for i in range(token_spots_nb(cards, kind, key, spots)):
        n = set_opt_nb(w.opts, n, Opt.TOKEN_SPOT, spots[i], kind)
    if n == 0:
        return -1
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    return w.opts[k, 1]


@kernel
def place_own_token_nb(cards, g, s, w, p, kind, key, factor):
    """Seat p places a token of `kind` from its supply where it chooses (rulings 11, 25).

    Ruling 25: with none of that kind left the card still scores, but no token
    is placed: no first chair, no orchestra bonus, no consolation. Returns the
    spot, or -1 when no token was placed.
    """
    if tokens_left_nb(cards, s, p, kind) <= 0:
        log_nb(g, w, p, Ev.NO_TOKEN, kind)
        return -1
    spot = choose_spot_nb(cards, g, s, w, p, kind, key)
    if spot >= 0:
        place_token_nb(cards, g, s, w, p, spot, kind, factor)
    return spot
