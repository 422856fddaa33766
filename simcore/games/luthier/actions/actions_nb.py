"""What one worker chip does when its location is activated (rulebook pp.13-23).

Each chip's owner chooses one action: a main action, a location's alternate
action, or the 2 money available everywhere. Then, at a main-board location,
a chip of skill 4+ receives the location bonus after its action (p.14: "a bonus
which you will receive after you've performed an action with a worker chip of
4 skill or higher" - ruling 23: any action, alternate ones included; the rule
number LOCATION_BONUS_MAIN_ONLY = 1 plays the other reading, main actions only).
"""

from __future__ import annotations

from simcore.games.luthier.actions.instruments_nb import (
    bench_work_nb,
    finish_options_nb,
    guild_options_nb,
    mark_powers_nb,
    rough_options_nb,
    take_card_nb,
)
from simcore.games.luthier.actions.perform_nb import perform_nb, perform_options_nb
from simcore.games.luthier.actions.repair_nb import (
    repair_nb,
    repair_options_nb,
    repair_search_options_nb,
    take_repair_nb,
)
from simcore.games.luthier.actions.salon_nb import salon_bonus_nb, salon_options_nb, take_patron_nb
from simcore.games.luthier.actions.specialty_nb import (
    ability_amount_nb,
    active_specialty_nb,
    has_ability_nb,
)
from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_card_nb, decide_nb, set_opt_nb
from simcore.games.luthier.rules.awards_nb import claim_nb, claim_options_nb
from simcore.games.luthier.rules.priority_nb import bench_skill_bonus_nb, skill_nb
from simcore.games.luthier.rules.resources_nb import (
    add_prestige_nb,
    apprentice_cap_nb,
    apprentices_held_nb,
    gain_any_material_nb,
    gain_apprentices_nb,
    gain_bundle_nb,
    gain_inspiration_nb,
    gain_material_nb,
    gain_money_nb,
)
from simcore.games.luthier.rules.rows_nb import add_to_hand_nb, hand_remove_nb
from simcore.games.luthier.rules.tracks_nb import advance_track_nb
from simcore.games.luthier.state.codes import Ev, Opt, Why
from simcore.games.luthier.state.enums import (
    Location,
    Material,
    PatronPower,
    Rule,
    Source,
    SpecialtyAbility,
    Track,
)
from simcore.games.luthier.state.track_steps import CRAFT_FINISH_2X, CRAFT_ROUGH_2X
from simcore.kernels.jit import kernel

BALCONY_MONEY = 0
BALCONY_APPRENTICES = 1


@kernel
def alternate_options_nb(cards, g, s, opts, p, loc, n):
    """Add the alternate actions of `loc` for seat p to `opts` from row n; return the count."""
    n = set_opt_nb(opts, n, Opt.ALT_MONEY, loc)
    if loc < Location.BALCONY:
        n = set_opt_nb(opts, n, Opt.ALT_ACTION, loc, 0)
    elif loc == Location.BALCONY:
        n = set_opt_nb(opts, n, Opt.ALT_ACTION, loc, BALCONY_MONEY)
        if apprentices_held_nb(g, s, p) < apprentice_cap_nb(cards, s, p):
            n = set_opt_nb(opts, n, Opt.ALT_ACTION, loc, BALCONY_APPRENTICES)
    return n


@kernel
def alternate_action_nb(cards, g, s, w, p, loc, variant):
    """The alternate action of a main-board location (rulings' list, pp.16-22).

    Salon: 2 inspiration + 1 apprentice (if possible). Guild: 1 metal.
    Perform: 3 animal. Repair: 2 wood. Balcony: 6 money, or 2 apprentices.
    """
    r = cards.rules
    log_nb(g, w, p, Ev.ALT, loc, variant)
    s[p].n_alt += 1
    if loc == Location.SALON:
        gain_inspiration_nb(g, s, w, p, r[Rule.SALON_ALT_INSPIRATION], Why.ALTERNATE)
        gain_apprentices_nb(cards, g, s, w, p, r[Rule.SALON_ALT_APPRENTICES], Why.ALTERNATE)
    elif loc == Location.GUILD:
        gain_material_nb(cards, g, s, w, p, Material.METAL, r[Rule.GUILD_ALT_METAL], Why.ALTERNATE)
    elif loc == Location.PERFORM:
        gain_material_nb(
            cards, g, s, w, p, Material.ANIMAL, r[Rule.PERFORM_ALT_ANIMAL], Why.ALTERNATE
        )
    elif loc == Location.REPAIR:
        gain_material_nb(cards, g, s, w, p, Material.WOOD, r[Rule.REPAIR_ALT_WOOD], Why.ALTERNATE)
    elif loc == Location.BALCONY:
        if variant == BALCONY_MONEY:
            gain_money_nb(g, s, w, p, r[Rule.BALCONY_ALT_MONEY], Why.ALTERNATE)
        else:
            gain_apprentices_nb(cards, g, s, w, p, r[Rule.BALCONY_ALT_APPRENTICES], Why.ALTERNATE)


@kernel
def guild_bonus_nb(cards, g, s, w, p):
    """Guild 4+: 1 material of choice, then may place a plan from hand on the roughing bench."""
    gain_any_material_nb(cards, g, s, w, p, 1, Why.LOCATION_BONUS)
    slot = -1
    for k in range(2):
        if s[p].rough_bench[k] < 0 and slot < 0:
            slot = k
    if slot < 0 or s[p].hand_n == 0:
        return
    n = set_opt_nb(w.opts, 0, Opt.DONE)
    for i in range(s[p].hand_n):
        n = set_opt_nb(w.opts, n, Opt.PLAN_TO_BENCH, i, s[p].hand[i])
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    if w.opts[k, 0] == Opt.DONE:
        return
    c = hand_remove_nb(s, p, w.opts[k, 1])
    s[p].rough_bench[slot] = c
    log_nb(g, w, p, Ev.PLAN_TO_BENCH, c)


@kernel
def location_bonus_nb(cards, g, s, w, p, loc):
    """The 4+ skill bonus of a main-board location, after the chip's action."""
    if loc == Location.SALON:
        salon_bonus_nb(cards, g, s, w, p)
    elif loc == Location.GUILD:
        guild_bonus_nb(cards, g, s, w, p)
    elif loc == Location.PERFORM:
        advance_track_nb(cards, g, s, w, p, Track.PERFORMANCE)
    elif loc == Location.REPAIR:
        advance_track_nb(cards, g, s, w, p, Track.CRAFT)
    elif loc == Location.BALCONY:
        advance_track_nb(cards, g, s, w, p, Track.REPUTATION)


@kernel
def location_bonus_due_nb(cards, loc, skill, main):
    """True if a chip of `skill` that took a main action (`main`) or not gets the 4+ bonus.

    Ruling 23: the main-board bonus follows any action of a 4+ chip there, the
    alternate actions and the plain 2 money included; with the rule number
    LOCATION_BONUS_MAIN_ONLY = 1 it follows main actions only.
    """
    if loc >= Location.ROUGHING or skill < cards.rules[Rule.LOCATION_BONUS_SKILL]:
        return False
    return main or cards.rules[Rule.LOCATION_BONUS_MAIN_ONLY] == 0


@kernel
def main_options_nb(cards, g, s, opts, p, i, loc, skill, spec):
    """List the main actions placement i's owner can take at `loc` into `opts`; return n.

    `spec` is the specialty card acting here (-1 if none): FREE_TIER opens tiers
    II and III for free, DISCOUNT lowers the material requirement.
    """
    free = has_ability_nb(cards, spec, SpecialtyAbility.FREE_TIER)
    extra = ability_amount_nb(cards, spec, SpecialtyAbility.DISCOUNT)
    if loc == Location.SALON:
        return salon_options_nb(cards, g, s, opts, p, i, 0, free)
    if loc == Location.GUILD:
        return guild_options_nb(cards, g, s, opts, p, i, 0, free)
    if loc == Location.PERFORM:
        return perform_options_nb(cards, g, s, opts, p, i, 0, free)
    if loc == Location.REPAIR:
        n = repair_options_nb(cards, g, s, opts, p, 0, free, extra)
        return repair_search_options_nb(cards, g, s, opts, p, i, n)  # rulings 20, 27
    if loc == Location.BALCONY:
        return claim_options_nb(cards, g, s, opts, p, 0)
    if loc == Location.ROUGHING:
        optional = 1 if skill >= cards.rules[Rule.ROUGH_DISCOUNT_SKILL] else 0
        two = s[p].tracks[Track.CRAFT] >= CRAFT_ROUGH_2X
        return rough_options_nb(cards, s, p, opts, 0, optional, extra, two)
    optional = 1 if skill >= cards.rules[Rule.FINISH_DISCOUNT_SKILL] else 0
    double = skill >= cards.rules[Rule.FINISH_DOUBLE_SKILL]
    two = s[p].tracks[Track.CRAFT] >= CRAFT_FINISH_2X
    return finish_options_nb(cards, s, p, opts, 0, optional, double, two, extra, two)


@kernel
def main_action_nb(cards, g, s, w, p, i, loc, skill, spec, k):
    """Carry out the main action of option row k for placement i."""
    kind = w.opts[k, 0]
    extra = ability_amount_nb(cards, spec, SpecialtyAbility.DISCOUNT)
    if spec >= 0 and (extra > 0 or has_ability_nb(cards, spec, SpecialtyAbility.FREE_TIER)):
        g.ability_used[spec] = 1
    if kind == Opt.ROUGH or kind == Opt.FINISH:
        bench_work_nb(cards, g, s, w, p, kind == Opt.FINISH, skill, k, extra)
        return
    if kind == Opt.CLAIM:
        claim_nb(cards, g, s, w, p, w.opts[k, 1], w.opts[k, 2])
        return
    free = has_ability_nb(cards, spec, SpecialtyAbility.FREE_TIER)
    if loc == Location.REPAIR:  # a face-up card's access split leaves it payable (ruling 24)
        c = take_repair_nb(cards, g, s, w, p, i, k, free, extra)
        if c >= 0:  # -1: a card found by a search that p cannot pay for (ruling 27)
            repair_nb(cards, g, s, w, p, c, extra)
        return
    c = take_card_nb(cards, g, s, w, p, i, k, free)
    if c < 0:
        return
    if loc == Location.SALON:
        take_patron_nb(cards, g, s, w, p, c)
    elif loc == Location.GUILD:
        add_to_hand_nb(g, s, p, c)
    elif loc == Location.PERFORM:
        perform_nb(cards, g, s, w, p, c, skill, spec)


@kernel
def specialty_after_nb(cards, g, s, w, p, spec, main):
    """Specialty card `spec`'s GAIN (after any action) and PRESTIGE (after a main action),
    for a chip with a specialty (spec >= 0)."""
    if has_ability_nb(cards, spec, SpecialtyAbility.SKILL):
        g.ability_used[spec] = 1
    if has_ability_nb(cards, spec, SpecialtyAbility.GAIN):
        g.ability_used[spec] = 1
        gain_bundle_nb(
            cards, g, s, w, p, cards.specialty_gain[spec], Source.SPECIALTY, Why.SPECIALTY
        )
    amount = ability_amount_nb(cards, spec, SpecialtyAbility.PRESTIGE)
    if main and amount > 0:
        g.ability_used[spec] = 1
        add_prestige_nb(s, p, Source.SPECIALTY, amount)
        log_nb(g, w, p, Ev.SCORE, Source.SPECIALTY, amount)


@kernel
def worker_acts_nb(cards, g, s, w, i):
    """Placement i's owner chooses and performs one action for that chip, then any 4+ bonus.

    Every location offers its main actions, its alternate actions and the
    2 money available everywhere (which is all that is left when the main
    action is impossible).
    """
    p = g.pl_seat[i]
    loc = g.pl_loc[i]
    skill = skill_nb(cards, g, s, i)
    spec = active_specialty_nb(cards, g, s, i)
    if loc >= Location.ROUGHING:
        mark_powers_nb(cards, g, s, w, p, PatronPower.BENCH_SKILL)
    log_nb(g, w, p, Ev.WORKER_ACTS, loc, g.pl_chip[i], skill, g.pl_appr[i], spec)
    if w.log.shape[0] > 0:  # the parts of the skill, for the transcript alone
        bench = bench_skill_bonus_nb(cards, s, p) if loc >= Location.ROUGHING else 0
        spec_skill = ability_amount_nb(cards, spec, SpecialtyAbility.SKILL)
        log_nb(g, w, p, Ev.SKILL, s[p].chip_specialty[g.pl_chip[i]], bench, spec_skill)
    n = main_options_nb(cards, g, s, w.opts, p, i, loc, skill, spec)
    n = alternate_options_nb(cards, g, s, w.opts, p, loc, n)
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    kind = w.opts[k, 0]
    main = False
    if kind == Opt.ALT_MONEY:
        log_nb(g, w, p, Ev.ALT, loc, -1)
        s[p].n_alt += 1
        gain_money_nb(g, s, w, p, cards.rules[Rule.ALT_MONEY], Why.ALTERNATE)
    elif kind == Opt.ALT_ACTION:
        alternate_action_nb(cards, g, s, w, p, loc, w.opts[k, 2])
    else:
        main = True
        main_action_nb(cards, g, s, w, p, i, loc, skill, spec, k)
    if spec >= 0:
        specialty_after_nb(cards, g, s, w, p, spec, main)
    if location_bonus_due_nb(cards, loc, skill, main):
        location_bonus_nb(cards, g, s, w, p, loc)
    g.pl_done[i] = 1
