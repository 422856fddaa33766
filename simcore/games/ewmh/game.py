"""Early Western Music History as a game of the generic interface (simcore/games/api.py):
`GAME`, listed in simcore.games.GAMES (the registration of issue 37, merged once the
engine plays every rule: phases (b) and (c))."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from simcore.games.api import CardKind, Game, Grouping
from simcore.games.ewmh import RULES_VERSION
from simcore.games.ewmh.sizes import MAX_PLAYERS, MIN_PLAYERS
from simcore.games.ewmh.state.codes import End, names
from simcore.seats import StrategySpec

ESTIMATES = (
    "The composition deck and the path are estimates (the rulebook prints neither the "
    "composition cards nor the boards; issue 37's specification, tables 1.1 and 1.1b): "
    "every verdict that depends on them is an estimate too (ruling EW-46)."
)


class Ewmh(Game):
    name = "ewmh"
    title = "Early Western Music History"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    default_players = 4
    score = "points"
    self_play = "producer"  # exploit's field and search start (the strongest, docs/games/ewmh.md)
    bench_field = ("producer", "rusher", "patron")  # tutti bench: every heuristic, as before
    kernel = ("simcore.games.ewmh.play.game_nb", "play_games_nb")
    invariant_names = ("simcore.games.ewmh.state.codes", "Violation")
    # the report and the drift check: how games end (the cap is a way, ruling EW-17), the
    # score's parts, win rates by vocation (a stratum of the cards' effects) and by
    # arrival (an outcome, never a stratum); the card kinds are those of results.py
    end_triggers = tuple(n for n in names(End) if n != "none")  # "all_arrived", "cap"
    drift_groups = ("vocation",)
    groupings = (
        Grouping("vocation", "Vocations", "Vocation", plural="vocations"),
        Grouping("arrival", "Arrival order", "Arrival", plural="arrival positions", stratum=False),
    )
    report_notes = (ESTIMATES,)
    # the decision kernels call the strategies through placeholders filled from here (the
    # game loop calls the search at the decisions of the seats that search)
    dispatch = {
        "simcore.games.ewmh.play.decide_nb": "strategies.ewmh.dispatch_nb",
        "simcore.games.ewmh.play.game_nb": "strategies.ewmh.search_player_nb",
    }

    @property
    def card_kinds(self) -> tuple[CardKind, ...]:
        return (
            CardKind(
                "effect", "effects", "Effect cards",
                held_events=("held",), held_words="drafted, drawn, taken or dealt",
                completed_events=("flipped", "spent"), completed_words="used for its text",
                events=("held", "flipped", "spent"), leaves=True, plural="effect cards",
            ),
            CardKind(
                "composition", "compositions", "Compositions",
                held_events=("drawn", "stolen"), held_words="drawn or stolen",
                completed_events=("produced",), completed_words="produced",
                events=("drawn", "stolen", "produced", "lost"), leaves=True,
            ),
            CardKind(
                "ability", "abilities", "Vocation abilities",
                held_events=("flipped",), held_words="flipped for its text",
                plural="vocation abilities",
            ),
        )  # fmt: skip

    @property
    def score_sources(self) -> dict[str, int]:
        from simcore.games.ewmh.output.results import SCORE_SOURCES

        return dict(SCORE_SOURCES)

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

    # ---- the engine ----

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

    def transcript_jsonl(self, cards, played, meta: dict[str, Any]) -> str:
        from simcore.games.ewmh.output.transcript_jsonl import render_jsonl

        return render_jsonl(cards, played, meta)

    # ---- card data (carddata/): kinds as files, rules by key ----

    @property
    def card_files(self) -> tuple[str, ...]:
        from simcore.games.ewmh.carddata.schema import KINDS

        return KINDS

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.ewmh.carddata.load import load_cards, load_default_cards

        if directory is None and not patches:
            return load_default_cards()
        return load_cards(directory, patches)

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        return list(cards.records[kind])

    def card_kind(self, word: str) -> str:
        from simcore.games.ewmh.carddata.schema import ALIASES

        return ALIASES.get(word, word)

    def card_label(self, cards, key: str) -> str:
        kind, _, card_id = key.partition("/")
        file = self.card_kind(kind)
        names = {str(r["id"]): str(r.get("name", r["id"])) for r in cards.records.get(file, [])}
        name = names.get(card_id, card_id)
        return f"{file}.{card_id}" if name == card_id else f"{file}.{card_id} ({name})"

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        from simcore.games.ewmh.stated_numbers import stated_number

        return stated_number(kind, card_id, field)

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, Mapping[str, Any] | None]:
        from simcore.games.ewmh.carddata.schema import SECTIONS

        return (SECTIONS[kind], {"id": card_id}) if kind in SECTIONS else (card_id, None)

    def neutral_text(self, cards, kind: str) -> str:
        from simcore.errors import TuttiError

        if kind == "effects":
            return (
                'has no text (effect "none"): still a production unit in the same place of '
                "the deck, kept or lost alike"
            )
        raise TuttiError(
            f"cannot ablate {kind!r}: only effect cards have a neutral stand-in (the effect "
            '"none"); compare other cards and rules with tutti whatif --set'
        )

    def neutral_patches(self, cards, kind: str, card_id: str) -> list[str]:
        self.neutral_text(cards, kind)
        record = cards.record(kind, card_id)
        patches = [f"effects.{card_id}.effect=none", f"effects.{card_id}.params={{}}"]
        if "effect_b" in record:
            patches += [f"effects.{card_id}.effect_b=none", f"effects.{card_id}.params_b={{}}"]
        return patches


GAME = Ewmh()
