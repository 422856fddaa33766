"""The end: contracts paid for musicians left in agencies, final points, ranks and wins.

Rulebook, The Agencies: "If musicians remain in your agency at the end of the game, the
owner of the agency pays as much money as the total of the contracts for these
musicians" (the space numbers 1-10; conductors included). Game End: "everyone counts
their points, and subtracts the unplaced musician's contracts. Whoever has the most
points wins the game." Ties: Rule.TIE_BREAK (rules.toml).
"""

from __future__ import annotations

from simcore.games.maestro.output.log_nb import card_event_nb, log_nb
from simcore.games.maestro.state.codes import CardEvent, CardKind, Ev, Rule, TieBreak
from simcore.games.maestro.state.dtypes import AGENCY, CONDUCTOR
from simcore.kernels.jit import kernel


@kernel
def contracts_nb(s, p):
    """The total contract value (space numbers) of the tiles in seat p's agency."""
    total = 0
    for k in range(AGENCY):
        if s[p].agency[k] >= 0:
            total += k + 1
    return total


@kernel
def standing_nb(s, p):
    """Seat p's score if the game ended now: points so far less its contracts."""
    return (
        int(s[p].placed_points)
        + int(s[p].one_turn_points)
        + int(s[p].critic_points)
        - contracts_nb(s, p)
    )


@kernel
def beats_nb(cards, s, a, b):
    """Does seat a finish ahead of seat b (more points; on a tie, by Rule.TIE_BREAK)?"""
    if s[a].points != s[b].points:
        return s[a].points > s[b].points
    if cards.rules[Rule.TIE_BREAK] == TieBreak.FEWER_CONTRACTS:
        return s[a].contracts < s[b].contracts
    return False


@kernel
def final_scoring_nb(cards, g, s, w):
    """Contracts, final points, ranks (1 = best, ties share) and wins (1/k for k tied)."""
    n_players = g.n_players
    for p in range(n_players):
        s[p].contracts = contracts_nb(s, p)
        left = 0
        for k in range(AGENCY):
            t = s[p].agency[k]
            if t >= 0:
                left += 1
                inst = cards.n_inst if t == CONDUCTOR else t
                card_event_nb(g, w, p, CardKind.INSTRUMENT, inst, CardEvent.UNPLACED)
        s[p].unplaced = left
        s[p].points = (
            int(s[p].placed_points)
            + int(s[p].one_turn_points)
            + int(s[p].critic_points)
            - int(s[p].contracts)
        )
        log_nb(g, w, p, Ev.CONTRACTS, s[p].contracts, left)
    n_win = 0
    for p in range(n_players):
        ahead = 0
        for q in range(n_players):
            if q != p and beats_nb(cards, s, q, p):
                ahead += 1
        s[p].rank = ahead + 1
        if ahead == 0:
            n_win += 1
    for p in range(n_players):
        s[p].win = 1.0 / n_win if s[p].rank == 1 else 0.0
        log_nb(g, w, p, Ev.FINAL, s[p].points, s[p].rank, 1 if s[p].rank == 1 else 0)
