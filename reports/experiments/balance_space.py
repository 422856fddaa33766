"""What `tutti balance` may change: `--vary KIND.CARD.FIELD=LO..HI`, parsed and checked.

    instruments.violin.prestige=0..6     # the violin's prestige, a whole number in 0..6
    instruments.violin.rough.wood=1..3   # one key of a table field
    performances.*.prestige.2=-1..1      # one position of a list (low 0, medium 1, high 2)
    repairs.*.prestige=-1..1             # ONE offset, -1, 0 or 1, added to every repair's
                                         # own prestige (each card keeps its differences)

A field is searched over whole numbers when every card's value is a whole number
(TOML integer), over reals otherwise. `KIND.*.FIELD` varies the field of every card
of the kind that has it, by one shared offset; the range is the offset's. A number
the rulebook states (the game's `stated_number`) is never varied: naming one is
refused, and `KIND.*` leaves the stated cards as they are (and says so), unless
`allow_stated` (`--allow-stated`, for a designer's own game).

Any game of the registry: its kinds, fields, cards and stated numbers come through
the game interface (simcore/games/api.py), e.g. Maestro's
`rules.applause.value=10..18` or `rows.*.value=-2..2`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simcore import games
from simcore.errors import CardDataError, TuttiError, did_you_mean
from simcore.games.api import Cards, Game

_RANGE = re.compile(r"^\s*(-?[0-9.]+(?:[eE]-?\d+)?)\s*\.\.\s*(-?[0-9.]+(?:[eE]-?\d+)?)\s*$")
EXAMPLE = "e.g. instruments.violin.prestige=0..6 or repairs.*.prestige=-1..1"  # the default game


def example(game: Game) -> str:
    """How a --vary looks, for the messages: the default game's examples, else where to
    read the game's kinds and fields."""
    if game is games.get():
        return EXAMPLE
    return f"KIND and FIELD as `tutti cards list KIND --game {game.name}` shows them"


@dataclass(frozen=True)
class Vary:
    """One searched variable: a card field (or one offset for a kind's field)."""

    text: str  # as given, without "--vary"
    kind: str  # card file ("repairs")
    cards: tuple[str, ...]  # the card ids it changes
    field: tuple[str, ...]  # the field, then keys into a table value
    lo: float
    hi: float
    integer: bool  # whole numbers only
    offset: bool  # KIND.*.FIELD: the variable is added to each card's own value
    own: tuple[float, ...]  # each card's current value
    left_out: tuple[str, ...] = ()  # KIND.*: cards left as they are (stated numbers)

    @property
    def key(self) -> str:
        """ "instruments.violin.prestige" or "repairs.*.prestige" (the JSON key)."""
        return ".".join((self.kind, "*" if self.offset else self.cards[0], *self.field))

    @property
    def current(self) -> float:
        """The variable's value in the current cards (an offset: 0)."""
        return 0 if self.offset else self.own[0]

    def values(self, x: float) -> list[tuple[str, float]]:
        """(card id, its field's value) when the variable is `x`."""
        return [(c, v + x if self.offset else x) for c, v in zip(self.cards, self.own, strict=True)]

    def sets(self, x: float, changed: bool = False) -> list[str]:
        """The `--set KIND.CARD.FIELD=VALUE` texts for variable value `x` (`changed`: only
        the cards whose value is not their current one)."""
        name = ".".join(self.field)
        return [
            f"{self.kind}.{c}.{name}={number(v, self.integer)}"
            for (c, v), own in zip(self.values(x), self.own, strict=True)
            if not changed or v != own
        ]


def number(x: float, integer: bool) -> int | float:
    """x as the card files write it: an int for a whole-number field."""
    return int(round(x)) if integer else float(x)


def parse_vary(
    text: str, card_set: Cards, allow_stated: bool = False, game: Game | None = None
) -> Vary:
    """Parse and check one `--vary` against the loaded cards of `game` (a game object;
    None: the default game); a TuttiError naming the problem."""
    game = games.get() if game is None else game
    target, sep, raw = text.partition("=")
    parts = target.strip().split(".")
    match = _RANGE.match(raw)
    if not sep or len(parts) < 3 or not all(parts) or match is None:
        raise TuttiError(f"--vary {text!r}: expected KIND.CARD.FIELD=LO..HI, {example(game)}")
    try:
        lo, hi = float(match[1]), float(match[2])
    except ValueError:
        raise TuttiError(f"--vary {text!r}: LO and HI must be numbers, {example(game)}") from None
    if lo > hi:
        raise TuttiError(f"--vary {text}: LO {match[1]} is above HI {match[2]}")
    kind = game.card_kind(parts[0])
    try:
        known = list(game.card_fields(kind))
        ids = game.card_ids(card_set, kind)
        offset = parts[1] == "*"
        if not offset:
            game.card_name(card_set, kind, parts[1])  # an unknown card: "no ... did you mean"
    except TuttiError as err:
        raise TuttiError(f"--vary {text}: {err}") from None
    field = tuple(parts[2:])
    if field[0] not in known:
        raise TuttiError(
            f"--vary {text}: {kind} cards have no field {field[0]!r}"
            + did_you_mean(field[0], known, 3)
        )
    chosen = ids if offset else [parts[1]]
    records = game.card_records(card_set, kind)
    own: dict[str, float] = {}
    for cid in chosen:
        value = _value_at(records[ids.index(cid)], field)
        if value is None and offset:
            continue  # KIND.*: cards without the field are not changed
        if not _is_number(value):
            shown = "missing" if value is None else repr(value)
            raise TuttiError(
                f"--vary {text}: {kind}.{cid}.{'.'.join(field)} is not a number ({shown}); "
                "only numeric fields can be varied"
            )
        own[cid] = value
    if not own:
        raise TuttiError(f"--vary {text}: no {kind} card has a number at {'.'.join(field)}")
    stated = {cid: s for cid in own if (s := game.stated_number(kind, cid, field)) is not None}
    if stated and not allow_stated:
        if not offset:
            raise TuttiError(
                f"--vary {text}: the rulebook states this number ({stated[parts[1]]}); balancing "
                "must not change it (--allow-stated varies it anyway, for your own game)"
            )
        if len(stated) == len(own):
            raise TuttiError(
                f"--vary {text}: the rulebook states this number on every {kind} card that "
                "has it (--allow-stated varies it anyway)"
            )
        own = {c: v for c, v in own.items() if c not in stated}
    integer = all(isinstance(v, int) for v in own.values())
    if integer and not (lo.is_integer() and hi.is_integer()):
        raise TuttiError(f"--vary {text}: {'.'.join(field)} is a whole number; give whole LO..HI")
    left = tuple(c for c in stated if c not in own)
    return Vary(text, kind, tuple(own), field, lo, hi, integer, offset, tuple(own.values()), left)


def parse_varies(
    texts: list[str], card_set: Cards, allow_stated: bool = False, game: Game | None = None
) -> list[Vary]:
    """Every `--vary`, refusing none at all and a card field varied twice."""
    game = games.get() if game is None else game
    if not texts:
        raise TuttiError(f"give at least one --vary KIND.CARD.FIELD=LO..HI, {example(game)}")
    varies = [parse_vary(t, card_set, allow_stated, game) for t in texts]
    seen: dict[tuple, str] = {}
    for v in varies:
        for cid in v.cards:
            where = (v.kind, cid, v.field)
            if where in seen:
                raise TuttiError(
                    f"--vary {v.text}: {v.kind}.{cid}.{'.'.join(v.field)} is already varied "
                    f"by --vary {seen[where]}"
                )
            seen[where] = v.text
    return varies


def patches(varies: list[Vary], x: list[float]) -> list[str]:
    """The `--set` texts that set every variable to its value in `x`."""
    return [s for v, xv in zip(varies, x, strict=True) for s in v.sets(xv)]


def check_extremes(varies: list[Vary], cards_dir: Any, game: Game | None = None) -> None:
    """Load the cards with each variable at LO and at HI (the others current): a value the
    card rules refuse (a negative prestige) is one line naming the --vary, before any game."""
    game = games.get() if game is None else game
    current = [v.current for v in varies]
    for i, v in enumerate(varies):
        for end in (v.lo, v.hi):
            x = [*current[:i], end, *current[i + 1 :]]
            try:
                game.load_cards(cards_dir, patches(varies, x))
            except CardDataError as err:
                first = err.problems[0].split(": ", 1)[-1] if err.problems else str(err)
                raise TuttiError(
                    f"--vary {v.text}: at {number(end, v.integer)} the cards are invalid: "
                    f"{first.replace(chr(10), ' ')}"
                ) from None


def _value_at(record: Mapping[str, Any], field: tuple[str, ...]) -> Any:
    value: Any = record
    for key in field:
        if isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            return None
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
