"""The draw: the critic's bonus, the declared draw, drawn tiles onto agency spaces,
applause onto the board's track, and the two ends of the game.

Rulebook, The Game: "then you MUST draw 1-3 musicians and place them onto any empty
space of your agency card you choose. You must decide before you draw, whether you will
take 1, 2, or 3 counters." Game End: "The game ends immediately as soon as the last
applause marker is placed. The game also ends when a player can not draw a new musician."
"""

from __future__ import annotations

from simcore.games.maestro.output.log_nb import log_nb
from simcore.games.maestro.play.decide_nb import decide_nb
from simcore.games.maestro.rules.options_nb import free_spaces_nb, list_declare_nb, list_put_nb
from simcore.games.maestro.state.codes import (
    ApplauseDraw,
    CannotDraw,
    CriticPays,
    End,
    Ev,
    Rule,
    Why,
)
from simcore.games.maestro.state.dtypes import APPLAUSE
from simcore.kernels.jit import kernel


@kernel
def end_game_nb(g, w, p, trigger):
    """The game is over (codes.End `trigger`), in seat p's turn."""
    g.over = 1
    g.end_trigger = trigger
    g.end_seat = p
    log_nb(g, w, p, Ev.END, trigger)


@kernel
def critic_pays_now_nb(cards, g, p):
    """Does seat p gain the critic's bonus at this draw (codes.CriticPays)?

    Rulebook, The Appraisal 3: "ten (10) points extra if you have the critic at the
    beginning of your draw". SAME_TURN reads it literally: every draw while p holds it,
    the draw of the turn p took it included. NEXT_TURN: from p's next turn on, as the
    German descriptions have it (German Wikipedia: when one's turn comes round again;
    docs/games/maestro.md, Readings): not in the turn the critic was taken.
    """
    if g.critic != p:
        return False
    if cards.rules[Rule.CRITIC_PAYS] == CriticPays.NEXT_TURN:
        return g.row_done[g.critic_row] != g.turn  # taken in an earlier turn
    return True


@kernel
def critic_bonus_nb(cards, g, s, w, p):
    """The critic's holder gains its bonus at the beginning of the draw (critic_pays_now_nb)."""
    if critic_pays_now_nb(cards, g, p):
        bonus = cards.rules[Rule.CRITIC_BONUS]
        s[p].critic_points += bonus
        s[p].critic_bonuses += 1
        log_nb(g, w, p, Ev.POINTS, bonus, Why.CRITIC)


@kernel
def cannot_draw_nb(cards, g, w, p, free):
    """Seat p cannot draw (no free space, or an empty pool): the game ends
    (CannotDraw.ENDS_GAME), or p skips and the game ends once every player in a row
    skipped (CannotDraw.SKIPS). An empty pool always ends it: nobody can draw again."""
    log_nb(g, w, p, Ev.CANNOT_DRAW, free, g.pool_n)
    if cards.rules[Rule.CANNOT_DRAW] == CannotDraw.ENDS_GAME or g.pool_n == 0:
        end_game_nb(g, w, p, End.CANNOT_DRAW)
        return
    g.skips += 1
    log_nb(g, w, p, Ev.SKIP)
    if g.skips >= g.n_players:
        end_game_nb(g, w, p, End.CANNOT_DRAW)


@kernel
def draw_applause_nb(cards, g, s, w, p):
    """A drawn applause counter goes onto the board's track; True when it ends the draw
    (the last one ends the game; ApplauseDraw.ENDS_DRAW: "Drawing an applause counter
    counts as your draw - you do not get to draw another counter to replace it")."""
    g.applause += 1
    s[p].applause_drawn += 1
    log_nb(g, w, p, Ev.APPLAUSE, g.applause)
    if g.applause >= cards.rules[Rule.APPLAUSE]:
        end_game_nb(g, w, p, End.APPLAUSE)
        return True
    return cards.rules[Rule.APPLAUSE_DRAW] == ApplauseDraw.ENDS_DRAW


@kernel
def draw_phase_nb(cards, g, s, w, p):
    """Seat p's draw: check it can, pay the critic, declare, draw one counter at a time."""
    free = free_spaces_nb(s, p)
    if free == 0 or g.pool_n == 0:
        cannot_draw_nb(cards, g, w, p, free)
        return
    g.skips = 0
    critic_bonus_nb(cards, g, s, w, p)
    n = list_declare_nb(cards, g, w, free)
    declared = w.opts[decide_nb(cards, g, s, w, p, n), 1]
    log_nb(g, w, p, Ev.DECLARE, declared)
    for _ in range(declared):
        g.pool_n -= 1
        t = g.pool[g.pool_n]
        g.drawn += 1
        s[p].drawn += 1
        if t == APPLAUSE:
            if draw_applause_nb(cards, g, s, w, p):
                return
            continue
        n = list_put_nb(s, w, p, t)
        space = w.opts[decide_nb(cards, g, s, w, p, n), 1]
        s[p].agency[space] = t
        log_nb(g, w, p, Ev.DRAW, t, space)
