"""A game stopped at its top-level decisions and resumed (issue 33, resume_nb.py): stepping
decision by decision plays the uninterrupted game, a copy taken at a decision continues
as the original, and redeal_nb changes only what the deciding seat cannot see."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.luthier.carddata.cards import load_default_cards
from simcore.games.luthier.play.engine import params_matrix, play_game
from simcore.games.luthier.play.redeal_nb import redeal_nb
from simcore.games.luthier.play.resume_nb import advance_nb, own_step_nb
from simcore.games.luthier.play.setup_nb import setup_game_nb
from simcore.games.luthier.state.dtypes import new_state
from simcore.games.luthier.state.view_nb import HIDDEN_FIELDS, OWN_FIELDS
from simcore.games.luthier.state.work import new_work, snapshot_buffers
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


@pytest.mark.parametrize(
    ("players", "names"),
    [pytest.param(2, "balanced,random", marks=pytest.mark.slow), (4, "balanced")],
)
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
    from simcore.games.luthier.state.enums import Location

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


def other_truth(games, seats, p: int):
    """A state seat p cannot tell from (games, seats) whose hidden parts lie otherwise:
    every undrawn pile reversed, each opponent's dealt goals, kept goals and dealt family
    tiles in reverse slot order, its face-down chips reversed over their placements."""
    from simcore.games.luthier.state.enums import CardRow

    g, s = games.copy(), seats.copy()
    g0, s0 = g[0], s[0]
    for row in range(g0["decks"].shape[0]):
        n = int(g0["deck_n"][row])
        if row == CardRow.INSTRUMENTS:  # backs are public: not reversed, the hands swap
            continue
        g0["decks"][row, :n] = g0["decks"][row, :n][::-1].copy()
    for pile in ("market_deck", "royal_deck", "family_pool", "goal_pool"):
        n = int(g0[pile + "_n"])
        g0[pile][:n] = g0[pile][:n][::-1].copy()
    for d in range(g0["specialty_deck"].shape[0]):
        n = int(g0["specialty_deck_n"][d])
        g0["specialty_deck"][d, :n] = g0["specialty_deck"][d, :n][::-1].copy()
    for q in range(int(g0["n_players"])):
        if q == p:
            continue
        for f in ("goals_dealt", "family_dealt"):
            s0[q][f] = s0[q][f][::-1].copy()
        n_kept = int((s0[q]["goals"] >= 0).sum())
        s0[q]["goals"][:n_kept] = s0[q]["goals"][:n_kept][::-1].copy()
        down = [j for j in range(int(g0["pl_n"])) if g0["pl_seat"][j] == q and not face_up(g0, j)]
        g0["pl_chip"][down] = g0["pl_chip"][down][::-1].copy()
    return g, s


def test_the_redeal_follows_what_the_seat_sees_not_the_hidden_truth():
    """Two states seat p cannot tell apart (one dealt again from another seed, or its
    hidden parts laid out otherwise) are dealt the same from one seed, byte for byte:
    a search's rollouts, and so its choice, learn nothing of the truth they replace."""
    g, s, w = new_game(4, 3, "balanced")
    stops: list = []
    finish(g, s, w, ALL, stops)
    differ = {"redealt": 0, "laid out": 0}
    for games, seats, p in stops[:: max(1, len(stops) // 12)]:
        before = view(games, seats, p)
        redealt_g, redealt_s = games.copy(), seats.copy()
        redeal_nb(CARDS.table, redealt_g[0], redealt_s[0], p, 999)
        laid_g, laid_s = other_truth(games, seats, p)
        for key, (og, os_) in {
            "redealt": (redealt_g, redealt_s),
            "laid out": (laid_g, laid_s),
        }.items():
            assert view(og, os_, p) == before
            differ[key] += og.tobytes() != games.tobytes() or os_.tobytes() != seats.tobytes()
        results = []
        for tg, ts in ((games, seats), (redealt_g, redealt_s), (laid_g, laid_s)):
            rg, rs = tg.copy(), ts.copy()
            redeal_nb(CARDS.table, rg[0], rs[0], p, 1234)
            results.append((rg.tobytes(), rs.tobytes()))
        assert results[1] == results[0]
        assert results[2] == results[0]
    assert all(differ.values()), differ
