"""The Maestro search player's figures (issue 33 item 4):

    python -m tests.maestro.search_figures speed [budget] [games]   # 3p games/s, 1 thread
    python -m tests.maestro.search_figures field GAMES [budget]     # 3p vs the heuristics

`field` plays GAMES games per line-up, the search in each seat in turn (a third each),
against two copies of each shipped heuristic and against greedy and completer, and beside
it, on the same game seeds, the search's base strategy (rusher) in the same seat: each
win share with a 95% Wilson interval (fair share 1/3).
"""

from __future__ import annotations

import sys
import time

import numpy as np

from simcore.seats import MAX_PARAMS
from simcore.stats import wilson_interval as wilson

FIELDS = (("greedy", "greedy"), ("completer", "completer"), ("rusher", "rusher"))
FIELDS += (("greedy", "completer"),)


def params_for(specs, budget):
    params = np.zeros((4, MAX_PARAMS))
    for p, spec in enumerate(specs):
        over = {"budget": budget} if budget is not None and spec.name == "search" else None
        params[p] = spec.vector(over)
    return params


def share(cards, me: str, others: tuple[str, str], games: int, budget) -> float:
    """Wins of `me` over `games` 3-player games, `me` a third of them in each seat."""
    from simcore.games.maestro.play.engine import play_batch
    from strategies.maestro.registry import get

    wins = 0.0
    for seat in range(3):
        order = list(others)
        order.insert(seat, me)
        specs = [get(n) for n in order]
        n = games // 3
        b = play_batch(cards, 3, 101 + seat, specs, 0, n, params_for(specs, budget), threads=1)
        wins += float(b.seats[:, seat]["win"].sum())
    return wins


def main(argv: list[str]) -> None:
    from simcore.games.maestro.carddata.cards import load_default_cards
    from simcore.games.maestro.play.engine import play_batch
    from strategies.maestro.registry import get

    cards = load_default_cards()
    if argv[0] == "speed":
        budget = float(argv[1]) if len(argv) > 1 and argv[1] else None
        n = int(argv[2]) if len(argv) > 2 else 60
        for first in ("search", "rusher"):
            specs = [get(first), get("greedy"), get("completer")]
            params = params_for(specs, budget)
            play_batch(cards, 3, 1, specs, 0, 1, params, threads=1)  # compile
            m = n if first == "search" else 100 * n
            t = time.perf_counter()
            play_batch(cards, 3, 2, specs, 0, m, params, threads=1)
            dt = time.perf_counter() - t
            line = f"{first},greedy,completer (budget {budget})"
            print(f"{line}: {m} games in {dt:.2f}s: {m / dt:.1f}/s")
        return
    games = 3 * (int(argv[1]) // 3)
    budget = float(argv[2]) if len(argv) > 2 else None
    for others in FIELDS:
        for me in ("search", "rusher"):
            t = time.perf_counter()
            wins = share(cards, me, others, games, budget)
            lo, hi = wilson(wins, games)
            dt = time.perf_counter() - t
            print(
                f"{me} vs {','.join(others)}: {wins / games:.3f} [{lo:.3f}, {hi:.3f}] "
                f"over {games} games ({dt:.0f}s)"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
