"""A Piacere as a game of the generic interface (simcore/games/api.py): `GAME`, NOT
listed in simcore.games.GAMES until its strategies, report sections and golden games
exist (docs/games/apiacere.md, Engine status). The registration exists now because it
is where the engine's decision kernel gets its strategy dispatch bound
(simcore/games/binding.py binds a game package's own `game.GAME` before it is listed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import Game
from simcore.games.apiacere import RULES_VERSION
from simcore.games.apiacere.sizes import MAX_PLAYERS, MIN_PLAYERS
from simcore.seats import StrategySpec


class APiacere(Game):
    name = "apiacere"
    title = "A Piacere"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    default_players = 4
    score = "points"
    kernel = ("simcore.games.apiacere.play.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.apiacere.state.codes", "Violation")
    end_triggers = ("events",)
    score_sources = {
        "white": 1, "black": 1, "partial_white": 1, "partial_black": 1,
        "overall_points": 1, "legacy_points": 1,
    }  # fmt: skip
    drift_groups = ()
    dispatch = {"simcore.games.apiacere.play.decide_nb": "strategies.apiacere.dispatch_nb"}

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.apiacere.output.transcript import SEAT_NAMES

        return SEAT_NAMES

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.apiacere.registry import STRATEGIES

        return STRATEGIES

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        from strategies.apiacere.dispatch_nb import choose_nb

        return {"choose_nb": choose_nb}

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.apiacere.carddata.load import load_cards

        return load_cards(directory, patches)

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.apiacere.play.engine import play_batch

        self.check_players(players)
        return play_batch(cards, players, seed, seats, first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.apiacere.output.results import result_tables

        return result_tables(cards, batch, players, seats)

    def play_game(self, cards, players, seed, seats, params=None):
        from simcore.games.apiacere.play.engine import play_game

        self.check_players(players)
        return play_game(cards, players, seed, seats, params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.apiacere.output.transcript import render_transcript

        return render_transcript(cards, played, header)


GAME = APiacere()
