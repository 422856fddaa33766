"""Early Western Music History's players decide from public information only
(state/view_nb.py): the information-set test every game has (for Luthier and Maestro:
tests/strategies/test_public_information.py).

Structurally (tests/strategies/seat_flow.py), no module of strategies/ewmh/ (the search
player aside: it runs the engine on redealt copies) nor any engine kernel it calls reads a
hidden field but through the view module, nor a random stream but its own. Behaviourally,
at every decision of real games (the heuristics and random play, 2 to 9 players), dealing
again everything the deciding seat cannot see (play/redeal_nb.redeal_nb) leaves the option
list and every heuristic's choice as they were, and the redeal does deal again."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from simcore.games.ewmh.play.redeal_nb import redeal_nb
from simcore.games.ewmh.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.ewmh.rules.options_nb import list_options_nb
from simcore.games.ewmh.rules.setup_nb import setup_nb
from simcore.games.ewmh.sizes import MAX_PLAYERS
from simcore.games.ewmh.state import view_nb
from simcore.games.ewmh.state.codes import Stage
from simcore.games.ewmh.state.dtypes import CompState, new_state
from simcore.games.ewmh.state.work import new_work
from strategies.ewmh.dispatch_nb import choose_nb
from strategies.ewmh.registry import STRATEGIES
from tests.strategies.seat_flow import Program, forbidden, program_leaks

ROOT = Path(__file__).resolve().parents[2]
ALL = (1 << MAX_PLAYERS) - 1
HEURISTICS = ("producer", "rusher", "patron")
SEEN = [f for f in new_state(1)[0].dtype.names if f not in view_nb.HIDDEN_FIELDS]


def strategy_program() -> Program:
    paths = [
        path
        for path in sorted((ROOT / "strategies" / "ewmh").glob("*_nb.py"))
        if path.name != "search_player_nb.py"
    ] + [ROOT / "strategies" / "random_nb.py"]
    return Program(paths, {"strategies.ewmh.dispatch_nb.choose_nb": 5})


def test_strategy_modules_read_nothing_hidden():
    """Hidden fields only through the view module, the strategy stream only (seat_flow)."""
    leaks = program_leaks(
        strategy_program(), view_nb.HIDDEN_FIELDS, view_nb.OWN_FIELDS, view_nb.__name__
    )
    assert leaks == []


def test_the_structural_check_flags_a_read_of_another_hand():
    """The check can fail: reading who holds a composition, or the deck, is flagged."""
    tree = ast.parse("def f(g, s, p):\n    return g.comp_owner[3] + g.comp_deck[0] + g.deck_n")
    hits = forbidden(tree, set(view_nb.HIDDEN_FIELDS), set(), lambda node: set(), lambda f: None)
    assert hits == ["line 2: .comp_owner", "line 2: .comp_deck"]


def test_the_hidden_fields_are_game_fields():
    games, _ = new_state(1)
    assert set(view_nb.HIDDEN_FIELDS) <= set(games.dtype.names)
    assert {"comp_owner", "comp_state", "comp_deck", "deck", "packet", "seed", "rng"} <= set(
        view_nb.HIDDEN_FIELDS
    )


def seen_by(g, s, p, n):
    """What seat p sees: the public GAME fields, every seat record, its own hand and
    packet, the published pieces, and the count of each seat's hand."""
    out = {f: g[f].tobytes() for f in SEEN}
    out["seats"] = s[:n].tobytes()
    state, owner = g["comp_state"], g["comp_owner"]
    out["mine"] = np.flatnonzero((state == CompState.HAND) & (owner == p)).tobytes()
    out["published"] = (np.where(state == CompState.PUBLISHED, owner, -9)).tobytes()
    out["counts"] = [int(((state == CompState.HAND) & (owner == q)).sum()) for q in range(n)]
    out["packet"] = g["packet"][p].tobytes()
    return out


def choices(cards, g, s, w, p, n):
    """Every heuristic's pick for seat p at this decision (each on its own copy)."""
    picks = []
    for name in HEURISTICS:
        spec = STRATEGIES[name]
        gc, sc = g.copy(), s.copy()
        picks.append(choose_nb(spec.id, spec.vector(), cards, gc[0], sc[0], p, w.opts, n))
    return picks


def redeal_game(ecards, lineup: list[str], seed: int, redeals: int) -> dict:
    """Play one game stopping at every decision; at each, redeal `redeals` times."""
    t = ecards.tables
    n = len(lineup)
    games, seats = new_state(1)
    w = new_work()
    for p, name in enumerate(lineup):
        seats[0, p]["strategy"] = STRATEGIES[name].id
        w.params[p] = STRATEGIES[name].vector()
    setup_nb(t, games[0], seats[0], w, n, seed, 0)
    out = {"points": 0, "failures": [], "moved": 0, "stages": set(), "others": 0}
    while True:
        p = advance_nb(t, games[0], seats[0], w, ALL)
        if p < 0:
            return out
        k = list_options_nb(t, games[0], seats[0], w)
        opts = w.opts[:k].copy()
        picks = choices(t, games, seats, w, p, k)
        before = seen_by(games[0], seats[0], p, n)
        out["points"] += 1
        out["stages"].add(Stage(int(games[0]["stage"])).name)
        for r in range(redeals):
            gr, sr = games.copy(), seats.copy()
            redeal_nb(t, gr[0], sr[0], p, 1000 * seed + 7 * out["points"] + r)
            others_hold = sum(before["counts"]) > before["counts"][p]
            if others_hold and games[0]["comp_deck_n"] > 0:  # something to deal again
                out["others"] += 1
                out["moved"] += int(gr["comp_owner"].tobytes() != games["comp_owner"].tobytes())
            assert seen_by(gr[0], sr[0], p, n) == before  # the redeal keeps what p sees
            m = list_options_nb(t, gr[0], sr[0], w)
            again = choices(t, gr, sr, w, p, m)
            if m != k or not np.array_equal(w.opts[:m], opts) or again != picks:
                out["failures"].append((out["points"], int(games[0]["stage"]), picks, again))
        gc, sc = games.copy(), seats.copy()
        list_options_nb(t, gc[0], sc[0], w)
        pick = choose_nb(seats[0, p]["strategy"], w.params[p], t, gc[0], sc[0], p, w.opts, k)
        games["rng"] = gc["rng"]  # the strategy stream as the seat's own pick left it
        apply_top_nb(t, games[0], seats[0], w, p, pick)


LINEUPS = [
    (["producer", "rusher"], 3),
    (["patron", "random", "producer", "rusher"], 5),
    (
        [
            "rusher",
            "patron",
            "producer",
            "random",
            "random",
            "producer",
            "patron",
            "rusher",
            "random",
        ],
        7,
    ),
]


@pytest.mark.parametrize(("lineup", "seed"), LINEUPS)
def test_no_option_list_nor_choice_depends_on_what_the_seat_cannot_see(ecards, lineup, seed):
    out = redeal_game(ecards, lineup, seed, 2)
    assert out["failures"] == [], out["failures"][:5]
    assert out["points"] > 50  # decisions checked: two whole games
    assert {"VOCATION", "DRAFT", "PHASE", "PAY", "FREE"} <= out["stages"], out["stages"]
    assert out["others"] > 100
    assert out["moved"] > out["others"] * 0.7  # the other hands were dealt again


def test_a_redeal_that_leaked_would_be_caught(ecards):
    """The comparison can fail: a heuristic told another seat's hand would pick otherwise.
    Here the redeal's own output differs where it must (the other hands, the deck order)
    for every seat of a 4-player game after the draft."""
    t = ecards.tables
    games, seats = new_state(1)
    w = new_work()
    setup_nb(t, games[0], seats[0], w, 4, 11, 0)
    advance_nb(t, games[0], seats[0], w, 0)  # to the end: hands and decks are dealt out
    for p in range(4):
        gr, sr = games.copy(), seats.copy()
        redeal_nb(t, gr[0], sr[0], p, 99 + p)
        assert seen_by(gr[0], sr[0], p, 4) == seen_by(games[0], seats[0], p, 4)
        hidden = ("comp_owner", "comp_deck", "deck", "rng", "seed")
        assert any(gr[f].tobytes() != games[f].tobytes() for f in hidden)
