"""The performance, craft and reputation tracks (ruling 7).

Positions count from the start space 0. Ongoing effects are read where they
apply (dice, benches, tier access); this module applies the immediate ones.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.access_nb import pile_options_nb, take_from_pile_nb
from simcore.games.luthier.actions.keep_nb import keep_one_instrument_nb
from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_card_nb, decide_nb, set_opt_nb
from simcore.games.luthier.rules.awards_nb import offer_claim_nb
from simcore.games.luthier.rules.resources_nb import add_prestige_nb, gain_apprentices_nb
from simcore.games.luthier.rules.rows_nb import draw_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt, Why
from simcore.games.luthier.state.enums import CardRow, Rule, Source, SpecialtyDeck, Track
from simcore.games.luthier.state.track_steps import (
    CRAFT_SPECIALTY,
    PERF_SPECIALTY,
    REP_APPRENTICE,
    REP_AWARD,
    REP_DRAW_KEEP,
    REP_SPECIALTY,
    TRACK_FINAL,
)
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty


@kernel
def draw_three_keep_one_nb(cards, g, s, w, p):
    """Reputation step 2: draw 3 instrument cards, keep 1, the rest go under the deck."""
    drawn = stack_empty(3, np.int16)
    for i in range(3):
        drawn[i] = draw_nb(g, CardRow.INSTRUMENTS)
    kept = keep_one_instrument_nb(cards, g, s, w, p, drawn, Opt.KEEP_DRAWN)
    if kept < 0:
        return
    log_nb(g, w, p, Ev.DRAW_KEEP, kept)
    card_event_nb(g, w, p, CardKind.INSTRUMENT, kept, CardEvent.TAKEN, 0)


@kernel
def choose_specialty_nb(cards, g, s, w, p, deck):
    """Specialty step (ruling 13): choose a card from that track's specialty deck.

    A numbered chip is assigned to it at the end of the round
    (`assign_specialty_chips_nb`). The cards are offered by id, not in the deck's order
    (ruling 27, access_nb.pile_options_nb).
    """
    n_cards = g.specialty_deck_n[deck]
    if n_cards == 0 or s[p].specialty_n >= 3:
        return
    pile = g.specialty_deck[deck]
    n = pile_options_nb(w.opts, 0, Opt.SPECIALTY_CARD, pile, n_cards)
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    c = w.opts[k, 1]
    take_from_pile_nb(pile, n_cards, c)
    g.specialty_deck_n[deck] = n_cards - 1
    s[p].specialty[s[p].specialty_n] = c
    s[p].specialty_n += 1
    s[p].specialty_pending += 1
    log_nb(g, w, p, Ev.SPECIALTY, c)
    card_event_nb(g, w, p, CardKind.SPECIALTY, c, CardEvent.TAKEN, 0)


@kernel
def assign_specialty_chips_nb(cards, g, s, w, p):
    """End of round (p.21): each specialty card gained this round takes a numbered chip for good."""
    while s[p].specialty_pending > 0:
        c = s[p].specialty[s[p].specialty_n - s[p].specialty_pending]
        n = 0
        for chip in range(5):
            if s[p].chip_owned[chip] == 1 and s[p].chip_specialty[chip] < 0:
                n = set_opt_nb(w.opts, n, Opt.ASSIGN_CHIP, chip, c)
        s[p].specialty_pending -= 1
        if n == 0:
            continue
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        s[p].chip_specialty[w.opts[k, 1]] = c
        log_nb(g, w, p, Ev.ASSIGN_CHIP, w.opts[k, 1], c)


@kernel
def advance_track_nb(cards, g, s, w, p, t):
    """Move seat p one step along Track t and apply the step's immediate effect.

    At the final step every further advance scores the final bonus again
    (ruling 7: "+2 prestige on reaching it and on every later advance"); from
    reputation step 7 on, every advance offers an achieved award.
    """
    final = TRACK_FINAL[t]
    if s[p].tracks[t] < final:
        s[p].tracks[t] += 1
    pos = s[p].tracks[t]
    log_nb(g, w, p, Ev.TRACK, t, pos)
    if pos == final:
        bonus = cards.rules[Rule.TRACK_FINAL_PRESTIGE]
        add_prestige_nb(s, p, Source.TRACKS, bonus)
        log_nb(g, w, p, Ev.SCORE, Source.TRACKS, bonus)
    if t == Track.REPUTATION:
        if pos == REP_APPRENTICE:
            gain_apprentices_nb(cards, g, s, w, p, 1, Why.TRACK)
        elif pos == REP_DRAW_KEEP:
            draw_three_keep_one_nb(cards, g, s, w, p)
        elif pos == REP_SPECIALTY:
            choose_specialty_nb(cards, g, s, w, p, SpecialtyDeck.REPUTATION)
        if pos >= REP_AWARD:
            offer_claim_nb(cards, g, s, w, p)
    elif t == Track.PERFORMANCE and pos == PERF_SPECIALTY:
        choose_specialty_nb(cards, g, s, w, p, SpecialtyDeck.PERFORMANCE)
    elif t == Track.CRAFT and pos == CRAFT_SPECIALTY:
        choose_specialty_nb(cards, g, s, w, p, SpecialtyDeck.CRAFT)


@kernel
def can_train_nb(s, p, t):
    """Market training may not buy a track's final step (rulebook p.19)."""
    return s[p].tracks[t] < TRACK_FINAL[t] - 1
