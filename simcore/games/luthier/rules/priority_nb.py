"""Worker skill, priority order at a location (ruling 9) and the Balcony turn order."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.specialty_nb import ability_amount_nb, chip_specialty_nb
from simcore.games.luthier.state.dtypes import MAX_PLACEMENTS
from simcore.games.luthier.state.enums import Location, PatronPower, SpecialtyAbility
from simcore.games.luthier.state.track_steps import CRAFT_SKILL_1, CRAFT_SKILL_2
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty


@kernel
def bench_skill_bonus_nb(cards, s, p):
    """Ongoing skill on seat p's benches: craft track steps 2 and 5, Pachelbel (ruling 9)."""
    bonus = 0
    craft = s[p].tracks[1]
    if craft >= CRAFT_SKILL_2:
        bonus += 2
    elif craft >= CRAFT_SKILL_1:
        bonus += 1
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        if cards.patron_power[c] == PatronPower.BENCH_SKILL:
            bonus += cards.patron_power_amount[c]
    return bonus


@kernel
def chip_skill_nb(cards, s, p, loc, chip, appr):
    """Skill of seat p's chip `chip` with `appr` apprentices at `loc`: chip value +
    apprentices + ongoing modifiers there (bench skill; a specialty chip's SKILL ability
    at its card's location)."""
    skill = chip + 1 + appr
    if loc == Location.ROUGHING or loc == Location.FINISHING:
        skill += bench_skill_bonus_nb(cards, s, p)
    spec = chip_specialty_nb(cards, s, p, chip, loc)
    return skill + ability_amount_nb(cards, spec, SpecialtyAbility.SKILL)


@kernel
def skill_nb(cards, g, s, i):
    """Skill of placement i (chip_skill_nb of its chip at its location). It reads the
    chip's value: strategies see an opponent's face-down chip through view_nb instead."""
    return chip_skill_nb(cards, s, g.pl_seat[i], g.pl_loc[i], g.pl_chip[i], g.pl_appr[i])


@kernel
def priority_order_nb(cards, g, s, loc, owner, out):
    """Write the placements at `loc` into out (int array) in priority order; return the count.

    Ruling 9 / rulebook p.13: higher skill first; equal skill in placement order,
    earlier first; every chip acts separately. Bench locations (owner >= 0)
    hold only their owner's chips.
    """
    n = 0
    skills = stack_empty(MAX_PLACEMENTS, np.int64)  # skills[j]: skill of out[j], found once
    for i in range(g.pl_n):
        if g.pl_loc[i] != loc or g.pl_done[i] != 0:
            continue
        if owner >= 0 and g.pl_seat[i] != owner:
            continue
        # insertion keeps earlier placements ahead of later ones at equal skill
        sk = skill_nb(cards, g, s, i)
        j = n
        while j > 0 and skills[j - 1] < sk:
            out[j] = out[j - 1]
            skills[j] = skills[j - 1]
            j -= 1
        out[j] = i
        skills[j] = sk
        n += 1
    return n


@kernel
def balcony_turn_order_nb(g):
    """End of round (rulebook p.21): reorder g.turn_order by this round's Balcony priority.

    Seats that used the Balcony go first, in the priority order their first
    Balcony chip acted in; the others follow in their previous relative order.
    """
    n = g.n_players
    new = [-1] * 4
    k = 0
    for i in range(g.balcony_n):
        q = g.balcony[i]
        seen = False
        for j in range(k):
            if new[j] == q:
                seen = True
        if not seen:
            new[k] = q
            k += 1
    for pos in range(n):
        q = g.turn_order[pos]
        seen = False
        for j in range(k):
            if new[j] == q:
                seen = True
        if not seen:
            new[k] = q
            k += 1
    for pos in range(n):
        g.turn_order[pos] = new[pos]
