"""The strength ladder: each strategy's win rate against each other, by duplicate play.

Cell (A, B) seats A once with B in every other seat, deal by deal from every
seat (`arena.py`), so it is A's win rate in a game of A against P-1 copies of B;
an even match is 1/P. The "field" column seats A against all the others in
turn. Intervals are Wilson 95% intervals over the cell's games.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.progress import Progress
from simcore.seats import StrategySpec
from simcore.stats import wilson_interval
from strategies.arena import play_duplicate


@dataclass(frozen=True)
class Cell:
    focus: str
    opponent: str  # a strategy name, or "field"
    games: int
    win: float
    low: float
    high: float
    score: float  # the focus seat's mean score (Luthier: prestige)
    ratio_of: int  # the game's ladder_ratio counts (Luthier: patrons lost of those taken)
    ratio_in: int

    @property
    def ratio(self) -> float:
        return self.ratio_of / self.ratio_in if self.ratio_in else 0.0


def ladder(
    cards,
    specs: list[StrategySpec],
    players: int,
    games: int,
    seed: int = 1,
    progress: Progress | None = None,
    vectors: dict[str, np.ndarray] | None = None,
    game: str | None = None,
    threads: int | None = None,
) -> list[Cell]:
    """Every ordered pair of distinct strategies, plus each against the field of the others.

    `vectors` maps strategy names to parameter vectors replacing their defaults;
    `progress(games played, games in all)` is called after each cell; `threads`: kernel
    threads (None: every core), on which the games do not depend.
    """
    vectors = vectors or {}
    deals = max(1, games // players)
    total = len(specs) * len(specs) * deals * players  # per focus: each other one, the field
    cells = []
    for focus in specs:
        others = [s for s in specs if s.name != focus.name]
        for opponent, field in [(o.name, [o]) for o in others] + [("field", others)]:
            out = play_duplicate(
                cards, players, seed, focus, field, 0, deals, vectors.get(focus.name), vectors,
                game, threads,
            )  # fmt: skip
            n = len(out.win)
            low, high = wilson_interval(float(out.win.sum()), n)
            cells.append(
                Cell(focus.name, opponent, n, float(out.win.mean()), low, high,
                     float(out.score.mean()), int(out.ratio_of.sum()), int(out.ratio_in.sum()))
            )  # fmt: skip
            if progress:
                progress(len(cells) * deals * players, total)
    return cells
