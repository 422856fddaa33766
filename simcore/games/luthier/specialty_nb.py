"""Specialty worker abilities (ruling 13): a chip assigned to a specialty card gains
the card's benefit whenever it acts at the card's location."""

from __future__ import annotations

from simcore.jit import kernel


@kernel
def active_specialty_nb(cards, g, s, i):
    """Specialty card whose benefit placement i gets at its location, or -1."""
    c = s[g.pl_seat[i]].chip_specialty[g.pl_chip[i]]
    if c >= 0 and cards.specialty_location[c] == g.pl_loc[i]:
        return c
    return -1


@kernel
def ability_amount_nb(cards, spec, ability):
    """The card's `amount` if `spec` is a specialty card with SpecialtyAbility `ability`, else 0."""
    if spec >= 0 and cards.specialty_ability[spec] == ability:
        return cards.specialty_amount[spec]
    return 0


@kernel
def has_ability_nb(cards, spec, ability):
    return spec >= 0 and cards.specialty_ability[spec] == ability
