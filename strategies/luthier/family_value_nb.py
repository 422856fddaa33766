"""What a family tile is worth to the seat choosing which of its two to keep (setup).

A tile gives starting resources and a one-time ability (ruling 14). Both count: the
resources by their market value, the ability by what it would fetch now, read from
what the seat can see at setup (the face-up tier I rows, its own dealt goals).
"""

from __future__ import annotations

from simcore.games.luthier.state.enums import CardRow, FamilyAbility
from simcore.kernels.jit import kernel
from strategies.luthier.params import AWARDS
from strategies.luthier.values_nb import (
    GOAL_EASE,
    NO_PRICES,
    bundle_value_nb,
    card_match_nb,
    material_value_nb,
    material_values_nb,
    row_card_value_nb,
    track_step_value_nb,
)


@kernel
def best_tier_one_nb(prm, cards, g, s, p, row):
    """The best face-up tier I card of a row, taken for free (0 if the row is empty)."""
    best = 0.0
    mv = material_values_nb(prm, cards, g, s, p) if row == CardRow.PATRONS else NO_PRICES
    for k in range(g.rows.shape[2]):
        c = g.rows[row, 0, k]
        if c >= 0:
            match = card_match_nb(cards, s, p, row, c)
            best = max(best, row_card_value_nb(prm, cards, g, s, p, row, c, mv, match))
    return best


@kernel
def third_goal_nb(prm, cards, s, p):
    """A third kept goal: the third best of the seat's four dealt goals (level 2), with
    the goal choice's discount for the harder goals whatever its metric."""
    a = b = c = 0.0
    for i in range(4):
        d = s[p].goals_dealt[i]
        if d < 0:
            continue
        v = float(cards.goal_prestige[d, 1])
        if v > a:
            a, b, c = v, a, b
        elif v > b:
            b, c = v, b
        elif v > c:
            c = v
    return c * GOAL_EASE * prm[AWARDS]


@kernel
def ability_value_nb(prm, cards, g, s, p, f):
    """What tile f's starting ability would bring seat p now."""
    ability = cards.family_ability[f]
    if ability == FamilyAbility.TRACK_STEP:
        return track_step_value_nb(prm, cards, s, p, cards.family_ability_track[f])
    if ability == FamilyAbility.TAKE_INSTRUMENT:
        return best_tier_one_nb(prm, cards, g, s, p, CardRow.INSTRUMENTS)
    if ability == FamilyAbility.TAKE_PATRON:
        return best_tier_one_nb(prm, cards, g, s, p, CardRow.PATRONS)
    if ability == FamilyAbility.GAIN_CHOICE:
        best = 0.0
        for m in range(3):
            best = max(best, material_value_nb(prm, cards, g, s, p, m))
        return cards.family_ability_amount[f] * best
    if ability == FamilyAbility.EXTRA_GOAL:
        return third_goal_nb(prm, cards, s, p)
    return 0.0


@kernel
def family_keep_value_nb(prm, cards, g, s, p, f):
    """Keeping tile f: its starting resources, its ability and a little for going early."""
    return (
        bundle_value_nb(prm, cards, g, s, p, cards.family_start[f])
        + ability_value_nb(prm, cards, g, s, p, f)
        + 0.1 * (8 - cards.family_turn_order[f])
    )
