"""A Piacere's players decide from public information only (state/view_nb.py): the
information-set test every game has (EWMH: tests/ewmh/test_public_view.py).

Structurally (tests/strategies/seat_flow.py), no module of strategies/apiacere/ nor any
engine kernel it calls reads a hidden field but through the view module, an own-seat field
(the personal legacy tile) but the deciding seat's, nor a random stream but its own.
Behaviourally, at every decision of real games (the heuristics and random play, 2 to 5
players), dealing again everything the deciding seat cannot see (play/redeal_nb.redeal_nb:
the other hands, the draw piles below a face-up top, the royal tiles still to come, the
other personal legacy tiles) leaves the option list and every heuristic's choice as they
were, and the redeal does deal again."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from simcore.games.apiacere.play.redeal_nb import redeal_nb
from simcore.games.apiacere.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.apiacere.rules.options_nb import list_options_nb
from simcore.games.apiacere.rules.setup_nb import setup_nb
from simcore.games.apiacere.sizes import MAX_PLAYERS
from simcore.games.apiacere.state import view_nb
from simcore.games.apiacere.state.codes import Stage
from simcore.games.apiacere.state.dtypes import N_STACKS, new_state
from simcore.games.apiacere.state.work import new_work
from strategies.apiacere.dispatch_nb import choose_nb
from strategies.apiacere.registry import STRATEGIES
from tests.strategies.seat_flow import Program, forbidden, program_leaks

ROOT = Path(__file__).resolve().parents[2]
ALL = (1 << MAX_PLAYERS) - 1
HEURISTICS = ("performer", "composer", "traveller")
SEEN = [f for f in new_state(1)[0].dtype.names if f not in view_nb.HIDDEN_FIELDS]


def strategy_program() -> Program:
    # the search player reads the whole state by design, but only after it dealt the
    # hidden part again: tests/apiacere/test_search.py checks its choices instead
    paths = [
        path
        for path in sorted((ROOT / "strategies" / "apiacere").glob("*_nb.py"))
        if path.name != "search_player_nb.py"
    ]
    paths.append(ROOT / "strategies" / "random_nb.py")
    return Program(paths, {"strategies.apiacere.dispatch_nb.choose_nb": 5})


def test_strategy_modules_read_nothing_hidden():
    """Hidden fields only through the view module, the own legacy tile only for the
    deciding seat, the strategy stream only (seat_flow)."""
    leaks = program_leaks(
        strategy_program(), view_nb.HIDDEN_FIELDS, view_nb.OWN_FIELDS, view_nb.__name__
    )
    assert leaks == []


def test_the_structural_check_flags_a_read_of_another_hand_or_tile():
    """The check can fail: reading where a card lies, a pile, or an opponent's legacy tile."""
    tree = ast.parse("def f(g, s, p):\n    return g.card_loc[3] + g.pile[0, 1] + g.pile_n[0]")
    hits = forbidden(tree, set(view_nb.HIDDEN_FIELDS), set(), lambda node: set(), lambda f: None)
    assert hits == ["line 2: .card_loc", "line 2: .pile"]
    program = Program(
        [ROOT / "strategies" / "apiacere" / "x_nb.py"],
        {"strategies.apiacere.x_nb.choose_nb": 5},
        sources={
            ROOT / "strategies" / "apiacere" / "x_nb.py": "def choose_nb(sid, params, cards, "
            "g, s, p, opts, n):\n    return s[1 - p].legacy + g.royal_order[2]\n"
        },
    )
    leaks = program.reads(set(view_nb.HIDDEN_FIELDS), set(view_nb.OWN_FIELDS))
    assert len(leaks) == 2, leaks


def test_the_hidden_fields_are_game_fields():
    games, seats = new_state(1)
    assert set(view_nb.HIDDEN_FIELDS) <= set(games.dtype.names)
    assert {"card_loc", "pile", "royal_order", "seed", "rng"} <= set(view_nb.HIDDEN_FIELDS)
    assert set(view_nb.OWN_FIELDS) == {"legacy"} and "legacy" in seats.dtype.names


def seen_by(cards, g, s, p, n):
    """What seat p sees: the public GAME fields, every seat record but the other personal
    legacy tiles, its own tile and hand, where every card it can see lies, each hand's count
    by stack, each face-up top, the placed royal tiles."""
    out = {f: g[f].tobytes() for f in SEEN}
    seats = s[:n].copy()
    seats["legacy"] = -1
    out["seats"] = seats.tobytes()
    out["legacy"] = int(s[p]["legacy"])
    loc = g["card_loc"][: g["n_cards"]]
    out["places"] = [view_nb.place_nb(g, c, p) for c in range(int(g["n_cards"]))]
    stack = cards.card_stack
    out["counts"] = [
        [int(((loc == q) & (stack == st)).sum()) for st in range(N_STACKS)] for q in range(n)
    ]
    out["tops"] = [view_nb.face_up_top_nb(g, st) for st in range(N_STACKS)]
    out["royal"] = [view_nb.royal_tile_nb(cards, g, k) for k in range(8)]
    return out


def choices(cards, g, s, w, p, n):
    """Every heuristic's pick for seat p at this decision (each on its own copy)."""
    picks = []
    for name in HEURISTICS:
        spec = STRATEGIES[name]
        gc, sc = g.copy(), s.copy()
        picks.append(choose_nb(spec.id, spec.vector(), cards, gc[0], sc[0], p, w.opts, n))
    return picks


def redeal_game(cards, lineup: list[str], seed: int, redeals: int) -> dict:
    """Play one game stopping at every decision; at each, redeal `redeals` times."""
    n = len(lineup)
    games, seats = new_state(1)
    w = new_work()
    for p, name in enumerate(lineup):
        seats[0, p]["strategy"] = STRATEGIES[name].id
        w.params[p] = STRATEGIES[name].vector()
    setup_nb(cards, games[0], seats[0], w, n, seed, 0)
    out = {"points": 0, "failures": [], "moved": 0, "stages": set(), "legacy": 0, "royal": 0}
    while True:
        p = advance_nb(cards, games[0], seats[0], w, ALL)
        if p < 0:
            return out
        k = list_options_nb(cards, games[0], seats[0], w)
        opts = w.opts[:k].copy()
        picks = choices(cards, games, seats, w, p, k)
        before = seen_by(cards, games[0], seats[0], p, n)
        out["points"] += 1
        out["stages"].add(Stage(int(games[0]["stage"])).name)
        for r in range(redeals):
            gr, sr = games.copy(), seats.copy()
            redeal_nb(cards, gr[0], sr[0], p, 1000 * seed + 7 * out["points"] + r)
            out["moved"] += int(gr["card_loc"].tobytes() != games["card_loc"].tobytes())
            out["legacy"] += int(sr["legacy"].tobytes() != seats["legacy"].tobytes())
            out["royal"] += int(gr["royal_order"].tobytes() != games["royal_order"].tobytes())
            assert seen_by(cards, gr[0], sr[0], p, n) == before  # the redeal keeps what p sees
            m = list_options_nb(cards, gr[0], sr[0], w)
            again = choices(cards, gr, sr, w, p, m)
            if m != k or not np.array_equal(w.opts[:m], opts) or again != picks:
                out["failures"].append((out["points"], int(games[0]["stage"]), picks, again))
        gc, sc = games.copy(), seats.copy()
        list_options_nb(cards, gc[0], sc[0], w)
        pick = choose_nb(seats[0, p]["strategy"], w.params[p], cards, gc[0], sc[0], p, w.opts, k)
        games["rng"] = gc["rng"]  # the strategy stream as the seat's own pick left it
        apply_top_nb(cards, games[0], seats[0], w, p, pick)


LINEUPS = [
    (["performer", "composer"], 3),
    (["traveller", "random", "composer", "performer"], 5),
    (["random", "performer", "traveller", "composer", "random"], 7),
]


@pytest.mark.parametrize(("lineup", "seed"), LINEUPS)
def test_no_option_list_nor_choice_depends_on_what_the_seat_cannot_see(apcards, lineup, seed):
    t = apcards.tables
    out = redeal_game(t, lineup, seed, 2)
    assert out["failures"] == [], out["failures"][:5]
    assert out["points"] > 100
    assert {"MOVE", "HOUSING", "DRAW", "PLAY", "KEEP"} <= out["stages"], out["stages"]
    assert out["moved"] > out["points"]  # the other hands and the piles were dealt again
    assert out["legacy"] > out["points"]  # so were the other personal legacy tiles
    assert out["royal"] > out["points"]  # and the royal tiles still to come


def test_a_redeal_keeps_what_the_seat_sees_and_changes_what_it_does_not(apcards):
    """The comparison can fail: after a few rounds, the redeal's own output differs where
    it must (the other hands, the piles, the tiles to come) for every seat of a 4-player
    game, and keeps what the seat sees."""
    t = apcards.tables
    games, seats = new_state(1)
    w = new_work()
    setup_nb(t, games[0], seats[0], w, 4, 11, 0)
    for _ in range(60):  # random play (strategy 0) to some decision well into the game
        p = advance_nb(t, games[0], seats[0], w, ALL)
        apply_top_nb(t, games[0], seats[0], w, p, 0)
    for p in range(4):
        gr, sr = games.copy(), seats.copy()
        redeal_nb(t, gr[0], sr[0], p, 99 + p)
        assert seen_by(t, gr[0], sr[0], p, 4) == seen_by(t, games[0], seats[0], p, 4)
        for f in ("card_loc", "pile", "royal_order", "rng", "seed"):
            assert gr[f].tobytes() != games[f].tobytes(), f
        assert sr["legacy"][0, p] == seats["legacy"][0, p]
