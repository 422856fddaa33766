"""What Maestro's rulebook states: the board numbers no balancing may change.

The board data (`data/*.toml`) gives each number a `source`; these are the numbers
the rulebook itself prints: the appraisal's points, the critic's bonus, the ten
conductors and "draw 1-3". Everything else is an estimate or a reading of an
ambiguity: the rows' printed values (unknown), the tile counts (each instrument's
spaces on the estimated rows; the two stated rows state instruments, not numbers),
the applause count (a component count the rulebook does not give). `tutti balance`
refuses to vary a stated number unless told `--allow-stated` (for a designer's own
game). tests/maestro/test_stated_numbers.py checks each against the shipped data.
"""

from __future__ import annotations

# (kind, card id, field) -> where the rulebook states it
STATED: dict[tuple[str, str, str], str] = {
    ("rules", "begun_points", "value"): "rulebook, The Appraisal 1",
    ("rules", "one_turn_points", "value"): "rulebook, The Appraisal 2",
    ("rules", "critic_bonus", "value"): "rulebook, The Appraisal 3",
    ("rules", "conductors", "value"): "rulebook, last section ('there are ten conductors')",
    ("rules", "max_draw", "value"): "rulebook, The Game ('draw 1-3')",
}


def stated_number(kind: str, card_id: str, field: tuple[str, ...]) -> str | None:
    """Where the rulebook states this field of a card (Maestro's fields are plain values:
    a part of one is the field itself)."""
    return STATED.get((kind, card_id, field[0])) if field else None
