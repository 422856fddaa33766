"""The Perform main action (rulebook pp.18-19, rulings 3-5)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.access_nb import row_options_nb
from simcore.games.luthier.actions.instruments_nb import (
    mark_powers_nb,
    power_total_nb,
    search_options_nb,
)
from simcore.games.luthier.actions.specialty_nb import ability_amount_nb
from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.dice_nb import (
    dice_colors_nb,
    n_rerolls_nb,
    roll_die_nb,
    roll_purple_nb,
)
from simcore.games.luthier.rules.orchestra_nb import PERFORMANCE_TOKEN, place_own_token_nb
from simcore.games.luthier.rules.requirements_nb import PERFORMANCE, offer_to_patrons_nb
from simcore.games.luthier.rules.resources_nb import add_prestige_nb, gain_bundle_nb, gain_money_nb
from simcore.games.luthier.rules.rows_nb import discard_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt, Why
from simcore.games.luthier.state.enums import CardRow, PatronPower, Source, SpecialtyAbility, Track
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

LOW = 0
MEDIUM = 1
HIGH = 2
PURPLE_MARKER = 4  # award-marker bit that covers the purple die


@kernel
def perform_options_nb(cards, g, s, opts, p, i, n, free_tier=False):
    """Perform main action: any face-up performance card, or a deck search by era."""
    row = CardRow.PERFORMANCES
    n = row_options_nb(cards, g, s, opts, p, n, row, free_tier)
    return search_options_nb(cards, g, s, opts, p, i, n, row, 3)


@kernel
def performance_level_nb(cards, c, total):
    """LOW, MEDIUM or HIGH for a performance total on card c (ruling 3)."""
    if total >= cards.perf_threshold[c, 1]:
        return HIGH
    if total >= cards.perf_threshold[c, 0]:
        return MEDIUM
    return LOW


@kernel
def inspiration_options_nb(cards, s, p, opts, c, total):
    """Spend nothing, or exactly what reaches medium or high (more would be wasted)."""
    n = set_opt_nb(opts, 0, Opt.SPEND_INSPIRATION, 0)
    for lv in range(2):
        need = cards.perf_threshold[c, lv] - total
        if 0 < need <= s[p].inspiration:
            n = set_opt_nb(opts, n, Opt.SPEND_INSPIRATION, need)
    return n


@kernel
def score_performance_nb(cards, g, s, w, p, c, total, spend):
    """Spend inspiration, then pay the level's money and prestige; medium or high places a token.

    Completed patrons add their "+2 VP to each performance" (rulebook p.33). With
    no performance token left the performance still scores, but places none (ruling 25).
    Returns the level.
    """
    s[p].inspiration -= spend
    total += spend
    level = performance_level_nb(cards, c, total)
    log_nb(g, w, p, Ev.PERFORM, c, total, level, spend)
    era = cards.perf_era[c]
    s[p].performances[era, level] += 1
    money = cards.perf_money[c, level]
    if money > 0:
        gain_money_nb(g, s, w, p, money, Why.PERFORMANCE)
    mark_powers_nb(cards, g, s, w, p, PatronPower.PERFORM_PRESTIGE)
    prestige = cards.perf_prestige[c, level] + power_total_nb(
        cards, s, p, PatronPower.PERFORM_PRESTIGE
    )
    if prestige > 0:
        add_prestige_nb(s, p, Source.PERFORMANCES, prestige)
        log_nb(g, w, p, Ev.SCORE, Source.PERFORMANCES, prestige)
    if level >= MEDIUM:
        card_event_nb(g, w, p, CardKind.PERFORMANCE, c, CardEvent.COMPLETED, level)
        place_own_token_nb(cards, g, s, w, p, PERFORMANCE_TOKEN, era, 1)
        offer_to_patrons_nb(cards, g, s, w, p, PERFORMANCE, -1, era)
    return level


@kernel
def perform_nb(cards, g, s, w, p, c, skill, spec=-1):
    """Roll, reroll, add skill and inspiration, score card c (ruling 5: rerolls first).

    Dice: two note dice whose colours follow the performance track, plus the
    purple resource die once its award marker is removed. Rerolls (track steps
    1 and 4) may take the same die twice.
    """
    colors = stack_empty(2, np.int8)
    dice_colors_nb(s[p].tracks[Track.PERFORMANCE], colors)
    notes = stack_empty(2, np.int64)
    for d in range(2):
        notes[d] = roll_die_nb(cards, g, colors[d])
    log_nb(g, w, p, Ev.ROLL, notes[0], notes[1], colors[0], colors[1])
    base = skill + power_total_nb(cards, s, p, PatronPower.PERFORM_RESULT)
    base += ability_amount_nb(cards, spec, SpecialtyAbility.PERFORM_RESULT)
    g.perf_card = c
    g.perf_base = base
    for d in range(2):
        g.perf_notes[d] = notes[d]
        g.perf_colors[d] = colors[d]
    if (s[p].award_markers & PURPLE_MARKER) == 0:
        face = roll_purple_nb(g)
        log_nb(g, w, p, Ev.PURPLE, face)
        gain_bundle_nb(
            cards, g, s, w, p, cards.die_purple[face], Source.PERFORMANCES, Why.PERFORMANCE
        )
    rerolls = n_rerolls_nb(s[p].tracks[Track.PERFORMANCE])
    rerolls += ability_amount_nb(cards, spec, SpecialtyAbility.REROLL)
    if spec >= 0:
        g.ability_used[spec] = 1  # REROLL or PERFORM_RESULT (the only abilities at Perform)
    for _ in range(rerolls):
        n = set_opt_nb(w.opts, 0, Opt.DONE)
        for d in range(2):
            n = set_opt_nb(w.opts, n, Opt.REROLL, d)
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        if w.opts[k, 0] == Opt.DONE:
            break
        d = w.opts[k, 1]
        notes[d] = roll_die_nb(cards, g, colors[d])
        g.perf_notes[d] = notes[d]
        log_nb(g, w, p, Ev.REROLL, d, notes[d])
    total = notes[0] + notes[1] + base
    mark_powers_nb(cards, g, s, w, p, PatronPower.PERFORM_RESULT)
    n = inspiration_options_nb(cards, s, p, w.opts, c, total)
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    score_performance_nb(cards, g, s, w, p, c, total, w.opts[k, 1])
    g.perf_card = -1
    discard_nb(g, CardRow.PERFORMANCES, c)
