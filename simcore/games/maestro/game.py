"""Maestro as a game of the generic interface (simcore/games/api.py): `GAME`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simcore.games.api import CardKind, Game
from simcore.games.maestro import RULES_VERSION
from simcore.games.maestro.state.codes import End, names
from simcore.games.maestro.state.dtypes import MAX_PLAYERS, MIN_PLAYERS
from simcore.seats import StrategySpec


class Maestro(Game):
    name = "maestro"
    title = "Maestro"
    rules_version = RULES_VERSION
    player_counts = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    score = "points"
    kernel = ("simcore.games.maestro.play.game_nb", "play_games_nb")
    ladder_ratio = ("unplaced of drawn", "unplaced", "drawn")
    # the bit names of games.violations
    invariant_names = ("simcore.games.maestro.state.codes", "Violation")
    self_play = "rusher"  # first on the ladder of the built-ins (docs/games/maestro.md)
    # the report and the drift check (simcore/games/api.py): no grouping beyond start order
    # and strategy; a seat holds a row it placed musicians into and an instrument it placed
    # (from its own agency or raided), and completes a row it completed (in one turn or
    # not); the card events are those of results.py (codes.CardEvent), the kinds those of
    # results.CARD_KIND_FILES with their data files
    drift_groups: tuple[str, ...] = ()

    @property
    def card_kinds(self) -> tuple[CardKind, ...]:
        from simcore.games.maestro.output.results import CARD_KIND_FILES

        held = {
            "row": ("started", "continued", "completed", "completed_in_one_turn"),
            "instrument": ("placed", "raided"),
        }
        completed = {"row": ("completed", "completed_in_one_turn")}
        # beyond the held and completed events: a tile left in an agency at the end
        events = {"instrument": ("placed", "raided", "unplaced")}
        kinds = ((code.name.lower(), file) for code, file in CARD_KIND_FILES.items())
        return tuple(
            CardKind(
                kind,
                file,
                held_events=held[kind],
                completed_events=completed.get(kind, ()),
                events=events.get(kind, ()),
            )
            for kind, file in kinds
        )

    @property
    def score_sources(self) -> dict[str, int]:
        """Seats columns whose signed sum is the score (for reports)."""
        from simcore.games.maestro.output.results import SCORE_SOURCES

        return dict(SCORE_SOURCES)

    # what ended each game (games.end_trigger; the turn cap is one way, not a violation)
    end_triggers = tuple(n for n in names(End) if n != "none")

    @property
    def seat_names(self) -> tuple[str, ...]:
        from simcore.games.maestro.output.events import SEAT_NAMES

        return tuple(SEAT_NAMES)

    def check_players(self, players: int) -> None:
        from simcore.games.maestro.play.engine import check_players

        check_players(players)

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Any:
        from simcore.games.maestro.carddata.cards import load_cards, load_default_cards

        if directory is None and not patches:
            return load_default_cards()
        return load_cards(directory, patches)

    def strategies(self) -> Mapping[str, StrategySpec]:
        from strategies.maestro.registry import STRATEGIES

        return STRATEGIES

    def load_strategy_module(self, path: str | Path) -> str:
        from simcore.errors import TuttiError

        raise TuttiError(
            f"--strategy-module {path}: user strategy modules are Luthier's only so far; "
            "Maestro plays its built-in strategies (tutti strategies list --game maestro)"
        )

    def parse_seats(self, text: str | None, players: int) -> list[StrategySpec]:
        from strategies.maestro.registry import parse_seats

        return parse_seats(text, players)

    def play_batch(
        self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None
    ):
        from simcore.games.maestro.play.engine import play_batch

        return play_batch(cards, players, seed, list(seats), first, n_games, params, threads, into)

    def result_tables(self, cards, batch, players, seats) -> dict[str, Any]:
        from simcore.games.maestro.output.results import result_tables

        return result_tables(cards, batch, players, list(seats))

    def play_game(self, cards, players, seed, seats, params: np.ndarray | None = None):
        from simcore.games.maestro.play.engine import play_game

        return play_game(cards, players, seed, list(seats), params)

    def transcript(self, cards, played, header: list[str]) -> str:
        from simcore.games.maestro.output.transcript import render_transcript

        return render_transcript(cards, played, header)

    def transcript_jsonl(self, cards, played, meta: dict[str, Any]) -> str:
        from simcore.games.maestro.output.transcript_jsonl import render_jsonl

        return render_jsonl(cards, played, meta)

    # ---- card changes on common random numbers: `tutti whatif`, `sweep`, `ablate` ----
    # Kinds: "rows" and "instruments" (cards in the cards table as "row" and
    # "instrument"), "rules" (one card per rule switch or number, keyed by the rule).

    def card_kind(self, word: str) -> str:
        from simcore.games.maestro.carddata.cards import ALIASES

        return ALIASES.get(word, word)

    def patch_target(self, text: str) -> tuple[str, str]:
        from simcore.games.maestro.carddata.cards import parse_patch

        kind, card_id, _, _ = parse_patch(text)
        return kind, card_id

    def card_ids(self, cards, kind: str) -> list[str]:
        return list(cards.rules) if kind == "rules" else list(cards.ids[kind])

    def card_name(self, cards, kind: str, card_id: str) -> str:
        import difflib

        from simcore.errors import TuttiError

        ids = self.card_ids(cards, kind)
        if card_id not in ids:
            close = difflib.get_close_matches(card_id, ids, n=3, cutoff=0.6)
            hint = f"did you mean {', '.join(close)}?" if close else f"known: {', '.join(ids)}"
            raise TuttiError(f"no {kind} card with id {card_id}; {hint}")
        return card_id if kind == "rules" else cards.names[kind][ids.index(card_id)]

    def card_key(self, kind: str, card_id: str) -> str:
        return f"{TABLE_KIND.get(kind, kind)}/{card_id}"

    def card_label(self, cards, key: str) -> str:
        kind, _, card_id = key.partition("/")
        set_kind = SET_KIND.get(kind, kind)
        ids = cards.ids.get(set_kind, [])
        name = cards.names[set_kind][ids.index(card_id)] if card_id in ids else card_id
        same = name.lower().replace(" ", "_") == card_id
        return f"{set_kind}.{card_id}" if same else f"{set_kind}.{card_id} ({name})"

    def neutral_text(self, cards, kind: str) -> str:
        from simcore.errors import TuttiError

        if kind == "rows":
            if cards.rules["scoring"] != "printed":
                raise TuttiError(
                    "cannot ablate rows on this board: its rules score the appraisal (5 or 10 "
                    "a musician, whatever the row), so a row's printed value, the one thing a "
                    "row has that a stand-in can take away, scores nothing; ablate a board with "
                    'scoring = "printed" (--cards DIR with a rules.toml), or compare rows with '
                    "tutti whatif --set"
                )
            return (
                f"scores the board's mean printed value ({self._mean_value(cards)} a musician, "
                "doubled in one turn) instead of its own (its instruments stay)"
            )
        if kind == "instruments":
            raise TuttiError(
                "cannot ablate instruments: every musician tile is a space of a row (tiles = "
                "spaces), so no stand-in leaves the board the same; change a row's "
                "instruments and the tile counts with tutti whatif --set instead"
            )
        if kind == "rules":
            raise TuttiError(
                "cannot ablate rules: a rule has no neutral value; compare one reading with "
                "another with tutti whatif --set rules.KEY.value=VALUE"
            )
        raise TuttiError(f"cannot ablate {kind!r}; expected one of: rows, instruments, rules")

    def neutral_patches(self, cards, kind: str, card_id: str) -> list[str]:
        self.neutral_text(cards, kind)  # refuses the kinds that cannot be ablated
        return [f"rows.{card_id}.value={self._mean_value(cards)}"]

    # ---- card data as a designer edits it: `tutti balance`, `tutti cards`, the report ----
    # A card's fields are plain values (a rule's is `value`); no pick rates are recorded.

    card_bits = None

    @property
    def card_files(self) -> tuple[str, ...]:
        from simcore.games.maestro.carddata.cards import KINDS

        return KINDS

    def card_records(self, cards, kind: str) -> list[Mapping[str, Any]]:
        records = {r["id"]: r for r in cards.records[kind]}
        return [records[card_id] for card_id in self.card_ids(cards, kind)]

    def card_fields(self, kind: str) -> tuple[str, ...]:
        import difflib

        from simcore.errors import TuttiError
        from simcore.games.maestro.carddata.cards import FIELDS

        if kind not in FIELDS:
            close = difflib.get_close_matches(kind, list(FIELDS), n=3, cutoff=0.6)
            hint = " or ".join(f'"{k}"' for k in close)
            hint = f"did you mean {hint}?" if close else f"expected one of: {', '.join(FIELDS)}"
            raise TuttiError(f"unknown card kind {kind!r}; {hint}")
        return tuple(sorted(f for f in FIELDS[kind] if f not in ("id", "source")))

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        from simcore.games.maestro.carddata.stated_numbers import stated_number

        return stated_number(kind, card_id, field)

    def card_entry(self, cards, kind: str, card_id: str) -> tuple[str, Mapping[str, Any] | None]:
        from simcore.games.maestro.carddata.cards import SECTIONS

        return (SECTIONS[kind], {"id": card_id}) if kind in SECTIONS else (card_id, None)

    def card_summary(self, cards) -> str:
        return ", ".join(f"{len(recs)} {kind}" for kind, recs in cards.records.items())

    def card_tables(self, cards, kind: str) -> list[tuple[str, list[str], list[list[str]]]]:
        records = self.card_records(cards, kind)
        columns = list(dict.fromkeys(key for rec in records for key in rec))
        rows = [[_text(rec.get(col, "")) for col in columns] for rec in records]
        return [(kind, columns, rows)]

    @staticmethod
    def _mean_value(cards) -> int:
        """The rows' mean printed value, rounded to a whole number (values are integers)."""
        values = [int(v) for v in cards.table.row_value[: cards.table.n_rows]]
        return round(sum(values) / len(values))

    # ---- the strategy dispatch bound into the engine (simcore/games/binding.py) ----
    # the decision kernels call the strategies through placeholders filled from here
    # (the game loop calls the search at the place-phase decisions of the seats that search)
    dispatch = {
        "simcore.games.maestro.play.decide_nb": "strategies.maestro.dispatch_nb",
        "simcore.games.maestro.play.game_nb": "strategies.maestro.search_player_nb",
    }

    def dispatch_kernels(self, module: str) -> dict[str, Any]:
        if module == "simcore.games.maestro.play.decide_nb":
            from strategies.maestro.dispatch_nb import choose_nb

            return {"choose_nb": choose_nb}
        if module == "simcore.games.maestro.play.game_nb":
            from strategies.maestro.search_player_nb import search_choose_nb, search_mask_nb

            return {"search_choose_nb": search_choose_nb, "search_mask_nb": search_mask_nb}
        return {}


def _text(value: Any) -> str:
    """A field's value in a `tutti cards list` cell: a list as "a, b"."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


SET_KIND = {"row": "rows", "instrument": "instruments"}  # cards-table kind -> --set kind
TABLE_KIND = {file: table for table, file in SET_KIND.items()}

GAME = Maestro()
