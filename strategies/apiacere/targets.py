"""Issue 39's soundness and strength targets for A Piacere, measured
(docs/games/apiacere.md, "Issue 39's targets").

- Soundness: `--games` random games and as many heuristic games (performer, composer,
  traveller round the table: performer,composer at 2 players, ..., performer,composer,
  traveller,performer,composer at 5) at each of 2, 3, 4 and 5 players, master seed 2026:
  games with a violation, the share ended by the last royal event (the only end the rules
  have), and the most card events a game recorded (the buffer: state/dtypes.py
  MAX_CARD_EVENTS).
- Strength: each heuristic in one seat against random seats, at 2, 3, 4 and 5 players,
  seated in every position in turn (`--strength-games` in all, rounded down to a multiple
  of the players), master seed 2026: its win share against the fair share (target: 1.5x).

`python -m strategies.apiacere.targets [--games 100000] [--strength-games 1000]`.
Deterministic: the same command prints the same numbers.
"""

from __future__ import annotations

import argparse

import numpy as np

from simcore.games.apiacere.game import GAME
from simcore.games.apiacere.state.codes import End

FIELD = ("performer", "composer", "traveller")
PLAYERS = (2, 3, 4, 5)
SEED = 2026
CHUNK = 10_000  # games a batch


def field(players: int) -> list[str]:
    """The heuristic field round the table: performer, composer, traveller, performer, ..."""
    return [FIELD[k % len(FIELD)] for k in range(players)]


def soundness(cards, names: list[str], players: int, n: int) -> tuple[int, float, int]:
    """(games with a violation, share ended by the last royal event, most card events)."""
    spec = GAME.strategies()
    seats = [spec[x] for x in names]
    bad = ended = most = 0
    for lo in range(0, n, CHUNK):
        batch = GAME.play_batch(cards, players, SEED, seats, lo, min(CHUNK, n - lo), threads=1)
        g = np.asarray(batch.games)
        bad += int((g["violations"] != 0).sum())
        ended += int((g["end_trigger"] == End.EVENTS).sum())
        most = max(most, int(g["cev_n"].max()))
    return bad, ended / n, most


def strength(cards, name: str, players: int, n: int) -> tuple[float, int]:
    """(win share of heuristic `name` against random seats, games), in every seat in turn."""
    spec = GAME.strategies()
    won = 0.0
    per_seat = n // players
    for p in range(players):
        seats = [spec["random"]] * players
        seats[p] = spec[name]
        batch = GAME.play_batch(cards, players, SEED + p, seats, 0, per_seat, threads=1)
        won += float(np.asarray(batch.seats)[:, p]["win"].sum())
    return won / (per_seat * players), per_seat * players


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--strength-games", type=int, default=1000)
    ap.add_argument("--skip-soundness", action="store_true")
    args = ap.parse_args(argv)
    cards = GAME.load_cards()
    if not args.skip_soundness:
        print("| players | field | games with a violation | ended by the last event "
              "| most card events |")  # fmt: skip
        print("|---|---|---|---|---|")
        for players in PLAYERS:
            for label, names in (("random", ["random"] * players), ("heuristic", field(players))):
                bad, ended, most = soundness(cards, names, players, args.games)
                row = f"| {players} | {label} | {bad} of {args.games:,} | {100 * ended:.2f}% |"
                print(f"{row} {most} |", flush=True)
        print()
    heads = " | ".join(f"{k} players (fair {100 / k:.0f}%)" for k in PLAYERS)
    print(f"| heuristic | {heads} |")
    print("|---|" + "---|" * len(PLAYERS))
    for name in FIELD:
        cells = []
        for k in PLAYERS:
            share, games = strength(cards, name, k, args.strength_games)
            cells.append(f"{100 * share:.1f}% ({share * k:.2f}x, {games:,})")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
