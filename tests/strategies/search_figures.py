"""The search player's figures for docs/guide/strategies.md (issue 33):

    python -m tests.strategies.search_figures speed [budget]        # 4p games/s, one core
    python -m tests.strategies.search_figures h2h GAMES [budget]    # 2p vs each heuristic

h2h plays GAMES games per heuristic, seats swapped equally, and prints the search's win
share with a 95% Wilson interval.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from simcore.stats import wilson_interval as wilson


def params_for(specs, budget):
    params = np.zeros((4, 16))
    for p, spec in enumerate(specs):
        over = {"budget": budget} if budget is not None and spec.name == "search" else None
        params[p] = spec.vector(over)
    return params


def main(argv: list[str]) -> None:
    from simcore.games.luthier.carddata.cards import load_default_cards
    from simcore.games.luthier.play.engine import play_batch
    from strategies.luthier.registry import STRATEGIES, get

    cards = load_default_cards()
    if argv[0] == "speed":
        budget = float(argv[1]) if len(argv) > 1 else None
        specs = [get("search"), get("balanced"), get("balanced"), get("balanced")]
        params = params_for(specs, budget)
        play_batch(cards, 4, 1, specs, 0, 1, params, threads=1)  # compile
        n = int(argv[2]) if len(argv) > 2 else 20
        t = time.perf_counter()
        play_batch(cards, 4, 2, specs, 0, n, params, threads=1)
        dt = time.perf_counter() - t
        print(f"budget {budget}: {n} 4-player games in {dt:.1f}s on 1 thread: {n / dt:.2f}/s")
        return
    games = int(argv[1])
    budget = float(argv[2]) if len(argv) > 2 else None
    for opp in [n for n in STRATEGIES if n not in ("random", "search")]:
        wins = 0.0
        for order in (["search", opp], [opp, "search"]):
            specs = [get(n) for n in order]
            b = play_batch(cards, 2, 101, specs, 0, games // 2, params_for(specs, budget))
            wins += float(b.seats[:, order.index("search")]["win"].sum())
        lo, hi = wilson(wins, games)
        print(f"search vs {opp}: {wins / games:.3f} [{lo:.3f}, {hi:.3f}] over {games} games")


if __name__ == "__main__":
    main(sys.argv[1:])
