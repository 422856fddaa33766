"""Which of two equally valued options a Luthier heuristic takes (issue 33; the list, with
the reasons, is in docs/guide/strategies.md, "Ties").

heuristic_nb.pick_nb ranks the options by value (strategies/ties_nb.py: equal values stay
equal whatever the noise) and asks prefers_nb only about options whose ranked values are
equal, so a tie never goes to the random stream. The keys read only what the seat sees.

- Turn options (ACTIVATE, MARKET, PASS) compare by turn_rank_nb whatever their kinds.
- DONE wins a tie against any other kind: a step estimated at no gain is not taken.
- Other options of different kinds: the first listed.
- Options of one kind: by same_kind_key_nb (higher first), then the first listed.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.rules.metrics_nb import N_METRICS, metrics_nb
from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.enums import CardRow, Location
from simcore.games.luthier.state.state_nb import INSTRUMENT_TOKEN, PERFORMANCE_TOKEN, REPAIR_TOKEN
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty
from strategies.luthier.values_nb import bundle_value_nb, one_material_need_nb

MAX_GAP = 255  # claim_key_nb: a higher level out of reach


@kernel
def turn_rank_nb(s, p, kind, loc):
    """Order of tied resolution turns: the main-board locations in board order (Salon's
    patron first, so that what the round brings later can satisfy it; the Balcony last,
    as its awards count what the round has brought), then the market (it buys for the
    benches knowing what the main board gave), then the benches, roughing before
    finishing (the roughed instrument moves to the finishing bench, where a finishing
    worker can finish it this round) unless the finishing bench is full (roughing then
    fails: rulebook, "Workbench Location"), then passing."""
    if kind == Opt.PASS:
        return 0
    if kind == Opt.MARKET:
        return 5
    if loc < Location.ROUGHING:
        return 10 - loc
    room = s[p].finish_bench[0] < 0 or s[p].finish_bench[1] < 0
    rough_first = loc == Location.ROUGHING
    return 4 if rough_first == room else 3


@kernel
def takes_chair_nb(cards, g, p, spot, kind):
    """True if a token of `kind` that seat p adds to `spot` would take its first chair
    (ruling 12, orchestra_nb.chair_outcome_nb, before the token is added)."""
    holder = g.chair_seat[spot]
    held_by = g.chair_kind[spot]
    if holder < 0:
        return True
    if kind == INSTRUMENT_TOKEN:
        return cards.spot_rare[spot] == 1 or held_by != INSTRUMENT_TOKEN
    if held_by == INSTRUMENT_TOKEN or holder == p:
        return False
    mine = np.int64(g.tokens[spot, p, PERFORMANCE_TOKEN]) + g.tokens[spot, p, REPAIR_TOKEN] + 1
    for q in range(g.tokens.shape[1]):
        theirs = np.int64(g.tokens[spot, q, PERFORMANCE_TOKEN]) + g.tokens[spot, q, REPAIR_TOKEN]
        if q != p and theirs >= mine:
            return False
    return True


@kernel
def token_margin_nb(g, p, spot):
    """Seat p's performance and repair tokens at `spot` less the most any other owner has
    there: how far it is from losing (or from taking) the chair by numbers."""
    mine = np.int64(g.tokens[spot, p, PERFORMANCE_TOKEN]) + g.tokens[spot, p, REPAIR_TOKEN]
    most = np.int64(0)
    for q in range(g.tokens.shape[1]):
        if q != p:
            theirs = (
                np.int64(g.tokens[spot, q, PERFORMANCE_TOKEN]) + g.tokens[spot, q, REPAIR_TOKEN]
            )
            most = max(most, theirs)
    return mine - most


@kernel
def claim_key_nb(cards, g, s, p, a, b):
    """CLAIM of level b on the award tile at position a: a claim closes the tile's other
    levels to the seat (ruling 15), so claim where that forgoes least: where the next
    higher level still open is furthest from the seat's count (MAX_GAP: none open)."""
    tile = g.awards[a]
    values = stack_empty(N_METRICS, np.int64)
    metrics_nb(cards, g, s, p, values)
    have = values[cards.award_metric[tile]]
    for lv in range(b + 1, 3):
        if g.award_claimed[a, lv] == -1:
            return min(np.int64(cards.award_threshold[tile, lv]) - have, MAX_GAP)
    return MAX_GAP


@kernel
def best_chair_nb(prm, cards, g, s, p, kind, spot, best):
    """`best`, raised to 1024 plus the chair bonus of `spot` at the seat's prices if a token
    of `kind` the seat added there would take its first chair."""
    if takes_chair_nb(cards, g, p, spot, kind):
        return max(best, 1024.0 + bundle_value_nb(prm, cards, g, s, p, cards.spot_bonus[spot]))
    return best


@kernel
def card_chair_nb(prm, cards, g, s, p, row, c):
    """The best first chair the token of card c of a row would take now (best_chair_nb;
    ruling 11: an instrument's spots, a performance's era, a repair's family), -1.0 for
    none and for a patron."""
    best = -1.0
    if row == CardRow.INSTRUMENTS:
        for k in range(cards.inst_n_spots[c]):
            best = best_chair_nb(
                prm, cards, g, s, p, INSTRUMENT_TOKEN, cards.inst_spots[c, k], best
            )
    elif row == CardRow.PERFORMANCES:
        era = cards.perf_era[c]
        for spot in range(cards.n_spot):
            if (cards.spot_eras[spot] >> era) & 1:
                best = best_chair_nb(prm, cards, g, s, p, PERFORMANCE_TOKEN, spot, best)
    elif row == CardRow.REPAIRS:
        for spot in range(cards.n_spot):
            if cards.spot_family[spot] == cards.repair_family[c]:
                best = best_chair_nb(prm, cards, g, s, p, REPAIR_TOKEN, spot, best)
    return best


@kernel
def unmet_nb(cards, s, p, slot):
    """Requirements of the patron in `slot` not met yet."""
    unmet = np.int64(0)
    for r in range(1 + cards.patron_n_secondary[s[p].patrons[slot]]):
        if s[p].patron_met[slot, r] == 0:
            unmet += 1
    return unmet


@kernel
def same_kind_key_nb(prm, cards, g, s, p, opts, k):
    """Key of option k against a tied option of the same kind: (primary, secondary),
    higher first; (0, 0.0) for the kinds where the first listed is as good (the same card
    twice, symmetric dice) or where no rule says better."""
    kind = opts[k, 0]
    a = opts[k, 1]
    b = opts[k, 2]
    if kind == Opt.TOKEN_SPOT:  # a chair taken, then the chair hardest to lose by numbers,
        if takes_chair_nb(cards, g, p, a, b):  # then the better chair bonus at our prices
            bonus = bundle_value_nb(prm, cards, g, s, p, cards.spot_bonus[a])
            return 1024 + token_margin_nb(g, p, a), bonus
        return token_margin_nb(g, p, a), 0.0
    if kind == Opt.BUY:  # the material the benches need most
        return np.int64(one_material_need_nb(cards, s, p, a)), 0.0
    if kind == Opt.SELL or kind == Opt.DISCARD_MATERIAL:  # the largest surplus
        return np.int64(s[p].materials[a]) - one_material_need_nb(cards, s, p, a), 0.0
    if kind == Opt.CHOOSE_MATERIAL:  # the most needed, then the least held
        return np.int64(one_material_need_nb(cards, s, p, a)) * 1024 - s[p].materials[a], 0.0
    if kind == Opt.TRAIN:  # the track nearer its end
        return np.int64(s[p].tracks[a]), 0.0
    if kind == Opt.KEEP_GOAL:  # only the highest level reached scores: the better levels
        return np.int64(cards.goal_prestige[a, 2]) * 64 + cards.goal_prestige[a, 0], 0.0
    if kind == Opt.SPECIALTY_CARD:  # the location the seat has sent the most chips to
        return np.int64(s[p].n_placed[cards.specialty_location[a]]), 0.0
    if kind == Opt.TAKE_CARD or kind == Opt.FAMILY_CARD:  # the lower tier (tier I is
        # discarded at the end of the round; a higher one slides down), then the card
        # whose token takes the best first chair now
        return -np.int64(b), card_chair_nb(prm, cards, g, s, p, a, g.rows[a, b, opts[k, 3]])
    if kind == Opt.SATISFY:  # the patron it brings nearest completion
        return -unmet_nb(cards, s, p, a), 0.0
    if kind == Opt.SALON_GIFT:  # the patron nearest leaving, then the one needing most
        return np.int64(s[p].patience[a]) * 16 + unmet_nb(cards, s, p, a), 0.0
    if kind == Opt.CLAIM:
        return claim_key_nb(cards, g, s, p, a, b), 0.0
    if kind == Opt.ROYAL or kind == Opt.KEEP_PATRON:  # the fewest requirements to meet
        return -np.int64(cards.patron_n_secondary[a]), 0.0
    if kind == Opt.PAY_SPLIT:  # money first (PayMode.MONEY_FIRST): inspiration has more uses
        return np.int64(a), 0.0
    return np.int64(0), 0.0


@kernel
def prefers_nb(prm, cards, g, s, p, opts, i, j):
    """True if the heuristic takes option j over option i (listed before j) when their
    ranked values are equal."""
    ki = opts[i, 0]
    kj = opts[j, 0]
    if Opt.ACTIVATE <= ki <= Opt.PASS and Opt.ACTIVATE <= kj <= Opt.PASS:
        return turn_rank_nb(s, p, kj, opts[j, 1]) > turn_rank_nb(s, p, ki, opts[i, 1])
    if ki != kj:
        return kj == Opt.DONE
    key_i, more_i = same_kind_key_nb(prm, cards, g, s, p, opts, i)
    key_j, more_j = same_kind_key_nb(prm, cards, g, s, p, opts, j)
    return key_j > key_i or (key_j == key_i and more_j > more_i)
