"""What a seat's player can see at the table: the public accessors strategies decide by.

A strategy decides only from what its seat's player could know: its own state, the
public board and card rows, the discards, and what opponents show (the apprentices on
a face-down chip, which numbered chips they still hold, chips already revealed). It
reads the state directly except the fields below, which it reads only through the
kernels of this module; an own-seat field below only as s[p].<field> where p is provably
the deciding seat. tests/strategies/test_public_information.py enforces this on every
module of strategies/luthier/ and every engine kernel they call, and checks at every
decision point of real games that neither the option list the engine builds nor the
decision changes when what the seat cannot see is dealt again (ruling 27: no option list
reads an undrawn deck).

The view is memoryless: it reads the state as it is now, not the order in which
chips were placed, so it may know less than a player who remembers every turn.
"""

from __future__ import annotations

from simcore.games.luthier.rules.priority_nb import chip_skill_nb, skill_nb
from simcore.games.luthier.state.dtypes import N_CHIPS
from simcore.games.luthier.state.enums import Location
from simcore.kernels.jit import kernel

# GAME fields no seat may read (dtypes.py), and why; the accessor to use instead.
HIDDEN_FIELDS = {
    "seed": "the game seed: every shuffle and die roll follows from it",
    "rng": "the random streams: a strategy draws only from its own, as "
    "f(g.rng, Stream.STRATEGY, ...) with a function of simcore.kernels.rng_nb (future dice and "
    "reshuffles are DICE and DECK)",
    "decks": "the card-row decks still to draw (order and cards); deck_n is public",
    "market_deck": "the market cards still to come; market_card, market_deck_n are public",
    "royal_deck": "the face-down royal patron deck; royal_deck_n is public",
    "specialty_deck": "the face-down specialty worker decks; specialty_deck_n is public",
    "family_pool": "the family tiles not dealt",
    "goal_pool": "the personal goals not dealt",
    "pl_chip": "the value of a chip placed face down: visible_skill_nb",
}

# SEAT fields only their owner sees: a strategy reads them as s[p].<field> for its own
# seat p, never for an opponent.
OWN_FIELDS = {
    "goals_dealt": "personal goals dealt (rulebook: private until end of game scoring)",
    "goals": "personal goals kept",
    "goal_prestige": "what the kept goals scored (end of game)",
    "family_dealt": "the family tiles dealt; the one kept, `family`, is public",
    "hand": "instrument cards in hand; hand_n is public",
    "offered": "pick-rate bits of the cards this seat's decisions offered: its dealt goals, "
    "families and instruments among them",
    "plan_memo": "the seat's strategy scratch through a planning phase: values of its own "
    "cards among them",
    "picked": "pick-rate bits of the cards this seat chose: its kept goals among them",
}


@kernel
def revealed_locations_nb(g, q):
    """Bitmask of the locations whose chips are face up for seat q's chips (bit = Location).

    Activating a location reveals every chip there (rulebook p.13), and each chip there
    acts before the turn ends: a location is revealed once a chip there has acted (for a
    bench, one of q's chips on q's bench). While its first chip acts, the others still
    count as face down here: the state does not mark the activation before that.
    """
    mask = 0
    for j in range(g.pl_n):
        if g.pl_done[j] != 0 and (g.pl_loc[j] < Location.ROUGHING or g.pl_seat[j] == q):
            mask |= 1 << g.pl_loc[j]
    return mask


@kernel
def face_up_nb(g, i):
    """True if placement i's chip has been revealed (revealed_locations_nb)."""
    return ((revealed_locations_nb(g, g.pl_seat[i]) >> g.pl_loc[i]) & 1) == 1


@kernel
def face_down_chips_nb(g, s, q):
    """Bitmask of seat q's chips lying face down (bit c = chip index c): placed this
    round (no longer free in q's hand, which the table sees) and not revealed."""
    return face_down_mask_nb(g, s, q, revealed_locations_nb(g, q))


@kernel
def face_down_mask_nb(g, s, q, up):
    """face_down_chips_nb, given `up` = revealed_locations_nb(g, q)."""
    mask = 0
    for c in range(N_CHIPS):
        if s[q].chip_owned[c] != 0 and s[q].chip_free[c] == 0:
            mask |= 1 << c
    if up != 0:  # never during planning: no chip has acted yet
        for j in range(g.pl_n):
            if g.pl_seat[j] == q and ((up >> g.pl_loc[j]) & 1) == 1:
                mask &= ~(1 << g.pl_chip[j])
    return mask


@kernel
def visible_skill_nb(cards, g, s, p, i):
    """Placement i's skill as seat p can know it (float).

    Exact (priority_nb.skill_nb) for p's own chips and for revealed ones. For an
    opponent's face-down chip: the mean, over the chips that opponent has face down
    (face_down_chips_nb: every value the chip could have, equally likely), of that
    chip's skill with the apprentices on it at its location, with the location's
    public modifiers (bench skill, the specialty card assigned to that chip).
    """
    q = g.pl_seat[i]
    if q == p:
        return float(skill_nb(cards, g, s, i))
    up = revealed_locations_nb(g, q)
    if ((up >> g.pl_loc[i]) & 1) == 1:
        return float(skill_nb(cards, g, s, i))
    return opponent_skill_nb(cards, g, s, i, up, face_down_mask_nb(g, s, q, up))


@kernel
def opponent_skill_nb(cards, g, s, i, up, mask):
    """visible_skill_nb of placement i for any seat but its owner q, given up =
    revealed_locations_nb(g, q) and mask = face_down_mask_nb(g, s, q, up): a caller
    valuing several of q's chips finds those two once.

    The skills are whole numbers, so their sum is exact whatever the order: the mean
    is the same float as summing them one by one as floats."""
    loc = g.pl_loc[i]
    if ((up >> loc) & 1) == 1:
        return float(skill_nb(cards, g, s, i))
    if mask == 0:  # only a hand-made state, whose chips were never taken from the hand
        mask = (1 << N_CHIPS) - 1
    q = g.pl_seat[i]
    appr = g.pl_appr[i]
    total = 0
    n = 0
    for c in range(N_CHIPS):
        if ((mask >> c) & 1) == 1:
            total += chip_skill_nb(cards, s, q, loc, c, appr)
            n += 1
    return total / n
