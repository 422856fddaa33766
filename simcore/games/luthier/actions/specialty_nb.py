"""Specialty worker abilities (ruling 13): a chip assigned to a specialty card gains
the card's benefit whenever it acts at the card's location."""

from __future__ import annotations

from simcore.kernels.jit import kernel


@kernel
def chip_specialty_nb(cards, s, p, chip, loc):
    """Specialty card whose benefit seat p's chip `chip` gets at `loc`, or -1."""
    c = s[p].chip_specialty[chip]
    if c >= 0 and cards.specialty_location[c] == loc:
        return c
    return -1


@kernel
def active_specialty_nb(cards, g, s, i):
    """Specialty card whose benefit placement i gets at its location, or -1."""
    return chip_specialty_nb(cards, s, g.pl_seat[i], g.pl_chip[i], g.pl_loc[i])


@kernel
def ability_amount_nb(cards, spec, ability):
    """The card's `amount` if `spec` is a specialty card with SpecialtyAbility `ability`, else 0."""
    if spec >= 0 and cards.specialty_ability[spec] == ability:
        return cards.specialty_amount[spec]
    return 0


@kernel
def has_ability_nb(cards, spec, ability):
    return spec >= 0 and cards.specialty_ability[spec] == ability
