"""Pig's rules, one small kernel each (rules of Pig, folk game; numbers in data/rules.toml).

Every kernel takes the rules (`cards`: the TABLE record), the game record g, the seat
records s and the Work bundle w, and mutates g and s.
"""

from __future__ import annotations

from simcore.games.events_nb import append_event_nb
from simcore.games.pig.codes import End, Ev, Violation
from simcore.games.pig.dtypes import MAX_PLAYERS, Stage, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, seed_streams_nb


@kernel
def log_nb(g, w, p, code, a, b, c):
    """Append event (turn, seat p, code, a, b, c) to w.log when logging is on."""
    append_event_nb(g, w.log, g.turn, p, code, a, b, c, 0, 0)


@kernel
def start_turn_nb(cards, g, s, w, p):
    """Seat p's turn begins with a roll and nothing at stake; the turn cap: when the first
    player would begin turn turn_cap + 1, every player has had turn_cap turns and the game
    ends (End.CAP)."""
    if p == g.first and s[p].turns >= cards.turn_cap:
        end_game_nb(cards, g, s, w, End.CAP)
        return
    g.turn += 1
    g.current = p
    g.turn_total = 0
    g.stage = Stage.ROLL
    s[p].turns += 1
    log_nb(g, w, p, Ev.TURN, 0, 0, 0)


@kernel
def setup_nb(cards, g, s, w, n_players, game_seed, index):
    """A fresh game: its random streams from its seed alone, a random first player."""
    g.index = index
    g.seed = game_seed
    g.n_players = n_players
    seed_streams_nb(game_seed, g.rng)
    g.first = randint_nb(g.rng, Stream.SETUP, n_players)
    for p in range(min(n_players, MAX_PLAYERS)):
        s[p].start_pos = (p - g.first + n_players) % n_players
    log_nb(g, w, g.first, Ev.FIRST, 0, 0, 0)
    start_turn_nb(cards, g, s, w, g.first)


@kernel
def roll_nb(cards, g, s, w, p):
    """Seat p rolls: a 1 loses the turn total and ends the turn; any other face is added
    to the turn total, and p chooses to roll again or hold."""
    face = 1 + randint_nb(g.rng, Stream.DICE, cards.faces)
    s[p].rolls += 1
    if face == 1:
        s[p].points_lost += g.turn_total
        s[p].busts += 1
        g.turn_total = 0
        log_nb(g, w, p, Ev.ROLL, face, 0, 0)
        start_turn_nb(cards, g, s, w, (p + 1) % g.n_players)
        return
    g.turn_total += face
    s[p].points_rolled += face
    g.stage = Stage.CHOOSE
    log_nb(g, w, p, Ev.ROLL, face, g.turn_total, 0)


@kernel
def hold_nb(cards, g, s, w, p):
    """Seat p holds: the turn total is banked; reaching the target wins at once
    (End.TARGET), else the next seat's turn begins."""
    s[p].score += g.turn_total
    s[p].holds += 1
    log_nb(g, w, p, Ev.HOLD, g.turn_total, s[p].score, 0)
    g.turn_total = 0
    if s[p].score >= cards.target:
        end_game_nb(cards, g, s, w, End.TARGET)
    else:
        start_turn_nb(cards, g, s, w, (p + 1) % g.n_players)


@kernel
def end_game_nb(cards, g, s, w, trigger):
    """The end: ranks by score (1 = best, ties share) and wins (1/k for k tied winners);
    every score checked against its parts (Violation.SCORE)."""
    g.end_trigger = trigger
    g.stage = Stage.OVER
    log_nb(g, w, g.current, Ev.END, trigger, 0, 0)
    n = g.n_players
    n_win = 0
    for p in range(n):
        ahead = 0
        for q in range(n):
            if s[q].score > s[p].score:
                ahead += 1
        s[p].rank = ahead + 1
        if ahead == 0:
            n_win += 1
        if s[p].score != s[p].points_rolled - s[p].points_lost:
            g.violations |= Violation.SCORE
    for p in range(n):
        s[p].win = 1.0 / n_win if s[p].rank == 1 else 0.0
        log_nb(g, w, p, Ev.FINAL, s[p].score, s[p].rank, 1 if s[p].rank == 1 else 0)
