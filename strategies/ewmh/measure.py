"""The win rates of docs/games/ewmh.md, "Players": each heuristic against random seats at
2, 4 and 9 players, the heuristics head to head, and the search player against them.

`python -m strategies.ewmh.measure [--games 2000] [--search-games 30] [--budget 32]`
prints the tables as Markdown. Every line-up plays in each rotation around the table on
the same deals (`win_rates`); win rates count a k-way tie as 1/k, with 95% Wilson
intervals. Seeds are fixed: the same command prints the same tables.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from simcore.fmt import pct, pct_range
from simcore.stats import wilson_interval
from strategies.ewmh.registry import STRATEGIES

HEURISTICS = ("producer", "rusher", "patron")


def win_rates(cards, lineup, games, seed, params=None, threads=None):
    """(win share, mean points) of each entry of `lineup` over `games` games: the line-up
    in each of its len(lineup) rotations around the table on the same deals (seat q
    plays lineup[(q + r) % n] in rotation r), as the seats do not play alike (the
    vocation picks and the draft go round from the first player)."""
    from simcore.games.ewmh.game import GAME

    n = len(lineup)
    per = max(1, games // n)
    win = np.zeros(n)
    points = np.zeros(n)
    for r in range(n):
        order = [(q + r) % n for q in range(n)]
        seats = [STRATEGIES[lineup[i]] for i in order]
        pm = None if params is None else params[order]
        b = GAME.play_batch(cards, n, seed, seats, 0, per, params=pm, threads=threads)
        if (b.games["violations"] != 0).any():
            raise RuntimeError("a game broke an invariant")
        s = b.seats[:, :n]
        for q, i in enumerate(order):
            win[i] += s["win"][:, q].sum()
            points[i] += s["points"][:, q].sum()
    return win / (per * n), points / (per * n)


def cell(win: float, games: int) -> str:
    low, high = wilson_interval(win * games, games)
    return f"{pct(win)} ({pct_range(low, high)})"


def against_random(cards, games: int, seed: int, threads: int) -> list[str]:
    rows = [
        "| heuristic | 2 players | 4 players | 9 players |",
        "|---|---|---|---|",
    ]
    for name in HEURISTICS:
        cells = []
        for n in (2, 4, 9):
            g = games if n < 9 else games // 2
            win, _ = win_rates(cards, [name] + ["random"] * (n - 1), g, seed, None, threads)
            cells.append(f"{cell(win[0], g)}, {win[0] * n:.1f}x")
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return rows


def head_to_head(cards, games: int, seed: int, threads: int) -> list[str]:
    rows = ["| A | B | A wins | points (A - B) |", "|---|---|---|---|"]
    for i, a in enumerate(HEURISTICS):
        for b in HEURISTICS[i + 1 :]:
            win, points = win_rates(cards, [a, b], games, seed, None, threads)
            score = f"{points[0]:.1f} - {points[1]:.1f}"
            rows.append(f"| {a} | {b} | {cell(win[0], games)} | {score} |")
    win, points = win_rates(cards, list(HEURISTICS), games, seed, None, threads)
    rows.append(
        "| " + ", ".join(HEURISTICS) + " (3 players) | | "
        + ", ".join(cell(w, games) for w in win)
        + " | " + " - ".join(f"{p:.1f}" for p in points) + " |"
    )  # fmt: skip
    return rows


def search_rows(cards, games: int, budget: int, seed: int, threads: int) -> list[str]:
    from simcore.seats import MAX_PARAMS

    rows = ["| line-up | search wins | base in its seat | seconds |", "|---|---|---|---|"]
    for base, others in (("producer", ["producer", "rusher"]), ("producer", ["patron", "rusher"])):
        lineup = ["search", *others]
        pm = np.zeros((3, MAX_PARAMS))
        pm[0] = STRATEGIES["search"].vector({"budget": budget, "base": STRATEGIES[base].id})
        for p, name in enumerate(others, 1):
            pm[p] = STRATEGIES[name].vector()
        start = time.perf_counter()
        win, _ = win_rates(cards, lineup, games, seed, pm, threads)
        took = time.perf_counter() - start
        plain, _ = win_rates(cards, [base, *others], games, seed, None, threads)
        rows.append(
            f"| search (budget {budget}, k 3, base {base}), {', '.join(others)} | "
            f"{cell(win[0], games)} | {cell(plain[0], games)} | {took:.0f} |"
        )
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=30)
    parser.add_argument("--budget", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="the games do not depend on it")
    args = parser.parse_args(argv)
    from simcore.games.ewmh.carddata.load import load_default_cards

    cards = load_default_cards()
    tables = (
        (
            "Against random seats",
            lambda: against_random(cards, args.games, args.seed, args.threads),
        ),
        ("Head to head", lambda: head_to_head(cards, args.games, args.seed, args.threads)),
        (
            "Search",
            lambda: search_rows(cards, args.search_games, args.budget, args.seed, args.threads),
        ),
    )
    for title, rows in tables:  # each printed as soon as it is measured
        print(f"\n{title}\n")
        print("\n".join(rows()), flush=True)


if __name__ == "__main__":
    main()
