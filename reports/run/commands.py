"""The command lines reports print for people to paste: every word quoted for the shell.

A run's settings are data (a cards folder may be named `cards $(touch x) dir`), so no
word of a printed command is left to the shell to split or expand.
"""

from __future__ import annotations

import shlex

from simcore.runs.manifest import RunConfig


def shell(*words: object) -> str:
    """One command line, each word quoted for a POSIX shell where it needs it."""
    return " ".join(shlex.quote(str(word)) for word in words)


def strategies_word(strategies: list[str]) -> str:
    """`--strategies` of a run's seats: one name for all, or one per seat."""
    return strategies[0] if len(set(strategies)) == 1 else ",".join(strategies)


def play_command(config: RunConfig, seed: int | str) -> str:
    """The `tutti play` command that replays the game with this seed (the games table's
    `seed`; or a placeholder such as "SEED") of a run with `config`."""
    words: list[object] = ["tutti", "play", "--game", config.game, "--players", config.players]
    words += ["--seed", seed, "--strategies", strategies_word(config.strategies)]
    if config.cards_dir:
        words += ["--cards", config.cards_dir]
    if config.strategy_module:
        words += ["--strategy-module", config.strategy_module]
    return shell(*words)
