"""The batch kernel alone, no Parquet: games/s on the threads given, and what the games
were like (rounds, decisions with a choice, how they ended) with a digest of every game
record, so that a speed change can show it kept the games identical.

    NUMBA_NUM_THREADS=1 python -m simcore.runs.kernel_bench --game ewmh --players 4 \
        --strategies producer,rusher,patron,producer --games 2000

The figures go to stdout, one `key: value` a line. games/s is wall time of the batch (one
warm-up game first, so compiling is left out) and also process CPU time, which another
user's load on a shared machine disturbs less.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from dataclasses import dataclass
from typing import Any, cast

import numpy as np


@dataclass(frozen=True)
class KernelFigures:
    game: str
    players: int
    strategies: str
    games: int
    wall_s: float
    cpu_s: float
    rounds: float | None  # mean rounds a game, where the game records them
    decisions: float | None  # mean decisions with a choice a game, all seats
    ends: dict[str, float]  # share of games per end trigger, where recorded
    digest: str  # sha256 of the game and seat records: same games, same digest

    def lines(self) -> list[str]:
        out = [
            f"game: {self.game}",
            f"players: {self.players}",
            f"strategies: {self.strategies}",
            f"games: {self.games}",
            f"games/s (wall): {self.games / self.wall_s:,.1f}",
            f"games/s (cpu): {self.games / self.cpu_s:,.1f}",
        ]
        if self.rounds is not None:
            out.append(f"rounds/game: {self.rounds:.2f}")
        if self.decisions is not None:
            out.append(f"decisions/game: {self.decisions:.1f}")
            out.append(f"us/decision (cpu): {1e6 * self.cpu_s / self.games / self.decisions:.2f}")
        for name, share in self.ends.items():
            out.append(f"ended by {name}: {100 * share:.2f}%")
        out.append(f"digest: {self.digest}")
        return out


def measure(
    game_name: str, players: int, strategies: str, n_games: int, seed: int = 2026, threads=1
) -> KernelFigures:
    """Play n_games games of `game_name` with the batch kernel on `threads` threads; fewer
    strategies than players are repeated round the table (as `tutti bench`'s field)."""
    from simcore import games

    game = games.get(game_name)
    cards = game.load_cards()
    names = strategies.split(",")
    strategies = ",".join(names[p % len(names)] for p in range(players))  # round the table
    seats = game.parse_seats(strategies, players)
    game.play_batch(cards, players, seed, seats, 0, 1, threads=threads)  # compile, warm
    wall, cpu = time.perf_counter(), time.process_time()
    batch = game.play_batch(cards, players, seed, seats, 0, n_games, threads=threads)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    records = cast(Any, batch)[0]  # every game's batch: (games, seats, ...)
    seat_records = batch.seats
    fields = records.dtype.names or ()
    rounds = float(np.mean(records["rounds"])) if "rounds" in fields else None
    decisions = float(np.mean(records["n_decisions"])) if "n_decisions" in fields else None
    ends = {}
    if "end_trigger" in fields:
        for code, name in enumerate(game.end_triggers, start=1):
            ends[name] = float(np.mean(records["end_trigger"] == code))
    digest = hashlib.sha256()
    digest.update(np.ascontiguousarray(records).tobytes())
    digest.update(np.ascontiguousarray(seat_records).tobytes())
    return KernelFigures(
        game_name, players, strategies, n_games, wall, cpu, rounds, decisions, ends,
        digest.hexdigest()[:16],
    )  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--strategies", required=True, help="one per seat, repeated round")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    figures = measure(args.game, args.players, args.strategies, args.games, args.seed, args.threads)
    print("\n".join(figures.lines()), flush=True)


if __name__ == "__main__":
    main()
