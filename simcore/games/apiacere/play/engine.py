"""Python entry points to A Piacere's engine: the shared scaffold
(simcore/games/batches.py) plays its batch kernel; what is this game's own is its sizes,
its player counts and its PlayedGame."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError
from simcore.games import batches
from simcore.games.apiacere.sizes import MAX_PLAYERS, MIN_PLAYERS
from simcore.games.apiacere.state.dtypes import CEV_W, LOG_W, MAX_CARD_EVENTS, new_state
from simcore.kernels.kernel_errors import data_errors
from simcore.seats import StrategySpec

BUFFERS = batches.Buffers(
    new_state, MAX_PLAYERS, MAX_CARD_EVENTS, CEV_W, LOG_W, "simcore/games/apiacere/state/dtypes.py"
)


@dataclass(frozen=True)
class PlayedGame:
    """One game played from Python: its final state and its event log."""

    game: np.record  # GAME record
    seats: np.ndarray  # SEAT[n_players]
    log: np.ndarray  # int32[n_events, LOG_W]
    strategies: tuple[StrategySpec, ...]


def check_players(n_players: int) -> None:
    """2 to 5 players (ruling AP-32); a one-line error otherwise."""
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise TuttiError(f"A Piacere takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players}")


def check_cards(cards) -> None:
    """What the card data may say that this engine does not play yet, as one line."""
    from simcore.games.apiacere.codes import Rule

    if int(cards.tables.rules[Rule.PERSONAL_LEGACY]) != 1:
        raise TuttiError(
            "setup.toml:personal_legacy:value: the engine deals 1 personal legacy tile a "
            f"player, not {int(cards.tables.rules[Rule.PERSONAL_LEGACY])}"
        )


def kernel_errors(cards):
    """Any error inside a kernel as one line naming the card data."""
    where = cards.source_dir or "the shipped card data"
    return data_errors(" A Piacere", f"the card data ({where})")


def play_batch(
    cards, n_players, master_seed, strategies, first, n_games, params=None, threads=None, into=None
):
    """Games first .. first + n_games - 1 of a run (simcore/games/batches.play_batch)."""
    from simcore.games.apiacere.play.game_nb import play_games_nb

    check_players(n_players)
    check_cards(cards)
    with kernel_errors(cards):
        return batches.play_batch(
            play_games_nb, BUFFERS, cards.table, n_players, master_seed, strategies,
            first, n_games, params, threads, into,
        )  # fmt: skip


def play_game(cards, n_players, seed, strategies, params=None) -> PlayedGame:
    """One game of game seed `seed` with its whole event log."""
    from simcore.games.apiacere.play.game_nb import play_games_nb

    check_players(n_players)
    check_cards(cards)
    with kernel_errors(cards):
        (games, seats, _), log = batches.play_logged(
            play_games_nb, BUFFERS, cards.table, n_players, seed, strategies, params, 0, 4096
        )
    return PlayedGame(games[0], seats[0, :n_players], log, tuple(strategies))
