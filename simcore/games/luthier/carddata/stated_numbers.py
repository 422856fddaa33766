"""What the rulebook states, card by card: the values no estimate, tuning or balancing may change.

The shipped card data (`data/*.toml`) mixes numbers the rulebook prints with reasoned
estimates. Every card field is one or the other:

- **stated**: listed here, with the value the shipped data holds and the rulebook
  section (or ruling) that states it;
- **estimated**: the card's `source` is `"estimate"` (every field of the card), or the
  field is named in the card's `estimated` list.

A field may be stated in part (`money[2]`, the high payout of P1, or
`secondary[0].era`): it is then also listed in `estimated`, since the rest of it is an
estimate. tests/luthier/test_stated_numbers.py checks that the two labels cover every
field of every shipped card, and that the data still holds every stated value.

    from simcore.games.luthier.carddata.stated_numbers import STATED, changed_stated_numbers
    changed_stated_numbers(load_cards("mycards"))  # [] unless a stated value was changed

Card ids are the card files' ids; tables use their name (`rounds` in rules.toml,
`white` in dice.toml, `first_chairs` in board.toml). The rulebook's numbers are summed
up in docs/games/luthier/rulings.md ("The numbers") and its sections in
docs/games/luthier/rules-in-brief.md; docs/games/luthier/card-data.md ("Stated and
estimated") explains the labels.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "STATED",
    "Stated",
    "changed_stated_numbers",
    "stated_for",
    "value_at",
]


@dataclass(frozen=True)
class Stated:
    """One value the rulebook states: card `card` of `kind` holds `value` at `path`."""

    kind: str  # card file, without .toml
    card: str  # card id (table name for table files)
    path: str  # a field ("prestige") or a part of one ("money[2]", "secondary[0].era")
    value: Any  # as written in the TOML file (bundles are tables, lists are lists)
    section: str  # "rulebook: <section>", or "ruling N" where a ruling fixes it

    @property
    def field(self) -> str:
        """The card field the path starts with."""
        return re.split(r"[\[.]", self.path, maxsplit=1)[0]

    @property
    def whole(self) -> bool:
        """True if the whole field is stated, not just a part of it."""
        return self.path == self.field


def _card(kind: str, card: str, section: str, **fields: Any) -> list[Stated]:
    return [Stated(kind, card, name, value, section) for name, value in fields.items()]


def _part(kind: str, card: str, section: str, parts: dict[str, Any]) -> list[Stated]:
    return [Stated(kind, card, path, value, section) for path, value in parts.items()]


# ---------------------------------------------------------------- instruments

_DECK = "rulebook: Instruments (two of each standard instrument, violin four, rare one)"
_INSTRUMENTS = [
    *_card(
        "instruments",
        "violin",
        "rulebook: Instruments, card diagram (violin) and deck composition",
        name="Violin",
        family="strings",
        rare=False,
        copies=4,
        rough={"animal": 1, "wood": 1},
        finish={"wood": 1},
        prestige=2,
    ),
    *_card("instruments", "viola", "rulebook: End of Game Scoring example", prestige=3),
    *_card(
        "instruments", "harp", "rulebook: First Chair and Scoring examples (Harp, Rare String)",
        name="Harp", family="strings", rare=True, copies=1,
    ),
]  # fmt: skip
for _id, _name, _family, _where in (
    ("viola", "Viola", "strings", "Workbench, luthier note; End of Game Scoring example"),
    ("cello", "Cello", "strings", "Workbench, luthier note"),
    ("double_bass", "Double bass", "strings", "luthier note; Completed Patron example"),
    ("guitar", "Guitar", "strings", "Workbench, luthier note"),
    ("transverse_flute", "Transverse flute", "winds", "End of Game Scoring example"),
    ("clarinet", "Clarinet", "winds", "First Chair examples (a wind instrument)"),
    ("natural_trumpet", "Natural trumpet", "winds", "End of Game Scoring example"),
    ("harpsichord", "Harpsichord", "pk", "End of Game Scoring example"),
):
    _INSTRUMENTS += _card("instruments", _id, f"rulebook: {_where}", name=_name, family=_family)
    _INSTRUMENTS += _card("instruments", _id, _DECK, rare=False, copies=2)

# ---------------------------------------------------------------- orchestra

_ORCHESTRA = [
    *_card(
        "orchestra", "viola", "rulebook: First Chair Examples (Viola: 4 money)",
        name="Viola", instrument="viola", family="strings", first_chair={"money": 4},
    ),
    *_card(
        "orchestra", "clarinet", "rulebook: First Chair Examples (Clarinet: 2 money, 1 wood)",
        name="Clarinet", instrument="clarinet", family="winds",
        first_chair={"money": 2, "wood": 1},
    ),
    *_card(
        "orchestra", "harp",
        "rulebook: First Chair Examples (rare string: a material, 1 inspiration, 1 money)",
        name="Harp (rare string)", instrument="harp", family="strings",
        first_chair={"any_material": 1, "inspiration": 1, "money": 1},
    ),
]  # fmt: skip
for _spot in ("violin_bc", "violin_cr"):
    _ORCHESTRA += _card(
        "orchestra",
        _spot,
        "rulebook: Orchestra (two Violin spots, each spanning two eras); ruling 11",
        instrument="violin",
        family="strings",
    )

# ---------------------------------------------------------------- performances, market

_PERFORMANCES = [
    *_card("performances", "p1", "rulebook: p.19 Performance Example", era="baroque", high=9),
    *_part(
        "performances",
        "p1",
        "rulebook: p.19 Performance Example (a high result pays 2 money and 1 prestige)",
        {"money[2]": 2, "prestige[2]": 1},
    ),
]
_MARKET = _card(
    "market",
    "m1",
    "rulebook: Game Setup (M1 has average prices, round 1); Market (animal 1-3, wood 2-4, "
    "metal 4-6)",
    name="Average prices",
    prices={"animal": 2, "wood": 3, "metal": 5},
    round1=True,
)

# ---------------------------------------------------------------- patrons

_POWERS = "rulebook: p.33 Patron Powers"
# id, printed name, deck, type, power fields (as in patrons.toml)
_PATRONS: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("madame_de_pompadour", "Madame de Pompadour", "I", "noble",
     {"power": "round_gain", "power_gain": {"animal": 1, "wood": 1}}),
    ("frederick_the_great", "Frederick the Great", "I", "noble",
     {"power": "round_gain", "power_gain": {"metal": 1}}),
    ("count_von_waldstein", "Count von Waldstein", "I", "noble",
     {"power": "round_gain", "power_gain": {"money": 5}}),
    ("baron_van_swieten", "Baron van Swieten", "I", "noble",
     {"power": "round_gain", "power_gain": {"money": 5}}),
    ("ludwig_ii", "Ludwig II", "I", "noble",
     {"power": "round_gain", "power_gain": {"apprentice": 1}}),
    ("nadezhda_von_meck", "Nadezhda von Meck", "I", "noble",
     {"power": "round_gain", "power_gain": {"apprentice": 1}}),
    ("johann_pachelbel", "Johann Pachelbel", "I", "composer",
     {"power": "bench_skill", "power_amount": 1}),
    ("antonio_vivaldi", "Antonio Vivaldi", "I", "composer",
     {"power": "repair_discount", "power_amount": 1}),
    ("joseph_haydn", "Joseph Haydn", "I", "composer",
     {"power": "market_discount", "power_amount": 1, "power_material": "wood"}),
    ("wolfgang_amadeus_mozart", "Wolfgang Amadeus Mozart", "I", "composer",
     {"power": "market_discount", "power_amount": 1, "power_material": "metal"}),
    ("frederic_chopin", "Frédéric Chopin", "I", "composer",
     {"power": "rough_discount", "power_amount": 1}),
    ("pyotr_ilyich_tchaikovsky", "Pyotr Ilyich Tchaikovsky", "I", "composer",
     {"power": "finish_discount", "power_amount": 1}),
    ("francesca_caccini", "Francesca Caccini", "I", "performer",
     {"power": "perform_result", "power_amount": 2}),
    ("elisabeth_jacquet_de_la_guerre", "Élisabeth Jacquet de La Guerre", "I", "performer",
     {"power": "perform_prestige", "power_amount": 2}),
    ("niccolo_paganini", "Niccolò Paganini", "I", "performer",
     {"power": "round_gain", "power_gain": {"inspiration": 2}}),
    ("maddalena_lombardini", "Maddalena Lombardini", "I", "performer",
     {"power": "perform_result", "power_amount": 2}),
    ("henryk_wieniawski", "Henryk Wieniawski", "I", "performer",
     {"power": "round_gain", "power_gain": {"inspiration": 2}}),
    ("clara_schumann", "Clara Schumann", "I", "performer",
     {"power": "perform_prestige", "power_amount": 2}),
    ("house_of_esterhazy", "House of Esterházy", "II", "noble",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "instrument_tokens"}),
    ("house_of_medici", "House of Medici", "II", "noble",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "patrons_completed"}),
    ("leopold_ii", "Leopold II", "II", "noble",
     {"power": "extra_first_chairs", "power_amount": 1}),
    ("johann_sebastian_bach", "Johann Sebastian Bach", "II", "composer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "repair_tokens_baroque"}),
    ("george_frideric_handel", "George Frideric Handel", "II", "composer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "specialty_workers"}),
    ("ludwig_van_beethoven", "Ludwig van Beethoven", "II", "composer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "repair_tokens_classical"}),
    ("franz_schubert", "Franz Schubert", "II", "composer",
     {"power": "endgame_metric", "power_amount": 2, "power_metric": "tracks_maxed"}),
    ("fanny_felix_mendelssohn", "Fanny & Felix Mendelssohn", "II", "composer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "awards_claimed"}),
    ("johannes_brahms", "Johannes Brahms", "II", "composer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "repair_tokens_romantic"}),
    ("giuseppe_tartini", "Giuseppe Tartini", "II", "performer",
     {"power": "endgame_metric", "power_amount": 1,
      "power_metric": "performance_tokens_strings"}),
    ("marianna_martines", "Marianna Martines", "II", "performer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "performance_tokens_pk"}),
    ("louise_farrenc", "Louise Farrenc", "II", "performer",
     {"power": "endgame_metric", "power_amount": 1, "power_metric": "performance_tokens_winds"}),
    ("king_louis_xiv", "King Louis XIV", "royal", "royal",
     {"power": "round_gain", "power_gain": {"prestige": 2}}),
    ("emperor_joseph_ii", "Emperor Joseph II", "royal", "royal",
     {"power": "round_gain", "power_gain": {"prestige": 2}}),
    ("queen_victoria", "Queen Victoria", "royal", "royal",
     {"power": "round_gain", "power_gain": {"prestige": 2}}),
]  # fmt: skip
_PATRON_LIST: list[Stated] = []
for _id, _name, _deck, _type, _power in _PATRONS:
    _PATRON_LIST += _card("patrons", _id, f"{_POWERS} ({_name})", name=_name, **_power)
    _PATRON_LIST += _card(
        "patrons",
        _id,
        "rulebook: p.33 Patron Powers (type); Patron (I: ongoing, II: end-game powers; "
        "royals come from the award benefit)",
        deck=_deck,
        type=_type,
    )
    if _type in ("performer", "royal"):  # "only have a primary requirement"
        _PATRON_LIST += _card(
            "patrons", _id, "rulebook: Salon, Performer / Royal patrons", secondary=[]
        )
_PATRON_LIST += [
    *_card(
        "patrons", "frederic_chopin",
        "rulebook: p.24 Completed Patron Example (a double bass meets his primary, a "
        "romantic performance his secondary, completing him pays 5 prestige)",
        era="romantic", primary="strings", prestige=5,
    ),
    *_part(
        "patrons", "frederic_chopin", "rulebook: p.24 Completed Patron Example",
        {"secondary[0].era": "romantic"},
    ),
    *_card(
        "patrons", "fanny_felix_mendelssohn",
        "rulebook: p.11 Patience Cube Example (a wood, then an animal)",
        gifts=[{"wood": 1}, {"animal": 1}],
    ),
]  # fmt: skip

# ---------------------------------------------------------------- awards, goals

_AWARDS = [
    ("t1", "Romantic patrons completed", "patrons_completed_romantic"),
    ("t2", "Baroque patrons completed", "patrons_completed_baroque"),
    ("t3", "Classical patrons completed", "patrons_completed_classical"),
    ("t4", "Patrons completed of different types", "patron_types_completed"),
    ("t5", "Specialty workers unlocked", "specialty_workers"),
    ("t6", "Repair tokens in the pit", "repair_tokens"),
    ("t7", "Repair tokens of different families", "repair_token_families"),
    ("t8", "Performance tokens in the pit", "performance_tokens"),
    ("t9", "Performance tokens of different eras", "performance_token_eras"),
    ("t10", "Rare instruments crafted", "rare_instruments_finished"),
    ("t11", "Instruments crafted", "instruments_finished"),
    ("t12", "First chairs in different families", "first_chair_families"),
    ("t13", "Instrument tokens in the romantic section", "instrument_tokens_romantic"),
    ("t14", "Instrument tokens in the classical section", "instrument_tokens_classical"),
    ("t15", "Instrument tokens in the baroque section", "instrument_tokens_baroque"),
]
_GOALS = [
    ("g1", "Strings instruments finished", "instruments_finished_strings"),
    ("g2", "Winds instruments finished", "instruments_finished_winds"),
    ("g3", "Percussion & keyboard instruments finished", "instruments_finished_pk"),
    ("g4", "Instruments finished from different families", "instrument_families_finished"),
    ("g5", "Romantic performance tokens in the pit", "performance_tokens_romantic"),
    ("g6", "Classical performance tokens in the pit", "performance_tokens_classical"),
    ("g7", "Baroque performance tokens in the pit", "performance_tokens_baroque"),
    ("g8", "Strings repair tokens in the pit", "repair_tokens_strings"),
    ("g9", "Winds repair tokens in the pit", "repair_tokens_winds"),
    ("g10", "Percussion & keyboard repair tokens in the pit", "repair_tokens_pk"),
    ("g11", "Performer patrons completed", "patrons_completed_performer"),
    ("g12", "Composer patrons completed", "patrons_completed_composer"),
    ("g13", "Noble patrons completed", "patrons_completed_noble"),
    ("g14", "Patrons completed of different eras", "patron_eras_completed"),
    ("g15", "Instrument tokens in different era sections", "instrument_token_eras"),
    ("g16", "Strings first chairs held", "first_chairs_strings"),
    ("g17", "Winds first chairs held", "first_chairs_winds"),
    ("g18", "Percussion & keyboard first chairs held", "first_chairs_pk"),
]
_TILES: list[Stated] = []
for _id, _name, _metric in _AWARDS:
    _TILES += _card(
        "awards", _id, f"rulebook: Awards list ({_id.upper()})", name=_name, metric=_metric
    )
for _id, _name, _metric in _GOALS:
    _TILES += _card(
        "goals", _id, f"rulebook: Goals list ({_id.upper()})", name=_name, metric=_metric
    )

# ---------------------------------------------------------------- board, setup2p

_BOARD = [
    *_card(
        "board",
        "first_chairs",
        "rulebook: End of Game Scoring table (fewer than 3 chairs score 0)",
        small=[0, 0, 0, 0, 1, 3, 6, 10, 15],
    ),
    *_card(
        "board",
        "first_chairs",
        "rulebook: End of Game Scoring table; ruling 18 (the blank 8+ cell is 21)",
        four=[0, 0, 0, 1, 3, 6, 10, 15, 21],
    ),
]
_SETUP2P = _card(
    "setup2p",
    "s1",
    "rulebook: p.5 Two Player Setup (the example's award pattern: leftmost tile's middle "
    "level, the next tile's rightmost, the final tile's leftmost)",
    blocked=[1, 2, 0],
)

# ---------------------------------------------------------------- rules

_RULES = [
    ("rounds", 6, "Round Overview (six rounds)"),
    ("storage", 9, "Materials Storage (maximum capacity of 9)"),
    ("storage_extra", 3, "Award Benefits (three additional material storage)"),
    ("apprentice_cap", 3, "Apprentices (maximum of 3 at a time)"),
    ("apprentices_per_worker", 3, "Planning Phase (up to three apprentices)"),
    ("slot_bonus_money", 4, "Patron Row (placement bonus 4 money)"),
    ("slot_bonus_material", 1, "Patron Row (placement bonus 1 material)"),
    ("slot_bonus_apprentice", 1, "Patron Row (placement bonus 1 apprentice)"),
    ("leave_penalty", 3, "Gifts & Patience (3 prestige per unsatisfied requirement)"),
    ("apprentice_cost", 4, "Market (hire apprentices for 4 money)"),
    ("training_cost", 15, "Market (train once for every 15 money)"),
    ("tier2_cost", 4, "Main Board Locations (4 for Tier II)"),
    ("tier3_cost", 8, "Main Board Locations (8 for Tier III)"),
    ("search_cost", 10, "Main Board Locations (deck search: 10 money and/or inspiration)"),
    ("alt_money", 2, "Alternate Action (2 money)"),
    ("salon_alt_inspiration", 2, "Salon alternate action (2 inspiration)"),
    ("salon_alt_apprentices", 1, "Salon alternate action (1 apprentice)"),
    ("guild_alt_metal", 1, "Guild alternate action (1 metal)"),
    ("perform_alt_animal", 3, "Perform alternate action (3 animal)"),
    ("repair_alt_wood", 2, "Repair alternate action (2 wood)"),
    ("balcony_alt_money", 6, "Balcony alternate action (6 money)"),
    ("balcony_alt_apprentices", 2, "Balcony alternate action (2 apprentices)"),
    ("location_bonus_skill", 4, "Main Board Locations (4+ skill bonus)"),
    ("rough_inspiration_skill", 3, "Roughing (3+ skill bonus)"),
    ("rough_inspiration", 2, "Roughing (3+: two inspiration tokens)"),
    ("rough_discount_skill", 5, "Roughing (5+: one material less)"),
    ("finish_discount_skill", 4, "Finishing (4+: one material less)"),
    ("finish_double_skill", 6, "Finishing (6+: double the orchestra bonus)"),
    ("repair_inspiration_per_material", 2, "Repair, Inspiration Tokens (two per material)"),
    ("chair_consolation_money", 2, "First Chair (2 money or 1 inspiration)"),
    ("chair_consolation_inspiration", 1, "First Chair (2 money or 1 inspiration)"),
    ("worker2_round", 3, "End of Round (worker 2 at round 3)"),
    ("worker4_round", 5, "End of Round (worker 4 at round 5)"),
    ("conversion_rate", 10, "End of Game Scoring (1 prestige for every 10 leftovers)"),
    ("track_final_prestige", 2, "Tracks (the final step: 2 prestige per advance); ruling 7"),
    ("awards_in_play_small", 3, "Game Setup (3 award tiles for 2-3 players)"),
    ("awards_in_play_four", 4, "Game Setup (4 award tiles for 4 players)"),
    ("patron_ii_after_round", 3, "End of Round (patron I deck discarded after round 3)"),
    ("extra_storage_free_materials", 1, "Award Benefits (a free material each round)"),
    ("instruments_dealt", 2, "Player Setup (deal 2 instrument cards)"),
    ("instruments_kept", 1, "Player Setup (choose one instrument card)"),
    ("patrons_dealt", 2, "Player Setup (deal 2 patron cards)"),
    ("families_dealt", 2, "Player Setup (deal 2 luthier family tiles)"),
    ("goals_dealt", 4, "Player Setup (deal 4 personal goals)"),
    ("goals_kept", 2, "Player Setup (choose two of the four goals)"),
    ("instrument_tokens", 8, "Components (Instrument Tokens (32), 8 per color); ruling 25"),
    ("performance_tokens", 8, "Components (Performance Tokens (32), 8 per color); ruling 25"),
    ("repair_tokens", 8, "Components (Repair Tokens (32), 8 per color); ruling 25"),
]
# a rules switch: the reading the rulings choose (not a rulebook number, not an estimate)
_SWITCHES = [
    ("location_bonus_main_only", 0, "ruling 23 (the 4+ location bonus follows any action)"),
]

STATED: tuple[Stated, ...] = (
    *_INSTRUMENTS,
    *_ORCHESTRA,
    *_PERFORMANCES,
    *_MARKET,
    *_PATRON_LIST,
    *_TILES,
    *_BOARD,
    *_SETUP2P,
    *(Stated("rules", rule, "value", value, f"rulebook: {where}") for rule, value, where in _RULES),
    *(Stated("rules", rule, "value", value, where) for rule, value, where in _SWITCHES),
)


def stated_for(kind: str, card: str) -> list[Stated]:
    """The statements about one card (empty if the rulebook states nothing about it)."""
    return [s for s in STATED if s.kind == kind and s.card == card]


_STEP = re.compile(r"\[(\d+)\]|\.(\w+)")


def value_at(record: Mapping[str, Any], path: str) -> Any:
    """The value at `path` ("money[2]", "secondary[0].era") of a card record.

    Raises KeyError or IndexError if the record has no such value.
    """
    field = re.split(r"[\[.]", path, maxsplit=1)[0]
    value: Any = record[field]
    for index, key in _STEP.findall(path[len(field) :]):
        value = value[int(index)] if index else value[key]
    return value


def changed_stated_numbers(card_set: Any) -> list[str]:
    """One line per stated value that a card set (cards.CardSet) does not hold, as
    `kind:card:path: ...`; empty when every rulebook-stated value is intact."""
    problems = []
    for s in STATED:
        records = {r["id"]: r for r in card_set.records.get(s.kind, [])}
        where = f"{s.kind}:{s.card}:{s.path}"
        if s.card not in records:
            problems.append(f"{where}: the card is missing ({s.section})")
            continue
        try:
            value = value_at(records[s.card], s.path)
        except (KeyError, IndexError, TypeError):
            problems.append(f"{where}: missing; the rulebook states {s.value!r} ({s.section})")
            continue
        if value != s.value or type(value) is not type(s.value):
            problems.append(
                f"{where}: {value!r}, but the rulebook states {s.value!r} ({s.section})"
            )
    return problems
