"""The game interface: what a game package gives the generic commands.

A game is a package under `simcore/games/<name>/` (its rules, card data and kernels)
with its strategies under `strategies/<name>/`, and one object, `GAME` in
`simcore/games/<name>/game.py`. The registry (`simcore.games.get`) finds it by name;
runs, resume, the cluster backend, `tutti play`, the experiments and the reports go
through it and name no game.

The object is five small protocols, joined in `Game`:

- `Description`: name, title, rules version, player counts, seat names, score column;
- `Engine`: play a batch, its result tables, play one game, its transcripts, the kernel;
- `Strategies`: the strategies, `--strategies` parsing, user modules, the dispatch;
- `CardData` (optional): load, patch, describe and edit the card data;
- `ReportSpec` (optional): card kinds, score sources, grouping columns, how games end.

A game class subclasses `Game` and writes only what it has: every member outside
`REQUIRED` has a documented default here (a protocol member with a body). So a new game
is its required members and nothing more, the generic code reads every member directly
(no getattr, no accessor per member) and each default is written once, beside its
documentation; mypy checks what a game overrides against these signatures. The required
members (`REQUIRED`; mypy refuses a game class without one, Python refuses to make one
without a required method, and `missing_members` lists what an object lacks):

    name, rules_version, player_counts                   (Description)
    kernel, play_batch, result_tables, play_game, transcript    (Engine)
    strategies                                           (Strategies)

A game with card data adds at least `load_cards`, `card_files` and `card_records`; the
other card members then work from those (defaults below). A game without card data
leaves them all out: its cards are `NoCards`, and a command that edits card data
(`whatif --set`, `sweep`, `ablate`, `balance`, `cards`) stops with one line
(`require_card_data`) while `play`, `simulate`, `report` and `drift` work.

Every game's result tables carry the common columns the generic tools read:

- games: `game` (index in the run), `seed` (replays it), `players`, `winner_seats`,
  `shared_win`, `end_trigger` (how the game ended, a lower-case name per way: Luthier
  "rounds", Maestro "applause" or "cannot_draw"; a game that caps its length names the
  cap, as Maestro's "limit", and a cap reached is such an outcome, never a violation bit,
  so the report's end-trigger section shows it), `violations` (a bitmask of the engine's
  invariant checks that failed: 0 in a sound game; the game names the bits,
  `Engine.invariant_names`, and reports and the drift check say loudly when a game is
  not 0);
- seats: `game`, `seat`, `start_order` (1 = first), `strategy`, the score column the
  game names (`Description.score`), `rank` (1 = best, ties share), `win` (1, or 1/k for
  each of k tied winners);
- cards: `game`, `seat`, `kind`, `card_id`, `card`, `event`, `round`.

What the drift check (`tutti drift`, `baseline`, `check`: reports/drift/) compares
beyond start order, strategy and the score, the game declares in its `ReportSpec`:
`drift_groups` (seats columns whose win rates are compared, as start order is) and its
`card_kinds` (which card events make a seat "hold" a card and which "complete" it: a
per-card win-rate difference each; `card_roles` gathers them).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

import numpy as np

from simcore.errors import TuttiError, did_you_mean
from simcore.seats import StrategySpec, parse_seats

if TYPE_CHECKING:
    import pyarrow as pa

# ---- what the members pass around ----


class Cards(Protocol):
    """A game's validated card data (`CardData.load_cards`); the generic layers read only
    these two fields (the manifest's card hash and card folder), the game the rest."""

    @property
    def data_hash(self) -> str: ...

    @property
    def source_dir(self) -> str | None: ...


@dataclass(frozen=True)
class NoCards:
    """The cards of a game without card data (the default `load_cards`)."""

    data_hash: str = "none"
    source_dir: str | None = None


class Batch(Protocol):
    """A played batch (`Engine.play_batch`): `seats` is a record array [games, seats] with
    at least `win` and the score field (duplicate play reads them without building tables)."""

    @property
    def seats(self) -> np.ndarray: ...


class Played(Protocol):
    """One game played from Python with its event log (`Engine.play_game`): the game's own
    transcripts read it; the generic layers only pass it on."""

    @property
    def seats(self) -> np.ndarray: ...


Record = Mapping[str, Any]  # a card as loaded: its TOML fields (any TOML value), "id" first
Table = tuple[str, list[str], list[list[str]]]  # (title, column names, rows of cell texts)


@dataclass(frozen=True)
class CardKind:
    """A kind of card in the cards table, as the reports and the drift check read it."""

    kind: str  # the cards table's `kind` ("repair")
    file: str = ""  # its card data file, the `--set` spelling ("repairs"); "": none
    title: str = ""  # a report's heading ("Repair cards"); "": the kind, capitalised, + "s"
    # the events that make a seat hold the card, and how a report says it
    held_events: tuple[str, ...] = ()
    held_words: str = ""
    # the events that complete it (none: never completed), and how a report says it
    completed_events: tuple[str, ...] = ()
    completed_words: str | None = None
    dealt: bool = False  # dealt at setup (a choice among dealt cards)
    per_level: bool = False  # one row per level: the table's `detail` column ("award/t8/3")
    outcome: bool = False  # a result of play, not a choice: never tested, ranked or flagged
    completion_is_outcome: bool = False  # completing it is scored as an outcome (goals)
    leaves: bool = False  # a holder may lose it (its table counts "Left")
    # every event its rows in the cards table may carry, beyond the held and completed ones
    # too (Luthier's "dealt", "abandoned"; Maestro's "unplaced"); (): only those
    events: tuple[str, ...] = ()
    # the card-balance report's card tables: one table per deck, split by the card field
    # `deck_field` of the kind's records: (deck, table title) in report order (Luthier's
    # patrons: ("I", "Patrons I"), ...); (): one table for the kind
    decks: tuple[tuple[str, str], ...] = ()
    deck_field: str = "deck"
    # a per-level kind: its levels are 1..n_levels; `in_play`: the games column listing
    # which of its cards a game has in play ("award_tiles"; ""): every card in every game
    n_levels: int = 3
    in_play: str = ""
    # its completed events carry the level reached in the cards table's `detail` column
    # (the report counts completions per level)
    completed_levels: bool = False
    plural: str = ""  # the kind in prose, plural ("repairs"); "": the kind + "s"

    @property
    def heading(self) -> str:
        return self.title or self.kind.replace("_", " ").capitalize() + "s"

    @property
    def words(self) -> str:
        """The kind in prose, plural ("instruments")."""
        return self.plural or self.kind.replace("_", " ") + "s"


@dataclass(frozen=True)
class Grouping:
    """A seats column that groups seat-games beyond strategy and start order (Luthier's
    family tile): the card-balance report compares cards within it (its strata), and shows
    its own section of win rates per value."""

    column: str  # the seats column ("family")
    title: str = ""  # its report section ("Family tiles"); "": the column, capitalised
    label: str = ""  # one value's table header ("Family"); "": the column, capitalised
    kind: str = ""  # the card kind of its values in the cards table ("family"); "": none
    # its values in prose, plural ("families"); "": the column + "s"
    plural: str = ""
    # False: a result of play (an arrival order), shown with its win rates but never a
    # stratum of the cards' adjusted effects (comparing within it would hide them)
    stratum: bool = True

    @property
    def heading(self) -> str:
        return self.title or self.column.replace("_", " ").capitalize()

    @property
    def header(self) -> str:
        return self.label or self.column.replace("_", " ").capitalize()

    @property
    def words(self) -> str:
        return self.plural or self.column.replace("_", " ") + "s"


@dataclass(frozen=True)
class Milestone:
    """Cards a seat can choose only on reaching a milestone (Luthier's royal patrons: an
    award's royal benefit): their adjusted effect compares holders with the seats that
    reached the milestone as far (the seats `column`, clipped to 0..`most`; 1: reached or
    not)."""

    kind: str  # the card kind ("patron")
    column: str  # the seats column counting how far a seat reached it ("patrons_taken_royal")
    most: int = 1
    deck: str = ""  # only the kind's cards of this deck (its `deck_field`); "": all of them


@dataclass(frozen=True)
class CardSections:
    """A card field naming a card's section (Luthier's instrument family): the report's
    group findings compare the cards of one section."""

    card_field: str  # the card field ("family")
    words: Mapping[str, str] = field(default_factory=dict)  # value -> prose ("pk" -> "...")


@dataclass(frozen=True)
class CardRoles:
    """Which card events the drift check counts: a seat "holds" a card when the cards table
    has a row of the card with one of its kind's `held` events, and "completes" it with
    one of the `completed` events (a kind without completed events is never completed).
    Each card then has two metrics: its holders' and its completers' win rate minus that
    of every other seat-game. Gathered from the game's `card_kinds` (`roles_of`)."""

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


def roles_of(kinds: Sequence[CardKind]) -> CardRoles:
    """The drift check's card roles of `kinds` (each kind with held events)."""
    return CardRoles(
        held={k.kind: k.held_events for k in kinds if k.held_events},
        completed={k.kind: k.completed_events for k in kinds if k.completed_events},
        per_level=tuple(k.kind for k in kinds if k.per_level),
        files={k.kind: k.file for k in kinds if k.file},
        events={k.kind: k.events for k in kinds if k.events},
    )


# ---- the five protocols ----


@runtime_checkable
class Description(Protocol):
    """What the game is: its name, rules version, player counts, seats and score."""

    name: str  # `--game NAME`, the manifest's "game"
    rules_version: int  # changes whenever the same seed and cards may give other games
    player_counts: tuple[int, ...]  # the counts its rules support

    @property
    def title(self) -> str:
        """How a transcript or report names it ("Luthier"); default: the name, capitalised."""
        return self.name.capitalize()

    @property
    def default_players(self) -> int:
        """The player count a command plays without --players; default: the most."""
        return max(self.player_counts)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Seat 0, 1, ... in transcripts and reports; default: "P1", "P2", ..."""
        return tuple(f"P{p + 1}" for p in range(max(self.player_counts)))

    @property
    def score(self) -> str:
        """The seats table's score column ("prestige"); default: "score"."""
        return "score"

    def check_players(self, players: int) -> None:
        """Raise TuttiError (one line) unless the rules support `players`."""
        if players not in self.player_counts:
            counts = self.player_counts
            span = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
            raise TuttiError(f"{self.title} is played by {span} players, not {players}")


@runtime_checkable
class Engine(Protocol):
    """How games are played: a batch and its tables, one game and its transcripts."""

    # (module, function) of the kernel that plays games: `tutti play` interprets its one
    # game while this is not compiled yet (simcore/kernels/interpret.py)
    kernel: tuple[str, str]

    @abstractmethod
    def play_batch(
        self,
        cards: Cards,
        players: int,
        seed: int,
        seats: Sequence[StrategySpec],
        first: int,
        n_games: int,
        params: np.ndarray | None = None,
        threads: int | None = None,
        into: Batch | None = None,
    ) -> Batch:
        """Play games `first` .. `first + n_games - 1` of a run with master `seed` (each
        game's seed is derived from the master seed and its index alone). `into`: an
        earlier result of the same size that is no longer needed, whose memory the new
        batch reuses (the same games either way)."""

    @abstractmethod
    def result_tables(
        self, cards: Cards, batch: Batch, players: int, seats: Sequence[StrategySpec]
    ) -> dict[str, pa.Table]:
        """The batch as pyarrow tables "games", "seats" and "cards" (common columns above)."""

    @abstractmethod
    def play_game(
        self,
        cards: Cards,
        players: int,
        seed: int,
        seats: Sequence[StrategySpec],
        params: np.ndarray | None = None,
    ) -> Played:
        """One game (`seed` is the game's own seed) with its event log, for a transcript."""

    @abstractmethod
    def transcript(self, cards: Cards, played: Played, header: list[str]) -> str:
        """The readable transcript of a played game, after `header`'s lines."""

    def transcript_jsonl(self, cards: Cards, played: Played, meta: dict[str, Any]) -> str:
        """The played game's events as JSON lines, after a line with `meta`; default: a
        one-line TuttiError (the game writes no JSON lines)."""
        raise TuttiError(f"{_whole(self).title} writes no JSON lines transcript (--jsonl)")

    @property
    def invariant_names(self) -> tuple[str, str] | None:
        """Where the names of the engine's invariant checks are, the bits of the games
        table's `violations`: (module, name) of a {bit: name} mapping or of an IntEnum of
        the bits. Read only when a run has violations (the module may import numba, which
        a report of a sound run never does; `invariant_names()` below). Default None: the
        bits go unnamed ("invariant bit 4")."""
        return None


@runtime_checkable
class Strategies(Protocol):
    """Who plays the seats: the built-in strategies, user modules, the engine's dispatch."""

    @abstractmethod
    def strategies(self) -> Mapping[str, StrategySpec]:
        """The built-in strategies by name ("random" first)."""

    def parse_seats(self, text: str | None, players: int) -> list[StrategySpec]:
        """The strategy of each seat from `--strategies` ("a,b,c" or one for all; None:
        random); default: `simcore.seats.parse_seats` over `strategies()`."""
        return parse_seats(text, players, self.strategies())

    def load_strategy_module(self, path: str | Path) -> str:
        """Load a user strategy module (`--strategy-module`) before any kernel compiles, so
        its strategies can be named; returns the hash of its source (the manifest's).
        Default: a one-line TuttiError (the game takes no user strategies)."""
        raise TuttiError(
            f"--strategy-module {path}: {_whole(self).title} takes no user strategy modules; it "
            f"plays its built-in strategies (tutti strategies list --game {_whole(self).name})"
        )

    @property
    def self_play(self) -> str | None:
        """The strongest general heuristic: `tutti exploit`'s self-play field and the start
        of its search (a strategy with the heuristics' shared parameter vector). Default
        None: the game has none, and `exploit` refuses."""
        return None

    @property
    def bench_field(self) -> tuple[str, ...]:
        """The heuristics `tutti bench` seats, round the table; default (): every strategy
        but random play, a search and the self-play blend (cli/bench.py)."""
        return ()

    @property
    def dispatch(self) -> Mapping[str, str]:
        """The strategy dispatch bound into the engine (simcore/games/binding.py): engine
        kernel module -> the strategies module whose kernels fill its dispatch
        placeholders, by name (the kernel cache keys the engine on it without importing
        it). Default: none."""
        return {}

    def dispatch_kernels(self, module: str) -> Mapping[str, Callable[..., Any]]:
        """The kernels (by placeholder name) that fill engine module `module`'s dispatch
        placeholders, all from `dispatch[module]`; the engine module calls this (through
        `binding.bind`) when it is imported, before anything compiles. Default: none."""
        return {}


@runtime_checkable
class CardData(Protocol):
    """The card data as a designer edits it (optional). A game with card data gives at least
    `load_cards`, `card_files` and `card_records`; the rest work from them unless the game
    says more. Without card data every member but `load_cards()` (which gives `NoCards`),
    `card_kind`, `card_key` and `card_label` is a one-line TuttiError."""

    @property
    def card_files(self) -> tuple[str, ...]:
        """The card data files, in the `--set` spelling of their kind (a directory's file
        is KIND.toml); `tutti cards list KIND` and `tutti balance --out` go through them.
        Default (): the game has no card data."""
        return ()

    def load_cards(self, directory: str | Path | None = None, patches: Sequence[str] = ()) -> Cards:
        """The validated card data (the shipped set, or `directory`'s), with `--set`
        patches applied. Default: `NoCards`; a directory or a patch is refused."""
        if directory is not None or patches:
            require_card_data(_whole(self), "--cards and --set")
        return NoCards()

    def card_records(self, cards: Cards, kind: str) -> list[Record]:
        """Every card of `kind` as loaded (its TOML fields, "id" first), in file order."""
        require_card_data(_whole(self), "its card records")
        raise TuttiError(f"{_whole(self).title} declares card files but not card_records")

    # ---- card changes on common random numbers: `tutti whatif`, `sweep`, `ablate` ----

    def card_kind(self, word: str) -> str:
        """The kind of card `word` names, as `--set` spells it ("repairs"; an alias such
        as the section name "repair" is resolved); an unknown word comes back unchanged.
        Default: the word, or the file of the card kind (`card_kinds`) it names."""
        files = {k.kind: k.file for k in _whole(self).card_kinds if k.file}
        return files.get(word, word)

    def patch_target(self, text: str) -> tuple[str, str]:
        """The (kind, card id) that a `--set KIND.CARD.FIELD=VALUE` patch changes; a
        one-line TuttiError for a malformed patch or an unknown kind (the card, field and
        value are checked by `load_cards`)."""
        require_card_data(_whole(self), "--set")
        where, eq, _ = text.partition("=")
        parts = where.strip().split(".")
        if not eq or len(parts) < 3 or not all(parts):
            raise TuttiError(f"--set {text!r}: expected KIND.CARD.FIELD=VALUE")
        kind = self.card_kind(parts[0])
        files = list(self.card_files)
        if kind not in files:
            raise TuttiError(
                f"--set {text!r}: unknown card kind {parts[0]!r}" + did_you_mean(kind, files)
            )
        return kind, parts[1]

    def card_ids(self, cards: Cards, kind: str) -> list[str]:
        """The ids of `kind`'s cards in `cards`, in file order."""
        return [str(r["id"]) for r in self.card_records(cards, kind)]

    def card_name(self, cards: Cards, kind: str, card_id: str) -> str:
        """The card's name for people ("Bell rebuild"; default: its `name` field, else its
        id); a one-line TuttiError ("no repairs card with id r99; did you mean ...") for
        an unknown card."""
        records = {str(r["id"]): r for r in self.card_records(cards, kind)}
        if card_id not in records:
            raise TuttiError(
                f"no {kind} card with id {card_id}" + did_you_mean(card_id, list(records))
            )
        return str(records[card_id].get("name", card_id))

    def card_key(self, kind: str, card_id: str) -> str:
        """The card's key in the cards table, "table kind/card id" ("repair/r15",
        "row/debussy"); a kind with no cards in the table keys nothing that is there."""
        table = {k.file: k.kind for k in _whole(self).card_kinds if k.file}
        return f"{table.get(kind, kind)}/{card_id}"

    def card_label(self, cards: Cards, key: str) -> str:
        """A cards-table key for people, in the `--set` spelling with the card's name:
        "repair/r15" -> "repairs.r15 (Bell rebuild)"; default: without the name."""
        kind, _, card_id = key.partition("/")
        return f"{self.card_kind(kind)}.{card_id}"

    def neutral_text(self, cards: Cards, kind: str) -> str:
        """What the neutral stand-in of a `kind` card is, for people ("scores 0 prestige");
        a one-line TuttiError when `kind` cannot be ablated (and why). Default: none can."""
        require_card_data(_whole(self), "tutti ablate")
        raise TuttiError(
            f"cannot ablate {kind!r}: {_whole(self).title} declares no neutral stand-in for its "
            "cards; compare cards with tutti whatif --set instead"
        )

    def neutral_patches(self, cards: Cards, kind: str, card_id: str) -> list[str]:
        """The `--set` patches that turn the card into its neutral stand-in for ablation:
        the same card in the same place (decks and deals stay the same) that gives
        nothing of its own."""
        self.neutral_text(cards, kind)
        return []

    # ---- card data as a designer edits it: `tutti balance`, `tutti cards` ----

    def card_fields(self, kind: str) -> tuple[str, ...]:
        """The fields a designer sets on a `kind` card (not its id or source), sorted; a
        one-line TuttiError for an unknown kind ("unknown card kind 'x'; did you mean ...").
        Default: every field of the shipped set's `kind` cards."""
        require_card_data(_whole(self), "card fields")
        if kind not in self.card_files:
            raise TuttiError(f"unknown card kind {kind!r}" + did_you_mean(kind, self.card_files))
        records = self.card_records(self.load_cards(), kind)
        return tuple(sorted({f for r in records for f in r} - {"id", "source"}))

    def stated_number(self, kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
        """Where the rulebook states this card field, or a part of it (`field`: the field,
        then keys or list positions into it): "rulebook: Instruments"; None for an
        estimate (the default: no number is stated). `tutti balance` varies no stated
        number without --allow-stated."""
        return None

    def card_entry(self, cards: Cards, kind: str, card_id: str) -> tuple[str, Record | None]:
        """Where a card file that overrides the card writes it: (its section, the fields
        that pick it among the section's [[entries]]: {"id": ...}), or (its section, None)
        for a [table] of its own (a rule). Default: ([[KIND]], picked by id)."""
        return kind, {"id": card_id}

    def card_summary(self, cards: Cards) -> str:
        """One line of card counts for `tutti cards validate` ("39 instruments, ...")."""
        require_card_data(_whole(self), "tutti cards")
        return ", ".join(f"{len(self.card_ids(cards, k))} {k}" for k in self.card_files)

    def card_tables(self, cards: Cards, kind: str) -> list[Table]:
        """`kind`'s cards for `tutti cards list`: (title, column names, rows of cell texts)
        per table; default: one table, a column per field."""
        records = self.card_records(cards, kind)
        columns = list(dict.fromkeys(key for rec in records for key in rec))
        return [(kind, columns, [[_cell(rec.get(c, "")) for c in columns] for rec in records])]


@runtime_checkable
class ReportSpec(Protocol):
    """What the reports and the drift check read beyond the common columns (optional)."""

    @property
    def card_kinds(self) -> tuple[CardKind, ...]:
        """The kinds of card in the cards table, in report order, with their titles, the
        events that make a seat hold or complete one, and their data files; default ()."""
        return ()

    @property
    def score_sources(self) -> Mapping[str, int]:
        """Seats columns whose signed sum is the score (column -> +1 or -1); default {}."""
        return MappingProxyType({})

    @property
    def score_by_round(self) -> str | None:
        """The seats columns of the score after each round, with {round} for 1, 2, ...
        ("round{round}_prestige"); default None: not recorded."""
        return None

    @property
    def end_triggers(self) -> tuple[str, ...]:
        """The ways a game ends, as the games table's `end_trigger` column names them;
        default (): the game records no end trigger."""
        return ()

    @property
    def drift_groups(self) -> tuple[str, ...]:
        """Seats columns whose win rates the report and the drift check compare beyond
        start order and strategy (Luthier: ("family",)); default (): none."""
        return ()

    @property
    def ladder_ratio(self) -> tuple[str, str, str] | None:
        """`tutti ladder`'s last column: (label, numerator, denominator), two fields of the
        batch's seat records summed over a strategy's games (Luthier: patrons lost through
        patience of those taken); default None: no column."""
        return None

    @property
    def card_bits(self) -> int | None:
        """Bits per card kind in the seats' offered/picked bitmaps (pick rates: Luthier's
        96), the kinds in `card_roles.files` order; default None: no pick rates."""
        return None

    @property
    def card_roles(self) -> CardRoles:
        """Which card events the drift check counts as holding and completing a card
        (from `card_kinds`)."""
        return roles_of(self.card_kinds)

    # ---- the card-balance sections of the report (docs/guide/report.md) ----

    @property
    def groupings(self) -> tuple[Grouping, ...]:
        """Seats columns that group seat-games beyond strategy and start order (Luthier's
        family tile). A game that declares one gets the card-balance sections: every
        card's effect adjusted within strategy, start order and the groupings, flags,
        and a section of win rates per grouping value; default (): the game report's
        per-event card effects."""
        return ()

    @property
    def milestones(self) -> tuple[Milestone, ...]:
        """Cards compared only with seats that reached the same milestone (card-balance
        sections); default (): none."""
        return ()

    @property
    def card_sections(self) -> CardSections | None:
        """The card field naming a card's section, for the group findings (card-balance
        sections); default None: no group findings."""
        return None

    @property
    def report_notes(self) -> tuple[str, ...]:
        """Sentences every report of the game opens with, under its title: what its
        verdicts rest on that is not the rulebook's (estimated card data); default ()."""
        return ()

    @property
    def outcomes_title(self) -> str:
        """The title of the report's outcomes section (per-level outcome kinds and kinds
        whose completion is an outcome); default "Outcomes"."""
        return "Outcomes"


@runtime_checkable
class Game(Description, Engine, Strategies, CardData, ReportSpec, Protocol):
    """The whole game object: a game's class subclasses this and writes what it has."""


# the members without a default: what every game writes (tests/games/test_games.py checks the list)
REQUIRED = (
    "name",
    "rules_version",
    "player_counts",
    "kernel",
    "play_batch",
    "result_tables",
    "play_game",
    "transcript",
    "strategies",
)


def missing_members(game: object) -> list[str]:
    """The required members `game` (a game object or its class) lacks; [] for a game that
    subclasses `Game` and writes them all."""
    cls = game if isinstance(game, type) else type(game)
    missing = [m for m in REQUIRED if not hasattr(game, m)]
    return missing + sorted(m for m in getattr(cls, "__abstractmethods__", ()) if m not in missing)


# ---- accessors with behaviour of their own ----


def require_card_data(game: Game, needs: str) -> None:
    """A one-line TuttiError when `game` has no card data (`needs`: what wanted it)."""
    if not game.card_files:
        raise TuttiError(
            f"{game.title} has no card data: {needs} needs card data to read or change"
        )


def default_players(game: Game) -> int:
    """The player count `game` is played at without --players (its `default_players`)."""
    return game.default_players


def require_self_play(game: Game) -> str:
    """`game`'s self-play heuristic (`self_play`), or a one-line TuttiError without one."""
    if game.self_play is None:
        raise TuttiError(
            f"{game.title} names no self-play heuristic (self_play): tutti exploit needs one "
            "to search from"
        )
    return game.self_play


def invariant_names(game: Game) -> dict[int, str]:
    """bit -> name of each invariant check of `game` (its `invariant_names`; {} without)."""
    where = game.invariant_names
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


def _whole(part: object) -> Game:
    """The game object a protocol's default runs on (every game is a whole `Game`)."""
    return cast(Game, part)


def _cell(value: Any) -> str:
    """A field's value in a `tutti cards list` cell: a list as "a, b"."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
