"""Luthier as a game of the generic interface (simcore/games/api.py): `GAME`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simcore.games.api import CardKind, CardSections, Game, Grouping, Milestone
from simcore.games.luthier import RULES_VERSION
from simcore.games.luthier.carddata.cards import KINDS, TABLE_KINDS
from simcore.games.luthier.play.engine import MIN_PLAYERS
from simcore.games.luthier.state.dtypes import CARD_BITS, MAX_PLAYERS
from simcore.games.luthier.state.enums import Source
from simcore.seats import StrategySpec


class Luthier(Game):
    name = "luthier"
    title = "Luthier"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    score = "prestige"
    kernel = ("simcore.games.luthier.play.game_nb", "play_games_nb")
    ladder_ratio = ("patrons lost", "patrons_lost", "patrons_taken")
    invariant_names = ("simcore.games.luthier.state.codes", "INVARIANT_NAMES")  # bit names
    # the report and the drift check (simcore/games/api.py): win rates by family tile too,
    # and each kind of card with what holding and completing one means (the card-balance
    # report's tables and the drift check's per-card metrics: one owner, read by
    # reports/percard/card_kinds.py); the data file of each kind is cards.TABLE_KINDS's; `events`:
    # beyond the held and completed events, the cards dealt to choose from (hands, family
    # tiles, goals) and a patron abandoned through patience (codes.CardEvent)
    drift_groups = ("family",)
    card_kinds = (
        CardKind("instrument", TABLE_KINDS["instrument"], "Instruments",
                 ("kept", "taken"), "kept at setup or taken", ("completed",), "finished",
                 dealt=True, events=("dealt", "kept", "taken", "completed")),
        CardKind("performance", TABLE_KINDS["performance"], "Performance cards",
                 ("taken",), "taken", ("completed",), "performed at medium or high level",
                 completed_levels=True),
        CardKind("repair", TABLE_KINDS["repair"], "Repair cards",
                 ("taken",), "taken", ("completed",), "repaired"),
        CardKind("patron", TABLE_KINDS["patron"], "Patrons",
                 ("kept", "taken"), "kept at setup or taken", ("completed",), "completed",
                 dealt=True, leaves=True,
                 events=("dealt", "kept", "taken", "completed", "abandoned"),
                 decks=(("I", "Patrons I"), ("II", "Patrons II"), ("royal", "Royal patrons"))),
        # one key per award level claimed ("award/t8/3"); an outcome of play, not a choice
        CardKind("award", TABLE_KINDS["award"], "Public awards",
                 ("claimed",), "claimed at that level", per_level=True, outcome=True,
                 in_play="award_tiles"),
        CardKind("goal", TABLE_KINDS["goal"], "Personal goals",
                 ("kept",), "kept", ("scored",), "scored (any level)", dealt=True,
                 completion_is_outcome=True, events=("dealt", "kept", "scored"),
                 completed_levels=True),
        CardKind("family", TABLE_KINDS["family"], "Family tiles", ("kept",), "kept",
                 dealt=True, events=("dealt", "kept")),
        CardKind("specialty", TABLE_KINDS["specialty"], "Specialty workers",
                 ("taken",), "taken"),
    )  # fmt: skip
    # the seats table's prestige by source (results.py), which adds up to the prestige,
    # and the prestige after each round (the game arc)
    score_sources = {f"prestige_{source.name.lower()}": 1 for source in Source}
    score_by_round = "round{round}_prestige"
    end_triggers = ("rounds",)  # a fixed length: every game ends by its rounds (codes.End)
    # the card-balance sections (api.ReportSpec): cards compared within the family tile
    # too, which has its own section; royal patrons (an award's royal benefit) and
    # specialty workers (a track's specialty step) compared with the seats that got as
    # far; instruments and repairs grouped by their instrument family for the findings
    groupings = (Grouping("family", "Family tiles", "Family", kind="family", plural="families"),)
    milestones = (
        Milestone("patron", "patrons_taken_royal", 1, deck="royal"),
        Milestone("specialty", "specialty_workers", 3),
    )
    card_sections = CardSections(
        "family", {"strings": "string", "winds": "wind", "pk": "percussion and keyboard"}
    )
    outcomes_title = "Awards and goals (outcomes)"

    @property
    def self_play(self) -> str:
        from strategies.luthier.registry import SELF_PLAY

        return SELF_PLAY

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.luthier.output.transcript import SEAT_NAMES

        return tuple(SEAT_NAMES)

    def check_players(self, players: int) -> None:
        from simcore.games.luthier.play.engine import check_players

        check_players(players)

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.luthier.carddata.cards import load_cards, load_default_cards
        from simcore.games.luthier.carddata.cards_patch import parse_patch

        if directory is None and not patches:
            return load_default_cards()  # cached: the shipped set is read-only
        return load_cards(directory, [parse_patch(text) for text in patches])

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.luthier.registry import STRATEGIES

        return STRATEGIES

    def parse_seats(self, text: str | None, players: int) -> list[StrategySpec]:
        from strategies.luthier.registry import parse_seats

        return parse_seats(text, players)

    def load_strategy_module(self, path: str | Path) -> str:
        from strategies.luthier.user import load_strategy_module, module_hash

        load_strategy_module(path)
        return module_hash(path)

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.luthier.play.engine import play_batch

        return play_batch(cards, players, seed, list(seats), first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.luthier.output.results import result_tables

        return result_tables(cards, batch, players, list(seats))

    def play_game(self, cards, players, seed, seats, params: np.ndarray | None = None):
        from simcore.games.luthier.play.engine import play_game

        return play_game(cards, players, seed, list(seats), params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.luthier.output.transcript import render_transcript

        return render_transcript(cards, played, header)

    def transcript_jsonl(self, cards, played, meta: dict[str, Any]) -> str:
        from simcore.games.luthier.output.transcript_jsonl import render_jsonl

        return render_jsonl(cards, played, meta)

    # ---- card changes on common random numbers: `tutti whatif`, `sweep`, `ablate` ----

    def card_kind(self, word: str) -> str:
        from simcore.games.luthier.carddata.cards_patch import card_kind

        return card_kind(word)

    def patch_target(self, text: str) -> tuple[str, str]:
        from simcore.games.luthier.carddata.cards_patch import parse_patch

        patch = parse_patch(text)
        return patch.kind, patch.card

    def card_ids(self, cards, kind: str) -> list[str]:
        return list(cards.ids[kind])

    def card_name(self, cards, kind: str, card_id: str) -> str:
        from simcore.errors import TuttiError
        from simcore.games.luthier.carddata.cards_lookup import suggest_card

        ids = cards.ids[kind]
        if card_id not in ids:
            pairs = list(zip(ids, cards.names[kind], strict=True))
            raise TuttiError(f"no {kind} card with id {card_id}{suggest_card(card_id, pairs, 3)}")
        return cards.names[kind][cards.index(kind, card_id)]

    def card_key(self, kind: str, card_id: str) -> str:
        return f"{TABLE_KIND.get(kind, kind)}/{card_id}"

    def card_label(self, cards, key: str) -> str:
        from simcore.games.luthier.carddata.cards_lookup import card_text

        kind, _, rest = key.partition("/")
        card_id, _, level = rest.partition("/")
        set_kind = SET_KIND.get(kind, kind)
        ids = cards.ids.get(set_kind, [])
        name = cards.names[set_kind][ids.index(card_id)] if card_id in ids else None
        text = f"{set_kind}.{card_text(card_id, name)}"
        return f"{text} level {level}" if level else text

    def neutral_text(self, cards, kind: str) -> str:
        from simcore.errors import TuttiError
        from simcore.games.luthier.carddata.cards_fields import did_you_mean

        if kind not in NEUTRAL:
            raise TuttiError(f"cannot ablate {kind!r}{did_you_mean(kind, list(NEUTRAL))}")
        return NEUTRAL_WORDS[kind]

    def neutral_patches(self, cards, kind: str, card_id: str) -> list[str]:
        patches = []
        for text in NEUTRAL[kind]:
            if text == "levels":
                record = cards.records[kind][cards.index(kind, card_id)]
                zeroed = [{**level, "prestige": 0} for level in record["levels"]]
                inner = ", ".join(
                    "{" + ", ".join(f"{k} = {v}" for k, v in lv.items()) + "}" for lv in zeroed
                )
                text = f"levels=[{inner}]"
            patches.append(f"{kind}.{card_id}.{text}")
        return patches

    # ---- card data as a designer edits it: `tutti balance`, `tutti cards`, the report ----

    card_files: tuple[str, ...] = KINDS
    card_bits = CARD_BITS  # pick-rate bits per card kind (offers_nb), kinds in TABLE_KINDS order

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        return list(cards.records[kind])

    def card_fields(self, kind: str) -> tuple[str, ...]:
        from simcore.games.luthier.carddata.cards_designer import card_fields

        return card_fields(kind)

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        from simcore.games.luthier.carddata.cards_designer import stated_number

        return stated_number(kind, card_id, field)

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, Mapping[str, Any] | None]:
        from simcore.games.luthier.carddata.cards_designer import card_entry

        return card_entry(cards, kind, card_id)

    def card_summary(self, cards) -> str:
        from simcore.games.luthier.carddata.cards_designer import summary

        return summary(cards)

    def card_tables(self, cards, kind: str) -> list[tuple[str, list[str], list[list[str]]]]:
        from simcore.games.luthier.carddata.cards_designer import card_tables

        return card_tables(cards, kind)

    # ---- the strategy dispatch bound into the engine (simcore/games/binding.py) ----
    # the decision kernels call the strategies through placeholders filled from here
    # (the searching seats' top-level decisions, searcher_nb, are bound to the search player)
    dispatch = {
        "simcore.games.luthier.play.decide_nb": "strategies.luthier.dispatch_nb",
        "simcore.games.luthier.play.searcher_nb": "strategies.luthier.search_player_nb",
    }

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        if module == "simcore.games.luthier.play.searcher_nb":
            from strategies.luthier.search_player_nb import search_choose_nb, searching_nb

            return {"searching_nb": searching_nb, "search_choose_nb": search_choose_nb}
        from strategies.luthier.dispatch_nb import choose_nb, choose_planned_nb

        if module != "simcore.games.luthier.play.decide_nb":
            return {}
        return {
            "choose_nb": choose_nb,
            "choose_planned_nb": choose_planned_nb,
        }


# kind in the cards table -> kind in the card files, `--set` and `tutti ablate` (one owner:
# cards.TABLE_KINDS), and back
SET_KIND = TABLE_KINDS
TABLE_KIND = {file: table for table, file in SET_KIND.items()}

# What `ablate` swaps in for a card: the same card in the same deck position (so
# deck sizes and shuffles stay the same) that gives nothing of its own.
NEUTRAL: dict[str, tuple[str, ...]] = {
    "instruments": ("prestige=0",),
    "performances": ("prestige=[0, 0, 0]", "money=[0, 0, 0]"),
    "repairs": ("prestige=0",),
    "patrons": ("prestige=0", "gifts=[{}, {}]", 'power="none"'),
    "awards": ("levels",),  # every level keeps its threshold and scores 0 (neutral_patches)
    "goals": ("levels",),
    "families": ("start={}", 'ability="none"'),
    "specialty": ('ability="none"',),
}
NEUTRAL_WORDS = {
    "instruments": "scores 0 prestige (it can still be built and placed in the orchestra)",
    "performances": "pays 0 prestige and 0 money at every level",
    "repairs": "scores 0 prestige (the repair still earns its orchestra token)",
    "patrons": "scores 0 prestige, gives no gifts and has no power (requirements and "
    "patience stay)",
    "awards": "scores 0 prestige at every level",
    "goals": "scores 0 prestige at every level",
    "families": "gives no starting resources and no ability (its turn order stays)",
    "specialty": "is a plain extra worker with no ability",
}

GAME = Luthier()
