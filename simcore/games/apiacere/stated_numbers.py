"""What A Piacere's rulebook states: the numbers no balancing may change.

The card data (`data/*.toml`) gives every entry a `source`. These are the numbers the
rulebook text itself prints, field by field: the six stacks' card counts, the numbers of
its worked examples (Perform's 50 florins and white key, the Harp Sonata's 1 black key,
the Harp Concerto's 3, the Symphony's 7, Teaching 3's 2 white keys, the level-2 Take's
1+1=2, the house's 2 actions, 4 cards and 50 florins of rent in Strasbourg, homeless half
pay, the 10-florin move, Strasbourg's shield 1 and single draw, Mannheim's die face 3 and
shield 2, Mannheim's extra draw and Salzburg's [2] rent, In Equal Measure's 3 points
within 5 keys, the 4 points for two cards on bonuses, the 2x and 4x chains with their
black key) and the rule numbers (16 rounds, a royal event every 4, 4 events, the 25 and
36 tracks, 3 interaction cards, 3 cards under a marker, 1 free Tell Tale point, the
reference Do Good's 2 actions to clear 1, the 10-florin coin, one chain at a time, one
instrument tile held, the first event field's 2 white keys). Each carries the rulebook's
words verbatim. Everything else is an estimate or a ruling's reading (Do Good strength,
Variation copies). `tutti balance` refuses to vary a stated number unless told
`--allow-stated`, once the game is registered; tests/apiacere/test_stated_numbers.py
checks each against the shipped data and against its quote.

A path is a field, or a field and a key into it: ("params", "black"), written
"params.black"; ("rent", "0") is the rent at shield 1, ("value", "0") the first item.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from simcore.card_files import get_at
from simcore.errors import TuttiError


class Stated(NamedTuple):
    value: Any  # as the rulebook gives it (and the shipped file holds it)
    section: str  # "rulebook: <section>"
    quote: str  # the rulebook's words that state it, verbatim


STATED: dict[tuple[str, str, str], Stated] = {}  # (kind, entry id, path) -> Stated


def _add(kind: str, entry: str, path: str, value: Any, section: str, quote: str) -> None:
    STATED[(kind, entry, path)] = Stated(value, f"rulebook: {section}", quote)


_COMPONENTS = "Game Components"
for _id, _n, _quote in (
    ("compose_1", 24, "24 level 1 Compose cards"),
    ("compose_2", 19, "19 level 2 Compose cards"),
    ("compose_3", 11, "11 level 3 Compose cards"),
    ("perform_1", 25, "25 level 1 Perform/Teach (yellow) & Tell Tale cards"),
    ("perform_2", 21, "21 level 2 Perform/Teach (yellow) & Tell Tale cards"),
    ("perform_3", 14, "14 level 3 Perform/Teach (yellow) & Tell Tale cards"),
):
    _add("stacks", _id, "cards", _n, _COMPONENTS, _quote)
    _add("stacks", _id, "level", int(_quote.split()[2]), _COMPONENTS, _quote)

_add("cards", "perform_1", "params.florins", 50, "Example 7", "Perform gives you 50 florins")
_add("cards", "perform_1", "params.white", 1, "Example 7", "and a white key")
_add("cards", "harp_sonata", "params.black", 1, "Example 7", "Harp Sonata scores one black key")
_add("cards", "harp_concerto", "params.black", 3, "Example 14", "Harp Concerto: 1/2 x 3+1+1")
_add("cards", "symphony", "params.black", 7, "Example 14", "Symphony: 1/3 x 7 black keys")
_add("cards", "teach_3", "params.white", 2, "Example 14", "Teaching 3; 2/3 x 2 white keys")
_add("cards", "take_2", "params.levels", 2, "Example 9", "Perform 1 and Teach 1 (1+1=2)")

_add("housing", "house", "actions", 2, "Example 2", "You can do two actions")
_add("housing", "house", "hand", 4, "Example 2", "keep four cards")
_add("housing", "house", "rent.0", 50, "Example 3", "golden shield numbered 1, you pay 50 florins")
_add("housing", "apartment", "actions", 1, "Example 12", "so you can only do one action")
_add("housing", "homeless", "pay_percent", 50, "2. Housing", "half pay from any yellow")

_add("travel", "one_step", "cost", 10, "Example 1", "and pay 10 florins")

_add(
    "cities", "strasbourg", "shield", 1, "Example 3", "Strasbourg, with a golden shield numbered 1"
)
_add("cities", "strasbourg", "draws", 1, "Example 4", "You may also draw one card")
_add("cities", "mannheim", "die_face", 3, "Example 10", "a die indicating Mannheim (3)")
_add(
    "cities", "mannheim", "shield", 2, "Royal Event Tiles (derived)",
    "golden shield [2] city (On Salzburg",
)  # fmt: skip

_add("royal", "mannheim_royal", "params.n", 1, "Example 13", "an extra draw")
_add("royal", "salzburg_royal", "params.shield", 2, "Royal Event Tiles", "golden shield [2] city")

_add("legacy", "in_equal_measure", "params.within", 5, "Example 14", "within 5 keys")
_add("legacy", "in_equal_measure", "params.points", 3, "Example 14", "3 points for being within")
_add("legacy", "bonus_cards", "params.cards", 2, "Example 14", "two cards on bonuses")
_add("legacy", "bonus_cards", "params.points", 4, "Example 14", "4 points for having two cards")

_INSTRUMENT_TILE = "2x same instrument"
for _inst in ("violin", "cello", "harp", "flute", "oboe", "clarinet", "horn", "trumpet"):
    _add(
        "bonus_tiles", f"{_inst}_tile", "params.chain", 2, "Chains & Bonus Tiles", _INSTRUMENT_TILE
    )
    _add("bonus_tiles", f"{_inst}_tile", "params.keys", 1, "Example 14", "3+1+1 black keys")
_add("bonus_tiles", "strings_tile", "params.chain", 4, "Example 12", "4x Strings")
_add("bonus_tiles", "strings_tile", "params.keys", 1, "Example 12", "get another black key")

for _key, _value, _section, _quote in (
    ("rounds", 16, "Game Rounds", "The game consists of sixteen"),
    ("rounds_per_event", 4, "Royal Events", "After every four rounds a royal event"),
    ("events", 4, "End of game", "after the fourth and final royal event"),
    ("white_track", 25, "End of game", "more than 36 black keys or 25 white keys"),
    ("black_track", 36, "End of game", "more than 36 black keys or 25 white keys"),
    ("interaction_cap", 3, "5B Tell Tale & Do Good", "Up to three interactive cards"),
    ("progress_cards", 3, "5C Progress Markers", "Up to three cards can be stacked"),
    ("free_tell_tale", 1, "5B Tell Tale & Do Good", "one free Tell Tale or Do Good action"),
    ("reference_actions", 2, "5B Tell Tale & Do Good", "requires two actions to clear 1"),
    ("reference_clears", 1, "5B Tell Tale & Do Good", "requires two actions to clear 1"),
    ("coin", 10, "5A Teaching", "silver is 10 florins"),
    ("active_chains", 1, "5A Teaching", "You can make one chain of cards at a time"),
    ("instrument_tiles_held", 1, "Chains & Bonus Tiles", "only have one active instrument"),
):
    _add("rules", _key, "value", _value, _section, _quote)
_add("rules", "royal_keys", "value.0", 2, "Example 13", "both score the two white keys")


def stated_number(kind: str, entry_id: str, field: tuple[str, ...]) -> str | None:
    """Where the rulebook states this field of an entry, or a part of it (`field`: the
    field, then keys or list positions into it); None for a number it does not state."""
    path = ".".join(field)
    for (s_kind, s_entry, s_path), stated in STATED.items():
        if s_kind != kind or s_entry != entry_id:
            continue
        if s_path == path or s_path.startswith(path + ".") or path.startswith(s_path + "."):
            return stated.section
    return None


def changed_stated_numbers(cards: Any) -> list[str]:
    """One line per stated number that `cards` (a loaded ApiacereCards) no longer holds."""
    out = []
    for (kind, entry_id, path), stated in STATED.items():
        try:
            value = get_at(cards.record(kind, entry_id), tuple(path.split(".")))
        except (KeyError, TuttiError):  # a removed entry or field
            value = None
        if value != stated.value:
            out.append(
                f"{kind}:{entry_id}:{path}: {value!r}, but the rulebook states "
                f"{stated.value!r} ({stated.section})"
            )
    return out
