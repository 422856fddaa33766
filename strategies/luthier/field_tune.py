"""Population self-play: the shipped weights of the built-in heuristics.

Each round tunes every archetype of the default field against the other three
with their current weights (cross-entropy search on common random numbers,
`tune.py`), each within its style (`registry.style_projection`), then tunes
`balanced` against copies of itself (self-play, the field `tutti exploit`
measures). A tuned vector replaces the current one only when it beats it on
fresh deals at 95% confidence. Rounds repeat until none does, or `rounds` run
out. Every vector keeps `noise` at 0: noise is exploration for a search, and the
shipped players break exact ties by their documented keys (docs/guide/strategies.md, Ties).

A last stage hardens `balanced` (`harden`): `tutti exploit` searches the strongest
response to three copies of it from every heuristic's weights; while that response
wins more than the target (1.4x the fair share, at most + 10 points), `balanced` takes
its weights and the probe runs again (iterated best response). The stage keeps the `balanced` whose
probe found the weakest response: the figure it measured, never an unplayed one.

`make tune-field` runs this module and writes strategies/luthier/field.toml,
which the registry reads as the archetypes' defaults.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import numpy as np

from strategies.exploit import default_starts, exploit, target
from strategies.luthier.params import NAMES
from strategies.luthier.registry import SELF_PLAY, STRATEGIES, style_projection, style_vector
from strategies.tune import tune

FIELD = ("crafter", "performer", "restorer", "courtier")  # the default field of `make demo`
NOISE = NAMES.index("noise")


def without_noise(project: Callable[[np.ndarray], np.ndarray] | None):
    """`project` (a style, or None) that also keeps the noise weight at 0."""

    def shipped(values: np.ndarray) -> np.ndarray:
        out = np.array(values if project is None else project(values), np.float64)
        out[NOISE] = 0.0
        return out

    return shipped


def quiet(vector: np.ndarray) -> np.ndarray:
    """`vector` with its noise weight at 0."""
    out = np.array(vector, np.float64)
    out[NOISE] = 0.0
    return out


OUT = Path(__file__).with_name("field.toml")


def tune_field(
    cards,
    players: int,
    budget: int,
    rounds: int,
    seed: int,
    population: int = 12,
    eval_games: int = 8_000,
    log: Callable[[str], None] = print,
) -> dict[str, np.ndarray]:
    """{strategy: tuned float64[MAX_PARAMS]} for the field and the self-play strategy,
    from the hand-set style weights (not the shipped ones: the result reproduces)."""
    vectors = {n: quiet(style_vector(n)) for n in (*FIELD, SELF_PLAY)}
    k = len(NAMES)
    for r in range(rounds):
        changed = []
        for i, name in enumerate((*FIELD, SELF_PLAY)):
            spec = STRATEGIES[name]
            others = [STRATEGIES[o] for o in FIELD if o != name]
            opponents = [spec] if name == SELF_PLAY else others
            current = vectors[name]
            result = tune(
                cards, spec, opponents, players, budget, seed + 100 * r + i, population,
                eval_games, start=current, field_params=dict(vectors),
                project=without_noise(style_projection(name)), baseline=current,
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
                vectors[name] = tuned
                changed.append(name)
        if not changed:
            log(f"round {r + 1}: no strategy gained; stopping")
            break
    return vectors


def as_written(vectors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The vectors as field.toml holds them (4 significant digits)."""
    return {n: np.array([float(f"{v:.4g}") for v in vec]) for n, vec in vectors.items()}


def polish_self_play(
    cards,
    vectors: dict[str, np.ndarray],
    players: int,
    budget: int,
    rounds: int,
    seed: int,
    population: int = 16,
    eval_games: int = 20_000,
    log: Callable[[str], None] = print,
) -> dict[str, np.ndarray]:
    """Stage 2: SELF_PLAY against copies of itself with the search budget of `tutti
    exploit` (a larger search finds what the field rounds' budget missed), adopted while
    it beats the current vector at 95% confidence, at most `rounds` times."""
    vectors = as_written(vectors)
    spec = STRATEGIES[SELF_PLAY]
    k = len(NAMES)
    for r in range(rounds):
        current = vectors[SELF_PLAY]
        result = tune(
            cards, spec, [spec], players, budget, seed + 1000 + r, population, eval_games,
            start=current, field_params=dict(vectors), baseline=current,
            project=without_noise(None),
        )  # fmt: skip
        ev = result.evaluation
        log(
            f"self-play {r + 1}, {SELF_PLAY}: tuned {ev.tuned_win:.1%}, difference "
            f"{ev.difference * 100:+.1f} points [{ev.difference_interval[0] * 100:+.1f}, "
            f"{ev.difference_interval[1] * 100:+.1f}]: {'kept' if ev.significant else 'not better'}"
        )
        if not ev.significant:
            break
        tuned = current.copy()
        tuned[:k] = result.values
        vectors = as_written({**vectors, SELF_PLAY: tuned})
    return vectors


def harden(
    cards,
    vectors: dict[str, np.ndarray],
    players: int,
    budget: int,
    rounds: int,
    seed: int,
    eval_games: int = 20_000,
    log: Callable[[str], None] = print,
) -> dict[str, np.ndarray]:
    """Stage 3: iterated best response for SELF_PLAY. Probe it with `exploit` (every
    heuristic's weights as starts, noise 0, `budget` games); while the strongest response
    wins above target(players) (its interval's low end), SELF_PLAY takes its weights and
    is probed again, at most `rounds` probes. Returns the vectors with the SELF_PLAY whose
    probe found the weakest strongest response."""
    vectors = as_written(vectors)
    spec = STRATEGIES[SELF_PLAY]
    k = len(NAMES)
    best_vec, best_win = vectors[SELF_PLAY], float("inf")
    current = vectors[SELF_PLAY]
    for r in range(rounds):
        field_params = {**vectors, SELF_PLAY: current}
        starts = default_starts(STRATEGIES, SELF_PLAY, field_params=field_params)
        found = exploit(
            cards, [spec], players, budget, seed + 2000 + r, eval_games=eval_games,
            starts=starts, field_params=field_params,
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
        response[:k] = quiet(found.values)
        current = as_written({SELF_PLAY: response})[SELF_PLAY]
    log(f"harden: {SELF_PLAY} kept with a strongest response of {best_win:.2%}")
    return {**vectors, SELF_PLAY: best_vec}


def write_field(path: Path, vectors: dict[str, np.ndarray], comments: list[str]) -> None:
    lines = [f"# {c}" for c in comments]
    for name, vec in vectors.items():
        lines += ["", f"[{name}]"]
        lines += [f"{n} = {float(v):.4g}" for n, v in zip(NAMES, vec, strict=False)]
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", type=int, default=48_000, help="search games per tuning")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--polish-budget", type=int, default=200_000)
    parser.add_argument("--polish-rounds", type=int, default=2)
    parser.add_argument("--harden-budget", type=int, default=200_000)
    parser.add_argument("--harden-rounds", type=int, default=4)
    parser.add_argument(
        "--harden-only", action="store_true", help="stage 3 only, from the shipped field.toml"
    )
    parser.add_argument(
        "--polish-only", action="store_true", help="stage 2 only, from the shipped field.toml"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    from simcore.games.luthier.carddata.cards import load_default_cards

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    cards = load_default_cards()
    if args.polish_only or args.harden_only:
        vectors = {n: quiet(STRATEGIES[n].vector()) for n in (*FIELD, SELF_PLAY)}
    else:
        vectors = tune_field(cards, args.players, args.budget, args.rounds, args.seed, log=log)
    if not args.harden_only:
        vectors = polish_self_play(
            cards, vectors, args.players, args.polish_budget, args.polish_rounds, args.seed,
            log=log,
        )  # fmt: skip
    vectors = harden(
        cards, vectors, args.players, args.harden_budget, args.harden_rounds, args.seed, log=log
    )
    command = (
        "python -m strategies.luthier.field_tune --harden-only "
        f"--harden-budget {args.harden_budget} --harden-rounds {args.harden_rounds} "
        f"--seed {args.seed}, on the shipped weights"
        if args.harden_only
        else f"make tune-field (python -m strategies.luthier.field_tune --players {args.players} "
        f"--budget {args.budget} --rounds {args.rounds} --seed {args.seed} "
        f"--polish-budget {args.polish_budget} --polish-rounds {args.polish_rounds} "
        f"--harden-budget {args.harden_budget} --harden-rounds {args.harden_rounds})"
    )
    write_field(
        args.out,
        vectors,
        [
            "Shipped weights of the built-in heuristics, tuned by population self-play.",
            f"Written by {command} on {date.today().isoformat()}.",
            "Each archetype tuned in turn against the other three, within its style;",
            f"{SELF_PLAY} against copies of itself. Regenerate with `make tune-field`.",
        ],
    )
    log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
