"""Early Western Music History as a game of the generic interface (simcore/games/api.py):
`GAME`, NOT listed in simcore.games.GAMES until the engine plays every rule (phases (b)
and (c) of issue 37). The registration exists now because it is where the engine's
decision kernel gets its strategy dispatch bound (simcore/games/binding.py binds a game
package's own `game.GAME` before it is listed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import Game
from simcore.games.ewmh import RULES_VERSION
from simcore.games.ewmh.sizes import MAX_PLAYERS, MIN_PLAYERS
from simcore.games.ewmh.state.codes import End, names
from simcore.seats import StrategySpec


class Ewmh(Game):
    name = "ewmh"
    title = "Early Western Music History"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    default_players = 4
    score = "points"
    kernel = ("simcore.games.ewmh.play.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.ewmh.state.codes", "Violation")
    end_triggers = tuple(n for n in names(End) if n != "none")  # "all_arrived", "cap"
    score_sources = {
        "points_base": 1, "points_vocation": 1, "points_genre": 1, "points_unproduced": 1,
    }  # fmt: skip
    drift_groups = ("vocation",)
    # the decision kernels call the strategies through placeholders filled from here (the
    # game loop calls the search at the decisions of the seats that search)
    dispatch = {
        "simcore.games.ewmh.play.decide_nb": "strategies.ewmh.dispatch_nb",
        "simcore.games.ewmh.play.game_nb": "strategies.ewmh.search_player_nb",
    }

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.ewmh.output.transcript import SEAT_NAMES

        return SEAT_NAMES

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.ewmh.registry import STRATEGIES

        return STRATEGIES

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        if module == "simcore.games.ewmh.play.decide_nb":
            from strategies.ewmh.dispatch_nb import choose_nb

            return {"choose_nb": choose_nb}
        if module == "simcore.games.ewmh.play.game_nb":
            from strategies.ewmh.search_player_nb import search_choose_nb, search_mask_nb

            return {"search_choose_nb": search_choose_nb, "search_mask_nb": search_mask_nb}
        return {}

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.ewmh.carddata.load import load_cards

        return load_cards(directory, patches)

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.ewmh.play.engine import play_batch

        self.check_players(players)
        return play_batch(cards, players, seed, seats, first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.ewmh.output.results import result_tables

        return result_tables(cards, batch, players, seats)

    def play_game(self, cards, players, seed, seats, params=None):
        from simcore.games.ewmh.play.engine import play_game

        self.check_players(players)
        return play_game(cards, players, seed, seats, params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.ewmh.output.transcript import render_transcript

        return render_transcript(cards, played, header)


GAME = Ewmh()
