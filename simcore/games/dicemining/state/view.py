"""What a seat's player can see at the table in Dice-Mining Patrons, for strategies.

Everything is public but the patron hands and the deck (spec 2.3): the dice, every seat's
storage (backpacks and vaults lie open: 'A full vault and an almost full backpack'), VP,
the face-up patrons, the supply piles. A strategy reads GAME.patron_loc only as "in my
own hand" (== p) or "face up" (>= UP): another seat's hand is hidden, and so is the
deck's order (`deck`; `deck_n`, the cards left, is public).
"""

from __future__ import annotations

# GAME fields no seat may read (dtypes.py), and why.
HIDDEN_FIELDS = {
    "seed": "the game seed: the deal, the dice and the deck follow from it",
    "rng": "the random streams: a strategy draws only from its own, as "
    "f(g.rng, Stream.STRATEGY, ...) with a function of simcore.kernels.rng_nb",
    "deck": "the patron draw pile's order; deck_n is public",
}

# GAME fields a seat reads only for itself: patron_loc values 0..3 are the hands.
OWN_FIELDS = {"patron_loc": "another seat's hand cards (patron_loc == q) are hidden"}
