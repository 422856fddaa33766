"""An independent referee: replays a game's event log in plain Python and checks every
move against the rulebook (written apart from the kernels, so a kernel bug that lists an
illegal option shows up here)."""

from __future__ import annotations

from simcore.games.maestro.output.events import decode
from simcore.games.maestro.state.codes import Ev, Why
from simcore.games.maestro.state.dtypes import AGENCY, APPLAUSE, CONDUCTOR, TOP


def referee(cards, played) -> None:
    """Raise AssertionError at the first illegal event of `played` (the default rules, with
    either reading of critic_pays and conductors_per_row)."""
    assert cards.rules["raid_limit"] == "row_at_start" and cards.rules["contiguous"]
    assert cards.rules["rows_per_turn"] == "any_complete_one"
    assert cards.rules["applause_draw"] == "ends_draw" and cards.rules["cannot_draw"] == "ends_game"
    # "ten (10) points extra if you have the critic at the beginning of your draw": from
    # the capture turn's draw on (same_turn), or from the holder's next turn (next_turn)
    next_turn = cards.rules["critic_pays"] == "next_turn"
    one_conductor = cards.rules["conductors_per_row"] == "one"  # the Aachen review
    critic = taken = -1  # the critic's holder, the turn it took the critic
    turn = paid = 0
    n = len(played.seats)
    lengths = [len(r["instruments"]) for r in cards.records["rows"]]
    insts = [
        [cards.ids["instruments"].index(i) for i in r["instruments"]] for r in cards.records["rows"]
    ]
    agency = [[-1] * (AGENCY - 1) + [CONDUCTOR] for _ in range(n)]
    board = [[-1] * L for L in lengths]
    points = [0] * n
    applause = 0
    start: list[int] = []
    raided: list[int] = []
    completed = -1
    declared = drawn = 0
    mover = -1
    over = False
    for ev in decode(played.log):
        assert not over or ev.code in (Ev.CONTRACTS, Ev.FINAL), ev
        p = ev.seat
        if ev.code == Ev.TURN:
            assert declared == 0 or drawn <= declared
            assert mover < 0 or p == (mover + 1) % n, "turns go round the table"
            mover = p
            turn += 1
            paid = 0
            start = [sum(t >= 0 for t in row) for row in board]
            raided = [0] * len(board)
            completed = -1
            declared = drawn = 0
        elif ev.code == Ev.PLACE:
            q, k, r, j, t = ev["source"], ev["space"], ev["row"], ev["slot"], ev["tile"]
            assert p == mover and declared == 0, "placing comes FIRST, before the draw"
            assert agency[q][k] == t and t >= 0
            if q != p:
                full = all(x >= 0 for x in agency[q])
                assert k < TOP or full, "only the top row of another agency (unless full)"
                raided[r] += 1
                assert raided[r] <= start[r], "no more from others than lay in the row"
            in_row = sum(x >= 0 for x in board[r])
            assert board[r][j] < 0
            if t == CONDUCTOR and one_conductor:
                assert CONDUCTOR not in board[r], "one conductor per row"
            if in_row == 0:
                assert t == CONDUCTOR, "an empty row opens with a conductor"
            else:
                assert t == CONDUCTOR or t == insts[r][j], "a musician plays its instrument"
                near = [board[r][x] for x in (j - 1, j + 1) if 0 <= x < lengths[r]]
                assert any(x >= 0 for x in near), "rows grow contiguously"
            if in_row == lengths[r] - 1:
                assert completed < 0, "only one row completed per turn"
                completed = r
                critic, taken = p, turn
            agency[q][k] = -1
            board[r][j] = t
        elif ev.code == Ev.POINTS:
            points[p] += ev["points"]
            if ev["why"] == Why.CRITIC:
                assert declared == 0 and ev["points"] == cards.rule("critic_bonus")
                assert p == critic, "only the critic's holder"
                assert not (next_turn and taken == turn), "not in the turn it was taken"
                paid += 1
        elif ev.code == Ev.DECLARE:
            free = sum(x < 0 for x in agency[p])
            assert 1 <= ev["counters"] <= min(3, free), "declare 1-3, no more than space"
            due = p == critic and not (next_turn and taken == turn)
            assert paid == due, "the critic's bonus at the beginning of the holder's draw"
            declared = ev["counters"]
        elif ev.code == Ev.DRAW:
            drawn += 1
            assert drawn <= declared and agency[p][ev["space"]] < 0
            assert ev["tile"] != APPLAUSE
            agency[p][ev["space"]] = ev["tile"]
        elif ev.code == Ev.APPLAUSE:
            drawn += 1
            applause += 1
            assert ev["on_track"] == applause <= cards.rule("applause")
        elif ev.code == Ev.CANNOT_DRAW:
            assert ev["free_spaces"] == 0 or ev["pool"] == 0
        elif ev.code == Ev.END:
            over = True
        elif ev.code == Ev.CONTRACTS:
            paid = sum(k + 1 for k in range(AGENCY) if agency[p][k] >= 0)
            assert ev["paid"] == paid
            points[p] -= paid
        elif ev.code == Ev.FINAL:
            assert ev["points"] == points[p] == played.seats[p]["points"]
    assert over
