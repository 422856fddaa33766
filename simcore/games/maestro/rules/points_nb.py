"""Placing a musician: the tile moves, the placer scores, a completed row takes the critic.

Rulebook, The Appraisal: "five (5) points per musician when a row is begun, continued,
or an already started row is completed"; "ten (10) points per musician if a row is
completed at one time". Points are scored as each musician goes down (the base value);
the tile that completes a row opened this turn adds the rest of the one-turn value for
the whole row, so a row filled in one turn pays the one-turn value per musician.
"""

from __future__ import annotations

from simcore.games.maestro.output.log_nb import card_event_nb, log_nb
from simcore.games.maestro.state.codes import CardEvent, CardKind, Ev, Rule, Scoring, Why
from simcore.games.maestro.state.dtypes import CONDUCTOR, EMPTY
from simcore.kernels.jit import kernel


@kernel
def base_points_nb(cards, r):
    """Points per musician placed into row r (Rule.SCORING: 5, or the printed value)."""
    if cards.rules[Rule.SCORING] == Scoring.PRINTED:
        return int(cards.row_value[r])
    return int(cards.rules[Rule.BEGUN_POINTS])


@kernel
def one_turn_points_nb(cards, r):
    """Points per musician of row r filled in one turn (10, or double the printed value)."""
    if cards.rules[Rule.SCORING] == Scoring.PRINTED:
        return 2 * int(cards.row_value[r])
    return int(cards.rules[Rule.ONE_TURN_POINTS])


@kernel
def complete_row_nb(cards, g, s, w, p, r):
    """Seat p completed row r: the one-turn extra if it was empty when the turn began,
    and the critic. Rulebook, The Critic: "When a row is finished (either completed in
    one turn, or completing one already begun), put the critic at the end of the row"."""
    length = int(cards.row_len[r])
    one_turn = g.row_start[r] == 0
    g.completed = r
    g.row_done[r] = g.turn
    g.row_seat[r] = p
    s[p].rows_completed += 1
    log_nb(g, w, p, Ev.COMPLETE, r, 1 if one_turn else 0)
    if one_turn:
        extra = (one_turn_points_nb(cards, r) - base_points_nb(cards, r)) * length
        s[p].rows_one_turn += 1
        s[p].one_turn_points += extra
        log_nb(g, w, p, Ev.POINTS, extra, Why.ONE_TURN)
    log_nb(g, w, p, Ev.CRITIC, r, g.critic)
    g.critic = p
    g.critic_row = r


@kernel
def place_nb(cards, g, s, w, p, q, k, r, j):
    """Seat p moves the tile on space k of seat q's agency onto space j of row r (a legal
    option of options_nb.list_place_nb); g and s are mutated."""
    t = s[q].agency[k]
    s[q].agency[k] = EMPTY
    if q != p:
        g.row_raided[r] += 1
        s[p].raided += 1
        s[q].lost += 1
    if g.row_n[r] == 0:
        s[p].rows_opened += 1
    g.board[r, j] = t
    g.board_seat[r, j] = p
    g.row_n[r] += 1
    if g.touched < 0:
        g.touched = r
    s[p].placed += 1
    inst = cards.n_inst
    if t == CONDUCTOR:
        s[p].conductors_placed += 1
    else:
        inst = t
    base = base_points_nb(cards, r)
    s[p].placed_points += base
    log_nb(g, w, p, Ev.PLACE, q, k, r, j, t)
    log_nb(g, w, p, Ev.POINTS, base, Why.PLACED)
    card_event_nb(
        g, w, p, CardKind.INSTRUMENT, inst, CardEvent.RAIDED if q != p else CardEvent.PLACED
    )
    if g.row_n[r] == cards.row_len[r]:
        complete_row_nb(cards, g, s, w, p, r)


@kernel
def row_events_nb(cards, g, w, p):
    """One card event per row seat p played into this turn: started, continued,
    completed, or completed in one turn."""
    if w.cev.shape[0] == 0:
        return
    for r in range(cards.n_rows):
        start = g.row_start[r]
        if g.row_n[r] == start:
            continue
        if g.completed == r:
            event = CardEvent.COMPLETED_IN_ONE_TURN if start == 0 else CardEvent.COMPLETED
        else:
            event = CardEvent.STARTED if start == 0 else CardEvent.CONTINUED
        card_event_nb(g, w, p, CardKind.ROW, r, event)
