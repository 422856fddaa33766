"""Hand-made Luthier states for kernel unit tests."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.play.setup_nb import clear_state_nb
from simcore.games.luthier.state.dtypes import MAX_PLAYERS, new_state
from simcore.games.luthier.state.work import new_work
from strategies.luthier.params import INSPIRATION, MONEY, NOISE
from strategies.luthier.registry import MAX_PARAMS, STRATEGIES

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3
HEURISTIC = 1  # a built-in heuristic strategy id (the seats of a Table play `random`, id 0)


class Table:
    """One game's record, its seats and a Work bundle, set up by hand."""

    def __init__(self, cards, n_players: int = 4, log_rows: int = 1000):
        games, seats = new_state(1)
        self.cards = cards
        self.g = games[0]
        self.s = seats[0]
        self.w = new_work(np.zeros((MAX_PLAYERS, MAX_PARAMS)), log_rows)
        clear_state_nb(cards.table, self.g, self.s, n_players)
        self.g["turn_order"][:n_players] = np.arange(n_players)
        self.g["round_no"] = 1
        self.g["market_card"] = cards.arrays.market_round1

    def place(self, seat: int, loc: int, chip_value: int, apprentices: int = 0) -> int:
        """Record a placement as the planning phase would; returns its index."""
        g = self.g
        i = int(g["pl_n"])
        g["pl_seat"][i] = seat
        g["pl_loc"][i] = loc
        g["pl_chip"][i] = chip_value - 1
        g["pl_appr"][i] = apprentices
        g["pl_done"][i] = 0
        g["pl_n"] = i + 1
        return i

    def plays(self, seat: int, strategy: str = "balanced", **params: float) -> None:
        """Seat `seat` decides with a registered strategy (parameter overrides by name).

        With `noise=0.0` a heuristic is deterministic: the test fixes a player's choices
        (which the rulebook's examples state) without scripting the engine.
        """
        spec = STRATEGIES[strategy]
        self.s[seat]["strategy"] = spec.id
        self.w.params[seat] = spec.vector(params)

    def pay_with(self, p: int, resource: str) -> None:
        """Make seat p a noiseless heuristic that spends `resource` ("money" or "inspiration")
        before the other when it chooses how to pay (ruling 24: any split)."""
        self.s[p]["strategy"] = HEURISTIC
        prm = self.w.params[p]
        prm[:] = 0.0
        prm[NOISE] = 0.0
        prm[INSPIRATION if resource == "money" else MONEY] = 1.0

    def seat(self, p: int):
        return self.s[p]

    def events(self) -> np.ndarray:
        return self.w.log[: int(self.g["log_n"])]

    def args(self):
        return self.cards.table, self.g, self.s, self.w

    def opt_args(self):
        """The leading arguments of the option-listing kernels (the option buffer, not Work)."""
        return self.cards.table, self.g, self.s, self.w.opts
