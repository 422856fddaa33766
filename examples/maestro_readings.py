"""How much each reading of Maestro's ambiguous rules moves the results (docs/games/maestro.md,
Readings): the same deals under the defaults and under each alternative, the heuristics'
field at 3 and 4 players; prints Markdown tables.

    PYTHONPATH=. python examples/maestro_readings.py [games]   (default 2,000; seed 1)
"""

from __future__ import annotations

import sys

import numpy as np

from simcore.games.maestro.carddata.cards import load_cards
from simcore.games.maestro.play.engine import play_batch
from strategies.maestro.registry import parse_seats

READINGS = [
    None,
    "critic_pays.value=same_turn",
    "conductors_per_row.value=one",
    "rows_per_turn.value=one",
    "applause_draw.value=counts_one",
    "raid_limit.value=row_now",
    "raid_limit.value=none",
    "scoring.value=printed",
]
FIELDS = {3: ["greedy", "completer", "rusher"], 4: ["greedy", "completer", "rusher", "greedy"]}


def main(n_games: int) -> None:
    for players, names in FIELDS.items():
        seats = parse_seats(",".join(names), players)
        print(f"*{players} players: {', '.join(names)}*\n")
        head = ("reading", "greedy", "completer", "rusher", "critic points / game", "critic share")
        print("| " + " | ".join(head) + " | turns |")
        print("|---|---|---|---|---|---|---|")
        for reading in READINGS:
            cards = load_cards(patches=[f"rules.{reading}"] if reading else [])
            b = play_batch(cards, players, 1, seats, 0, n_games)
            s = b.seats[:, :players]
            win = {
                n: float(np.mean([s["win"][:, i].mean() for i in range(players) if names[i] == n]))
                for n in names
            }
            critic = s["critic_points"].astype(np.int64)
            scored = s["placed_points"].astype(np.int64) + s["one_turn_points"] + critic
            print(
                f"| {reading or 'defaults'} | {win['greedy']:.1%} | {win['completer']:.1%} "
                f"| {win['rusher']:.1%} | {critic.sum(axis=1).mean():.1f} "
                f"| {critic.sum() / scored.sum():.1%} | {b.games['turn'].mean():.1f} |"
            )
        print()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
