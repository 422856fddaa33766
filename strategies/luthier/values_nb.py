"""What things are worth, in prestige-equivalent points, for the heuristic strategies.

Every estimate reads the parameter vector `prm` (see params.py for the names), so
archetypes and tuning change the weights without recompiling anything.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.state.enums import CardRow, Res, Rule, Track
from simcore.games.luthier.state.state_nb import search_key_nb, tier_cost_nb
from simcore.games.luthier.state.track_steps import (
    PERF_ONE_BLACK,
    PERF_TWO_BLACK,
    REP_INSTRUMENT_BONUS,
    TRACK_FINAL,
)
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty
from strategies.luthier.params import (
    APPRENTICE,
    INSPIRATION,
    INSTRUMENTS,
    MONEY,
    PATIENCE,
    PATRONS,
    PERFORMANCES,
    REPAIRS,
    TRACK_PERFORMANCE,
)

GOAL_EASE = 0.8  # a goal whose metric is not a count of finished instruments: harder to plan
DICE_SUMS = 32  # sums of two dice's notes tabled by performance_value_nb
NO_PRICES = (0.0, 0.0, 0.0)  # material values where none are read (row_card_value_nb)
NO_MATCHES = (0.0, 0.0, 0.0)  # row_matches_nb of the patron row


@kernel
def rounds_left_nb(cards, g):
    """Rounds still to play, this one included (6 during setup)."""
    rounds = cards.rules[Rule.ROUNDS]
    if g.round_no < 1:
        return rounds
    return max(rounds - g.round_no + 1, 1)


@kernel
def one_material_need_nb(cards, s, p, m):
    """Material m the seat's benches still need beyond what it holds (>= 0)."""
    need = -s[p].materials[m]
    for k in range(2):
        c = s[p].rough_bench[k]
        if c >= 0:
            need += cards.inst_rough[c, m] + cards.inst_finish[c, m]
        c = s[p].finish_bench[k]
        if c >= 0:
            need += cards.inst_finish[c, m]
    return max(need, 0)


@kernel
def material_value_nb(prm, cards, g, s, p, m):
    """A material: its price in money, more when the benches need it."""
    price = cards.market_price[g.market_card, m] if g.market_card >= 0 else 3
    factor = 1.3 if one_material_need_nb(cards, s, p, m) > 0 else 0.6
    return price * prm[MONEY] * factor


@kernel
def material_values_nb(prm, cards, g, s, p):
    """material_value_nb of the three materials, as a tuple (what a caller valuing several
    bundles finds once)."""
    return (
        material_value_nb(prm, cards, g, s, p, 0),
        material_value_nb(prm, cards, g, s, p, 1),
        material_value_nb(prm, cards, g, s, p, 2),
    )


@kernel
def bundle_value_nb(prm, cards, g, s, p, bundle):
    """A resource bundle (gift, bonus, alternate action)."""
    return priced_bundle_value_nb(prm, cards, g, bundle, material_values_nb(prm, cards, g, s, p))


@kernel
def priced_bundle_value_nb(prm, cards, g, bundle, mv):
    """bundle_value_nb, given mv = material_values_nb."""
    v = bundle[Res.MONEY] * prm[MONEY] + bundle[Res.INSPIRATION] * prm[INSPIRATION]
    best = 0.0
    for m in range(3):
        v += bundle[Res.ANIMAL + m] * mv[m]
        best = max(best, mv[m])
    v += bundle[Res.ANY_MATERIAL] * best
    if rounds_left_nb(cards, g) > 1:
        v += bundle[Res.APPRENTICE] * prm[APPRENTICE]
    return v + bundle[Res.PRESTIGE]


@kernel
def cost_value_nb(prm, cards, g, s, p, cost):
    """The money value of a material cost (rough, finish, repair)."""
    v = 0.0
    for m in range(3):
        price = cards.market_price[g.market_card, m] if g.market_card >= 0 else 3
        v += cost[m] * price * prm[MONEY]
    return v


@kernel
def wanted_keys_nb(cards, s, p, slot, by_era, primary):
    """Bitmask of the families (by_era: eras) whose card would meet an unmet requirement
    of the patron in `slot` (primary: an instrument, which may meet its primary
    requirement too); 0 for an empty slot."""
    c = s[p].patrons[slot]
    if c < 0:
        return 0
    wanted = 0
    if primary and s[p].patron_met[slot, 0] == 0 and cards.patron_primary[c] >= 0:
        wanted |= 1 << cards.patron_primary[c]
    for k in range(cards.patron_n_secondary[c]):
        key = cards.patron_secondary[c, k, 1 if by_era else 0]
        if s[p].patron_met[slot, k + 1] == 0 and key >= 0:
            wanted |= 1 << key
    return wanted


@kernel
def patron_match_nb(cards, s, p, key, by_era, primary):
    """Best completion share a card would bring to an active patron's unmet requirement:
    an instrument of family `key` (primary=True), a repair of family `key`, a
    performance of era `key` (by_era=True): prestige per requirement, and how urgent."""
    best = 0.0
    for slot in range(3):
        if (wanted_keys_nb(cards, s, p, slot, by_era, primary) >> key) & 1 == 1:
            # a patron's share is the same whichever of its requirements matches
            best = max(best, patron_share_nb(cards, s, p, slot))
    return best


@kernel
def match_key_nb(cards, row, c):
    """What card c of a row meets patron requirements by, 0-2 (card_match_nb): an
    instrument's or a repair's family, a performance's era (0 for a patron): the key its
    card back shows (state_nb.search_key_nb), which for a patron is its type instead."""
    if row == CardRow.PATRONS:
        return 0
    return search_key_nb(cards, row, c)


@kernel
def card_match_nb(cards, s, p, row, c):
    """patron_match_nb of card c of a row (0 for a patron)."""
    if row == CardRow.PATRONS:
        return 0.0
    key = match_key_nb(cards, row, c)
    return patron_match_nb(
        cards, s, p, key, row == CardRow.PERFORMANCES, row == CardRow.INSTRUMENTS
    )


@kernel
def row_matches_nb(cards, s, p, row):
    """card_match_nb of a row's cards for each match_key_nb 0-2, as a tuple: the patrons
    looked at once for the whole row."""
    m0 = m1 = m2 = 0.0
    if row == CardRow.PATRONS:
        return NO_MATCHES
    by_era = row == CardRow.PERFORMANCES
    primary = row == CardRow.INSTRUMENTS
    for slot in range(3):
        wanted = wanted_keys_nb(cards, s, p, slot, by_era, primary)
        if wanted != 0:
            share = patron_share_nb(cards, s, p, slot)
            if wanted & 1 == 1:
                m0 = max(m0, share)
            if (wanted >> 1) & 1 == 1:
                m1 = max(m1, share)
            if (wanted >> 2) & 1 == 1:
                m2 = max(m2, share)
    return (m0, m1, m2)


@kernel
def patron_share_nb(cards, s, p, slot):
    """What meeting one requirement of the patron in `slot` is worth (patron_match_nb)."""
    c = s[p].patrons[slot]
    reqs = 1 + cards.patron_n_secondary[c]
    unmet = 0
    for k in range(reqs):
        if s[p].patron_met[slot, k] == 0:
            unmet += 1
    share = (cards.patron_prestige[c] + 2.0) / reqs + s[p].patience[slot] * 1.5
    if s[p].patience[slot] >= 2:  # leaves at the next start of round unless met now
        share += cards.rules[Rule.LEAVE_PENALTY] * unmet
    return share


@kernel
def instrument_parts_nb(prm, cards, g, s, p, c, match):
    """What instrument type c is worth in two parts: `half`, banked by roughing it (an
    instrument left on the finishing bench scores half its prestige, rounded up), and
    `rest`, added by finishing it (the other half, the reputation bonus, its first chair,
    a patron it satisfies: match = card_match_nb)."""
    prestige = cards.inst_prestige[c]
    half = (prestige + 1) // 2
    rest = prestige - half + 0.0
    if s[p].tracks[Track.REPUTATION] >= REP_INSTRUMENT_BONUS:
        rest += 2
    chair = 0.0
    for k in range(cards.inst_n_spots[c]):
        spot = cards.inst_spots[c, k]
        if g.chair_seat[spot] < 0 or g.chair_kind[spot] != 0 or cards.spot_rare[spot] == 1:
            chair = max(chair, 2.0 + 0.15 * cards.spot_bonus[spot].sum())
    rest_v = (rest + chair) * prm[INSTRUMENTS]
    rest_v += match * prm[PATRONS]
    return half * prm[INSTRUMENTS], rest_v


@kernel
def finish_chance_nb(cards, g):
    """Chance that an instrument roughed now is also finished: sure with a round to
    spare, less in the last round (a second bench worker must follow)."""
    return 1.0 if rounds_left_nb(cards, g) >= 2 else 0.6


@kernel
def instrument_value_nb(prm, cards, g, s, p, c, stage):
    """An instrument type: stage 0 (a plan to rough) is worth the half that roughing
    banks and, by the chance of finishing it, the rest; stage 1 (roughed, to finish)
    the rest; less the materials still to pay."""
    match = card_match_nb(cards, s, p, CardRow.INSTRUMENTS, c)
    return matched_instrument_value_nb(prm, cards, g, s, p, c, stage, match)


@kernel
def matched_instrument_value_nb(prm, cards, g, s, p, c, stage, match):
    """instrument_value_nb, given match = card_match_nb of the instrument."""
    half, rest = instrument_parts_nb(prm, cards, g, s, p, c, match)
    finish = rest - cost_value_nb(prm, cards, g, s, p, cards.inst_finish[c])
    if stage == 1:
        return finish
    rough = half - cost_value_nb(prm, cards, g, s, p, cards.inst_rough[c])
    return rough + finish_chance_nb(cards, g) * finish


@kernel
def short_penalty_nb(cards, g, s, p, cost):
    """Prestige-equivalent penalty for the materials of `cost` the seat lacks: small while
    the market can still sell them this round and the seat can pay, else the action
    fails (the worker takes 2 money instead)."""
    short = 0
    price = 0
    for m in range(3):
        lack = max(cost[m] - s[p].materials[m], 0)
        short += lack
        if lack > 0:
            price += lack * (cards.market_price[g.market_card, m] if g.market_card >= 0 else 3)
    if short == 0:
        return 0.0
    if s[p].market_done == 0 and s[p].money + s[p].inspiration >= price:
        return 0.3 * short
    return 1e3


@kernel
def performance_value_nb(prm, cards, g, s, p, c, base, match):
    """Expected payout of performing card c with skill + bonuses `base`, before rerolls;
    inspiration may close a gap of up to what the seat holds (match = card_match_nb)."""
    track = s[p].tracks[Track.PERFORMANCE]
    black0 = track >= PERF_ONE_BLACK
    black1 = track >= PERF_TWO_BLACK
    die0 = cards.die_black if black0 else cards.die_white  # the notes of each die's faces
    die1 = cards.die_black if black1 else cards.die_white
    # Two dice show few distinct sums: each sum's term is computed once (every sum
    # between the lowest and the highest, without a branch per face), then the terms
    # are added in face order, so the result is the same float as valuing all 36 pairs.
    lo0, hi0 = face_range_nb(die0)
    lo1, hi1 = face_range_nb(die1)
    lo = lo0 + lo1
    span = hi0 + hi1 - lo + 1
    terms = stack_empty(DICE_SUMS, np.float64)
    tabled = span <= DICE_SUMS
    if tabled:
        for k in range(span):
            terms[k] = performance_term_nb(prm, cards, s, p, c, lo + k + base, match)
    v = 0.0
    for face in range(36):  # every pair of faces, equally likely
        dice = die0[face // 6] + die1[face % 6]
        if tabled:
            v += terms[dice - lo]
        else:
            v += performance_term_nb(prm, cards, s, p, c, dice + base, match)
    return v / 36.0


@kernel
def face_range_nb(die):
    """The lowest and the highest face of a die (a loop: numba's min() and max() of a
    record's array field call its run-time reshape helper)."""
    lo = die[0]
    hi = die[0]
    for f in range(1, die.shape[0]):
        lo = min(lo, die[f])
        hi = max(hi, die[f])
    return lo, hi


@kernel
def performance_term_nb(prm, cards, s, p, c, total, match):
    """performance_value_nb's payout when the dice and bonuses make `total` (match =
    the patron share its era brings)."""
    insp = s[p].inspiration
    level = 0
    spend = 0
    for lv in range(2):
        need = cards.perf_threshold[c, lv] - total
        if need <= 0:
            level = lv + 1
            spend = 0
        elif need <= insp and need * prm[INSPIRATION] < 2.5:
            level = lv + 1
            spend = need
    pay = cards.perf_money[c, level] * prm[MONEY] + cards.perf_prestige[c, level]
    if level >= 1:
        pay += 1.5 + match * prm[PATRONS]
    return pay * prm[PERFORMANCES] - spend * prm[INSPIRATION]


@kernel
def repair_value_nb(prm, cards, g, s, p, c, match):
    """A repair: prestige, a likely chair in its family, a patron it would satisfy
    (match = card_match_nb), less its materials."""
    v = (cards.repair_prestige[c] + 1.5) * prm[REPAIRS]
    v += match * prm[PATRONS]
    return v - cost_value_nb(prm, cards, g, s, p, cards.repair_cost[c])


@kernel
def patron_value_nb(prm, cards, g, s, p, c, mv):
    """A patron to take: completion prestige if it can be completed in time, gifts,
    less the risk of it leaving (3 per unmet requirement); mv = material_values_nb."""
    reqs = 1 + cards.patron_n_secondary[c]
    left = rounds_left_nb(cards, g)
    chance = min(1.0, (left - 0.5) / (reqs + 1.0))
    gifts = 0.0
    for k in range(2):
        gifts += priced_bundle_value_nb(prm, cards, g, cards.patron_gifts[c, k], mv)
    risk = (1.0 - chance) * cards.rules[Rule.LEAVE_PENALTY] * reqs * prm[PATIENCE]
    v = chance * (cards.patron_prestige[c] + 2.0) * prm[PATRONS] + 0.5 * gifts - risk
    return v


@kernel
def track_step_value_nb(prm, cards, s, p, t):
    """One step along track t, weighted by the archetype's interest in it."""
    if s[p].tracks[t] >= TRACK_FINAL[t]:
        return 2.0
    weight = prm[TRACK_PERFORMANCE + t]
    return 2.5 * weight + (2.0 if s[p].tracks[t] == TRACK_FINAL[t] - 1 else 0.0)


@kernel
def row_top3_nb(prm, cards, g, s, p, row, best):
    """The three best values (descending, -1e9 if fewer) of a row's face-up cards the
    seat can pay the tier cost for, into best[0:3]."""
    best[:] = -1e9
    mv = material_values_nb(prm, cards, g, s, p) if row == 0 else NO_PRICES
    matches = row_matches_nb(cards, s, p, row)
    for tier in range(3):
        cost = tier_cost_nb(cards, s, p, tier)
        if cost > s[p].money + s[p].inspiration:
            continue
        for k in range(g.rows.shape[2]):
            c = g.rows[row, tier, k]
            if c < 0:
                continue
            match = matches[match_key_nb(cards, row, c)]
            v = row_card_value_nb(prm, cards, g, s, p, row, c, mv, match) - cost * prm[MONEY]
            for j in range(3):  # keep the 3 best, sorted
                if v > best[j]:
                    for i in range(2, j, -1):
                        best[i] = best[i - 1]
                    best[j] = v
                    break


@kernel
def plan_factor_nb(cards, g, s, p):
    """Share of an instrument's worth a new plan brings: plans already waiting (in hand or
    on the roughing bench) and the rounds left bound how many more can be built."""
    waiting = s[p].hand_n
    for k in range(2):
        if s[p].rough_bench[k] >= 0:
            waiting += 1
    left = rounds_left_nb(cards, g)
    if left <= 1:
        return 0.1
    room = 2 * (left - 1) - waiting  # about two instruments a round from the next one on
    if room <= 0:
        return 0.1
    return 0.8 if room >= 3 else 0.25 * room + 0.05


@kernel
def row_card_value_nb(prm, cards, g, s, p, row, c, mv, match):
    """Card c of a row, to take (mv = material_values_nb, read for the patron row only:
    NO_PRICES will do for the others; match = card_match_nb, read for the others)."""
    if row == 0:
        return patron_value_nb(prm, cards, g, s, p, c, mv)
    if row == 1:
        v = matched_instrument_value_nb(prm, cards, g, s, p, c, 0, match)
        return v * plan_factor_nb(cards, g, s, p)
    if row == 2:
        return performance_value_nb(prm, cards, g, s, p, c, 3, match)
    return repair_value_nb(prm, cards, g, s, p, c, match)
