"""Self-play tuning of Early Western Music History's heuristic archetypes: the shipped
weights of strategies/ewmh/field.toml.

Each round tunes every archetype (producer, rusher, patron) against the other two with
their current weights at 3 players (the cross-entropy search on common random numbers
of strategies/tune.py), each within its style (`STYLES`: the weights that make its plan
stay in their ranges) and with `noise` held at 0. A tuned vector replaces the current one
only when it beats it on fresh deals at 95% confidence (tune's final check); rounds repeat
until none does or `--rounds` run out. The budgets are small (the machine is small):
`python -m strategies.ewmh.field_tune --budget 3000 --eval-games 1500 --rounds 2`.

The game is not listed in simcore.games.GAMES until its engine plays every rule (issue
37); tune plays through the game registry by name, so this script lists it for its own
process only (`_listed`), as the registration will.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import numpy as np

from strategies.ewmh.params import NAMES, P
from strategies.ewmh.registry import FIELD, IDS, STRATEGIES

ORDER = tuple(IDS)  # producer, rusher, patron
# each archetype's style: (parameter, low, high) ranges its tuned weights stay in
STYLES: dict[str, list[tuple[P, float, float]]] = {
    "producer": [(P.HOLD, 0.0, 0.0), (P.POINTS, 0.5, 3.0), (P.AGE_FULL, 0.0, 5.0)],
    "rusher": [(P.HOLD, 2.0, 3.0), (P.MOVE, 0.5, 5.0), (P.REROLL, 3.5, 6.0)],
    "patron": [(P.VOCATION, 2.0, 10.0), (P.POINTS, 0.5, 3.0)],
}
BOUNDS = (-5.0, 10.0)  # every weight's range (REROLL: a die value; HOLD: pieces)


def style_projection(name: str) -> Callable[[np.ndarray], np.ndarray]:
    """The map of any vector into `name`'s style, noise 0."""

    def project(values: np.ndarray) -> np.ndarray:
        out = np.clip(np.array(values, np.float64), *BOUNDS)
        out[P.HOLD] = np.clip(round(out[P.HOLD]), 0, 3)
        for param, low, high in STYLES[name]:
            out[param] = np.clip(out[param], low, high)
        out[P.NOISE] = 0.0
        return out

    return project


def _listed() -> None:
    from simcore import games

    games.GAMES.setdefault("ewmh", "simcore.games.ewmh.game")


def tune_field(cards, budget, rounds, seed, population=8, eval_games=1500, log=print, only=ORDER):
    """{archetype: tuned float64[MAX_PARAMS]} from the shipped weights; only the archetypes
    of `only` are tuned (the others keep their shipped weights, seeds as in a full run)."""
    from strategies.tune import tune

    _listed()
    k = len(NAMES)
    vectors = {n: STRATEGIES[n].vector() for n in ORDER}  # float64[MAX_PARAMS] each
    for r in range(rounds):
        changed = []
        for i, name in enumerate(ORDER):
            if name not in only:
                continue
            spec = STRATEGIES[name]
            others = [STRATEGIES[o] for o in ORDER if o != name]
            current = vectors[name]
            result = tune(
                cards, spec, others, 3, budget, seed + 100 * r + i, population, eval_games,
                start=current, field_params=dict(vectors), project=style_projection(name),
                baseline=current, game="ewmh", threads=1,
            )  # fmt: skip
            ev = result.evaluation
            verdict = "kept" if ev.significant else "not better"
            log(
                f"round {r + 1}, {name}: tuned {ev.tuned_win:.1%} vs current "
                f"{ev.default_win:.1%}, difference {ev.difference * 100:+.1f} points "
                f"[{ev.difference_interval[0] * 100:+.1f}, "
                f"{ev.difference_interval[1] * 100:+.1f}]: {verdict}"
            )
            if ev.significant:
                tuned = current.copy()
                tuned[:k] = result.values
                vectors[name] = tuned
                changed.append(name)
        if not changed:
            log(f"round {r + 1}: no archetype gained; stopping")
            break
    return vectors


def write_field(path: Path, vectors: dict[str, np.ndarray], comments: list[str]) -> None:
    lines = [f"# {c}" for c in comments]
    for name, vec in vectors.items():
        lines += ["", f"[{name}]"]
        lines += [f"{n} = {float(v):.4g}" for n, v in zip(NAMES, vec, strict=False)]
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=3000, help="search games per tuning")
    parser.add_argument("--eval-games", type=int, default=1500)
    parser.add_argument("--population", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", choices=ORDER, action="append", help="tune this archetype only (repeatable)"
    )
    parser.add_argument("--out", type=Path, default=FIELD)
    args = parser.parse_args(argv)
    from simcore.games.ewmh.carddata.load import load_default_cards

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    vectors = tune_field(
        load_default_cards(), args.budget, args.rounds, args.seed, args.population,
        args.eval_games, log, tuple(args.only or ORDER),
    )  # fmt: skip
    command = (
        f"python -m strategies.ewmh.field_tune --budget {args.budget} --eval-games "
        f"{args.eval_games} --population {args.population} --rounds {args.rounds} "
        f"--seed {args.seed}" + "".join(f" --only {n}" for n in args.only or ())
    )
    write_field(
        args.out,
        vectors,
        [
            "Early Western Music History's heuristic archetypes: their shipped weights",
            "(strategies/ewmh/params.py names each; registry.py reads this file).",
            f"Tuned by self-play at 3 players on {date.today().isoformat()}: {command}",
        ],
    )


if __name__ == "__main__":
    main()
