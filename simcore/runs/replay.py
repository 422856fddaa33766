"""Play a configuration's games (again), a window at a time: baselines and `tutti check`.

Game i is always the game with seed game_seed(master seed, i), so replaying a
baseline's configuration under the current code and card data plays the very
same deals and dice: the two can be compared game by game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from simcore.errors import TuttiError
from simcore.runs.manifest import RunConfig
from simcore.seats import StrategySpec

if TYPE_CHECKING:
    from simcore.games.api import Cards, Game


@dataclass(frozen=True)
class Replayer:
    """A configuration ready to play: its game, card set, seats and parameter matrix."""

    config: RunConfig
    card_set: Cards
    seats: list[StrategySpec]
    params: np.ndarray | None  # float64[seats, MAX_PARAMS], None: each strategy's defaults
    threads: int | None = None  # kernel threads (None: every core); the games do not depend on it

    @property
    def game(self) -> Game:
        from simcore import games

        return games.get(self.config.game)

    def tables(self, first: int, n_games: int) -> tuple[pa.Table, pa.Table]:
        """The seats and cards tables of games first .. first + n_games - 1."""
        c = self.config
        batch = self.game.play_batch(
            self.card_set, c.players, c.seed, self.seats, first, n_games, self.params, self.threads
        )
        tables = self.game.result_tables(self.card_set, batch, c.players, self.seats)
        return tables["seats"], tables["cards"]


def new_replayer(
    players: int | None,
    games: int,
    seed: int,
    strategies: str | None,
    cards: str | Path | None,
    window: int,
    game: str | None = None,
) -> Replayer:
    """A fresh configuration (a new baseline) under the current code and card data, at
    `players` (None: the game's default count)."""
    from simcore import games as registry
    from simcore.games.api import default_players
    from simcore.runs.simulate import _check_args, run_config
    from simcore.seeds import check_seed

    the_game = registry.get(game)
    players = default_players(the_game) if players is None else players
    _check_args(the_game, players, games, window, None)
    check_seed(seed)
    card_set = the_game.load_cards(cards)
    seats = the_game.parse_seats(strategies, players)
    config = run_config(the_game, players, games, seed, window, seats, None, card_set, cards)
    return Replayer(config, card_set, seats, None)


def replayer_for(
    config: RunConfig,
    cards,
    where: str,
    players: int | None = None,
    strategy_module: str | Path | None = None,
) -> Replayer:
    """Replay a baseline's (or a run's) configuration under the current code and `cards`
    (a card folder, None for the shipped set, or card data already loaded).

    Refuses (TuttiError) a baseline of another game, rules version or player count
    than asked for, and one whose strategies or parameters no longer exist. A
    configuration with user strategies needs `strategy_module`, whose hash must be the
    recorded one before it is loaded (simcore.runs.trust).
    """
    from simcore import games as registry
    from simcore.runs.trust import load_run_module

    game = registry.get(config.game)  # a game this installation does not have: one line
    if config.rules_version != game.rules_version:
        raise TuttiError(
            f"{where}: made with rules version {config.rules_version}, but this engine is "
            f"{game.title} rules version {game.rules_version}: its games cannot be replayed; "
            "simulate it again (a drift baseline: make baseline)"
        )
    if players is not None and config.players != players:
        raise TuttiError(
            f"{where}: a {config.players}-player baseline, but --players {players} was asked for"
        )
    load_run_module(game, config, strategy_module, where)
    seats = game.parse_seats(",".join(config.strategies), config.players)
    rows = []
    for p, spec in enumerate(seats):
        names = config.param_names[p] if p < len(config.param_names) else []
        values = config.params[p] if p < len(config.params) else []
        try:
            rows.append(spec.vector(dict(zip(names, values, strict=True))))
        except (TuttiError, ValueError) as err:
            raise TuttiError(f"{where}: {err}; regenerate the baseline") from None
    loaded = cards is not None and not isinstance(cards, str | Path)
    card_set = cards if loaded else game.load_cards(cards)
    candidate = replace(
        config,
        card_hash=card_set.data_hash,
        cards_dir=card_set.source_dir if loaded else (str(cards) if cards else None),
        package_version=version("tutti-sim"),
    )
    return Replayer(candidate, card_set, seats, np.array(rows))
