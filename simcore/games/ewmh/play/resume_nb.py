"""The stage loop: play on until a chosen seat must decide, then take that seat's pick.

Every decision is a stage of the game record (state/codes.Stage) with its options listed
afresh from the state, so a game stops at any decision and resumes from a copy of its
records (the conformance suite's resume test; a search player's rollouts)."""

from __future__ import annotations

from simcore.games.ewmh.play.decide_nb import decide_nb
from simcore.games.ewmh.play.invariants_nb import check_invariants_nb
from simcore.games.ewmh.rules.activation_nb import open_activation_nb
from simcore.games.ewmh.rules.decks_nb import discard_card_nb, take_effect_nb
from simcore.games.ewmh.rules.effects_nb import next_concert_nb
from simcore.games.ewmh.rules.held_nb import n_held_nb, plays_text_nb, unit_value_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.move_nb import move_pawn_nb
from simcore.games.ewmh.rules.options_nb import list_options_nb
from simcore.games.ewmh.rules.produce_nb import cost_nb, first_in_hand_nb, publish_nb
from simcore.games.ewmh.rules.react_nb import apply_stage_nb, skip_idle_windows_nb
from simcore.games.ewmh.rules.setup_nb import draft_keep_nb, pick_vocation_nb
from simcore.games.ewmh.rules.turn_end_nb import end_sequence_nb, hand_stop_nb, settle_nb
from simcore.games.ewmh.rules.turn_nb import (
    after_refresh_nb,
    back_to_phase_nb,
    n_flipped_nb,
    refresh_one_nb,
    reroll_nb,
    roll_nb,
    settle_roll_nb,
    start_turn_nb,
)
from simcore.games.ewmh.state.codes import VOC_CARD, Ev, Opt, Stage, Violation
from simcore.kernels.jit import kernel


@kernel
def start_production_nb(cards, g, s, w, p, genre, age):
    """Seat p produces a `genre` piece via its `age` banner: the cost (less a Printing
    Press reduction, which this piece uses up, and House Medici's banked unit), then the
    units (PAY) until it is paid (rulebook: Compositions; ruling EW-12)."""
    k = first_in_hand_nb(cards, g, p, genre)
    cost = cost_nb(cards, g, genre, age)
    g.reduce = 0
    used = min(int(g.bank), cost)
    g.bank -= used
    g.paying = k
    g.pay_age = age
    g.left = cost - used
    if g.left <= 0:
        finish_production_nb(cards, g, s, w, p)
    else:
        g.stage = Stage.PAY
        g.actor = p


@kernel
def finish_production_nb(cards, g, s, w, p):
    """The piece under way is paid: published (produce_nb.publish_nb)."""
    publish_nb(cards, g, s, w, p, g.paying, g.pay_age, 0)
    g.paying = -1
    back_to_phase_nb(g, s)


@kernel
def pay_unit_nb(cards, g, s, w, p, c, holder):
    """Seat p flips card c of `holder` (p, or the House Medici target) as a unit; VOC_CARD
    is p's vocation. Petrucci pays 3 (ruling EW-12)."""
    if c == VOC_CARD:
        s[p].voc_flipped = 1
        units = 1
    else:
        g.card_flipped[c] = 1
        units = unit_value_nb(cards, c) if holder == p else 1
    s[p].units += units
    g.left -= units
    log_nb(g, w, p, Ev.PAY, c, holder, units, 0)
    if g.left <= 0:
        finish_production_nb(cards, g, s, w, p)


@kernel
def activate_nb(cards, g, s, w, p, kind, a, b, c):
    """Seat p flips card a (FLIP), spends it (SPEND) or flips its vocation for ability a
    (VOC), on targets b, c: the cost paid, the activation goes on as a record open to
    Absolution and Josquin (rules/activation_nb.py; rulings EW-25, EW-26)."""
    if kind == Opt.FLIP:
        g.card_flipped[a] = 1
        s[p].flips += 1
        log_nb(g, w, p, Ev.FLIP, a, b, c, 0)
        effect = plays_text_nb(cards, a)
    elif kind == Opt.SPEND:
        discard_card_nb(g, a)
        s[p].spends += 1
        log_nb(g, w, p, Ev.SPEND, a, b, c, 0)
        effect = plays_text_nb(cards, a)
    else:
        s[p].voc_flipped = 1
        s[p].flips += 1
        log_nb(g, w, p, Ev.VOC, a, b, c, 0)
        effect = cards.ability_effect[a]
    open_activation_nb(cards, g, s, w, p, kind, a, effect, b, c)


@kernel
def finish_take_nb(g, s):
    """A TAKE stage is over: Concertante goes on to the next seat, else the free phase."""
    if g.concert_step >= 0 and next_concert_nb(g, s, g.concert_step + 1) == 1:
        return
    back_to_phase_nb(g, s)


@kernel
def finish_discard_own_nb(cards, g, s, w, p):
    """Noble Sacrifice's own discards are done; Wandering Minstrel moves 1 per card
    discarded, forward, no tile (ruling EW-37)."""
    if g.discard_mode == 1 and g.taken > 0:
        move_pawn_nb(cards, g, s, w, p, g.taken * g.per_card, False)
    back_to_phase_nb(g, s)


@kernel
def apply_nb(cards, g, s, w, p, k):
    """Seat p takes option k of w.opts (listed for the current stage)."""
    row = w.opts[k]
    kind = row[0]
    a = row[1]
    b = row[2]
    c = row[3]
    stage = g.stage
    if stage == Stage.VOCATION:
        pick_vocation_nb(cards, g, s, w, p, a)
    elif stage == Stage.DRAFT:
        draft_keep_nb(cards, g, s, w, p, a)
    elif stage == Stage.REFRESH:
        if kind == Opt.REFRESH:
            refresh_one_nb(g, s, w, p, a)
            g.left -= 1
        if kind == Opt.STOP or g.left <= 0 or n_flipped_nb(g, s, p) == 0:
            after_refresh_nb(cards, g, s, w)
    elif stage == Stage.PHASE:
        if kind == Opt.ROLL:
            roll_nb(cards, g, s, w, p)
        elif kind == Opt.END:
            end_sequence_nb(cards, g, s, w)  # hand limit, William V, patron check
        elif kind == Opt.PRODUCE:
            start_production_nb(cards, g, s, w, p, a, b)
        else:
            activate_nb(cards, g, s, w, p, kind, a, b, c)
    elif stage == Stage.PAY:
        if kind == Opt.PAY:
            pay_unit_nb(cards, g, s, w, p, a, b)
        else:
            back_to_phase_nb(g, s)
    elif stage == Stage.TAKE:
        if kind == Opt.TAKE:
            take_effect_nb(cards, g, s, w, p, a)
            g.left -= 1
            g.taken += 1
        if kind == Opt.STOP or g.left <= 0:
            finish_take_nb(g, s)
    elif stage == Stage.DISCARD_OWN:
        if kind == Opt.DISCARD:
            discard_card_nb(g, a)
            log_nb(g, w, p, Ev.DISCARD, a, 0, 0, 0)
            g.left -= 1
            g.taken += 1
        if kind == Opt.STOP or g.left <= 0 or n_held_nb(g, p) == 0:
            finish_discard_own_nb(cards, g, s, w, p)
    elif stage == Stage.FORCE_FLIP:
        if kind == Opt.FORCE:
            if a == VOC_CARD:
                s[p].voc_flipped = 1
            else:
                g.card_flipped[a] = 1
            log_nb(g, w, p, Ev.FORCED, a, 0, 0, 0)
            g.left -= 1
        if kind == Opt.STOP or g.left <= 0:
            back_to_phase_nb(g, s)
    elif stage == Stage.FREE:
        if kind == Opt.FREE:
            publish_nb(cards, g, s, w, p, first_in_hand_nb(cards, g, p, a), b, 1)
            s[p].pending_free -= 1
        else:
            s[p].pending_free = 0
        if g.ending > 0:  # owed during the end of a turn: the end goes on
            end_sequence_nb(cards, g, s, w)
        else:
            back_to_phase_nb(g, s)
    elif stage == Stage.REROLL:
        if kind == Opt.REROLL:
            reroll_nb(cards, g, s, w, p, a)
        else:
            settle_roll_nb(g, s, p, g.die1)
    elif stage == Stage.REROLL_PICK:
        settle_roll_nb(g, s, p, a)
    elif stage == Stage.HAND_LIMIT:
        if kind == Opt.DISCARD:
            discard_card_nb(g, a)
            log_nb(g, w, p, Ev.DISCARD, a, 0, 0, 0)
            end_sequence_nb(cards, g, s, w)
        else:  # STOP: keep 7 and lose the hand_limit patron (ruling EW-19)
            hand_stop_nb(cards, g, s, w)
    else:  # REACT, ABSOLVE, GUARD, SPHERES, SPHERES_PICK (phase (c))
        apply_stage_nb(cards, g, s, w, p, kind, a, b, c)
    settle_nb(cards, g, s, w)  # Amadeus VIII after any discard (ruling EW-22)
    if g.rq_n > 0 and g.stage == Stage.PHASE:  # Amadeus moved a pawn past another (EW-32)
        back_to_phase_nb(g, s)
    skip_idle_windows_nb(cards, g, s, w)


@kernel
def apply_top_nb(cards, g, s, w, p, k):
    """Seat p takes option k at the decision advance_nb stopped at (the options listed
    again from the state: a copy of the records resumes alike); a pick outside them plays
    option 0 and sets Violation.BAD_PICK."""
    n = list_options_nb(cards, g, s, w)
    if n > 1:
        g.n_decisions += 1
    if k < 0 or k >= n:
        g.violations |= Violation.BAD_PICK
        k = 0
    apply_nb(cards, g, s, w, p, k)


@kernel
def advance_nb(cards, g, s, w, stop_mask):
    """Play on until a seat p with bit 1 << p in stop_mask must choose among more than one
    option (returns p; its options in w.opts) or the game is over (returns -1); every other
    decision is taken by the seat's strategy. stop_mask 0 plays the whole game."""
    while g.stage != Stage.OVER:
        if g.stage == Stage.TURN:
            check_invariants_nb(cards, g, s)
            start_turn_nb(cards, g, s, w)
            skip_idle_windows_nb(cards, g, s, w)
            continue
        n = list_options_nb(cards, g, s, w)
        p = g.actor
        if n > 1 and (stop_mask >> p) & 1:
            return p
        k = decide_nb(cards, g, s, w, p, n)
        apply_nb(cards, g, s, w, p, k)
    check_invariants_nb(cards, g, s)
    return -1
