"""Decision points of real games, and what a seat cannot see dealt again, for
tests/strategies/test_public_information.py.

`record_game` plays a game with the engine (play_games_nb), then plays it again from
the state after setup, stepping each round's planning and resolution turns from Python
with the engine's own kernels (planning_nb and resolution_nb, unrolled), and keeps a
copy of the state at every decision point on the way: each placement, each resolution
turn, the first action of the chip that acts first at an activated main-board location,
and the first step of a market visit. The replay must match the engine's own snapshot
at the end of every round, so these are the decision points of the real game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.games.luthier.actions_nb import alternate_options_nb, main_options_nb
from simcore.games.luthier.codes import Opt
from simcore.games.luthier.decide_nb import decide_nb, decide_planned_nb
from simcore.games.luthier.dtypes import (
    CEV_W,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_PLACEMENTS,
    PLAN_MEMO_SIZE,
    PLAN_MEMO_W,
    Phase,
    Stream,
    new_state,
)
from simcore.games.luthier.engine import params_matrix
from simcore.games.luthier.enums import Location, Rule
from simcore.games.luthier.game_nb import play_games_nb
from simcore.games.luthier.market_nb import market_options_nb, visit_market_nb
from simcore.games.luthier.priority_nb import priority_order_nb, skill_nb
from simcore.games.luthier.round_nb import (
    activate_nb,
    end_of_round_nb,
    place_options_nb,
    start_of_round_nb,
    turn_options_nb,
)
from simcore.games.luthier.specialty_nb import active_specialty_nb
from simcore.games.luthier.work import new_work, snapshot_buffers
from strategies.luthier.registry import get

REPLAY_SKIPS = ("violations",)  # the replay leaves out the engine's self-checks


@dataclass
class Point:
    """A seat's decision: the state as it was (copies), the options, what the engine took."""

    what: str  # "place", "turn", "act" (a chip's first action), "market"
    games: np.ndarray  # GAME[1]
    seats: np.ndarray  # SEAT[1, MAX_PLAYERS]
    opts: np.ndarray  # int16[n, OPT_W]
    p: int  # the deciding seat
    memo: np.ndarray | None  # the seat's planning memo (float64[PLAN_MEMO_W]); None: none
    params: np.ndarray  # float64[MAX_PLAYERS, n_params]: every seat's strategy parameters
    acting: int = -1  # the location being activated (its chips are face up); -1 none
    chosen: int = -1  # the option the engine took; -1 not observed


class Replay:
    """One game played again from its post-setup state, collecting its decision points."""

    def __init__(self, cards, names: list[str], seed: int):
        self.table = cards.table
        self.n_players = len(names)
        specs = [get(n) for n in names]
        self.params = params_matrix(specs, None)
        self.rounds = int(cards.arrays.rules[Rule.ROUNDS])
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p]["strategy"] = spec.id
        self.snap_g, self.snap_s = snapshot_buffers(self.rounds + 1)
        play_games_nb(
            cards.table_array,
            games,
            seats,
            self.params,
            np.zeros((1, MAX_CARD_EVENTS, CEV_W), np.int16),
            np.zeros((0, LOG_W), np.int32),
            self.snap_g,
            self.snap_s,
            self.n_players,
            0,
            0,
            0,
            1,
            seed,
        )
        self.games, self.seats = new_state(1)
        self.games[0] = self.snap_g[0]
        self.seats[0] = self.snap_s[0]
        self.w = new_work(self.params)
        self.points: list[Point] = []

    @property
    def g(self):
        return self.games[0]

    @property
    def s(self):
        return self.seats[0]

    def keep(self, what, p, n, memo=None, acting=-1, games=None, seats=None) -> Point:
        point = Point(
            what,
            (self.games if games is None else games).copy(),
            (self.seats if seats is None else seats).copy(),
            self.w.opts[:n].copy(),
            p,
            None if memo is None else memo.copy(),
            self.params,
            acting,
        )
        self.points.append(point)
        return point

    def play(self) -> list[Point]:
        for r in range(self.rounds):
            start_of_round_nb(self.table, self.g, self.s, self.w)
            self.planning()
            self.resolution()
            arc = self.s["prestige_round"]  # as game_nb.play_game_nb records the game arc
            arc[:, r] = self.s["prestige"]
            if r < self.rounds - 1:
                end_of_round_nb(self.table, self.g, self.s, self.w)
            self.check_snapshot(r + 1)
        return self.points

    def check_snapshot(self, k: int) -> None:
        """The replay's state equals the engine's at the end of round k."""
        for got, want in ((self.games[0], self.snap_g[k]), (self.seats[0], self.snap_s[k])):
            for name in got.dtype.names:
                if name not in REPLAY_SKIPS:
                    assert np.array_equal(got[name], want[name]), (k, name)

    def planning(self) -> None:
        """round_nb.planning_nb, one placement at a time."""
        g, s, w = self.g, self.s, self.w
        g["phase"] = Phase.PLANNING
        memo = np.full(PLAN_MEMO_SIZE, np.nan)
        placed = True
        while placed:
            placed = False
            for pos in range(self.n_players):
                p = int(g["turn_order"][pos])
                n = place_options_nb(self.table, g, s, w.opts, p)
                if n == 0:
                    continue
                kept = memo[p * PLAN_MEMO_W : (p + 1) * PLAN_MEMO_W]
                point = self.keep("place", p, n, kept) if n > 1 else None
                k = decide_planned_nb(self.table, g, s, w.opts, w.params, p, n, kept)
                if point is not None:
                    point.chosen = k
                c, loc, a = (int(v) for v in w.opts[k, 1:4])
                i = int(g["pl_n"])
                g["pl_seat"][i] = p
                g["pl_loc"][i] = loc
                g["pl_chip"][i] = c
                g["pl_appr"][i] = a
                g["pl_done"][i] = 0
                g["pl_n"] = i + 1
                s[p]["chip_free"][c] = 0
                s[p]["apprentices"] -= a
                s[p]["n_placed"][loc] += 1
                placed = True

    def resolution(self) -> None:
        """round_nb.resolution_nb, one turn at a time."""
        g, s, w = self.g, self.s, self.w
        g["phase"] = Phase.RESOLUTION
        active = True
        while active:
            active = False
            for pos in range(self.n_players):
                p = int(g["turn_order"][pos])
                if s[p]["passed"]:
                    continue
                active = True
                g["n_turns"] += 1
                n = turn_options_nb(self.table, g, s, w.opts, p)
                point = self.keep("turn", p, n) if n > 1 else None
                k = decide_nb(self.table, g, s, w.opts, w.params, p, n)
                if point is not None:
                    point.chosen = k
                kind = int(w.opts[k, 0])
                if kind == Opt.ACTIVATE:
                    loc = int(w.opts[k, 1])
                    if loc < Location.BALCONY:
                        self.first_action(loc)
                    activate_nb(self.table, g, s, w, p, loc)
                elif kind == Opt.MARKET:
                    self.market_step(p)
                    visit_market_nb(self.table, g, s, w, p)
                else:
                    s[p]["passed"] = 1

    def first_action(self, loc: int) -> None:
        """The decision of the chip that acts first at main-board `loc` (worker_acts_nb):
        nothing changes the state between the activation and that decision."""
        g, s, w = self.g, self.s, self.w
        order = np.empty(MAX_PLACEMENTS, np.int64)
        if priority_order_nb(self.table, g, s, loc, -1, order) == 0:
            return
        i = int(order[0])
        q = int(g["pl_seat"][i])
        skill = skill_nb(self.table, g, s, i)
        spec = active_specialty_nb(self.table, g, s, i)
        n = main_options_nb(self.table, g, s, w.opts, q, i, loc, skill, spec)
        n = alternate_options_nb(self.table, g, s, w.opts, q, loc, n)
        if n > 1:
            self.keep("act", q, n, acting=loc)

    def market_step(self, p: int) -> None:
        """The first decision of seat p's market visit (visit_market_nb)."""
        games, seats = self.games.copy(), self.seats.copy()
        seats[0, p]["market_done"] = 1
        traded = np.zeros(3, np.int8)
        n = market_options_nb(self.table, games[0], seats[0], self.w.opts, p, traded)
        if n > 1:
            self.keep("market", p, n, games=games, seats=seats)


def record_game(cards, names: list[str], seed: int) -> list[Point]:
    """Every decision point `Replay` passes in game `seed` with seats `names`."""
    return Replay(cards, names, seed).play()


def choose(cards, point: Point, games: np.ndarray, seats: np.ndarray) -> int:
    """The option the deciding seat's strategy takes at `point` in state (games, seats):
    decided as the engine decides (decide_nb, or decide_planned_nb with a copy of the
    seat's planning memo), on copies, so every call starts from the same strategy stream."""
    games, seats = games.copy(), seats.copy()
    n = point.opts.shape[0]
    w = _work(point.params)
    w.opts[:n] = point.opts
    if point.memo is not None:
        return decide_planned_nb(
            cards.table, games[0], seats[0], w.opts, w.params, point.p, n, point.memo.copy()
        )
    return decide_nb(cards.table, games[0], seats[0], w.opts, w.params, point.p, n)


_works: dict[int, object] = {}


def _work(params: np.ndarray):
    """A Work bundle per parameter matrix, reused (choose only rewrites its options)."""
    if id(params) not in _works:
        _works.clear()
        _works[id(params)] = new_work(params)
    return _works[id(params)]


# --- dealing again what the deciding seat cannot see (view_nb.HIDDEN_FIELDS, OWN_FIELDS)


def face_down(g, j: int, acting: int) -> bool:
    """Placement j's chip is still face down: no chip at its location has acted (for a
    bench, none of its owner's), and that location is not being activated."""
    loc = int(g["pl_loc"][j])
    if loc == acting:
        return False
    for k in range(int(g["pl_n"])):
        same = loc < Location.ROUGHING or g["pl_seat"][k] == g["pl_seat"][j]
        if g["pl_loc"][k] == loc and same and g["pl_done"][k]:
            return False
    return True


def shuffle_chips(g, p: int, acting: int, rng) -> None:
    """Permute the values of each opponent's face-down chips among themselves: the same
    chips in hand, the same apprentices and locations, any values that fit."""
    n = int(g["pl_n"])
    for q in range(int(g["n_players"])):
        if q == p:
            continue
        hidden = [j for j in range(n) if g["pl_seat"][j] == q and face_down(g, j, acting)]
        g["pl_chip"][hidden] = rng.permutation(g["pl_chip"][hidden])


def shuffle_decks(g, rng) -> None:
    """The undrawn part of every deck and pool, in a new order."""
    for row in range(g["decks"].shape[0]):
        rng.shuffle(g["decks"][row, : g["deck_n"][row]])
    rng.shuffle(g["market_deck"][: g["market_deck_n"]])
    rng.shuffle(g["royal_deck"][: g["royal_deck_n"]])
    for d in range(g["specialty_deck"].shape[0]):
        rng.shuffle(g["specialty_deck"][d, : g["specialty_deck_n"][d]])
    rng.shuffle(g["family_pool"][: g["family_pool_n"]])
    rng.shuffle(g["goal_pool"][: g["goal_pool_n"]])


def deal_hands(g, s, p: int, rng) -> None:
    """Opponents' hands and the instrument deck dealt again from the cards in them."""
    deck = g["decks"][1]
    where = [("deck", k) for k in range(int(g["deck_n"][1]))]
    for q in range(int(g["n_players"])):
        if q != p:
            where += [(q, k) for k in range(s[q]["hand"].shape[0]) if s[q]["hand"][k] >= 0]
    cards = [deck[k] if q == "deck" else s[q]["hand"][k] for q, k in where]
    for (q, k), c in zip(where, rng.permutation(np.array(cards, np.int16)), strict=True):
        if q == "deck":
            deck[k] = c
        else:
            s[q]["hand"][k] = c


def relabel(rng, pools: list[np.ndarray], keep: set[int]) -> None:
    """Rename the card ids in `pools` (views, mutated; -1 stays) by one random bijection
    of the ids they hold, except those in `keep` (ids the deciding seat sees)."""
    ids = sorted({int(c) for a in pools for c in a if c >= 0} - keep)
    new = dict(zip(ids, rng.permutation(ids), strict=True))
    for a in pools:
        for k in range(a.shape[0]):
            if int(a[k]) in new:
                a[k] = new[int(a[k])]


def deal_goals_and_families(g, s, p: int, rng) -> None:
    """Opponents' goals (dealt and kept) and the family tiles they did not keep,
    exchanged with the undealt ones."""
    opponents = [q for q in range(int(g["n_players"])) if q != p]
    goals = [g["goal_pool"][: g["goal_pool_n"]]]
    families = [g["family_pool"][: g["family_pool_n"]]]
    for q in opponents:
        goals += [s[q]["goals_dealt"], s[q]["goals"]]
        families.append(s[q]["family_dealt"])
    relabel(rng, goals, set())
    kept = {int(s[q]["family"]) for q in range(int(g["n_players"]))}
    relabel(rng, families, kept | {int(c) for c in s[p]["family_dealt"]})


def reseed(g, rng) -> None:
    """New seed and future dice and reshuffles; the strategy stream stays as it was."""
    g["seed"] = int(rng.integers(2**62))
    for k in (Stream.SETUP, Stream.DICE, Stream.DECK):
        g["rng"][k] = rng.integers(2**63, dtype=np.uint64)


REDEALS = {
    "face-down chips": lambda g, s, pt, rng: shuffle_chips(g, pt.p, pt.acting, rng),
    "deck order": lambda g, s, pt, rng: shuffle_decks(g, rng),
    "hands": lambda g, s, pt, rng: deal_hands(g, s, pt.p, rng),
    "goals and families": lambda g, s, pt, rng: deal_goals_and_families(g, s, pt.p, rng),
    "seed and random streams": lambda g, s, pt, rng: reseed(g, rng),
}


def redeal(point: Point, rng, which=tuple(REDEALS)) -> tuple[np.ndarray, np.ndarray]:
    """Copies of the point's state with what seat point.p cannot see dealt again."""
    games, seats = point.games.copy(), point.seats.copy()
    for name in which:
        REDEALS[name](games[0], seats[0], point, rng)
    return games, seats
