"""The heuristic strategies: score every legal option by what it brings toward prestige,
take the best (near-ties broken by the `noise` drawn from the strategy stream, exact ties
by the documented keys of tie_keys_nb, never at random).

One scoring function serves every archetype; archetypes differ only in their
parameter vectors (params.py), so sweeps and tuning never recompile.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.rules.metrics_nb import N_METRICS, metrics_nb
from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.dtypes import MAX_OPTIONS, MAX_PLACEMENTS, PLAN_MEMO_W, Stream
from simcore.games.luthier.state.enums import Location, Metric, Rule, Track
from simcore.games.luthier.state.state_nb import (
    LEAVES,
    apprentice_cap_nb,
    apprentices_held_nb,
    tier_cost_nb,
)
from simcore.games.luthier.state.view_nb import (
    face_down_mask_nb,
    opponent_skill_nb,
    revealed_locations_nb,
    visible_skill_nb,
)
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import next_u64_nb
from simcore.kernels.stack_nb import stack_empty, stack_empty_2d
from strategies.luthier.family_value_nb import family_keep_value_nb
from strategies.luthier.params import (
    APPRENTICE,
    AWARDS,
    INSPIRATION,
    MONEY,
    NOISE,
    PATIENCE,
    PATRONS,
)
from strategies.luthier.tie_keys_nb import prefers_nb
from strategies.luthier.turn_values_nb import (
    market_value_nb,
    market_values_nb,
    materials_short_nb,
    turn_value_nb,
    turn_values_nb,
)
from strategies.luthier.values_nb import (
    GOAL_EASE,
    NO_MATCHES,
    NO_PRICES,
    instrument_value_nb,
    match_key_nb,
    material_value_nb,
    one_material_need_nb,
    patron_value_nb,
    priced_bundle_value_nb,
    rounds_left_nb,
    row_card_value_nb,
    row_matches_nb,
    row_top3_nb,
    short_penalty_nb,
    track_step_value_nb,
)
from strategies.ties_nb import candidate_floor_nb, ranked_value_nb

LOC_ROW = (0, 1, 2, 3)  # Salon, Guild, Perform, Repair -> CardRow

# A memo of the skill-independent parts of location values (NaN: not yet), for one
# decision or, kept by heuristic_choose_planned_nb, for a seat's whole planning phase:
MEMO_ROWS = 0  # memo[3 * row + k]: the row's k-th best card value (rows 0-3)
MEMO_BENCH = 12  # memo[12]: the roughing bench, memo[13]: the finishing bench
MEMO_AWARDS = 14  # the best award the Balcony could claim now
MEMO_URGENT = 15  # urgent_patience_nb
MEMO_MATERIAL = 16  # memo[16 + m]: material_value_nb of material m
MEMO_SKILLS = 19  # memo[19 + i]: skill of placement i as the seat sees it (visible_skill_nb)
MEMO_SKILLS_AT = MEMO_SKILLS + MAX_PLACEMENTS  # g.pl_n when those skills were estimated
MEMO_ALT = MEMO_SKILLS_AT + 1  # memo[MEMO_ALT + loc]: a row location's fallback (loc 0-3)
MEMO_BONUS = MEMO_ALT + 4  # memo[MEMO_BONUS + loc]: a location's skill bonus (loc 0-4)
MEMO_BENCH_NOW = MEMO_BONUS + Location.BALCONY + 1  # 2 more: memo_bench_nb, this decision
MEMO_SIZE = MEMO_BENCH_NOW + 2
N_LOCS = Location.FINISHING + 1
N_SKILLS = 16  # skills 0..15 in the tables of ahead_table_nb and location_values_nb
assert MEMO_SIZE <= PLAN_MEMO_W


@kernel
def memo_row_nb(prm, cards, g, s, p, row, skip, memo):
    """Value of the best face-up card of a row the seat can pay the tier cost for, `skip`
    best ones removed (chips ahead of ours take them first): each row's three best cards
    valued once per decision (row_top3_nb)."""
    base = MEMO_ROWS + 3 * row
    if np.isnan(memo[base]):
        row_top3_nb(prm, cards, g, s, p, row, memo[base : base + 3])
    return memo[base + min(skip, 2)]


@kernel
def memo_material_nb(prm, cards, g, s, p, m, memo):
    if np.isnan(memo[MEMO_MATERIAL + m]):
        memo[MEMO_MATERIAL + m] = material_value_nb(prm, cards, g, s, p, m)
    return memo[MEMO_MATERIAL + m]


@kernel
def memo_materials_nb(prm, cards, g, s, p, memo):
    """material_values_nb, each value memoized (memo_material_nb)."""
    return (
        memo_material_nb(prm, cards, g, s, p, 0, memo),
        memo_material_nb(prm, cards, g, s, p, 1, memo),
        memo_material_nb(prm, cards, g, s, p, 2, memo),
    )


@kernel
def memo_skill_nb(cards, g, s, p, i, memo):
    """visible_skill_nb, kept while no chip is placed (see refresh_skills_nb)."""
    if memo[MEMO_SKILLS_AT] != g.pl_n:
        refresh_skills_nb(g, memo)
    if np.isnan(memo[MEMO_SKILLS + i]):
        memo[MEMO_SKILLS + i] = visible_skill_nb(cards, g, s, p, i)
    return memo[MEMO_SKILLS + i]


@kernel
def refresh_skills_nb(g, memo):
    """Forget the memoized skills a placement since the memo's last look may change: a
    seat's placement changes what its face-down chips may be (and its own state), so
    the skills of the seats that placed since then; none other (no chip has acted
    during planning, and a fresh memo forgets all)."""
    at = memo[MEMO_SKILLS_AT]
    if np.isnan(at) or at > g.pl_n:
        memo[MEMO_SKILLS:MEMO_SKILLS_AT] = np.nan
    else:
        placed = 0
        for j in range(int(at), g.pl_n):
            placed |= 1 << g.pl_seat[j]
        for i in range(int(at)):
            if (placed >> g.pl_seat[i]) & 1 == 1:
                memo[MEMO_SKILLS + i] = np.nan
    memo[MEMO_SKILLS_AT] = g.pl_n


@kernel
def memo_bench_nb(prm, cards, g, s, p, finishing, memo):
    """bench_value_nb for the seat's next worker there (the first one memoized)."""
    loc = Location.FINISHING if finishing else Location.ROUGHING
    ahead = own_chips_at_nb(g, p, loc)
    if ahead > 0:
        return bench_value_nb(prm, cards, g, s, p, finishing, ahead)
    k = MEMO_BENCH + (1 if finishing else 0)
    if np.isnan(memo[k]):
        memo[k] = bench_value_nb(prm, cards, g, s, p, finishing, 0)
    return memo[k]


@kernel
def balcony_awards_nb(prm, cards, g, s, p):
    """Best worth of an award level the seat could claim at the Balcony now (-1e18: none)."""
    best = -1e18
    if s[p].award_markers == 0:
        return best
    values = stack_empty(N_METRICS, np.int64)
    metrics_nb(cards, g, s, p, values)
    for t in range(g.awards.shape[0]):
        tile = g.awards[t]
        if tile < 0:
            continue
        for lv in range(3):
            if g.award_claimed[t, lv] == -1 and (
                values[cards.award_metric[tile]] >= cards.award_threshold[tile, lv]
            ):
                best = max(best, (cards.award_prestige[tile, lv] + 2.0) * prm[AWARDS])
    return best


@kernel
def chips_ahead_nb(cards, g, s, p, loc, skill, memo):
    """Chips already at `loc` that will act before a chip of `skill` placed now (as far
    as seat p can see: an opponent's face-down chip counts at its expected skill)."""
    n = 0
    for i in range(g.pl_n):
        if g.pl_loc[i] == loc and g.pl_done[i] == 0:
            if loc >= Location.ROUGHING and g.pl_seat[i] != p:
                continue
            if memo_skill_nb(cards, g, s, p, i, memo) >= skill:
                n += 1
    return n


@kernel
def ahead_table_nb(cards, g, s, p, memo, table):
    """chips_ahead_nb for every location and integer skill 0..15 at once (one pass over
    the placements): table[loc, t] = chips at loc whose visible skill is >= t (a float
    skill v is >= the integer t exactly when floor(v) >= t). The skills not memoized
    are estimated as memo_skill_nb does, each opponent's view of its chips (which are
    revealed, which face down) found once."""
    if memo[MEMO_SKILLS_AT] != g.pl_n:
        refresh_skills_nb(g, memo)
    ups = stack_empty(4, np.int64)  # ups[q], masks[q]: seat q's view once seen is set
    masks = stack_empty(4, np.int64)
    seen = 0
    occupied = 0  # bit loc: some chip counted there
    table[:] = 0
    top = N_SKILLS - 1
    for i in range(g.pl_n):
        loc = g.pl_loc[i]
        q = g.pl_seat[i]
        if g.pl_done[i] != 0 or (loc >= Location.ROUGHING and q != p):
            continue
        if np.isnan(memo[MEMO_SKILLS + i]):
            if q == p:
                memo[MEMO_SKILLS + i] = visible_skill_nb(cards, g, s, p, i)
            else:
                if (seen >> q) & 1 == 0:
                    ups[q] = revealed_locations_nb(g, q)
                    masks[q] = face_down_mask_nb(g, s, q, ups[q])
                    seen |= 1 << q
                memo[MEMO_SKILLS + i] = opponent_skill_nb(cards, g, s, i, ups[q], masks[q])
        v = np.floor(memo[MEMO_SKILLS + i])
        table[loc, int(min(max(v, 0.0), top))] += 1
        occupied |= 1 << loc
    for loc in range(N_LOCS):
        if (occupied >> loc) & 1 == 1:  # (the others stay 0)
            at_least = 0
            for t in range(top, -1, -1):  # constant bounds: unrolled, no index checks
                at_least += table[loc, t]
                table[loc, t] = at_least


@kernel
def patron_risk_nb(cards, g, s, p, slot):
    """Prestige at risk from the patron in `slot`: its unmet requirements' penalty, in full
    when it leaves at the next start of round unless calmed, half a round earlier; none
    when the game ends before it could leave."""
    c = s[p].patrons[slot]
    if c < 0 or s[p].patience[slot] < LEAVES - 2:
        return 0.0
    starts_left = rounds_left_nb(cards, g) - 1  # starts of round still to come
    if starts_left < LEAVES - s[p].patience[slot]:
        return 0.0
    unmet = 0
    for k in range(1 + cards.patron_n_secondary[c]):
        if s[p].patron_met[slot, k] == 0:
            unmet += 1
    weight = 1.0 if s[p].patience[slot] >= LEAVES - 1 else 0.5
    return unmet * cards.rules[Rule.LEAVE_PENALTY] * weight


@kernel
def urgent_patience_nb(cards, g, s, p):
    """Prestige at risk from the patron closest to leaving that the seat's Salon chips
    already placed this round (each 4+ chip calms one patron) will not calm."""
    covered = 0
    bonus_skill = cards.rules[Rule.LOCATION_BONUS_SKILL]
    for i in range(g.pl_n):
        mine = g.pl_seat[i] == p and g.pl_loc[i] == Location.SALON and g.pl_done[i] == 0
        if mine and visible_skill_nb(cards, g, s, p, i) >= bonus_skill:
            covered += 1
    a = patron_risk_nb(cards, g, s, p, 0)
    b = patron_risk_nb(cards, g, s, p, 1)
    c = patron_risk_nb(cards, g, s, p, 2)
    if a < b:
        a, b = b, a
    if b < c:
        b, c = c, b
    if a < b:
        a, b = b, a
    if covered == 0:
        return a
    if covered == 1:
        return b
    return c if covered == 2 else 0.0


@kernel
def own_chips_at_nb(g, p, loc):
    """Seat p's chips at `loc` that have not acted yet."""
    n = 0
    for i in range(g.pl_n):
        if g.pl_seat[i] == p and g.pl_loc[i] == loc and g.pl_done[i] == 0:
            n += 1
    return n


@kernel
def bench_value_nb(prm, cards, g, s, p, finishing, ahead):
    """What one more worker on the roughing or finishing bench would achieve, with `ahead`
    of the seat's workers already there: the (ahead+1)-th best instrument it can work on
    (instruments the roughing workers placed this round will rough count for finishing),
    less what the seat lacks to pay for it; -1 when none is left."""
    vals = stack_empty(4, np.float64)
    n = 0
    if finishing:
        for k in range(2):
            c = s[p].finish_bench[k]
            if c >= 0:
                v = instrument_value_nb(prm, cards, g, s, p, c, 1)
                vals[n] = v - short_penalty_nb(cards, g, s, p, cards.inst_finish[c])
                n += 1
        roughing = min(own_chips_at_nb(g, p, Location.ROUGHING), 2 - n)
        for k in range(2):
            c = s[p].rough_bench[k]
            if c >= 0 and roughing > 0:
                v = instrument_value_nb(prm, cards, g, s, p, c, 1) - 0.5
                vals[n] = v - short_penalty_nb(cards, g, s, p, cards.inst_finish[c])
                n += 1
                roughing -= 1
    elif s[p].finish_bench[0] < 0 or s[p].finish_bench[1] < 0:
        for k in range(2):
            c = s[p].rough_bench[k]
            if c >= 0:
                v = instrument_value_nb(prm, cards, g, s, p, c, 0)
                vals[n] = v - short_penalty_nb(cards, g, s, p, cards.inst_rough[c])
                n += 1
    if ahead >= n:
        return -1.0
    for i in range(ahead + 1):  # partial selection sort: vals[ahead] is the (ahead+1)-th best
        for j in range(i + 1, n):
            if vals[j] > vals[i]:
                vals[i], vals[j] = vals[j], vals[i]
    return max(vals[ahead], -1.0)


@kernel
def apprentice_gain_nb(prm, cards, g, s, p, n):
    """Worth of gaining n apprentices: only those under the cap count, and none in the
    last round's resolution (they could not be placed any more)."""
    if g.round_no >= cards.rules[Rule.ROUNDS]:
        return 0.0
    room = apprentice_cap_nb(cards, s, p) - apprentices_held_nb(g, s, p)
    return max(min(n, room), 0) * prm[APPRENTICE]


@kernel
def location_bonus_nb(prm, cards, g, s, p, loc, memo):
    """What a chip of bonus skill adds at a main-board location (loc 0-4)."""
    if loc == Location.SALON:
        if np.isnan(memo[MEMO_URGENT]):
            memo[MEMO_URGENT] = urgent_patience_nb(cards, g, s, p)
        return memo[MEMO_URGENT] * prm[PATIENCE] + 1.0
    if loc == Location.GUILD:
        return 1.5
    if loc == Location.PERFORM:
        return track_step_value_nb(prm, cards, s, p, Track.PERFORMANCE)
    if loc == Location.REPAIR:
        return track_step_value_nb(prm, cards, s, p, Track.CRAFT)
    return track_step_value_nb(prm, cards, s, p, Track.REPUTATION)


@kernel
def location_alt_nb(prm, cards, g, s, p, loc, memo):
    """A row location's worth when its card is not taken (loc 0-3): 2 money or the
    location's alternate action, whichever is worth more."""
    alt = 2.0 * prm[MONEY]
    if loc == Location.SALON:
        return max(alt, 2.0 * prm[INSPIRATION] + apprentice_gain_nb(prm, cards, g, s, p, 1))
    if loc == Location.GUILD:
        return max(alt, memo_material_nb(prm, cards, g, s, p, 2, memo))
    if loc == Location.PERFORM:
        return max(alt, 3 * memo_material_nb(prm, cards, g, s, p, 0, memo))
    return max(alt, 2 * memo_material_nb(prm, cards, g, s, p, 1, memo))


@kernel
def location_values_nb(prm, cards, g, s, p, needed, ahead, memo, out):
    """Estimated worth of sending a chip of skill t to location `loc` this round, for
    every t < 16 whose bit is set in needed[loc], into out[loc, t], with ahead[loc, t]
    chips there acting first (ahead_table_nb; `memo`: this decision's MEMO_SIZE cache of
    the parts that do not depend on the skill, looked up once for all the skills). One
    call for all the locations of a decision."""
    bonus_skill = cards.rules[Rule.LOCATION_BONUS_SKILL]
    for loc in range(N_LOCS):
        skills = needed[loc]
        if skills == 0:
            continue
        base = 0.0  # the skill-independent part: a bench's value, the best Balcony award
        row = -1  # the card row whose k-th best card a row location's chip takes
        if loc >= Location.ROUGHING:
            finishing = loc == Location.FINISHING
            k = MEMO_BENCH_NOW + (1 if finishing else 0)
            if np.isnan(memo[k]):
                memo[k] = memo_bench_nb(prm, cards, g, s, p, finishing, memo)
            base = memo[k]
        elif loc == Location.BALCONY:
            if np.isnan(memo[MEMO_AWARDS]):
                memo[MEMO_AWARDS] = balcony_awards_nb(prm, cards, g, s, p)
            base = memo[MEMO_AWARDS]
        else:
            row = loc
            if loc == Location.SALON:
                empty = False
                for slot in range(3):
                    if s[p].patrons[slot] < 0:
                        empty = True
                if not empty:
                    row = -1  # no room for a patron: only the fallback
            if row >= 0:
                memo_row_nb(prm, cards, g, s, p, row, 0, memo)  # the row's three best, once
            if np.isnan(memo[MEMO_ALT + loc]):
                memo[MEMO_ALT + loc] = location_alt_nb(prm, cards, g, s, p, loc, memo)
        for t in range(N_SKILLS):
            if (skills >> t) & 1 == 0:
                continue
            bonus = 0.0
            if t >= bonus_skill and loc <= Location.BALCONY:
                if np.isnan(memo[MEMO_BONUS + loc]):
                    memo[MEMO_BONUS + loc] = location_bonus_nb(prm, cards, g, s, p, loc, memo)
                bonus = memo[MEMO_BONUS + loc]
            if loc >= Location.ROUGHING:
                out[loc, t] = max(base + 0.25 * t, 2.0 * prm[MONEY])
            elif loc == Location.BALCONY:
                best = max(6.0 * prm[MONEY] - 0.5 * ahead[loc, t], base)
                out[loc, t] = best + bonus + 0.3
            else:
                main = -1e9
                if row >= 0:
                    main = memo[MEMO_ROWS + 3 * row + min(ahead[loc, t], 2)]  # memo_row_nb
                    if loc == Location.GUILD:
                        main = main * 0.7
                    elif loc == Location.PERFORM:
                        main += (t - 3) * 0.6  # the row estimate assumed skill 3
                out[loc, t] = max(main, memo[MEMO_ALT + loc]) + bonus


@kernel
def reroll_value_nb(prm, cards, g, s, p, kind, d):
    """Reroll a die only when it shows less than its average and the level is not reached."""
    if kind == Opt.DONE:
        return 0.0
    c = g.perf_card
    total = g.perf_notes[0] + g.perf_notes[1] + g.perf_base
    if c < 0 or total >= cards.perf_threshold[c, 1]:
        return -1.0
    mean = 2.0 if g.perf_colors[d] == 1 else 1.0
    return mean - g.perf_notes[d] - 0.1


@kernel
def place_value_nb(prm, location_value, skill, chip, apprentices):
    """A placement: the location's worth at that skill, less the apprentices spent (they
    pay off most when they reach a bonus threshold) and a nudge to keep high chips."""
    spend = apprentices * prm[APPRENTICE] * (0.9 if skill == 4 or skill == 6 else 1.2)
    return location_value - spend - chip * 0.05


@kernel
def place_option_value_nb(prm, cards, g, s, p, chip, loc, apprentices):
    """A placement valued on its own (choose_with_memo_nb shares the work instead); its
    skill, at most 5 + 3, fits the 16 skills of location_values_nb."""
    skill = chip + 1 + apprentices
    memo = stack_empty(MEMO_SIZE, np.float64)
    memo[:] = np.nan
    needed = stack_empty(N_LOCS, np.int64)
    needed[:] = 0
    needed[loc] = 1 << skill
    ahead = stack_empty_2d(N_LOCS, N_SKILLS, np.int64)
    ahead[loc, skill] = chips_ahead_nb(cards, g, s, p, loc, skill, memo)
    v = stack_empty_2d(N_LOCS, N_SKILLS, np.float64)
    location_values_nb(prm, cards, g, s, p, needed, ahead, memo, v)
    return place_value_nb(prm, v[loc, skill], skill, chip, apprentices)


@kernel
def alt_action_value_nb(prm, cards, g, s, p, loc, variant):
    """A location's alternate action (Balcony: variant 0 money, 1 apprentices)."""
    if loc == Location.SALON:
        return 2 * prm[INSPIRATION] + apprentice_gain_nb(prm, cards, g, s, p, 1)
    if loc == Location.GUILD:
        return material_value_nb(prm, cards, g, s, p, 2)
    if loc == Location.PERFORM:
        return 3 * material_value_nb(prm, cards, g, s, p, 0)
    if loc == Location.REPAIR:
        return 2 * material_value_nb(prm, cards, g, s, p, 1)
    return 6 * prm[MONEY] if variant == 0 else apprentice_gain_nb(prm, cards, g, s, p, 2)


@kernel
def card_option_value_nb(prm, cards, g, s, p, kind, row, tier, slot, pay, memo, matches):
    """A face-up card to take (TAKE_CARD, less its tier cost) or pick (FAMILY_CARD);
    matches = row_matches_nb of its row."""
    card = g.rows[row, tier, slot]
    if card < 0:
        return -1.0
    paid = 0.0
    if kind == Opt.TAKE_CARD:
        cost = tier_cost_nb(cards, s, p, tier)
        paid = cost * (prm[MONEY] if pay == 0 else prm[INSPIRATION])
    mv = memo_materials_nb(prm, cards, g, s, p, memo) if row == 0 else NO_PRICES
    match = matches[match_key_nb(cards, row, card)]
    return row_card_value_nb(prm, cards, g, s, p, row, card, mv, match) - paid


@kernel
def craft_value_nb(prm, cards, g, s, p, opts, k):
    """ROUGH or FINISH an instrument of the bench slot opts[k, 1], with discounts."""
    kind = opts[k, 0]
    slot = opts[k, 1]
    card = s[p].rough_bench[slot] if kind == Opt.ROUGH else s[p].finish_bench[slot]
    saved = 0.0
    for m in range(3):
        saved += opts[k, 2 + m] * material_value_nb(prm, cards, g, s, p, m)
    stage = 0 if kind == Opt.ROUGH else 1
    return instrument_value_nb(prm, cards, g, s, p, card, stage) + saved + opts[k, 5] * 2.0


@kernel
def pay_plan_value_nb(prm, cards, g, s, p, opts, k):
    """Materials not paid for a plan (discounts), 2 inspiration each."""
    v = 0.0
    for m in range(3):
        v += opts[k, 2 + m] * material_value_nb(prm, cards, g, s, p, m)
    extra = opts[k, 2] + opts[k, 3] + opts[k, 4]
    return v - 2 * extra * prm[INSPIRATION]


@kernel
def spend_inspiration_value_nb(prm, cards, g, a):
    """Inspiration `a` added to the performance total: the level it reaches."""
    c = g.perf_card
    if c < 0 or a == 0:
        return 0.0
    total = g.perf_notes[0] + g.perf_notes[1] + g.perf_base + a
    level = 2 if total >= cards.perf_threshold[c, 1] else 1
    gain = cards.perf_money[c, level] - cards.perf_money[c, level - 1]
    v = gain * prm[MONEY] + cards.perf_prestige[c, level] - cards.perf_prestige[c, level - 1]
    if level == 1:
        v += 1.5  # a token, a chair chance, a patron's era
    return v - a * prm[INSPIRATION]


@kernel
def token_spot_value_nb(cards, g, p, spot, token):
    """An orchestra spot for a token."""
    free = g.chair_seat[spot] < 0
    held_by_me = g.chair_seat[spot] == p
    v = 0.15 * cards.spot_bonus[spot].sum()
    if free or (token == 0 and g.chair_kind[spot] != 0):
        v += 3.0
    elif held_by_me:
        v -= 1.0
    return v


# Kinds whose worth reads only the option, the parameters and the public table
# (plain_value_nb): bit `kind` set (an int64, as the kind it is shifted by is an int16
# when the kernels run as Python).
PLAIN_KINDS = np.int64(
    (1 << Opt.ALT_MONEY)
    | (1 << Opt.PAY_SPLIT)
    | (1 << Opt.TOKEN_SPOT)
    | (1 << Opt.CONSOLATION)
    | (1 << Opt.CLAIM)
    | (1 << Opt.BENCH_TAKE)
    | (1 << Opt.ASSIGN_CHIP)
)


@kernel
def plain_value_nb(prm, cards, g, p, kind, a, b):
    """Worth of an option of the PLAIN_KINDS (option_value_nb's meaning of a and b)."""
    if kind == Opt.ALT_MONEY:
        return cards.rules[Rule.ALT_MONEY] * prm[MONEY]
    if kind == Opt.PAY_SPLIT:  # ruling 24: a = money, b = inspiration
        return -(a * prm[MONEY] + b * prm[INSPIRATION])
    if kind == Opt.TOKEN_SPOT:
        return token_spot_value_nb(cards, g, p, a, b)
    if kind == Opt.CONSOLATION:
        return prm[INSPIRATION] if a == 0 else 2 * prm[MONEY]
    if kind == Opt.CLAIM:
        tile = g.awards[a]
        return (cards.award_prestige[tile, b] + 2.0) * prm[AWARDS]
    if kind == Opt.BENCH_TAKE:
        return -2.0
    return -a * 1.0  # ASSIGN_CHIP: the lowest chip: high chips stay free for contested spots


@kernel
def slot_value_nb(prm, cards, g, s, p, slot):
    """A patron slot's bonus."""
    if slot == 0:
        return cards.rules[Rule.SLOT_BONUS_MONEY] * prm[MONEY]
    if slot == 1:
        return material_value_nb(prm, cards, g, s, p, 2)
    return prm[APPRENTICE]


@kernel
def marker_value_nb(prm, s, p, bit, left):
    """An award marker's benefit (1 storage, 2 royal patron, 4 purple die)."""
    if bit == 1:
        return 1.5 + left * 0.4
    if bit == 2:
        empty = 0
        for slot in range(3):
            if s[p].patrons[slot] < 0:
                empty += 1
        return (3.0 + left) * prm[PATRONS] if empty > 0 and left >= 3 else 0.5
    return 1.0 + left * 0.5


@kernel
def option_value_nb(prm, cards, g, s, p, opts, k, memo):
    """Estimated worth of option row k to seat p (prestige-equivalent points).

    A dispatcher: kinds with more than a line of work are valued by kernels of their
    own, so a call pays only for its own kind's locals. `memo`: the decision's (MEMO_SIZE,
    NaN where not known yet)."""
    kind = opts[k, 0]
    a = opts[k, 1]
    b = opts[k, 2]
    if kind == Opt.PLACE:
        return place_option_value_nb(prm, cards, g, s, p, a, b, opts[k, 3])
    if (PLAIN_KINDS >> kind) & 1 == 1:
        return plain_value_nb(prm, cards, g, p, kind, a, b)
    if kind == Opt.ACTIVATE or kind == Opt.MARKET or kind == Opt.PASS:
        return turn_value_nb(prm, cards, g, s, p, kind, a, materials_short_nb(cards, s, p))
    if kind == Opt.ALT_ACTION:
        return alt_action_value_nb(prm, cards, g, s, p, a, b)
    if kind == Opt.TAKE_CARD or kind == Opt.FAMILY_CARD:
        matches = row_matches_nb(cards, s, p, a)
        c, d = opts[k, 3], opts[k, 4]
        return card_option_value_nb(prm, cards, g, s, p, kind, a, b, c, d, memo, matches)
    if kind == Opt.SEARCH:
        found = 0.5 * memo_row_nb(prm, cards, g, s, p, a, 0, memo)
        return found - 10 * prm[MONEY] - prm[APPRENTICE]
    if kind == Opt.BUY or kind == Opt.SELL or kind == Opt.HIRE or kind == Opt.TRAIN:
        need = one_material_need_nb(cards, s, p, a) if kind <= Opt.SELL else 0
        left = rounds_left_nb(cards, g)
        return market_value_nb(prm, cards, g, s, p, kind, a, opts[k, 4], left, need)
    if kind == Opt.DONE:
        return 0.0
    if kind == Opt.ROUGH or kind == Opt.FINISH:
        return craft_value_nb(prm, cards, g, s, p, opts, k)
    if kind == Opt.PAY_PLAN:
        return pay_plan_value_nb(prm, cards, g, s, p, opts, k)
    if kind == Opt.REROLL:
        return reroll_value_nb(prm, cards, g, s, p, kind, a)
    if kind == Opt.SPEND_INSPIRATION:
        return spend_inspiration_value_nb(prm, cards, g, a)
    if kind == Opt.CHOOSE_MATERIAL:
        return material_value_nb(prm, cards, g, s, p, a)
    if kind == Opt.DISCARD_MATERIAL:
        return -material_value_nb(prm, cards, g, s, p, a)
    if kind == Opt.SATISFY:
        c = s[p].patrons[a]
        return 5.0 + s[p].patience[a] * 2.0 + cards.patron_prestige[c] * 0.2
    if kind == Opt.SLOT:
        return slot_value_nb(prm, cards, g, s, p, a)
    if kind == Opt.SALON_GIFT:
        c = s[p].patrons[a]
        return patron_risk_nb(cards, g, s, p, a) * prm[PATIENCE] + priced_bundle_value_nb(
            prm, cards, g, cards.patron_gifts[c, b], memo_materials_nb(prm, cards, g, s, p, memo)
        )
    if kind == Opt.MARKER:
        return marker_value_nb(prm, s, p, a, rounds_left_nb(cards, g))
    if kind == Opt.ROYAL:
        return cards.patron_gifts[a].sum() + cards.patron_prestige[a] * 0.1
    if kind == Opt.KEEP_FAMILY:
        return family_keep_value_nb(prm, cards, g, s, p, a)
    if kind == Opt.KEEP_GOAL:
        metric = cards.goal_metric[a]
        easy = 1.0 if metric <= Metric.RARE_INSTRUMENTS_FINISHED else GOAL_EASE
        return cards.goal_prestige[a, 1] * easy * prm[AWARDS]
    if kind == Opt.KEEP_INSTRUMENT or kind == Opt.KEEP_DRAWN:
        return instrument_value_nb(prm, cards, g, s, p, a, 0)
    if kind == Opt.KEEP_PATRON:
        mv = memo_materials_nb(prm, cards, g, s, p, memo)
        return patron_value_nb(prm, cards, g, s, p, a, mv) + slot_value_nb(prm, cards, g, s, p, b)
    if kind == Opt.PLAN_TO_BENCH or kind == Opt.BENCH_PUT:
        left = rounds_left_nb(cards, g)
        return instrument_value_nb(prm, cards, g, s, p, b, 0) * (1.0 if left >= 2 else 0.3)
    if kind == Opt.SPECIALTY_CARD:
        return 1.0 + cards.specialty_amount[a] * 0.3 + cards.specialty_gain[a].sum() * 0.2
    return 0.0


@kernel
def heuristic_choose_nb(prm, cards, g, s, p, opts, n):
    """Index of the option with the highest estimated worth (noise breaks near-ties, the
    tie keys exact ties: pick_nb)."""
    memo = stack_empty(MEMO_SIZE, np.float64)
    memo[:] = np.nan
    return choose_with_memo_nb(prm, cards, g, s, p, opts, n, memo)


@kernel
def heuristic_choose_planned_nb(prm, cards, g, s, p, opts, n, kept):
    """heuristic_choose_nb for a placement, with the memo kept through the seat's
    planning phase (kept: float64[PLAN_MEMO_W], NaN at the start of the phase).

    Placing chips changes only the placements and the apprentices in supply, which no
    memo entry but MEMO_URGENT, the Salon's bonus and fallback, the finishing bench
    (MEMO_BENCH + 1), the benches with the seat's chips (MEMO_BENCH_NOW) and the skills
    (memo_skill_nb) reads: each round's rows, roughing bench, awards and materials are
    valued once per seat instead of once per chip.
    """
    memo = kept[:MEMO_SIZE]
    memo[MEMO_URGENT] = np.nan  # the seat's Salon chips may have changed
    memo[MEMO_BONUS + Location.SALON] = np.nan  # (which that bonus reads)
    memo[MEMO_ALT + Location.SALON] = np.nan  # and the apprentices it holds
    memo[MEMO_BENCH + 1] = np.nan  # and its roughing chips (what the finishing bench gets)
    memo[MEMO_BENCH_NOW : MEMO_BENCH_NOW + 2] = np.nan  # and its bench chips
    return choose_with_memo_nb(prm, cards, g, s, p, opts, n, memo)


@kernel
def choose_with_memo_nb(prm, cards, g, s, p, opts, n, memo):
    """heuristic_choose_nb with `memo` (MEMO_SIZE, NaN where not known yet): every option
    valued (option_values_nb), then the best taken (pick_nb)."""
    values = stack_empty(MAX_OPTIONS, np.float64)
    option_values_nb(prm, cards, g, s, p, opts, n, memo, values)
    return pick_nb(prm, cards, g, s, p, opts, n, values)


@kernel
def option_values_nb(prm, cards, g, s, p, opts, n, memo, values):
    """option_value_nb of every option of opts[:n] into values[:n] (float64, mutated),
    with `memo` (MEMO_SIZE, NaN where not known yet).

    Placement decisions list every (chip, location, apprentices): each location is
    valued once for all the skills its options need (location_values_nb), and the
    options read their location's worth at their skill from that table. The other
    kinds are valued as option_value_nb values them, with fewer calls: the plain kinds
    (plain_value_nb) and the card options without its dispatch (a row's patron matches
    found once for all its cards, row_matches_nb), a decision's turn and market options
    all at once (turn_values_nb, market_values_nb). No valuation reads the random
    streams: the noise is pick_nb's.
    """
    needed = stack_empty(N_LOCS, np.int64)  # bit t of needed[loc]: some option's skill
    needed[:] = 0
    placing = False
    for k in range(n):
        if opts[k, 0] == Opt.PLACE:
            needed[opts[k, 2]] |= 1 << min(opts[k, 1] + 1 + opts[k, 3], N_SKILLS - 1)
            placing = True
    place_cache = stack_empty_2d(N_LOCS, N_SKILLS, np.float64)
    if placing:
        ahead = stack_empty_2d(N_LOCS, N_SKILLS, np.int64)
        ahead_table_nb(cards, g, s, p, memo, ahead)
        location_values_nb(prm, cards, g, s, p, needed, ahead, memo, place_cache)
    turns = False
    market = False
    card_row = -1  # the row of the card options valued last, and its row_matches_nb
    matches = NO_MATCHES
    for k in range(n):
        kind = opts[k, 0]
        if kind == Opt.PLACE:
            skill = min(opts[k, 1] + 1 + opts[k, 3], N_SKILLS - 1)
            v = place_cache[opts[k, 2], skill]
            values[k] = place_value_nb(prm, v, skill, opts[k, 1], opts[k, 3])
        elif (PLAIN_KINDS >> kind) & 1 == 1:
            values[k] = plain_value_nb(prm, cards, g, p, kind, opts[k, 1], opts[k, 2])
        elif kind == Opt.TAKE_CARD or kind == Opt.FAMILY_CARD:
            row, tier, slot, pay = opts[k, 1], opts[k, 2], opts[k, 3], opts[k, 4]
            if row != card_row:  # a row's options come one after another
                card_row = row
                matches = row_matches_nb(cards, s, p, row)
            v = card_option_value_nb(prm, cards, g, s, p, kind, row, tier, slot, pay, memo, matches)
            values[k] = v
        elif Opt.ACTIVATE <= kind <= Opt.PASS:
            turns = True  # valued below, with the decision's other turn options
        elif Opt.BUY <= kind <= Opt.DONE:
            market = True  # valued below, with the decision's other market options
        else:
            values[k] = option_value_nb(prm, cards, g, s, p, opts, k, memo)
    if turns:
        turn_values_nb(prm, cards, g, s, p, opts, n, values)
    if market:
        market_values_nb(prm, cards, g, s, p, opts, n, values)


@kernel
def pick_nb(prm, cards, g, s, p, opts, n, values):
    """Index of the option with the highest value among values[:n] (float64, mutated: the
    candidates' ranked values), `noise` breaking near-ties and the tie keys exact ties
    (strategies/ties_nb.py, tie_keys_nb): one draw from the strategy stream per decision,
    whatever the noise."""
    draw = next_u64_nb(g.rng, Stream.STRATEGY)  # the decision's one draw, whatever the noise
    noise = prm[NOISE]
    low = candidate_floor_nb(values, n, noise)
    best = -np.inf
    pick = 0
    tied = False
    for k in range(n):
        if values[k] >= low:  # (an option below cannot win: only candidates are ranked)
            v = ranked_value_nb(values[k], noise, draw)
            values[k] = v
            if v > best:
                best = v
                pick = k
                tied = False
            elif v == best:
                tied = True
    if tied:  # (rare: the keys are looked at outside the loop every decision runs)
        pick = break_tie_nb(prm, cards, g, s, p, opts, n, values, pick)
    return pick


@kernel
def break_tie_nb(prm, cards, g, s, p, opts, n, ranked, pick):
    """The option the tie keys prefer (prefers_nb) among those whose ranked value equals
    that of option `pick`, the first of them."""
    for k in range(pick + 1, n):
        if ranked[k] == ranked[pick] and prefers_nb(prm, cards, g, s, p, opts, pick, k):
            pick = k
    return pick
