"""Luthier as a game of the generic interface (simcore/games/api.py): `GAME`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simcore.games.api import CardRoles
from simcore.games.luthier import RULES_VERSION
from simcore.games.luthier.dtypes import MAX_PLAYERS
from simcore.games.luthier.engine import MIN_PLAYERS
from simcore.seats import StrategySpec


class Luthier:
    name = "luthier"
    title = "Luthier"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    score = "prestige"
    kernel = ("simcore.games.luthier.game_nb", "play_games_nb")
    ladder_ratio = ("patrons lost", "patrons_lost", "patrons_taken")
    # the drift check (simcore/games/api.py): win rates by family tile too, and a card's
    # holders and completers as in the card-balance report (reports/card_kinds.py KINDS)
    drift_groups = ("family",)
    card_roles = CardRoles(
        held={
            "instrument": ("kept", "taken"),
            "performance": ("taken",),
            "repair": ("taken",),
            "patron": ("kept", "taken"),
            "award": ("claimed",),
            "goal": ("kept",),
            "family": ("kept",),
            "specialty": ("taken",),
        },
        completed={
            "instrument": ("completed",),
            "performance": ("completed",),
            "repair": ("completed",),
            "patron": ("completed",),
            "goal": ("scored",),
        },
        per_level=("award",),  # one key per award level claimed ("award/t8/3")
        files={
            "instrument": "instruments",
            "performance": "performances",
            "repair": "repairs",
            "patron": "patrons",
            "award": "awards",
            "goal": "goals",
            "family": "families",
            "specialty": "specialty",
        },
    )

    @property
    def self_play(self) -> str:
        from strategies.luthier.registry import SELF_PLAY

        return SELF_PLAY

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.luthier.transcript import SEAT_NAMES

        return tuple(SEAT_NAMES)

    def check_players(self, players: int) -> None:
        from simcore.games.luthier.engine import check_players

        check_players(players)

    def load_cards(self, directory: Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.luthier.cards import load_cards
        from simcore.games.luthier.cards_patch import parse_patch

        return load_cards(directory, [parse_patch(text) for text in patches])

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.luthier.registry import STRATEGIES

        return STRATEGIES

    def parse_seats(self, text: str | None, players: int) -> list[StrategySpec]:
        from strategies.luthier.registry import parse_seats

        return parse_seats(text, players)

    def load_strategy_module(self, path: Path) -> str:
        from strategies.luthier.user import load_strategy_module, module_hash

        load_strategy_module(path)
        return module_hash(path)

    def play_batch(self, cards, players, seed, seats, first, n_games, params=None, threads=None):
        from simcore.games.luthier.engine import play_batch

        return play_batch(cards, players, seed, list(seats), first, n_games, params, threads)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.luthier.results import result_tables

        return result_tables(cards, batch, players, list(seats))

    def play_game(self, cards, players, seed, seats, params: np.ndarray | None = None):
        from simcore.games.luthier.engine import play_game

        return play_game(cards, players, seed, list(seats), params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.luthier.transcript import render_transcript

        return render_transcript(cards, played, header)

    def transcript_jsonl(self, cards, played, meta: dict[str, Any]) -> str:
        from simcore.games.luthier.transcript_jsonl import render_jsonl

        return render_jsonl(cards, played, meta)


GAME = Luthier()
