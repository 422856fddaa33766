"""The game interface: what a game package gives the generic commands.

A game is a package under `simcore/games/<name>/` (its rules, card data and kernels)
with its strategies under `strategies/<name>/`, and one object, `GAME` in
`simcore/games/<name>/game.py`, that satisfies `Game` below. The registry
(`simcore.games.get`) finds it by name; runs, resume, the cluster backend and
`tutti play` go through it and name no game.

Every game's result tables carry the common columns the generic tools read:

- games: `game` (index in the run), `seed` (replays it), `players`, `winner_seats`,
  `shared_win`, `end_trigger` (how the game ended, a lower-case name per way: Luthier
  "rounds", Maestro "applause" or "cannot_draw"; a game that caps its length names the
  cap, as Maestro's "limit", and a cap reached is such an outcome, never a violation bit,
  so the report's end-trigger section shows it), `violations` (a bitmask of the engine's
  invariant checks that failed: 0 in a sound game; the game names the bits,
  `invariant_names` below, and reports and the drift check say loudly when a game is
  not 0);
- seats: `game`, `seat`, `start_order` (1 = first), `strategy`, the score column the
  game names (`Game.score`), `rank` (1 = best, ties share), `win` (1, or 1/k for each of
  k tied winners);
- cards: `game`, `seat`, `kind`, `card_id`, `card`, `event`, `round`.

What the drift check (`tutti drift`, `baseline`, `check`: reports/drift*.py) compares
beyond start order, strategy and the score, the game declares: `drift_groups` (seats
columns whose win rates are compared, as start order is) and `card_roles` (which card
events make a seat "hold" a card and which "complete" it: a per-card win-rate
difference each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from simcore.seats import StrategySpec


@dataclass(frozen=True)
class CardRoles:
    """Which card events the drift check counts: a seat "holds" a card when the cards table
    has a row of the card with one of its kind's `held` events, and "completes" it with
    one of the `completed` events (a kind without completed events is never completed).
    Each card then has two metrics: its holders' and its completers' win rate minus that
    of every other seat-game."""

    held: Mapping[str, tuple[str, ...]]  # card kind -> the events that make a seat hold it
    completed: Mapping[str, tuple[str, ...]]  # card kind -> the events that complete it
    # card kinds compared one level at a time: the cards table's `detail` column is the
    # level, and the card's key gains "/level" (Luthier's public awards)
    per_level: tuple[str, ...] = ()
    # card kind -> the card data file it comes from: the spelling of `--set` and `--cards`
    # files, and where the drift labels find the cards' names ("repairs.r15 (Bell rebuild)")
    files: Mapping[str, str] = field(default_factory=dict)
    # card kind -> every event its rows in the cards table may carry: the held and
    # completed ones and the rest (Luthier's "dealt", "abandoned"; Maestro's "unplaced"); a
    # kind left out may carry only its held and completed events (the conformance suite
    # checks the tables against this, tests/conformance/test_card_events.py)
    events: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def kind_events(self, kind: str) -> tuple[str, ...]:
        """Every event a `kind` row of the cards table may carry (`events`, else its held
        and completed events)."""
        if kind in self.events:
            return self.events[kind]
        return tuple(dict.fromkeys((*self.held.get(kind, ()), *self.completed.get(kind, ()))))


@runtime_checkable
class Game(Protocol):
    name: str  # `--game NAME`, the manifest's "game"
    title: str  # how a transcript or report names it ("Luthier")
    rules_version: int  # changes whenever the same seed and cards may give other games
    player_counts: tuple[int, ...]  # the counts its rules support
    seat_names: tuple[str, ...]  # seat 0, 1, ... in transcripts
    score: str  # the seats table's score column ("prestige")
    # (module, function) of the kernel that plays games: `tutti play` interprets its one
    # game while this is not compiled yet (simcore/interpret.py)
    kernel: tuple[str, str]
    # `tutti ladder`'s last column: (label, numerator, denominator), two fields of the
    # batch's seat records summed over a strategy's games (Luthier: patrons lost through
    # patience of those taken), or None
    ladder_ratio: tuple[str, str, str] | None
    # the strongest general heuristic: `tutti exploit`'s self-play field and the start of
    # its search (a strategy with the heuristics' shared parameter vector)
    self_play: str
    # the drift check's grouping columns of the seats table beyond start order and strategy:
    # win rates by each are compared (Luthier: ("family",); a game without: ())
    drift_groups: tuple[str, ...]
    # which card events the drift check counts as holding and completing a card
    card_roles: CardRoles

    def check_players(self, players: int) -> None:
        """Raise TuttiError (one line) unless the rules support `players`."""

    def load_cards(self, directory: Path | None = None, patches: Sequence[str] = ()) -> Any:
        """The validated card data (the shipped set, or `directory`'s), with `--set`
        patches applied; it has `data_hash` (str) and `source_dir` (str or None)."""

    def strategies(self) -> Mapping[str, StrategySpec]:
        """The built-in strategies by name ("random" first)."""

    def parse_seats(self, text: str | None, players: int) -> list[StrategySpec]:
        """The strategy of each seat from `--strategies` ("a,b,c" or one for all)."""

    def load_strategy_module(self, path: Path) -> str:
        """Load a user strategy module (`--strategy-module`) before any kernel compiles, so
        its strategies can be named; returns the hash of its source (the manifest's), or a
        TuttiError if the game takes no user strategies."""

    def play_batch(
        self,
        cards: Any,
        players: int,
        seed: int,
        seats: Sequence[StrategySpec],
        first: int,
        n_games: int,
        params: np.ndarray | None = None,
        threads: int | None = None,
        into: Any = None,
    ) -> Any:
        """Play games `first` .. `first + n_games - 1` of a run with master `seed` (each
        game's seed is derived from the master seed and its index alone). The result has
        `seats`, a record array [games, seats] with at least `win` and the score field
        (duplicate play reads them without building tables). `into`: an earlier result of
        the same size that is no longer needed, whose memory the new batch reuses (the
        same games either way)."""

    def result_tables(
        self, cards: Any, batch: Any, players: int, seats: Sequence[StrategySpec]
    ) -> dict[str, Any]:
        """The batch as pyarrow tables "games", "seats" and "cards" (common columns above)."""

    def play_game(
        self,
        cards: Any,
        players: int,
        seed: int,
        seats: Sequence[StrategySpec],
        params: np.ndarray | None = None,
    ) -> Any:
        """One game (`seed` is the game's own seed) with its event log, for a transcript."""

    def transcript(self, cards: Any, played: Any, header: list[str]) -> str:
        """The readable transcript of a played game, after `header`'s lines."""

    def transcript_jsonl(self, cards: Any, played: Any, meta: dict[str, Any]) -> str:
        """The played game's events as JSON lines, after a line with `meta`."""

    # ---- card changes on common random numbers: `tutti whatif`, `sweep`, `ablate` ----
    # (kept together, apart from the members above, so that other additions merge cleanly)

    def card_kind(self, word: str) -> str:
        """The kind of card `word` names, as `--set` spells it ("repairs"; an alias such
        as the section name "repair" is resolved); an unknown word comes back unchanged."""

    def patch_target(self, text: str) -> tuple[str, str]:
        """The (kind, card id) that a `--set KIND.CARD.FIELD=VALUE` patch changes; a
        one-line TuttiError for a malformed patch or an unknown kind (the card, field and
        value are checked by `load_cards`)."""

    def card_ids(self, cards: Any, kind: str) -> list[str]:
        """The ids of `kind`'s cards in `cards`, in file order."""

    def card_name(self, cards: Any, kind: str, card_id: str) -> str:
        """The card's name for people ("Bell rebuild"); a one-line TuttiError ("no repairs
        card with id r99; did you mean r9 (New key pads)?") for an unknown card."""

    def card_key(self, kind: str, card_id: str) -> str:
        """The card's key in the cards table, "table kind/card id" ("repair/r15",
        "row/debussy"); a kind with no cards in the table keys nothing that is there."""

    def card_label(self, cards: Any, key: str) -> str:
        """A cards-table key for people, in the `--set` spelling with the card's name:
        "repair/r15" -> "repairs.r15 (Bell rebuild)"."""

    def neutral_text(self, cards: Any, kind: str) -> str:
        """What the neutral stand-in of a `kind` card is, for people ("scores 0 prestige");
        a one-line TuttiError when `kind` cannot be ablated (and why)."""

    def neutral_patches(self, cards: Any, kind: str, card_id: str) -> list[str]:
        """The `--set` patches that turn the card into its neutral stand-in for ablation:
        the same card in the same place (decks and deals stay the same) that gives
        nothing of its own."""

    # ---- card data as a designer edits it: `tutti balance`, `tutti cards`, the report ----
    # (kept together, like the block above: a member another command needs goes elsewhere)

    # the card data files, in the `--set` spelling of their kind (a directory's file is
    # KIND.toml); `tutti cards list KIND` and `tutti balance --out` go through them
    card_files: tuple[str, ...]
    # bits per card kind in the seats' offered/picked bitmaps (pick rates: Luthier's 96),
    # the kinds in `card_roles.files` order; None for a game that records no pick rates
    card_bits: int | None

    def card_records(self, cards: Any, kind: str) -> list[Mapping[str, Any]]:
        """Every card of `kind` as loaded (its TOML fields, "id" first), in `card_ids`
        order."""

    def card_fields(self, kind: str) -> tuple[str, ...]:
        """The fields a designer sets on a `kind` card (not its id or source), sorted; a
        one-line TuttiError for an unknown kind ("unknown card kind 'x'; did you mean ...")."""

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        """Where the rulebook states this card field, or a part of it (`field`: the field,
        then keys or list positions into it): "rulebook: Instruments"; None for an
        estimate. `tutti balance` varies no stated number without --allow-stated."""

    def card_entry(
        self, cards: Any, kind: str, card_id: str
    ) -> tuple[str, Mapping[str, Any] | None]:
        """Where a card file that overrides the card writes it: (its section, the fields
        that pick it among the section's [[entries]]: {"id": ...}), or (its section, None)
        for a [table] of its own (a rule)."""

    def card_summary(self, cards: Any) -> str:
        """One line of card counts for `tutti cards validate` ("39 instruments, ...")."""

    def card_tables(self, cards: Any, kind: str) -> list[tuple[str, list[str], list[list[str]]]]:
        """`kind`'s cards for `tutti cards list`: (title, column names, rows of cell texts)
        per table (Luthier's board: two)."""

    # ---- the strategy dispatch bound into the engine (simcore/games/binding.py) ----
    # (kept apart from the members above, so that other additions merge cleanly)
    # engine kernel module -> the strategies module whose kernels fill its dispatch
    # placeholders, by name: the kernel cache keys the engine on it without importing it
    dispatch: Mapping[str, str]

    def dispatch_kernels(self, module: str) -> Mapping[str, Any]:
        """The kernels (by placeholder name) that fill engine module `module`'s dispatch
        placeholders, all from `dispatch[module]`; the engine module calls this (through
        `binding.bind`) when it is imported, before anything compiles."""


# ---- optional members: a game that leaves one out gets the default below ----
# (not members of `Game`: a runtime protocol check would then require them)
#
# invariant_names: tuple[str, str] | None = None
#   Where the names of the engine's invariant checks are, the bits of the games table's
#   `violations`: (module, name) of a {bit: name} mapping or of an IntEnum of the bits.
#   Read only when a run has violations (the module may import numba, which a report of a
#   sound run never does); None: the bits go unnamed ("invariant bit 4").


# default_players: int | None = None
#   The player count a command plays when --players is not given; None: the largest of
#   `player_counts`.


def default_players(game: Any) -> int:
    """The player count `game` is played at without --players (its `default_players`, else
    the most its rules support)."""
    return getattr(game, "default_players", None) or max(game.player_counts)


def invariant_names(game: Any) -> dict[int, str]:
    """bit -> name of each invariant check of `game` (its `invariant_names`; {} without)."""
    where = getattr(game, "invariant_names", None)
    if where is None:
        return {}
    from importlib import import_module

    found = getattr(import_module(where[0]), where[1])
    if isinstance(found, type) and issubclass(found, IntEnum):
        return {int(v): v.name.lower().replace("_", " ") for v in found}
    return {int(bit): str(name) for bit, name in found.items()}


def invariant_name(names: Mapping[int, str], bit: int) -> str:
    """The name of one violation bit ("invariant bit 4" when the game does not name it)."""
    return names.get(bit) or f"invariant bit {bit}"
