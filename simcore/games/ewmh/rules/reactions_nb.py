"""What the reactive cards do (spec 1.2.6, class R), one branch each citing its ruling:
Sustain, Machaut, Council of Trent, Perotin, Hildegard's Divine Trance, Charlemagne and
Elizabeth Nevell's steal. When they may react is rules/react_nb.py; Guild License and
Absolution act on a pending activation (rules/activation_nb.py)."""

from __future__ import annotations

from simcore.games.ewmh.codes import Effect, Tile, Timing
from simcore.games.ewmh.rules.decks_nb import draw_comps_nb, draw_effects_nb, give_card_nb
from simcore.games.ewmh.rules.effects_nb import can_take_nb, start_take_nb, steal_composition_nb
from simcore.games.ewmh.rules.keep_nb import mark_negative_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.move_nb import move_pawn_nb
from simcore.games.ewmh.state.codes import Ev
from simcore.kernels.jit import kernel


@kernel
def react_card_nb(cards, g, r, effect):
    """A card of seat r that may react with `effect`, or -1: a reactive card must be fresh
    (ruling EW-25); Council of Trent is a spend ("Spend this card at any time"), and a
    spend card is spent on either face (rulebook: Effect cards)."""
    for c in range(g.n_cards):
        if g.card_loc[c] != r or cards.card_effect[c] != effect:
            continue
        t = cards.design_timing[cards.card_design[c]]
        if t == Timing.REACT_SPEND or (t == Timing.REACT and g.card_flipped[c] == 0):
            return c
    return -1


@kernel
def tile_benefit_nb(cards, g, s, r, t):
    """Whether seat r can copy the benefit of tile entry t (Charlemagne): a draw, a take
    with something to take, or a forward move of a pawn not on End; a blank or a move
    back is no benefit (ruling EW-39)."""
    kind = cards.tile_kind[t]
    n = cards.tile_params[t, 0]
    if kind == Tile.DRAW_COMPOSITION or kind == Tile.DRAW_EFFECT:
        return n > 0
    if kind == Tile.TAKE_EFFECT:
        return n > 0 and can_take_nb(cards, g, True, False)
    if kind == Tile.MOVE:
        return n > 0 and s[r].arrival == 0
    return False


@kernel
def copy_tile_nb(cards, g, s, w, r, t, mult):
    """Charlemagne: seat r takes tile entry t's benefit for itself (numbers x mult, Josquin);
    its move triggers no tile (ruling EW-14). Returns 1 if a TAKE stage was set."""
    kind = cards.tile_kind[t]
    n = int(cards.tile_params[t, 0]) * mult
    if kind == Tile.DRAW_COMPOSITION:
        draw_comps_nb(g, s, w, r, n)
    elif kind == Tile.DRAW_EFFECT:
        draw_effects_nb(g, s, w, r, n)
    elif kind == Tile.TAKE_EFFECT:
        start_take_nb(g, r, n, n, True, False)
        return 1
    elif kind == Tile.MOVE:
        move_pawn_nb(cards, g, s, w, r, n, False)
    return 0


@kernel
def moved_steal_nb(g, s, w, r, q, c):
    """Elizabeth Nevell: seat r steals from seat q, who moved it, effect card c (entering
    fresh, ruling EW-44) or, with c = -1, a random unpublished composition (face A: "one
    card of any variety", rulings EW-2, EW-40)."""
    if c >= 0:
        give_card_nb(g, c, r)
        s[r].effects_gained += 1
        log_nb(g, w, r, Ev.STEAL_CARD, c, q, 0, 0)
    else:
        steal_composition_nb(g, s, w, r, q)


@kernel
def apply_reaction_nb(cards, g, s, w, r, effect, prm, b, c, mult):
    """Seat r's reaction `effect` with parameters prm (amounts already x mult) on its
    option's b, c. Returns 1 if it set a stage of its own (a take), else 0."""
    if effect == Effect.PASSED_MOVE:  # Sustain: +5, no tile; reaching End arrives (EW-32)
        move_pawn_nb(cards, g, s, w, r, prm[0], False)
    elif effect == Effect.INVERT_ROLL:  # Council of Trent: the die move goes back (EW-25)
        g.die_move = -g.die_move
        mark_negative_nb(g, s, w, r, g.win_src)  # a negative action (ruling EW-20)
    elif effect == Effect.MIN_MOVE_SIX:  # Machaut: "move forward 6 spaces instead" (EW-14)
        g.die_move = prm[1]
    elif effect == Effect.VOCATION_WATCH or effect == Effect.DRAW_MORE:
        # Perotin: draw a composition (EW-41); Divine Trance: 2 more, and being flipped it
        # does not react to its own draw (EW-42)
        draw_comps_nb(g, s, w, r, prm[0])
    elif effect == Effect.COPY_TILE:  # Charlemagne (EW-39)
        return copy_tile_nb(cards, g, s, w, r, g.win_a, mult)
    elif effect == Effect.MOVED_STEAL:  # a negative action (EW-20), Guild License (EW-38)
        mark_negative_nb(g, s, w, r, b)
        if g.guard == 0:
            moved_steal_nb(g, s, w, r, b, c)
    return 0
