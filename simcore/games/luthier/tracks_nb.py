"""The performance, craft and reputation tracks (ruling 7).

Positions count from the start space 0. Ongoing effects are read where they
apply (dice, benches, tier access); this module applies the immediate ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcore.games.luthier.codes import Ev, Opt, Why
from simcore.games.luthier.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.enums import CardRow, Rule, Source, SpecialtyDeck, Track
from simcore.games.luthier.log_nb import log_nb
from simcore.games.luthier.resources_nb import add_prestige_nb, gain_apprentices_nb
from simcore.games.luthier.rows_nb import add_to_hand_nb, deck_to_bottom_nb, draw_nb

# Performance track: 1 reroll 1 die; 2 one white die becomes black; 3 specialty worker;
# 4 reroll a second die; 5 both dice black; 6 final.
PERF_REROLL_1 = 1
PERF_ONE_BLACK = 2
PERF_SPECIALTY = 3
PERF_REROLL_2 = 4
PERF_TWO_BLACK = 5
# Craft track: 1 rough two with one worker; 2 +1 bench skill; 3 specialty worker;
# 4 finish two with one worker; 5 +2 bench skill in total; 6 final.
CRAFT_ROUGH_2X = 1
CRAFT_SKILL_1 = 2
CRAFT_SPECIALTY = 3
CRAFT_FINISH_2X = 4
CRAFT_SKILL_2 = 5
# Reputation track: 1 apprentice; 2 draw 3 instruments keep 1; 3 tier II free;
# 4 specialty worker; 5 +2 prestige per finished instrument; 6 tier III free;
# 7 claim an achieved award (again at each later advance); 8 final.
REP_APPRENTICE = 1
REP_DRAW_KEEP = 2
REP_TIER2 = 3
REP_SPECIALTY = 4
REP_INSTRUMENT_BONUS = 5
REP_TIER3 = 6
REP_AWARD = 7

TRACK_FINAL = np.array([6, 6, 8], np.int64)  # final position per Track


@njit(cache=True)
def track_final_nb(t):
    return TRACK_FINAL[t]


@njit(cache=True)
def draw_three_keep_one_nb(cards, g, s, w, p):
    """Reputation step 2: draw 3 instrument cards, keep 1, the rest go under the deck."""
    drawn = np.empty(3, np.int16)
    for i in range(3):
        drawn[i] = draw_nb(g, CardRow.INSTRUMENTS)
    n = 0
    for c in drawn:
        if c >= 0:
            n = set_opt_nb(w, n, Opt.KEEP_DRAWN, c)
    if n == 0:
        return
    k = decide_nb(cards, g, s, w, p, n)
    kept = w.opts[k, 1]
    skipped = False
    for c in drawn:
        if c < 0:
            continue
        if c == kept and not skipped:
            skipped = True
            add_to_hand_nb(g, s, p, c)
        else:
            deck_to_bottom_nb(g, CardRow.INSTRUMENTS, c)
    log_nb(g, w, p, Ev.DRAW_KEEP, kept)


@njit(cache=True)
def choose_specialty_nb(cards, g, s, w, p, deck):
    """Specialty step (ruling 13): choose a card from that track's specialty deck.

    A numbered chip is assigned to it at the end of the round
    (`assign_specialty_chips_nb`).
    """
    n_cards = g.specialty_deck_n[deck]
    if n_cards == 0 or s[p].specialty_n >= 3:
        return
    n = 0
    for j in range(n_cards):
        n = set_opt_nb(w, n, Opt.SPECIALTY_CARD, g.specialty_deck[deck, j], j)
    k = decide_nb(cards, g, s, w, p, n)
    c = w.opts[k, 1]
    j = w.opts[k, 2]
    for i in range(j, n_cards - 1):
        g.specialty_deck[deck, i] = g.specialty_deck[deck, i + 1]
    g.specialty_deck[deck, n_cards - 1] = -1
    g.specialty_deck_n[deck] = n_cards - 1
    s[p].specialty[s[p].specialty_n] = c
    s[p].specialty_n += 1
    s[p].specialty_pending += 1
    log_nb(g, w, p, Ev.SPECIALTY, c)


@njit(cache=True)
def assign_specialty_chips_nb(cards, g, s, w, p):
    """End of round (p.21): each specialty card gained this round takes a numbered chip for good."""
    while s[p].specialty_pending > 0:
        c = s[p].specialty[s[p].specialty_n - s[p].specialty_pending]
        n = 0
        for chip in range(5):
            if s[p].chip_owned[chip] == 1 and s[p].chip_specialty[chip] < 0:
                n = set_opt_nb(w, n, Opt.ASSIGN_CHIP, chip, c)
        s[p].specialty_pending -= 1
        if n == 0:
            continue
        k = decide_nb(cards, g, s, w, p, n)
        s[p].chip_specialty[w.opts[k, 1]] = c
        log_nb(g, w, p, Ev.ASSIGN_CHIP, w.opts[k, 1], c)


@njit(cache=True)
def advance_track_nb(cards, g, s, w, p, t):
    """Move seat p one step along Track t and apply the step's immediate effect.

    At the final step every further advance scores the final bonus again
    (ruling 7: "+2 prestige on reaching it and on every later advance").
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
    elif t == Track.REPUTATION:
        if pos == REP_APPRENTICE:
            gain_apprentices_nb(cards, g, s, w, p, 1, Why.TRACK)
        elif pos == REP_DRAW_KEEP:
            draw_three_keep_one_nb(cards, g, s, w, p)
        elif pos == REP_SPECIALTY:
            choose_specialty_nb(cards, g, s, w, p, SpecialtyDeck.REPUTATION)
    elif t == Track.PERFORMANCE and pos == PERF_SPECIALTY:
        choose_specialty_nb(cards, g, s, w, p, SpecialtyDeck.PERFORMANCE)
    elif t == Track.CRAFT and pos == CRAFT_SPECIALTY:
        choose_specialty_nb(cards, g, s, w, p, SpecialtyDeck.CRAFT)


@njit(cache=True)
def can_train_nb(s, p, t):
    """Market training may not buy a track's final step (rulebook p.19)."""
    return s[p].tracks[t] < TRACK_FINAL[t] - 1
