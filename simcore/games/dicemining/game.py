"""Dice-Mining Patrons as a game of the generic interface (simcore/games/api.py): `GAME`.

Its title says that the card data is estimated, so the first line of every report and
transcript header says so too (docs/games/dicemining.md: what is stated, what estimated)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import CardKind, Game
from simcore.games.dicemining import RULES_VERSION
from simcore.games.dicemining.state.codes import End, names
from simcore.games.dicemining.state.dtypes import MAX_PLAYERS, MIN_PLAYERS
from simcore.seats import StrategySpec

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")


class DiceMining(Game):
    name = "dicemining"
    title = "Dice-Mining Patrons (card data estimated)"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))  # ruling DM-1
    default_players = 4
    seat_names = SEAT_NAMES
    score = "vp"
    kernel = ("simcore.games.dicemining.play.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.dicemining.state.codes", "Violation")
    end_triggers = tuple(n for n in names(End) if n != "none")  # "thirty", "cap"
    score_sources = {"vp_patrons": 1, "vp_raised": 1}
    self_play = "greedy"  # exploit's field and search start
    bench_field = ("cautious", "greedy", "burglar", "collector")
    card_files = ("dice", "resources", "items", "vaults", "patrons", "rules")
    dispatch = {
        "simcore.games.dicemining.play.decide_nb": "strategies.dicemining.dispatch_nb",
        "simcore.games.dicemining.play.game_nb": "strategies.dicemining.search_player_nb",
    }

    # the cards table: a seat holds a patron dealt or drawn to it and completes one it
    # fulfils (spec 2.6); items are not recorded yet (docs/games/dicemining.md, status)
    card_kinds = (
        CardKind(
            "patron",
            "patrons",
            held_events=("dealt", "drawn"),
            held_words="dealt or drawn",
            completed_events=("fulfilled",),
            completed_words="fulfilled",
        ),
    )
    ladder_ratio = ("fulfilled of drawn", "patrons_fulfilled", "patrons_drawn")

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.dicemining.registry import STRATEGIES

        return STRATEGIES

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        if module == "simcore.games.dicemining.play.game_nb":
            from strategies.dicemining.search_player_nb import search_choose_nb, search_mask_nb

            return {"search_choose_nb": search_choose_nb, "search_mask_nb": search_mask_nb}
        from strategies.dicemining.dispatch_nb import choose_nb

        return {"choose_nb": choose_nb}

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.dicemining.carddata.load import load_cards

        return load_cards(directory, patches)

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        return cards.records[kind]

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, Any]:
        from simcore.games.dicemining.carddata.schema import SECTIONS

        if kind == "rules":
            return card_id, None  # a rule is a [table] of its own in rules.toml
        return SECTIONS[kind], {"id": card_id}

    def neutral_text(self, cards, kind: str) -> str:
        from simcore.errors import TuttiError

        if kind != "patrons":
            raise TuttiError(
                f"cannot ablate {kind!r}: only patrons have a neutral stand-in (spec 2.6); "
                "compare other cards with tutti whatif --set"
            )
        return (
            f"has no ability and scores the deck's mean {_vp_per_item(cards):.2f} VP an item "
            "(its items stay)"
        )

    def neutral_patches(self, cards, kind: str, card_id: str) -> list[str]:
        self.neutral_text(cards, kind)  # refuses the kinds that cannot be ablated
        n_items = len(cards.record("patrons", card_id)["items"])
        vp = max(1, round(_vp_per_item(cards) * n_items))
        return [
            f"patrons.{card_id}.ability=none",
            f"patrons.{card_id}.params={{}}",
            f"patrons.{card_id}.vp={vp}",
        ]

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        from simcore.games.dicemining.carddata.stated_numbers import stated_number

        return stated_number(kind, card_id, field)

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.dicemining.play.engine import play_batch

        self.check_players(players)
        return play_batch(cards, players, seed, seats, first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.dicemining.output.results import result_tables

        return result_tables(cards, batch, players, seats)

    def play_game(self, cards, players, seed, seats, params=None):
        from simcore.games.dicemining.play.engine import play_game

        self.check_players(players)
        return play_game(cards, players, seed, seats, params)

    def transcript_jsonl(self, cards, played, meta: dict[str, Any]) -> str:
        from simcore.games.dicemining.output.transcript_jsonl import render_jsonl

        return render_jsonl(cards, played, meta)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.dicemining.output.transcript import render_transcript

        return render_transcript(cards, played, header)


def _vp_per_item(cards) -> float:
    """The deck's VP an item, over every patron card with a printed VP (copies counted):
    the neutral stand-in's rate (spec 2.6: 'VP = the deck mean per item')."""
    vp = items = 0
    for r in cards.records["patrons"]:
        if r["ability"] != "cumulative_vp":
            vp += r["vp"] * r["copies"]
            items += len(r["items"]) * r["copies"]
    return vp / max(1, items)


GAME = DiceMining()
