"""Taking one option: the decision's effect, then play moves on to the next decision
(dtypes.Stage), so a game stops and resumes at any decision."""

from __future__ import annotations

from simcore.games.dicemining.rules.burglary_nb import steal_nb
from simcore.games.dicemining.rules.craft_nb import bank_nb, craft_item_nb, craft_vault_nb
from simcore.games.dicemining.rules.dice_nb import roll_nb, set_aside_nb, tally_nb
from simcore.games.dicemining.rules.log_nb import item_event_nb, log_nb
from simcore.games.dicemining.rules.options_nb import list_options_nb
from simcore.games.dicemining.rules.patrons_nb import (
    any_other_up_nb,
    discard_patron_nb,
    fulfil_nb,
    hand_size_nb,
    others_mask_nb,
    remove_patron_nb,
)
from simcore.games.dicemining.rules.storage_nb import can_place_nb, over_capacity_nb, place_nb
from simcore.games.dicemining.rules.turn_nb import (
    end_mulligan_nb,
    end_turn_nb,
    to_bank_nb,
    to_keep_nb,
    to_place_nb,
    to_store_nb,
    used_pending_nb,
)
from simcore.games.dicemining.state.codes import Ability, CardEvent, Ev, Opt, Violation
from simcore.games.dicemining.state.dtypes import Stage
from simcore.kernels.jit import kernel


@kernel
def play_ability_nb(cards, g, s, w, p, c, ab):
    """Patron card c's ability, fulfilled by seat p (section 2.2.1 of the spec). A card
    whose ability is done leaves play; a lasting one stays face up (rulebook: 'a card
    stays face up ... until its ability is completed')."""
    if ab == Ability.OTHERS_SWAP_ITEM:  # ruling DM-17: each other seat, at its next turn
        g.patron_aux[c] = others_mask_nb(g, p)
    elif ab == Ability.ALL_GAIN:  # Chieftain: p now, the others at their next turn
        g.patron_aux[c] = others_mask_nb(g, p)
        g.stage = Stage.GAIN
        g.sub = c
        g.resume = Stage.FULFIL
    elif ab == Ability.REMOVE_PATRON:  # ruling DM-18
        if any_other_up_nb(cards, g, c):
            g.stage = Stage.ROGUE
            g.sub = c
        else:
            discard_patron_nb(g, c)
    elif ab == Ability.ORC_WILD:  # ruling DM-6: this turn's Orcs are wild, bankable
        g.wild += g.orcs
        g.orcs = 0
        discard_patron_nb(g, c)
    elif ab == Ability.ORC_REROLL:  # until the end of p's next turn (rulebook)
        g.patron_aux[c] = 2
    elif ab == Ability.STEAL:  # an immediate burglary; done, so the card leaves play
        discard_patron_nb(g, c)
        g.steal_level = cards.ability_n[c]
        g.stage = Stage.BURGLE
        g.resume = Stage.FULFIL
    elif ab == Ability.NONE:
        discard_patron_nb(g, c)
    # VAULT_PROTECT, CUMULATIVE_VP, SHARED_BONUS stay face up with no more to do now


@kernel
def take_nb(cards, g, s, w, p, k, n):
    """Seat p takes option row k of the n in w.opts. A pick outside them must not corrupt
    the game nor pass unseen: option 0 is taken, and Violation.BAD_PICK set."""
    if k < 0 or k >= n:
        g.violations |= Violation.BAD_PICK
        k = 0
    code = w.opts[k, 0]
    a = w.opts[k, 1]
    b = w.opts[k, 2]
    st = g.stage
    sp = s[p]
    if st == Stage.MULLIGAN:
        if code == Opt.REPLACE:
            g.patron_aux[a] = 1
        g.sub += 1
        if g.sub >= hand_size_nb(cards, g, p):
            end_mulligan_nb(cards, g, s, w, p)
    elif st == Stage.MINE:
        if code == Opt.SET_ASIDE:
            set_aside_nb(g, a)
        elif code == Opt.TAKE_BACK:
            g.aside[a] = 0
        elif code == Opt.ROLL:
            roll_nb(cards, g, s, w, p)
        else:
            level = min(tally_nb(cards, g, s, w, p), cards.burglar_levels)
            g.stage = Stage.CRAFT
            if level > 0:  # ruling DM-5: one action, at the end of mining, before crafting
                g.steal_level = level
                g.stage = Stage.BURGLE
                g.resume = Stage.CRAFT
    elif st == Stage.BURGLE:
        if code != Opt.STOP:
            steal_nb(cards, g, s, w, p, code, a, b)
        g.stage = g.resume
    elif st == Stage.CRAFT:
        if code == Opt.CRAFT:
            craft_item_nb(cards, g, s, w, p, a)
        elif code == Opt.CRAFT_VAULT:
            craft_vault_nb(cards, g, s, w, p)
        else:
            g.stage = Stage.FULFIL
    elif st == Stage.FULFIL:
        if code == Opt.FULFIL:
            ab = fulfil_nb(cards, g, s, w, p, a)
            if ab >= 0:
                play_ability_nb(cards, g, s, w, p, a, ab)
        else:
            to_keep_nb(cards, g, s, w, p)
    elif st == Stage.ROGUE:
        if code == Opt.REMOVE:
            remove_patron_nb(cards, g, s, w, p, a)
        discard_patron_nb(g, g.sub)
        g.stage = Stage.FULFIL
    elif st == Stage.KEEP:
        discard_patron_nb(g, a)
        log_nb(g, w, p, Ev.DISCARD, a, 0, 0)
        if hand_size_nb(cards, g, p) <= cards.hand:
            to_bank_nb(cards, g, s, w, p)
    elif st == Stage.BANK:
        if code == Opt.BANK:
            bank_nb(cards, g, s, w, p, a)
        else:
            to_store_nb(cards, g, s, w, p)
    elif st == Stage.STORE:
        if code == Opt.RETURN_ITEM:
            sp.items[a] -= 1
            g.item_pile[a] += 1
            log_nb(g, w, p, Ev.RETURN, 0, a, 0)
            item_event_nb(g, w, p, a, CardEvent.RETURNED, 1)
        else:
            sp.res[a] -= 1
            g.res_pile[a] += 1
            log_nb(g, w, p, Ev.RETURN, 1, a, 0)
        sp.returned += 1
        if not over_capacity_nb(cards, sp):
            to_place_nb(cards, g, s, w, p)
    elif st == Stage.PLACE:
        if code == Opt.STOP:
            end_turn_nb(cards, g, s, w, p)
        else:
            place_nb(g, s, w, p, code, a, b)
            if not can_place_nb(cards, sp):
                end_turn_nb(cards, g, s, w, p)
    elif st == Stage.WIZARD:
        if code == Opt.SWAP:  # ruling DM-17: a held item for one of another type
            sp.items[a] -= 1
            g.item_pile[a] += 1
            g.item_pile[b] -= 1
            sp.items[b] += 1
            log_nb(g, w, p, Ev.SWAP, a, b, 0)
            item_event_nb(g, w, p, a, CardEvent.SWAPPED_OUT, 1)
            item_event_nb(g, w, p, b, CardEvent.SWAPPED_IN, 1)
        used_pending_nb(cards, g, s, w, p)
    elif st == Stage.GAIN:
        if code == Opt.GAIN:
            g.res_pile[a] -= 1
            sp.res[a] += 1
            log_nb(g, w, p, Ev.GAIN, a, 0, 0)
        if g.resume == Stage.FULFIL:
            g.stage = Stage.FULFIL
        else:
            used_pending_nb(cards, g, s, w, p)


@kernel
def options_nb(cards, g, s, w):
    """The options of the decision the game stands at (w.opts); their count."""
    return list_options_nb(cards, g, s, w)
