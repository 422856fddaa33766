"""Setup (spec 1.2.1): vocation picks to the right with ceil(N/3) copies each (ruling
EW-3, EW-4), the draft of 3 passed left, the array of 4, the first player moves first."""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.ewmh.rules.setup_nb import setup_nb
from simcore.games.ewmh.state.codes import Ev, Opt, Stage
from simcore.games.ewmh.state.dtypes import Loc, new_state
from simcore.games.ewmh.state.work import new_work

ALL = (1 << 9) - 1


def stepped_setup(ecards, n, pick=0):
    """Set a game up, every decision taking option `pick` (or the last if fewer);
    returns (games, seats, w, the decisions as (stage, actor, options))."""
    t = ecards.tables
    games, seats = new_state(1)
    w = new_work(n_log=4096)
    setup_nb(t, games[0], seats[0], w, n, 11, 0)
    seen = []
    while games[0].stage in (Stage.VOCATION, Stage.DRAFT):
        p = advance_nb(t, games[0], seats[0], w, ALL)
        if games[0].stage not in (Stage.VOCATION, Stage.DRAFT):
            break
        from simcore.games.ewmh.rules.options_nb import list_options_nb

        k = list_options_nb(t, games[0], seats[0], w)
        rows = [tuple(r) for r in w.opts[:k].tolist()]
        seen.append((int(games[0].stage), p, rows))
        apply_top_nb(t, games[0], seats[0], w, p, min(pick, k - 1))
    return games, seats, w, seen


def test_vocations_are_picked_to_the_right_from_the_first_player(ecards):
    games, seats, w, seen = stepped_setup(ecards, 5)
    first = int(games[0].first)
    log = w.log[: games[0].log_n]
    picks = [int(r[1]) for r in log if r[2] == Ev.VOCATION]
    assert picks == [(first - i) % 5 for i in range(5)]  # "the player to her right" (EW-4)


def test_balanced_copies_are_ceil_n_over_3_each(ecards):
    # always taking the first vocation offered: 5 players, 2 copies each (ruling EW-3)
    games, seats, w, seen = stepped_setup(ecards, 5)
    v = seats[0, :5].vocation
    assert sorted(np.bincount(v, minlength=3).tolist()) == [1, 2, 2]
    offered = [len(rows) for stage, _, rows in seen if stage == Stage.VOCATION]
    assert offered == [3, 3, 2, 2]  # each runs out after 2 picks; the last has 1 left


def test_the_draft_keeps_three_each_passing_left(ecards):
    games, seats, w, seen = stepped_setup(ecards, 4)
    g = games[0]
    first = int(g.first)
    drafts = [(p, rows) for stage, p, rows in seen if stage == Stage.DRAFT]
    # rounds of 3 and 2 cards ask every seat in turn order from the first; the last card is kept
    assert [p for p, _ in drafts] == [(first + i) % 4 for i in range(4)] * 2
    assert [len(rows) for _, rows in drafts] == [3] * 4 + [2] * 4
    by_seat = {p: rows for p, rows in drafts[:4]}
    for p, rows in drafts[4:]:  # the 2 left of the packet of the seat to the right
        right = by_seat[(p - 1) % 4]
        assert {r[1] for r in rows} == {r[1] for r in right[1:]}
        assert all(r[0] == Opt.DRAFT for r in rows)
    for p in range(4):
        assert sum(1 for c in range(g.n_cards) if g.card_loc[c] == p) == 3
        assert all(g.card_flipped[c] == 0 for c in range(g.n_cards) if g.card_loc[c] == p)
    assert sum(1 for c in g.array if c >= 0) == 4  # rulebook: Setup, the array of four
    assert int(g.deck_n) == 48 - 12 - 4
    assert all(g.card_loc[c] != Loc.PACKET for c in range(g.n_cards))
    assert g.stage == Stage.PHASE and g.current == first and g.rounds == 1  # first moves first


def test_at_two_players_the_draft_passes_back(ecards):
    games, seats, w, seen = stepped_setup(ecards, 2)
    g = games[0]
    assert [sum(1 for c in range(g.n_cards) if g.card_loc[c] == p) for p in (0, 1)] == [3, 3]
