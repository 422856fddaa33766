"""Population self-play: the shipped weights of Dice-Mining Patrons' heuristics.

Each round tunes every heuristic (cautious, greedy, burglar, collector) against the other
three with their current weights (cross-entropy search on common random numbers,
strategies/tune.py), each within its style (`style_projection`: its stopping rule or its
plan stays what its name says), at `--players`; a tuned vector replaces the current one
only when it beats it on fresh deals at 95% confidence. Rounds repeat until none does,
or `--rounds` run out. A last stage hardens the self-play heuristic, greedy (the field
`tutti exploit` measures): while the strongest response `exploit` finds to three copies of
it wins above the target (1.4x the fair share, at most + 10 points), greedy takes the
response's weights (within its style) and is probed again; the greedy kept is the one
whose probe found the weakest response.

`make tune-dicemining` runs this module with short budgets (minutes on 2 cores) and writes
strategies/dicemining/field.toml, which the registry reads as the heuristics' defaults.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import numpy as np

from strategies.dicemining.heuristic_nb import CUMULATIVE, ROLLS, STEAL
from strategies.dicemining.registry import PARAMS, SELF_PLAY, STRATEGIES, style_vector
from strategies.exploit import default_starts, exploit, target
from strategies.tune import tune

GAME = "dicemining"
FIELD = ("cautious", "greedy", "burglar", "collector")  # the bench field, one per seat
OUT = Path(__file__).with_name("field.toml")
CAUTIOUS_ROLLS = 3.0  # cautious rolls at most this often a turn
GREEDY_ROLLS = 5.0  # greedy rolls at least this often while it lacks a resource
MIN_STEAL = 1.0  # the burglar weighs thefts at least this much
MIN_CUMULATIVE = 1.0  # the collector values a cumulative patron at least 2x


def style_projection(name: str) -> Callable[[np.ndarray], np.ndarray]:
    """The map that keeps a candidate vector of heuristic `name` within its style: cautious
    stops early, greedy rolls on and neither steals nor collects on purpose, the burglar
    steals, the collector collects."""

    def project(values: np.ndarray) -> np.ndarray:
        out = np.maximum(np.array(values, np.float64), 0.0)
        if name == "cautious":
            out[ROLLS] = min(out[ROLLS], CAUTIOUS_ROLLS)
        elif name == "greedy":
            out[ROLLS] = max(out[ROLLS], GREEDY_ROLLS)
            out[STEAL] = 0.0
            out[CUMULATIVE] = 0.0
        elif name == "burglar":
            out[STEAL] = max(out[STEAL], MIN_STEAL)
        elif name == "collector":
            out[CUMULATIVE] = max(out[CUMULATIVE], MIN_CUMULATIVE)
        return out

    return project


def as_written(vectors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The vectors as field.toml holds them (4 significant digits)."""
    return {n: np.array([float(f"{v:.4g}") for v in vec]) for n, vec in vectors.items()}


def tune_field(
    cards, players: int, budget: int, rounds: int, seed: int, eval_games: int, log
) -> dict[str, np.ndarray]:
    """{heuristic: tuned float64[MAX_PARAMS]}, from the hand-set style weights (not the
    shipped ones: the result reproduces)."""
    vectors = {n: style_vector(n) for n in FIELD}
    k = len(PARAMS)
    for r in range(rounds):
        changed = []
        for i, name in enumerate(FIELD):
            spec = STRATEGIES[name]
            others = [STRATEGIES[o] for o in FIELD if o != name][: players - 1]
            current = vectors[name]
            result = tune(
                cards, spec, others, players, budget, seed + 100 * r + i, 12, eval_games,
                start=current, field_params=dict(vectors), project=style_projection(name),
                baseline=current, game=GAME,
            )  # fmt: skip
            ev = result.evaluation
            verdict = "kept" if ev.significant else "not better"
            log(
                f"round {r + 1}, {name}: tuned {ev.tuned_win:.1%} vs current "
                f"{ev.default_win:.1%}, difference {ev.difference * 100:+.1f} points "
                f"[{ev.difference_interval[0] * 100:+.1f}, {ev.difference_interval[1] * 100:+.1f}]"
                f": {verdict}"
            )
            if ev.significant:
                tuned = current.copy()
                tuned[:k] = result.values
                vectors = as_written({**vectors, name: tuned})
                changed.append(name)
        if not changed:
            log(f"round {r + 1}: no heuristic gained; stopping")
            break
    return as_written(vectors)


def harden(cards, vectors, players, budget, rounds, seed, eval_games, log):
    """Iterated best response for SELF_PLAY (module docstring); returns the vectors with
    the SELF_PLAY whose probe found the weakest strongest response."""
    spec = STRATEGIES[SELF_PLAY]
    k = len(PARAMS)
    best_vec, best_win = vectors[SELF_PLAY], float("inf")
    current = vectors[SELF_PLAY]
    project = style_projection(SELF_PLAY)
    for r in range(rounds):
        field_params = {**vectors, SELF_PLAY: current}
        starts = default_starts(STRATEGIES, SELF_PLAY, field_params=field_params)
        found = exploit(
            cards, [spec], players, budget, seed + 2000 + r, eval_games=eval_games,
            starts=starts, field_params=field_params, game=GAME,
        )  # fmt: skip
        low = found.interval[0]
        log(
            f"harden {r + 1}: strongest response to {SELF_PLAY} ({found.spec.name}'s search) "
            f"wins {found.win_rate:.2%} ({low:.2%}-{found.interval[1]:.2%}), "
            f"target {target(players):.0%}"
        )
        if found.win_rate < best_win:
            best_vec, best_win = current, found.win_rate
        if low <= target(players):
            break
        response = current.copy()
        response[:k] = project(np.asarray(found.values, np.float64))
        current = as_written({SELF_PLAY: response})[SELF_PLAY]
    log(f"harden: {SELF_PLAY} kept with a strongest response of {best_win:.2%}")
    return {**vectors, SELF_PLAY: best_vec}


def write_field(path: Path, vectors: dict[str, np.ndarray], comments: list[str]) -> None:
    lines = [f"# {c}" for c in comments]
    for name, vec in vectors.items():
        lines += ["", f"[{name}]"]
        lines += [f"{n} = {float(v):.4g}" for n, v in zip(PARAMS, vec, strict=False)]
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", type=int, default=12_000, help="search games per tuning")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--eval-games", type=int, default=8_000)
    parser.add_argument("--harden-budget", type=int, default=50_000)
    parser.add_argument("--harden-rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    from simcore import games

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    cards = games.get(GAME).load_cards()
    vectors = tune_field(
        cards, args.players, args.budget, args.rounds, args.seed, args.eval_games, log
    )
    vectors = harden(
        cards, vectors, args.players, args.harden_budget, args.harden_rounds, args.seed,
        args.eval_games, log,
    )  # fmt: skip
    command = (
        f"python -m strategies.dicemining.field_tune --players {args.players} --budget "
        f"{args.budget} --rounds {args.rounds} --eval-games {args.eval_games} "
        f"--harden-budget {args.harden_budget} --harden-rounds {args.harden_rounds} "
        f"--seed {args.seed}"
    )
    write_field(
        args.out,
        vectors,
        [
            "Shipped weights of Dice-Mining Patrons' heuristics, tuned by population self-play",
            f"(strategies/dicemining/field_tune.py), written on {date.today().isoformat()} by:",
            command,
            "Each heuristic tuned in turn against the other three, within its style; greedy",
            "(the self-play field) then hardened by iterated best response.",
            "Regenerate with `make tune-dicemining` after a change to the strategies or cards.",
        ],
    )
    log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
