"""The patrons' keep conditions (rulebook: "If you have a Patron, check that you have
satisfied the condition for keeping your Patron; if not, discard it"; spec 1.2.6 K1-K3):
what a turn records for them, the check at the end of the holder's own turn, and where a
lost patron goes.

- K1 `no_negative` (Alfonso the Wise, Philip the Good): no negative action against
  another player (the actions: ruling EW-20), since the holder's last check.
- K2 `publish_each_turn` (Elizabeth Nevell): at least `pieces` published this own turn.
- K3 `hand_limit` (Amadeus VIII, William V): at most `limit` effect cards at the end of
  the turn, the vocation included (ruling EW-19); the player chooses at the discard step.
"""

from __future__ import annotations

from simcore.games.ewmh.codes import Effect, Keep, PatronInArray, Rule
from simcore.games.ewmh.rules.held_nb import n_held_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.patrons_nb import hand_limit_nb
from simcore.games.ewmh.state.codes import Ev
from simcore.games.ewmh.state.dtypes import MAX_ARRAY, Loc
from simcore.kernels.jit import kernel

NO_KEEP_LIMIT = 127  # keep_limit_nb: no hand_limit patron is checked


@kernel
def is_patron_nb(cards, c):
    """Whether effect card c is a patron (it carries a keep condition)."""
    return cards.design_keep[cards.card_design[c]] != Keep.NONE


@kernel
def turn_start_keep_nb(cards, g, s, w, p):
    """Seat p's turn begins: note the cards it holds (a patron gained later this turn is
    first checked at the end of its next turn, ruling EW-20 `patron_grace`) and the pieces
    it has published (K2); patrons p lost to the array one round ago go to the discard
    pile (ruling EW-7, `patron_in_array = one_round`)."""
    for c in range(g.n_cards):
        g.card_start[c] = 1 if g.card_loc[c] == p else 0
    g.pieces_start = s[p].produced + s[p].produced_free
    for i in range(MAX_ARRAY):
        if g.array_lost_by[i] != p + 1:
            continue
        g.array_lost_by[i] = 0
        c = g.array[i]
        if c >= 0:
            g.array[i] = -1
            g.card_loc[c] = Loc.DISCARD
            g.discard[g.discard_n] = c
            g.discard_n += 1
            log_nb(g, w, p, Ev.EXPIRE, c, i, 0, 0)


@kernel
def checked_nb(cards, g, p, c):
    """Whether card c is a patron of seat p's checked at the end of p's current turn:
    every one it holds with patron_grace off; with it on (the default), only one it held
    when the turn began (ruling EW-20)."""
    if g.card_loc[c] != p or not is_patron_nb(cards, c):
        return False
    return cards.rules[Rule.PATRON_GRACE] == 0 or g.card_start[c] == 1


@kernel
def keep_limit_nb(cards, g, p):
    """The lowest hand limit a checked hand_limit patron of seat p asks (Amadeus VIII,
    William V: "maintain a hand limit of 6 cards", ruling EW-19); NO_KEEP_LIMIT if none."""
    limit = NO_KEEP_LIMIT
    for c in range(g.n_cards):
        d = cards.card_design[c]
        if cards.design_keep[d] == Keep.HAND_LIMIT and checked_nb(cards, g, p, c):
            limit = min(limit, int(cards.design_keep_params[d, 0]))
    return limit


@kernel
def hand_step_nb(cards, g, s, p):
    """Whether the hand-limit step asks seat p to discard: above its hand limit (7,
    Alfonso +2), or above a checked hand_limit patron's 6, where it may choose to go down
    to 6 or stay and lose the patron (ruling EW-19)."""
    held = n_held_nb(g, p) + 1
    return held > hand_limit_nb(cards, g, s, p) or held > keep_limit_nb(cards, g, p)


@kernel
def may_stop_discarding_nb(cards, g, s, p):
    """STOP at the hand-limit step: once within the hand limit, stopping above a
    hand_limit patron's 6 keeps the cards and loses the patron at the check (EW-19)."""
    return n_held_nb(g, p) + 1 <= hand_limit_nb(cards, g, s, p)


@kernel
def negative_target_nb(effect, p, b, c):
    """The other seat an effect of seat p's acts against as a "negative action" (ruling
    EW-20), or -1: Plagiarize (card or vocation), Lost to History, Royal Annex on another
    player, Noble Sacrifice, Cost of Living, Beatriz's push, House Medici, moving another
    pawn backwards. Not negative: Peasants' Revolt, moving another pawn forward,
    Concertante. Targets b, c as in the effect's option row (rules/effects_nb.py). The
    reactions (Council of Trent, Absolution, Nevell's steal) mark their own (phase c)."""
    if b < 0 or b == p:
        return -1
    if (
        effect == Effect.STEAL_COMPOSITION
        or effect == Effect.REMOVE_PUBLISHED
        or effect == Effect.ANNEX
        or effect == Effect.NOBLE_SACRIFICE
        or effect == Effect.FORCE_FLIP
        or effect == Effect.SAME_TILE_PUSH
        or effect == Effect.BORROW_UNITS
    ):
        return b
    if effect == Effect.MOVE_PAWN and c < 0:
        return b
    return -1


@kernel
def mark_negative_nb(g, s, w, p, q):
    """Seat p has taken a negative action against seat q (ruling EW-20): its K1 patrons
    fail at its next check."""
    s[p].negative = 1
    log_nb(g, w, p, Ev.NEGATIVE, q, 0, 0, 0)


@kernel
def keep_ok_nb(cards, g, s, p, c, held):
    """Whether seat p meets patron c's keep condition this turn, `held` its effect cards
    at the check, the vocation included (K1-K3; rulings EW-19, EW-20)."""
    d = cards.card_design[c]
    keep = cards.design_keep[d]
    if keep == Keep.NO_NEGATIVE:
        return s[p].negative == 0
    if keep == Keep.PUBLISH_EACH_TURN:
        pieces = s[p].produced + s[p].produced_free - g.pieces_start
        return pieces >= cards.design_keep_params[d, 0]
    if keep == Keep.HAND_LIMIT:
        return held <= cards.design_keep_params[d, 0]
    return True


@kernel
def lose_patron_nb(cards, g, s, w, p, c):
    """Seat p loses patron c: it "becomes publicly available before going to the discard
    pile" (rulebook), an extra array slot after the regular ones until someone takes it,
    or for one round (ruling EW-7, switch patron_in_array); with no slot free, the
    discard pile. Not a discard for Amadeus VIII (it goes to the array)."""
    size = min(int(cards.rules[Rule.ARRAY_SIZE]), MAX_ARRAY)
    slot = -1
    for i in range(size, MAX_ARRAY):
        if g.array[i] < 0:
            slot = i
            break
    g.card_flipped[c] = 0
    s[p].patrons_lost += 1
    if slot < 0:
        g.card_loc[c] = Loc.DISCARD
        g.discard[g.discard_n] = c
        g.discard_n += 1
    else:
        g.array[slot] = c
        g.card_loc[c] = Loc.ARRAY
        one_round = cards.rules[Rule.PATRON_IN_ARRAY] == PatronInArray.ONE_ROUND
        g.array_lost_by[slot] = p + 1 if one_round else 0
    log_nb(g, w, p, Ev.PATRON_LOST, c, slot, 0, 0)


@kernel
def keep_check_nb(cards, g, s, w, p):
    """The patron check at the end of seat p's own turn, after the hand limit and William
    V (spec 1.2.2 step 7; ruling EW-20): every checked patron is kept or lost, all judged
    on the hand as it is before any is lost; then p's record of negative actions starts
    afresh."""
    held = n_held_nb(g, p) + 1
    for c in range(g.n_cards):
        if not checked_nb(cards, g, p, c):
            continue
        ok = keep_ok_nb(cards, g, s, p, c, held)
        log_nb(g, w, p, Ev.KEEP, c, 1 if ok else 0, cards.design_keep[cards.card_design[c]], 0)
        if not ok:
            lose_patron_nb(cards, g, s, w, p, c)
    s[p].negative = 0
