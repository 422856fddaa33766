"""The order of play (rulebook: Game Rounds, Player Turns, Royal Events): the phases of
a turn in their fixed order, the seats of a round in turn order, a royal event after
every block of rounds, and the game's end after the last event."""

from __future__ import annotations

from simcore.games.apiacere.codes import Rule
from simcore.games.apiacere.rules.phases_nb import house_nb, start_draws_nb
from simcore.games.apiacere.rules.royal_nb import (
    next_start_nb,
    royal_event_nb,
    shift_variety_nb,
)
from simcore.games.apiacere.rules.scoring_nb import end_game_nb
from simcore.games.apiacere.rules.setup_nb import start_setup_draw_nb
from simcore.games.apiacere.rules.stacks_nb import hand_size_nb
from simcore.games.apiacere.state.codes import Stage, Violation
from simcore.kernels.jit import kernel


@kernel
def after_housing_nb(cards, g, s, w, p, h):
    """Phases 2 to 4: housing h and its rent, then the draws."""
    house_nb(cards, g, s, w, p, h)
    start_draws_nb(cards, g, s, p)
    g.stage = Stage.DRAW


@kernel
def after_draws_nb(cards, g, s, w):
    """The draw phase is over: at setup the next seat draws its start cards, or round 1
    begins; in a turn, the play phase."""
    if g.rounds == 0:
        if g.pos + 1 < g.n_players:
            start_setup_draw_nb(cards, g, s, g.pos + 1)
        else:
            g.rounds = 1
            g.pos = 0
            g.stage = Stage.TURN
        return
    g.draws_left = 0
    g.takes_n = 0
    g.stage = Stage.PLAY


@kernel
def to_keep_nb(cards, g, s, w, p):
    """Phase 6: discard to the hand limit (KEEP) or, within it, the turn ends."""
    if hand_size_nb(g, p) > g.hand_limit:
        g.stage = Stage.KEEP
    else:
        end_turn_nb(cards, g, s, w)


@kernel
def end_turn_nb(cards, g, s, w):
    """The current seat's turn is over; the next seat in the round's order plays, or the
    round ends: a royal event after every `rounds_per_event` rounds (a separate round
    with no actions, ruling AP-28), the variety tiles shifted and the next block's start
    player; the game ends after the last event (rulebook: End of game)."""
    if hand_size_nb(g, g.current) > g.hand_limit:
        g.violations |= Violation.HAND
    g.pos += 1
    g.stage = Stage.TURN
    if g.pos < g.n_players:
        return
    g.pos = 0
    if g.rounds % cards.rules[Rule.ROUNDS_PER_EVENT] == 0:
        royal_event_nb(cards, g, s, w)
        if g.events_done >= cards.rules[Rule.EVENTS]:
            end_game_nb(cards, g, s, w)
            return
        shift_variety_nb(cards, g, w)
        next_start_nb(g, s, w)
    g.rounds += 1
