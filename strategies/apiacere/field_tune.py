"""Population self-play: the shipped weights of A Piacere's heuristics.

Each round tunes every heuristic (performer, composer, traveller) against the other two
with their current weights (cross-entropy search on common random numbers,
strategies/tune.py), each within its style (`style_projection`: its path stays what its
name says), at `--players`; a tuned vector replaces the current one only when it beats it
on fresh deals at 95% confidence. Rounds repeat until none does, or `--rounds` run out.

Short budgets run in minutes on 2 cores; the command that wrote the shipped
strategies/apiacere/field.toml is in its header (and docs/games/apiacere.md, Players).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import numpy as np

from simcore.seats import MAX_PARAMS
from strategies.apiacere.params import NAMES, P
from strategies.apiacere.registry import STRATEGIES, field_weights
from strategies.tune import tune

GAME = "apiacere"
FIELD = ("performer", "composer", "traveller")
OUT = Path(__file__).with_name("field.toml")
MIN_TRAVELLER_ROYAL = 2.0  # the traveller weighs the royal event's keys at least this
MAX_OTHER_ROYAL = 1.0  # ... the performer and the composer at most this
MIN_COMPOSER_CHAIN = 0.5  # the composer weighs a chain card at least this


def style_projection(name: str) -> Callable[[np.ndarray], np.ndarray]:
    """The map that keeps a candidate vector of heuristic `name` within its style: the
    performer values white keys at least as much as black ones and no compose bias, the
    composer the reverse with chains, the traveller chases the royal events; no noise."""

    def project(values: np.ndarray) -> np.ndarray:
        out = np.maximum(np.array(values, np.float64), 0.0)
        out[P.NOISE] = 0.0
        if name == "performer":
            out[P.WHITE] = max(out[P.WHITE], out[P.BLACK])
            out[P.COMPOSE] = 0.0
            out[P.ROYAL] = min(out[P.ROYAL], MAX_OTHER_ROYAL)
        elif name == "composer":
            out[P.BLACK] = max(out[P.BLACK], out[P.WHITE])
            out[P.CHAIN] = max(out[P.CHAIN], MIN_COMPOSER_CHAIN)
            out[P.ROYAL] = min(out[P.ROYAL], MAX_OTHER_ROYAL)
        elif name == "traveller":
            out[P.ROYAL] = max(out[P.ROYAL], MIN_TRAVELLER_ROYAL)
        return out

    return project


def as_written(vectors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The vectors as field.toml holds them (4 significant digits)."""
    return {n: np.array([float(f"{v:.4g}") for v in vec]) for n, vec in vectors.items()}


def start_vectors(path: Path) -> dict[str, np.ndarray]:
    """The weights of field file `path` as float64[MAX_PARAMS] vectors."""
    weights = field_weights(path)
    out = {}
    for name in FIELD:
        vec = np.zeros(MAX_PARAMS, np.float64)
        vec[: len(NAMES)] = [weights[name][n] for n in NAMES]
        out[name] = vec
    return out


def tune_field(cards, start, players, budget, rounds, seed, eval_games, log):
    """{heuristic: tuned float64[MAX_PARAMS]} from the `start` vectors."""
    vectors = dict(start)
    k = len(NAMES)
    for r in range(rounds):
        changed = []
        for i, name in enumerate(FIELD):
            spec = STRATEGIES[name]
            others = [STRATEGIES[o] for o in FIELD if o != name]
            others = (others * players)[: players - 1]
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


def write_field(path: Path, vectors: dict[str, np.ndarray], comments: list[str]) -> None:
    lines = [f"# {c}" for c in comments]
    for name, vec in vectors.items():
        lines += ["", f"[{name}]"]
        lines += [f"{n} = {float(v):.4g}" for n, v in zip(NAMES, vec, strict=False)]
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", type=int, default=3_000, help="search games per tuning")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--eval-games", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=Path, default=OUT, help="field file to start from")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    from simcore import games

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    cards = games.get(GAME).load_cards()
    vectors = tune_field(
        cards, start_vectors(args.start), args.players, args.budget, args.rounds, args.seed,
        args.eval_games, log,
    )  # fmt: skip
    command = (
        f"python -m strategies.apiacere.field_tune --players {args.players} --budget "
        f"{args.budget} --rounds {args.rounds} --eval-games {args.eval_games} "
        f"--seed {args.seed}"
    )
    write_field(
        args.out,
        vectors,
        [
            "Shipped weights of A Piacere's heuristics (strategies/apiacere/heuristic_nb.py,",
            "the parameters in params.py), tuned by population self-play",
            f"(strategies/apiacere/field_tune.py) from hand-set weights, written on "
            f"{date.today().isoformat()} by:",
            command,
            "Each heuristic tuned in turn against the other two, within its style.",
        ],
    )
    log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
