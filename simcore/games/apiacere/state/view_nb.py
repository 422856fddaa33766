"""What a seat's player can see at the table in A Piacere, for strategies: the hidden
fields, and the accessors through which a strategy reads the part of them it may see.

Public: the map and every pawn, housing, florins and key tracks, every card in play under
a progress marker, in a chain or in front of a seat, the discard piles, each draw pile's
size and its top when it lies face up (rulebook: "turn every stack's top card face up"),
how many cards of each stack each hand holds (the backs show the stack), the royal tiles
already placed (the current event field's and those of past events: "after each event,
place a new royal tile on the next event field"), the overall legacy tile, the bonus and
royal tiles held. Hidden: the other hands, the order of the draw piles below a face-up
top, the royal tiles of the event fields still to come (ruling AP-18: their order is fixed
at setup), the other seats' personal legacy tiles (ruling AP-23: face down), the seed and
the random streams.

tests/apiacere/test_public_view.py enforces this on every module of strategies/apiacere/
and every engine kernel they call (tests/strategies/seat_flow.py), and checks at every
decision of real games that dealing the hidden part again (play/redeal_nb.py) changes
neither the option list nor any heuristic's choice.
"""

from __future__ import annotations

from simcore.games.apiacere.codes import Rule
from simcore.games.apiacere.state.dtypes import CHAIN, FRONT, PLAY
from simcore.kernels.jit import kernel

HIDDEN = -9  # place_nb: a card in another seat's hand, or in a draw pile below its top

# GAME fields no seat may read directly (dtypes.py), and why.
HIDDEN_FIELDS = {
    "seed": "the game seed: every shuffle and die follows from it",
    "rng": "the random streams: a strategy draws only from its own, as "
    "f(g.rng, Stream.STRATEGY, ...) with a function of simcore.kernels.rng_nb",
    "card_loc": "which hand holds which card (another seat's hand is hidden); read "
    "through this module (place_nb, hand_count_nb)",
    "pile": "the draw piles' order and contents (pile_n is public; a face-up top is read "
    "through face_up_top_nb)",
    "royal_order": "the royal tiles of the event fields still to come (ruling AP-18); the "
    "placed ones are read through royal_tile_nb",
}

# SEAT fields only their owner sees.
OWN_FIELDS = {"legacy": "the personal legacy tile lies face down (ruling AP-23)"}


@kernel
def place_nb(g, c, p):
    """Where seat p sees card c: p (its own hand), PLAY/CHAIN/FRONT + seat, a Loc code for
    a discarded card or one not in the game, or HIDDEN (another hand, a draw pile)."""
    loc = g.card_loc[c]
    if loc == p or loc >= PLAY:
        return loc
    if 0 <= loc < PLAY or loc == -1:  # another hand, or Loc.PILE
        return HIDDEN
    return loc


@kernel
def hand_count_nb(g, q):
    """How many cards seat q holds in hand (the backs are seen: public)."""
    n = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == q:
            n += 1
    return n


@kernel
def face_up_top_nb(g, st):
    """The card on top of stack st's draw pile when it lies face up, else -1."""
    if g.faceup[st] == 0 or g.pile_n[st] == 0:
        return -1
    return g.pile[st, g.pile_n[st] - 1]


@kernel
def royal_tile_nb(cards, g, k):
    """The royal tile on event field k once placed (k <= events_done: the current field and
    past ones; fields 0..EVENTS-1), else -1 (ruling AP-18: the next tiles are drawn later)."""
    if k < 0 or k > g.events_done or k >= cards.rules[Rule.EVENTS]:
        return -1
    return g.royal_order[k]


assert CHAIN > PLAY and FRONT > CHAIN  # place_nb returns every loc from PLAY up
