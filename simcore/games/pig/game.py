"""Pig as a game of the generic interface (simcore/games/api.py): `GAME`.

The required members, and the few optional ones Pig has: seat names, its rules as card
data (one kind, "rules"), the score's sources, how games end, the bad-pick bit's name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import Game
from simcore.games.pig import RULES_VERSION
from simcore.games.pig.codes import End, names
from simcore.games.pig.dtypes import MAX_PLAYERS, MIN_PLAYERS
from simcore.seats import StrategySpec


class Pig(Game):
    name = "pig"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    default_players = 2
    kernel = ("simcore.games.pig.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.pig.codes", "Violation")
    self_play = "hold-at"  # exploit's field and search start
    bench_field = ("hold-at",)  # tutti bench: the one heuristic, also the self-play one
    end_triggers = tuple(n for n in names(End) if n != "none")  # "target", "cap"
    score_sources = {"points_rolled": 1, "points_lost": -1}
    card_files = ("rules",)
    dispatch = {"simcore.games.pig.game_nb": "strategies.pig.dispatch_nb"}

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.pig.transcript import SEAT_NAMES

        return SEAT_NAMES

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.pig.registry import STRATEGIES

        return STRATEGIES

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        from strategies.pig.dispatch_nb import choose_nb

        return {"choose_nb": choose_nb}

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.pig.cards import load_cards

        return load_cards(directory, patches)

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        return cards.records()

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, None]:
        return card_id, None  # a rule is a [table] of its own in rules.toml

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        stated = card_id in ("target", "faces") and field[:1] == ("value",)
        return "rules of Pig (folk game)" if stated else None

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.pig.engine import play_batch

        self.check_players(players)
        return play_batch(cards, players, seed, seats, first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.pig.results import result_tables

        return result_tables(cards, batch, players, seats)

    def play_game(self, cards, players, seed, seats, params=None):
        from simcore.games.pig.engine import play_game

        self.check_players(players)
        return play_game(cards, players, seed, seats, params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.pig.transcript import render_transcript

        return render_transcript(cards, played, header)


GAME = Pig()
