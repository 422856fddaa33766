"""What Early Western Music History's rulebook states: the numbers no balancing may change.

The card data (`data/*.toml`) gives every entry a `source`. These are the numbers the
rulebook itself prints, card by card: each effect card's copies (derived from the card
sheets, ruling EW-1) and the numbers of its text, the vocations' numbers, the two
composition banners of the rulebook's examples (the Cantiga's 2, the Madrigal's 5) and
the rule numbers of the turn and the end of the Age. Everything else is a reading (the
Motet's and the Madrigal's illustrated banners), a ruling's reading of a card (flags
such as `deck_top`), or an estimate (the composition deck, the path, the round cap).
`tutti balance` refuses to vary a stated number unless told `--allow-stated`.
tests/ewmh/test_stated_numbers.py checks each against the shipped data.

A path is a field, or a field and a key into it: ("params", "forward"), written
"params.forward"; ("value", "0") is the first arriver's free productions.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from simcore.card_files import get_at
from simcore.errors import TuttiError


class Stated(NamedTuple):
    value: Any  # as the rulebook gives it (and the shipped file holds it)
    section: str  # "rulebook: <section>"


STATED: dict[tuple[str, str, str], Stated] = {}  # (kind, card id, path) -> Stated


def _add(kind: str, card: str, section: str, numbers: dict[str, Any]) -> None:
    for path, value in numbers.items():
        STATED[(kind, card, path)] = Stated(value, section)


_SHEETS = "rulebook: card sheets ({}); copies derived from the sheets (ruling EW-1)"
_EFFECTS: dict[str, tuple[str, dict[str, Any]]] = {
    "sustain": ("Sustain", {"copies": 1, "params.forward": 5}),
    "alfonso_the_wise": ("Alfonso the Wise", {"copies": 1, "params.n": 2}),
    "music_of_the_spheres": (
        "Music of the Spheres",
        {"copies": 1, "params.dice": 2, "params.draw": 2},
    ),
    "rondeaux": ("Rondeaux", {"copies": 1, "params.n": 1}),
    "peasants_revolt": ("Peasants' Revolt", {"copies": 2}),
    "dunstaple": (
        "Dunstaple; one copy's reverse reads 'You may produce'",
        {"copies": 2, "face_b_copies": 1},
    ),
    "ockeghem": ("Ockeghem", {"copies": 1, "params.points": 3}),
    "cipriano_de_rore": ("Cipriano de Rore", {"copies": 1, "params.points": 4}),
    "printing_press": ("Printing Press", {"copies": 1, "params.amount": 2}),
    "beatriz_de_dia": ("Beatriz de Dia", {"copies": 1, "params.forward": 4, "params.back": 3}),
    "elizabeth_nevell": (
        "Elizabeth Nevell",
        {"copies": 1, "params.n": 1, "params_b.n": 1, "keep_params.pieces": 1},
    ),
    "philip_the_good": ("Philip the Good", {"copies": 1, "params.factor": 2}),
    "perotin": ("Perotin", {"copies": 1, "params.draw": 1, "params_b.draw": 1}),
    "hildegard_magistra": ("Hildegard, Monophonic Magistra", {"copies": 1}),
    "cost_of_living": ("Cost of Living", {"copies": 1, "params.n": 2}),
    "machaut": ("Machaut", {"copies": 1, "params.threshold": 2, "params.move": 6}),
    "josquin": ("Josquin", {"copies": 1, "params.factor": 2}),
    "guild_license": ("Guild License", {"copies": 1, "params.n": 1}),
    "hildegard_trance": (
        "Hildegard, Divine Trance",
        {"copies": 1, "params.draw": 2, "params_b.draw": 2},
    ),
    "plagiarize": ("Plagiarize", {"copies": 4, "params.n": 1}),
    "landini": ("Landini", {"copies": 1, "params.points": 3}),
    "hildegard_plainchant": ("Hildegard, plainchants", {"copies": 1, "params.points": 3}),
    "susato": ("Susato", {"copies": 2, "params.points": 1}),
    "leonin": ("Leonin", {"copies": 1}),
    "council_of_trent": ("Council of Trent", {"copies": 1}),
    "guido": ("Guido", {"copies": 1, "params.n": 2}),
    "royal_annex": ("Royal Annex", {"copies": 1, "params.discard": 1, "params.forward": 3}),
    "harden_soften": (
        "Harden/Soften; 'either one space' and 'up to one space'",
        {"copies": 1, "params.min": 1, "params.max": 1, "params_b.min": 0, "params_b.max": 1},
    ),
    "gesualdo": (
        "Gesualdo; the Effect cards example",
        {"copies": 1, "params.back": 4, "params.draw": 2},
    ),
    "guidonian_hand": ("The Guidonian Hand", {"copies": 1, "params.n": 1}),
    "byrd": ("Byrd", {"copies": 1}),
    "palestrina": ("Palestrina", {"copies": 1}),
    "di_lasso": ("di Lasso", {"copies": 1}),
    "inspiration": ("Inspiration", {"copies": 3, "params.n": 1}),
    "house_medici": (
        "House Medici; 'This card also counts toward the production cost' on one face only",
        {"copies": 1, "params.self_units": 1, "params_b.self_units": 0},
    ),
    "lost_to_history": ("Lost to History", {"copies": 1, "params.n": 1}),
    "petrucci": ("Petrucci", {"copies": 1, "params.units": 3}),
    "charlemagne": ("Charlemagne", {"copies": 1}),
    "amadeus_viii": ("Amadeus VIII", {"copies": 1, "params.forward": 2, "keep_params.limit": 6}),
    "william_v": ("William V", {"copies": 1, "params.forward": 2, "keep_params.limit": 6}),
}
for _id, (_where, _numbers) in _EFFECTS.items():
    _add("effects", _id, _SHEETS.format(_where), _numbers)

_ABILITIES: dict[str, tuple[str, dict[str, Any]]] = {
    "church_sacred_art": ("Church card, Sacred Art", {"params.n": 1}),
    "church_sacred_text": ("Church card, Sacred Text", {"params.n": 1, "params_b.n": 1}),
    "church_composer": ("Church card, static", {"params.points": 2}),
    "court_higher_education": (
        "Court card, Higher Education ('between 1 and 2'; 'take 2 Effect cards')",
        {
            "params.take_min": 1,
            "params.take_max": 2,
            "params_b.take_min": 2,
            "params_b.take_max": 2,
        },
    ),
    "court_noble_sacrifice": ("Court card, Noble Sacrifice", {"params.theirs": 1, "params.own": 2}),
    "court_friends_in_high_places": (
        "Court card, Friends in High Places",
        {"params.min": 1, "params.max": 2, "params_b.min": 1, "params_b.max": 2},
    ),
    "court_patronage": ("Court card, static ('twice the written benefits')", {"params.factor": 2}),
    "countryside_wandering_minstrel": (
        "Countryside card, Wandering Minstrel ('1 tile per card')",
        {"params.per_card": 1},
    ),
    "countryside_concertante": ("Countryside card, Concertante", {"params.n": 1}),
    "countryside_plagiarize": ("Countryside card, Plagiarize", {"params.n": 1}),
    "countryside_musician": ("Countryside card, static", {"params.points": 2}),
}
for _id, (_where, _numbers) in _ABILITIES.items():
    _add("abilities", _id, f"rulebook: {_where}", _numbers)

_add("banners", "cantiga_monophony", "rulebook: Compositions (the Cantiga example)", {"value": 2})
_add(
    "banners", "madrigal_high_renaissance",
    "rulebook: Effect cards (the Madrigal example, 'a Madrigal worth 5 points')", {"value": 5},
)  # fmt: skip

_RULES: dict[str, tuple[str, Any]] = {
    "refresh": ("On your turn, Refresh", 3),
    "hand_limit": ("On your turn, Discard down to 7 cards", 7),
    "array_size": ("Setup, the array of four spaces", 4),
    "draft_cards": ("To begin, the draft", 3),
    "arrival_free": ("The end of the Age, the first three arrivers", [3, 2, 1]),
    "end_draw": ("The end of the Age, turns begun on End", 1),
    "end_free": ("The end of the Age, turns begun on End", 1),
    "unproduced_points": ("Compositions, unproduced pieces", 1),
    "off_age_divisor": ("Compositions, 'only half the value'", 2),
    "die_sides": ("On your turn, 'Roll a d6'", 6),
    "effect_deck": ("card sheets (derived: 12 double-sided sheets of 4, ruling EW-1)", 48),
}
for _key, (_where, _value) in _RULES.items():
    _add("rules", _key, f"rulebook: {_where}", {"value": _value})


def stated_number(kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
    """Where the rulebook states this field of a card, or a part of it (`field`: the
    field, then keys or list positions into it); None for a number it does not state."""
    path = ".".join(field)
    for (s_kind, s_card, s_path), stated in STATED.items():
        if s_kind != kind or s_card != card_id:
            continue
        if s_path == path or s_path.startswith(path + ".") or path.startswith(s_path + "."):
            return stated.section
    return None


def changed_stated_numbers(cards: Any) -> list[str]:
    """One line per stated number that `cards` (a loaded EwmhCards) no longer holds."""
    out = []
    for (kind, card_id, path), stated in STATED.items():
        try:
            value = get_at(cards.record(kind, card_id), tuple(path.split(".")))
        except (KeyError, TuttiError):  # a removed card or field
            value = None
        if value != stated.value:
            out.append(
                f"{kind}:{card_id}:{path}: {value!r}, but the rulebook states "
                f"{stated.value!r} ({stated.section})"
            )
    return out
