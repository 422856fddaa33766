"""Issue 38's soundness and strength targets for Dice-Mining Patrons, measured
(docs/games/dicemining.md, "First numbers").

- Soundness: `--games` random games and as many heuristic games (cautious, greedy,
  burglar, collector; the first 2 or 3 at 2 and 3 players) at each of 2, 3 and 4 players,
  master seed 2026: games with a violation, the share ending by the round cap, and the most
  card events a game recorded (the buffer: state/dtypes.py MAX_CARD_EVENTS).
- Strength: each heuristic in one seat against random seats, at 2 and 4 players, seated
  in every position in turn (`--strength-games` in all), master seed 2026: its win share
  against the fair share (target: 1.5x).

`python -m strategies.dicemining.targets [--games 100000] [--strength-games 1000]`.
Deterministic: the same command prints the same numbers.
"""

from __future__ import annotations

import argparse

import numpy as np

from simcore.games.dicemining.game import GAME
from simcore.games.dicemining.state.codes import End

FIELD = ("cautious", "greedy", "burglar", "collector")
SEED = 2026
CHUNK = 10_000  # games a batch: its card-event buffer is about 100 MiB


def soundness(cards, names: list[str], players: int, n: int) -> tuple[int, float, int]:
    """(games with a violation, share ended by the cap, most card events in a game)."""
    spec = GAME.strategies()
    seats = [spec[x] for x in names]
    bad = cap = most = 0
    for lo in range(0, n, CHUNK):
        batch = GAME.play_batch(cards, players, SEED, seats, lo, min(CHUNK, n - lo))
        g = np.asarray(batch.games)
        bad += int((g["violations"] != 0).sum())
        cap += int((g["end_trigger"] == End.CAP).sum())
        most = max(most, int(g["cev_n"].max()))
    return bad, cap / n, most


def strength(cards, name: str, players: int, n: int) -> float:
    """Win share of heuristic `name` against random seats, in every seat in turn."""
    spec = GAME.strategies()
    won = 0.0
    per_seat = n // players
    for p in range(players):
        seats = [spec["random"]] * players
        seats[p] = spec[name]
        batch = GAME.play_batch(cards, players, SEED + p, seats, 0, per_seat)
        won += float(np.asarray(batch.seats)[:, p]["win"].sum())
    return won / (per_seat * players)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--strength-games", type=int, default=1000)
    args = ap.parse_args(argv)
    cards = GAME.load_cards()
    print("| players | field | games with a violation | ended by the cap | most card events |")
    print("|---|---|---|---|---|")
    for players in (2, 3, 4):
        for label, names in (("random", ["random"] * players), ("heuristic", FIELD[:players])):
            bad, cap, most = soundness(cards, list(names), players, args.games)
            print(f"| {players} | {label} | {bad} of {args.games:,} | {100 * cap:.2f}% | {most} |",
                  flush=True)  # fmt: skip
    print()
    print("| heuristic | 2 players (fair 50%) | 4 players (fair 25%) |")
    print("|---|---|---|")
    for name in FIELD:
        two, four = (strength(cards, name, k, args.strength_games) for k in (2, 4))
        print(f"| {name} | {100 * two:.1f}% | {100 * four:.1f}% |", flush=True)


if __name__ == "__main__":
    main()
