"""A game stopped at its top-level decisions and resumed (issue 33, resume_nb.py): stepping
decision by decision plays the uninterrupted game, a copy taken at a decision continues
as the original, and redeal_nb changes only what the deciding seat cannot see."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.luthier.cards import load_default_cards
from simcore.games.luthier.dtypes import new_state
from simcore.games.luthier.engine import params_matrix, play_game
from simcore.games.luthier.redeal_nb import redeal_nb
from simcore.games.luthier.resume_nb import advance_nb, own_step_nb
from simcore.games.luthier.setup_nb import setup_game_nb
from simcore.games.luthier.view_nb import HIDDEN_FIELDS, OWN_FIELDS
from simcore.games.luthier.work import new_work, snapshot_buffers
from strategies.luthier.registry import parse_seats

CARDS = load_default_cards()
ALL = 0b1111


def new_game(players: int, seed: int, names: str):
    specs = parse_seats(names, players)
    games, seats = new_state(1)
    for p, spec in enumerate(specs):
        seats[0, p]["strategy"] = spec.id
    w = new_work(params_matrix(specs, None), n_log=20_000)
    setup_game_nb(CARDS.table, games[0], seats[0], w, players, seed, 0)
    return games, seats, w


def finish(games, seats, w, mask: int, stops: list | None = None) -> None:
    """Play on, each stop taken by the seat's own strategy (own_step_nb)."""
    snap_g, snap_s = snapshot_buffers(0)
    while True:
        p = advance_nb(CARDS.table, games[0], seats[0], w, snap_g, snap_s, mask)
        if p < 0:
            return
        if stops is not None:
            stops.append((games.copy(), seats.copy(), p))
        own_step_nb(CARDS.table, games[0], seats[0], w, p)


@pytest.mark.parametrize(("players", "names"), [(2, "balanced,random"), (4, "balanced")])
def test_stepping_decision_by_decision_plays_the_uninterrupted_game(players, names):
    g1, s1, w1 = new_game(players, 5, names)
    finish(g1, s1, w1, 0)
    g2, s2, w2 = new_game(players, 5, names)
    stops: list = []
    finish(g2, s2, w2, ALL, stops)
    assert len(stops) > 20
    assert g1.tobytes() == g2.tobytes()
    assert s1.tobytes() == s2.tobytes()
    n = int(g1[0]["log_n"])
    assert np.array_equal(w1.log[:n], w2.log[:n])
    # and the engine's own game (play_games_nb) ends in the same seats
    played = play_game(CARDS, players, 5, parse_seats(names, players))
    assert played.seats.tobytes() == s1[0, :players].tobytes()


def test_a_copy_taken_at_a_decision_continues_as_the_original():
    g, s, w = new_game(3, 9, "balanced,crafter,random")
    stops: list = []
    finish(g, s, w, ALL, stops)
    for games, seats, p in stops[5 :: max(1, len(stops) // 4)]:
        cw = new_work(w.params, n_log=20_000)
        own_step_nb(CARDS.table, games[0], seats[0], cw, p)
        finish(games, seats, cw, 0)
        assert games.tobytes() == g.tobytes()
        assert seats.tobytes() == s.tobytes()


def face_up(g, j: int) -> bool:
    from simcore.games.luthier.enums import Location

    loc = int(g["pl_loc"][j])
    for k in range(int(g["pl_n"])):
        same = loc < Location.ROUGHING or g["pl_seat"][k] == g["pl_seat"][j]
        if g["pl_loc"][k] == loc and same and g["pl_done"][k]:
            return True
    return False


def view(games, seats, p: int) -> dict:
    """What seat p sees of the state (view_nb.HIDDEN_FIELDS, OWN_FIELDS)."""
    g, s = games[0], seats[0]
    out = {f: g[f].tobytes() for f in g.dtype.names if f not in HIDDEN_FIELDS}
    family = CARDS.arrays.inst_family
    for row in range(4):
        n = int(g["deck_n"][row])
        out[f"drawn {row}"] = g["decks"][row, n:].tobytes()
        if row == 1:  # the instrument deck: backs are public
            out["deck backs"] = sorted(int(family[c]) for c in g["decks"][row, :n])
        else:
            out[f"deck {row}"] = sorted(g["decks"][row, :n].tolist())
    n_pl = int(g["pl_n"])
    out["chips"] = [
        int(g["pl_chip"][j]) if g["pl_seat"][j] == p or face_up(g, j) else -1 for j in range(n_pl)
    ]
    for q in range(int(g["n_players"])):
        out[f"chips {q}"] = sorted(
            int(g["pl_chip"][j]) for j in range(n_pl) if g["pl_seat"][j] == q
        )
        for f in s.dtype.names:
            if q == p or f not in {*OWN_FIELDS, "plan_memo"}:
                out[f"{q}.{f}"] = s[q][f].tobytes()
        out[f"{q}.backs"] = [int(family[c]) if c >= 0 else -1 for c in s[q]["hand"]]
    return out


def test_redealing_keeps_what_the_seat_sees_and_changes_what_it_does_not():
    g, s, w = new_game(4, 3, "balanced")
    stops: list = []
    finish(g, s, w, ALL, stops)
    changed = {"hands": 0, "decks": 0, "seed": 0}
    for games, seats, p in stops[:: max(1, len(stops) // 12)]:
        before = view(games, seats, p)
        redealt_g, redealt_s = games.copy(), seats.copy()
        redeal_nb(CARDS.table, redealt_g[0], redealt_s[0], p, 1234)
        assert view(redealt_g, redealt_s, p) == before
        again_g, again_s = games.copy(), seats.copy()
        redeal_nb(CARDS.table, again_g[0], again_s[0], p, 1234)
        assert again_g.tobytes() == redealt_g.tobytes()  # a function of the seed
        others = [q for q in range(4) if q != p]
        changed["hands"] += any(
            not np.array_equal(seats[0, q]["hand"], redealt_s[0, q]["hand"]) for q in others
        )
        changed["decks"] += not np.array_equal(games[0]["decks"], redealt_g[0]["decks"])
        changed["seed"] += games[0]["seed"] != redealt_g[0]["seed"]
    assert all(changed.values()), changed
