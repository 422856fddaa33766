"""Games that broke the engine's invariant checks: the games table's `violations` bitmask.

A sound game has 0 there. Anything else is an engine bug, and everything computed from
such games is suspect, so it is said loudly: first in every report (how many games, which
checks, the `tutti play` command that replays each of the first few), and as a failure of
`tutti drift`, `check` and `baseline` (`UnsoundError`: one line, exit code 1).

The bits' names are the game's (`simcore.games.api.invariant_names`), looked up only when
there is a violation to name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from reports.run.commands import play_command
from reports.run.load import Run
from simcore.errors import TuttiError
from simcore.games import get as get_game
from simcore.games.api import invariant_name, invariant_names
from simcore.runs.manifest import RunConfig

MAX_EXAMPLES = 10  # violating games listed with their replay commands
COLUMNS = ("game", "seed", "violations")
Block = tuple  # reports.game.game_render's blocks


class UnsoundError(TuttiError):
    """Games broke the engine's invariant checks: `tutti drift`, `check` and `baseline`
    fail with one line and exit code 1 (a failed check, like a drift)."""

    exit_code = 1


@dataclass
class Tally:
    """The violating games among those looked at: how many, per check bit, and the first
    few (game, seed, bits) by game index."""

    games: int = 0  # games looked at
    bad: int = 0  # ... of which violated at least one check
    per_bit: dict[int, int] = field(default_factory=dict)  # bit -> games that violated it
    first: list[tuple[int, int, int]] = field(default_factory=list)  # (game, seed, bits)

    def add(self, games: pl.DataFrame, looked_at: int | None = None) -> None:
        """Count a games table (at least its `game`, `seed` and `violations` columns; only
        its violating rows are needed when `looked_at` says how many games it stands for)."""
        self.games += games.height if looked_at is None else looked_at
        bad = games.filter(pl.col("violations") != 0).select(COLUMNS).sort("game")
        if bad.height == 0:
            return
        self.bad += bad.height
        column = bad["violations"].to_numpy()
        bits = column.view(f"u{column.dtype.itemsize}").astype(np.uint64)  # a bitmask
        seen = int(np.bitwise_or.reduce(bits))
        for k in range(seen.bit_length()):
            bit = 1 << k
            if seen & bit:
                found = int(((bits & np.uint64(bit)) != 0).sum())
                self.per_bit[bit] = self.per_bit.get(bit, 0) + found
        head = bad.head(MAX_EXAMPLES)
        rows = zip(head["game"], head["seed"], bits[: head.height].tolist(), strict=True)
        self.first = sorted([*self.first, *rows])[:MAX_EXAMPLES]

    def summary(self, config: RunConfig) -> dict[str, Any]:
        """The JSON-ready section: games, checks (with their names) and the first games with
        the command that replays each."""
        names = invariant_names(get_game(config.game)) if self.bad else {}
        return {
            "games": self.bad,
            "of": self.games,
            "invariants": [
                {"bit": bit, "name": invariant_name(names, bit), "games": n}
                for bit, n in sorted(self.per_bit.items())
            ],
            "examples": [
                {
                    "game": game,
                    "seed": seed,
                    "invariants": _names(names, bits),
                    "command": play_command(config, seed),
                }
                for game, seed, bits in self.first
            ],
        }

    def refuse(self, where: str, config: RunConfig) -> None:
        """`UnsoundError` (its `line`) if any game looked at broke a check."""
        if self.bad:
            raise UnsoundError(self.line(where, config))

    def line(self, where: str, config: RunConfig) -> str:
        """The one-line failure: how many games, which checks, how to replay the first."""
        s = self.summary(config)
        checks = ", ".join(f"{x['name']} in {x['games']:,}" for x in s["invariants"])
        return (
            f"{where}: {s['games']:,} of {s['of']:,} games broke the engine's invariant checks "
            f"({checks}): an engine bug; replay the first with {s['examples'][0]['command']}"
        )


def _games(n: int) -> str:
    return f"{n:,} game" + ("" if n == 1 else "s")


def _names(names: dict[int, str], bits: int) -> list[str]:
    return [invariant_name(names, 1 << k) for k in range(bits.bit_length()) if bits >> k & 1]


def tally_run(run: Run) -> Tally:
    """The violations of a run directory's listed games (reads one column and, for the
    violating games only, two more)."""
    tally = Tally()
    bad = run.scan("games", strings=False).select(COLUMNS).filter(pl.col("violations") != 0)
    tally.add(bad.collect(), looked_at=run.games)
    return tally


def run_violations(run: Run) -> dict[str, Any]:
    """A report's `violations` section (docs/guide/report.md)."""
    return tally_run(run).summary(run.manifest.config)


# ------------------------------------------------------------------ the report's section


def blocks(report: dict[str, Any]) -> list[Block]:
    """The report's first section, as game_render blocks: nothing for a sound run."""
    v = report["violations"]
    if not v["games"]:
        return []
    checks = ", ".join(f"{x['name']} ({_games(x['games'])})" for x in v["invariants"])
    shown = len(v["examples"])
    more = f"the first {shown} of {v['games']:,}" if shown < v["games"] else f"all {shown}"
    params = any(s["params"] for s in report["run"]["seats"])
    replay = (
        "`tutti play` seats each strategy with its default parameters: this run set other "
        "values (see the run setup), so these replays are other games. "
        if params
        else ""
    )
    commands = []
    for x in v["examples"]:
        commands += [f"# game {x['game']}: {', '.join(x['invariants'])}", x["command"]]
    return [
        ("h2", "Engine invariant violations"),
        (
            "quote",
            f"**{v['games']:,} of {v['of']:,} games broke the engine's invariant checks.** "
            "The engine has a bug: these games were not played by the rules, and every "
            "number in this report includes them.",
        ),
        ("p", f"Checks that failed: {checks}."),
        ("p", f"{replay}Replay {more} (by game index), move by move:"),
        ("code", commands),
    ]


def checks_text(report: dict[str, Any]) -> str:
    """How the run's games fared in the engine's invariant checks, for the run setup."""
    v = report["violations"]
    if not v["games"]:
        return f"passed in all {v['of']:,} games"
    return f"failed in {v['games']:,} of {v['of']:,} games (see the top)"
