"""Hand-made Maestro states for rule tests: a board and agencies laid out by name."""

from __future__ import annotations

import numpy as np

from simcore.games.maestro.state.codes import Opt
from simcore.games.maestro.state.dtypes import AGENCY, APPLAUSE, CONDUCTOR, EMPTY, new_state
from simcore.games.maestro.state.work import new_work
from simcore.kernels.rng_nb import seed_streams_nb
from strategies.maestro.registry import STRATEGIES

C = CONDUCTOR
A = APPLAUSE


class Table:
    """One game's state (g, s) and a Work bundle, with helpers that speak in names."""

    def __init__(self, cards, n_players: int = 3, strategy: str = "greedy", **weights):
        self.cards = cards
        self.games, self.seats = new_state(1)
        self.g = self.games[0]
        self.s = self.seats[0]
        g = self.g
        g.n_players = n_players
        seed_streams_nb(1, g.rng)
        g.pool[:] = EMPTY
        g.board[:, :] = EMPTY
        g.board_seat[:, :] = -1
        g.row_seat[:] = -1
        g.critic = g.critic_row = g.completed = g.touched = g.end_seat = -1
        g.turn = 1
        spec = STRATEGIES[strategy]
        params = np.zeros((4, 16))
        for p in range(4):
            self.s[p].agency[:] = EMPTY
            self.s[p].strategy = spec.id
            params[p] = spec.vector({"ties": 0.0, **weights}) if spec.param_names else 0
        self.w = new_work(params, n_log=512, n_cev=512)

    def inst(self, name: str) -> int:
        return self.cards.index("instruments", name)

    def row(self, rid: str) -> int:
        return self.cards.index("rows", rid)

    def tile(self, name) -> int:
        if name in ("conductor", C):
            return C
        if name in ("applause", A):
            return A
        return self.inst(name)

    def agency(self, p: int, **spaces) -> None:
        """agency(0, s1="violin", s10="conductor"): tiles by contract number."""
        for key, name in spaces.items():
            self.s[p].agency[int(key[1:]) - 1] = self.tile(name)

    def fill_agency(self, p: int, name: str = "violin") -> None:
        for k in range(AGENCY):
            if self.s[p].agency[k] < 0:
                self.s[p].agency[k] = self.tile(name)

    def lay(self, rid: str, slots: dict[int, str], seat: int = 2, start: bool = True) -> None:
        """Tiles already in row `rid` (slot numbers from 1); `start`: before this turn."""
        r = self.row(rid)
        for j, name in slots.items():
            self.g.board[r, j - 1] = self.tile(name)
            self.g.board_seat[r, j - 1] = seat
        self.g.row_n[r] = int((self.g.board[r] >= 0).sum())
        if start:
            self.g.row_start[r] = self.g.row_n[r]

    def pool(self, *names) -> None:
        """The pool, drawn from the END: pool("violin", "applause") draws applause first."""
        for i, name in enumerate(names):
            self.g.pool[i] = self.tile(name)
        self.g.pool_n = len(names)

    def place_options(self, p: int = 0) -> set[tuple[int, int, str, int, int]]:
        """(seat, contract number, row id, slot from 1, tile) of every PLACE option."""
        from simcore.games.maestro.rules.options_nb import list_place_nb

        n = list_place_nb(self.cards.table, self.g, self.s, self.w, p)
        rows = self.w.opts[:n]
        assert rows[0, 0] == Opt.STOP
        return {
            (int(q), int(k) + 1, self.cards.ids["rows"][r], int(j) + 1, int(t))
            for _, q, k, r, j, t in rows[1:].tolist()
        }

    def place(self, p: int, q: int, contract: int, rid: str, slot: int) -> None:
        from simcore.games.maestro.rules.points_nb import place_nb

        opts = self.place_options(p)
        r = self.row(rid)
        t = int(self.s[q].agency[contract - 1])
        assert (q, contract, rid, slot, t) in opts, "not a legal option"
        place_nb(self.cards.table, self.g, self.s, self.w, p, q, contract - 1, r, slot - 1)

    def start_turn(self, p: int = 0) -> None:
        from simcore.games.maestro.rules.turn_nb import start_turn_nb

        start_turn_nb(self.cards.table, self.g, self.s, self.w, p)

    def draw(self, p: int = 0) -> None:
        from simcore.games.maestro.rules.draw_nb import draw_phase_nb

        draw_phase_nb(self.cards.table, self.g, self.s, self.w, p)

    def score(self) -> None:
        from simcore.games.maestro.rules.scoring_nb import final_scoring_nb

        self.g.over = 1
        final_scoring_nb(self.cards.table, self.g, self.s, self.w)

    def tiles(self, p: int) -> dict[int, int]:
        return {k + 1: int(t) for k, t in enumerate(self.s[p].agency) if t >= 0}
