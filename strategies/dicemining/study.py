"""The first study of Dice-Mining Patrons (docs/games/dicemining.md, "A first study"):
the first player's advantage by player count, the best stopping rule, and which of the
two conclusions survive a sweep of the estimated dice faces and patron points.

- First player: greedy in every seat, `--games` a count; the win share of the seat that
  started (fair: 1 / players).
- Stopping rule: at 4 players one greedy seat with `rolls` and `orc_stop` changed against
  three shipped greedy seats, `--games` each; its win share (fair 25%).
- Sweep: both again with 4 or 2 Artifact faces instead of 6 (a die's Artifact becomes a
  resource face) and every non-cumulative patron's VP x0.8 or x1.25 (rounded, at least 1).

`python -m strategies.dicemining.study [--games 4000] [--seed 5]` prints the tables the
doc shows. Deterministic: the same command prints the same numbers.
"""

from __future__ import annotations

import argparse

import numpy as np

from simcore.games.dicemining.game import GAME
from strategies.dicemining.heuristic_nb import ORC_STOP, ROLLS

ROLL_LIMITS = (1, 2, 3, 4, 6, 8)
ORC_STOPS = (2, 6)
# a die's Artifact face becomes the resource in brackets (every die keeps its Orc)
FEWER_ARTIFACTS = {
    "c": '["orc", "crystal", "powder", "mithril", "ore", "gem"]',
    "b": '["orc", "burglar", "powder", "ore", "gem", "crystal"]',
}


def variants(cards) -> dict[str, list[str]]:
    """The sweep's card data: patches of the shipped set, by name."""
    c, b = (f"dice.{k}.faces={v}" for k, v in FEWER_ARTIFACTS.items())

    def vp(f: float) -> list[str]:
        return [
            f"patrons.{r['id']}.vp={max(1, round(r['vp'] * f))}"
            for r in cards.records["patrons"]
            if r["ability"] != "cumulative_vp"
        ]

    return {
        "shipped": [],
        "4 artifacts": [c],
        "2 artifacts": [c, b],
        "patron VP x0.8": vp(0.8),
        "patron VP x1.25": vp(1.25),
    }


def first_player(cards, players: int, n: int, seed: int) -> float:
    """Win share of the seat that started, greedy in every seat."""
    greedy = GAME.strategies()["greedy"]
    batch = GAME.play_batch(cards, players, seed, [greedy] * players, 0, n, threads=1)
    s = np.asarray(batch.seats)[:, :players]
    return float(s["win"][s["start_pos"] == 0].sum() / n)


def stopping_rule(cards, rolls: float, orc_stop: float, n: int, seed: int) -> float:
    """Win share of one greedy seat stopping at `rolls` rolls or `orc_stop` locked dice
    against three shipped greedy seats, at 4 players."""
    greedy = GAME.strategies()["greedy"]
    params = np.array([greedy.vector()] * 4)
    params[0, ROLLS] = rolls
    params[0, ORC_STOP] = orc_stop
    batch = GAME.play_batch(cards, 4, seed, [greedy] * 4, 0, n, params, threads=1)
    return float(np.asarray(batch.seats)[:, 0]["win"].sum() / n)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    shipped = GAME.load_cards()
    print("| data | first player wins, 2p / 3p / 4p | best stopping rule (rolls/orc_stop) | "
          "1 roll (best orc_stop) | cap share |")  # fmt: skip
    print("|---|---|---|---|---|")
    for name, patches in variants(shipped).items():
        cards = GAME.load_cards(patches=patches)
        first = [first_player(cards, k, args.games, args.seed) for k in (2, 3, 4)]
        rules = {
            (r, o): stopping_rule(cards, r, o, args.games, args.seed)
            for r in ROLL_LIMITS
            for o in ORC_STOPS
        }
        best = max(rules, key=lambda k: (rules[k], k))
        one = max(rules[(1, o)] for o in ORC_STOPS)
        greedy = GAME.strategies()["greedy"]
        batch = GAME.play_batch(cards, 4, args.seed, [greedy] * 4, 0, args.games, threads=1)
        cap = float((np.asarray(batch.games)["end_trigger"] == 2).mean())
        firsts = " / ".join(f"{100 * x:.1f}" for x in first)
        print(f"| {name} | {firsts}% | {best[0]}/{best[1]} ({100 * rules[best]:.1f}%) | "
              f"{100 * one:.1f}% | {100 * cap:.2f}% |")  # fmt: skip
        grid = ", ".join(f"{r}/{o} {100 * v:.1f}" for (r, o), v in rules.items())
        print(f"<!-- {name}: {grid} -->")


if __name__ == "__main__":
    main()
