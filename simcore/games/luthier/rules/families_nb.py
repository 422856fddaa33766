"""Luthier family tiles' one-time starting abilities (ruling 14; estimates in data)."""

from __future__ import annotations

from simcore.games.luthier.actions.access_nb import row_card_nb, take_from_row_nb
from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_card_nb, set_opt_nb
from simcore.games.luthier.rules.patrons_nb import choose_slot_nb, place_patron_nb
from simcore.games.luthier.rules.resources_nb import gain_any_material_nb
from simcore.games.luthier.rules.rows_nb import add_to_hand_nb
from simcore.games.luthier.rules.tracks_nb import advance_track_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt, Why
from simcore.games.luthier.state.dtypes import MAX_SLOTS
from simcore.games.luthier.state.enums import CardRow, FamilyAbility
from simcore.kernels.jit import kernel


@kernel
def pick_tier_one_nb(cards, g, s, w, p, row):
    """Seat p takes a face-up tier I card of `row` (contested picks go in turn order)."""
    n = 0
    for slot in range(MAX_SLOTS):
        if row_card_nb(cards, g, row, 0, slot) >= 0:
            n = set_opt_nb(w.opts, n, Opt.FAMILY_CARD, row, 0, slot)
    if n == 0:
        return -1
    k = decide_card_nb(cards, g, s, w.opts, w.params, p, n)
    return take_from_row_nb(g, row, 0, w.opts[k, 3])


@kernel
def family_ability_nb(cards, g, s, w, p):
    """Resolve seat p's family tile's starting ability (setup step 5, p.6)."""
    f = s[p].family
    ability = cards.family_ability[f]
    log_nb(g, w, p, Ev.FAMILY_ABILITY, f, ability)
    if ability == FamilyAbility.TRACK_STEP:
        advance_track_nb(cards, g, s, w, p, cards.family_ability_track[f])
    elif ability == FamilyAbility.TAKE_INSTRUMENT:
        c = pick_tier_one_nb(cards, g, s, w, p, CardRow.INSTRUMENTS)
        if c >= 0:
            log_nb(g, w, p, Ev.TAKE_CARD, CardRow.INSTRUMENTS, c, 0, 0, 0)
            card_event_nb(g, w, p, CardKind.INSTRUMENT, c, CardEvent.TAKEN, 0)
            add_to_hand_nb(g, s, p, c)
    elif ability == FamilyAbility.TAKE_PATRON:
        slot = choose_slot_nb(cards, g, s, w, p)
        if slot >= 0:
            c = pick_tier_one_nb(cards, g, s, w, p, CardRow.PATRONS)
            if c >= 0:
                s[p].patrons_taken[cards.patron_type[c]] += 1
                card_event_nb(g, w, p, CardKind.PATRON, c, CardEvent.TAKEN, 0)
                place_patron_nb(cards, g, s, w, p, c, slot)
    elif ability == FamilyAbility.GAIN_CHOICE:
        gain_any_material_nb(cards, g, s, w, p, cards.family_ability_amount[f], Why.FAMILY)
    # EXTRA_GOAL acts when goals are kept (setup_nb.choose_goals_nb)
