"""Tell Tales and Do Good (rulebook: 5B, examples 8-10; rulings AP-10 to AP-14, AP-21):
Ban, Take and Draw played on an opponent, active once fully played and until fully
diminished; Do Good removing or diminishing them, or waiting as a shield; the reference
sheet's Do Good; at most `interaction_cap` cards in front of a seat."""

from __future__ import annotations

from simcore.games.apiacere.codes import Colour, Effect, Rule
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.stacks_nb import discard_nb
from simcore.games.apiacere.state.codes import Ev, Stage
from simcore.games.apiacere.state.dtypes import FRONT
from simcore.kernels.jit import kernel


@kernel
def is_tell_tale_nb(cards, c):
    """Card c is a Tell Tale (Ban, Take, Draw)."""
    e = cards.card_effect[c]
    return e == Effect.BAN or e == Effect.TAKE or e == Effect.DRAW


@kernel
def n_front_nb(g, q):
    """Interaction cards active in front of seat q."""
    n = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == FRONT + q:
            n += 1
    return n


@kernel
def front_of_kind_nb(cards, g, q, effect):
    """The first card of kind `effect` in front of seat q; -1 = none."""
    for c in range(g.n_cards):
        if g.card_loc[c] == FRONT + q and cards.card_effect[c] == effect:
            return c
    return -1


@kernel
def banned_nb(cards, g, q, city):
    """Seat q is banned from `city`: an active Ban in front of it marks that city."""
    for c in range(g.n_cards):
        ban = g.card_loc[c] == FRONT + q and cards.card_effect[c] == Effect.BAN
        if ban and g.card_city[c] == city:
            return True
    return False


@kernel
def draw_cut_nb(cards, g, q):
    """Fewer city draws for seat q: each active Draw card's n (example 8: two stacked
    Draw cards, two fewer)."""
    cut = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == FRONT + q and cards.card_effect[c] == Effect.DRAW:
            cut += cards.card_params[c, 0]
    return cut


@kernel
def leader_nb(g, s, p):
    """Seat p is a (tied) leader in keys, white + black (ruling AP-10)."""
    mine = s[p].white + s[p].black
    for q in range(g.n_players):
        if s[q].white + s[q].black > mine:
            return False
    return True


@kernel
def free_points_nb(cards, g, s, p):
    """Free Tell Tale / Do Good action points of seat p this turn: `free_tell_tale` unless
    it is a (tied) leader (rulebook: 5B; ruling AP-10)."""
    return 0 if leader_nb(g, s, p) else cards.rules[Rule.FREE_TELL_TALE]


@kernel
def spend_nb(g, k, red):
    """Pay k action points; a red card (Tell Tale, Do Good) uses the free points first."""
    if red:
        use = min(k, g.free_left)
        g.free_left -= use
        k -= use
    g.actions_left -= k


@kernel
def remove_front_nb(cards, g, c):
    """An interaction card leaves play for its discard pile."""
    discard_nb(cards, g, c)
    g.card_left[c] = 0
    g.card_city[c] = -1
    g.card_paid[c] = 0


@kernel
def land_nb(cards, g, s, w, p, c, q, city, replaced):
    """Seat p's finished Tell Tale c goes to seat q. A Do Good shield in front of q meets
    it first: the shield's strength takes off the Tell Tale's level, the shield is spent,
    and a Tell Tale brought to 0 is discarded with it (rulebook: "When removing or
    blocking, discard all cards involved"; ruling AP-13). A Take on a seat in p's city
    lets p take cards from q's hand instead (STEAL, ruling AP-12). Otherwise it lies in
    front of q, replacing the attacker's choice when q has `interaction_cap` cards there
    (ruling AP-14). Returns 1 when p goes on to STEAL."""
    strength = cards.card_level[c]
    s[p].tell_tales += 1
    shield = front_of_kind_nb(cards, g, q, Effect.DO_GOOD)
    if shield >= 0:
        blocked = min(strength, g.card_left[shield])
        strength -= blocked
        remove_front_nb(cards, g, shield)
    if strength <= 0:
        s[q].blocked += 1
        log_nb(g, w, p, Ev.TELL_TALE, c, q, 0, city)
        discard_nb(cards, g, c)
        return 0
    log_nb(g, w, p, Ev.TELL_TALE, c, q, strength, city)
    if cards.card_effect[c] == Effect.TAKE and s[p].city == s[q].city:
        discard_nb(cards, g, c)
        g.steal_from = q
        g.steal_left = min(strength, cards.card_params[c, 0])
        if not any_steal_nb(cards, g):
            return 0
        g.stage = Stage.STEAL
        return 1
    if replaced >= 0:
        remove_front_nb(cards, g, replaced)
    g.card_loc[c] = FRONT + q
    g.card_prog[c] = 0
    g.card_left[c] = strength
    g.card_city[c] = city
    g.card_paid[c] = 0
    return 0


@kernel
def diminish_nb(cards, g, s, w, p, t, strength, source):
    """Seat p's Do Good of `strength` (source: the card, -1 the reference sheet) lowers
    its own Tell Tale t; at 0 it is removed (ruling AP-13)."""
    g.card_left[t] -= strength
    log_nb(g, w, p, Ev.DO_GOOD, source, t, g.card_left[t], 0)
    if g.card_left[t] <= 0:
        remove_front_nb(cards, g, t)
        s[p].blocked += 1


@kernel
def do_good_nb(cards, g, s, w, p, c, t):
    """Seat p's finished Do Good c: on its own Tell Tale t, or as a shield (t = -1) in
    front of it (rulebook: 5B, "Do Good cards can't be played on an opponent")."""
    if t >= 0:
        diminish_nb(cards, g, s, w, p, t, cards.card_params[c, 0], c)
        discard_nb(cards, g, c)
    else:
        g.card_loc[c] = FRONT + p
        g.card_prog[c] = 0
        g.card_left[c] = cards.card_params[c, 0]
        g.card_city[c] = -1
        log_nb(g, w, p, Ev.DO_GOOD, c, -1, g.card_left[c], 0)


@kernel
def reference_nb(cards, g, s, w, p, t):
    """The reference sheet's Do Good: `reference_actions` action points (free points
    first) clear `reference_clears` of own Tell Tale t (rulebook: 5B)."""
    spend_nb(g, cards.rules[Rule.REFERENCE_ACTIONS], True)
    diminish_nb(cards, g, s, w, p, t, cards.rules[Rule.REFERENCE_CLEARS], -1)


@kernel
def take_pending_nb(cards, g, q):
    """The Take in front of seat q still to be paid before it plays Perform/Teach again
    (example 9); -1 = none."""
    return front_of_kind_nb(cards, g, q, Effect.TAKE)


@kernel
def pay_take_nb(cards, g, s, w, p, c):
    """Seat p discards Perform/Teach card c toward the Take in front of it: the Take is
    paid by card levels adding up to its own (one level-2 card, or two level-1 cards,
    example 9), then discarded (ruling AP-12)."""
    t = take_pending_nb(cards, g, p)
    g.card_paid[t] += cards.card_level[c]
    discard_nb(cards, g, c)
    s[p].discarded += 1
    log_nb(g, w, p, Ev.PAY, c, t, 0, 0)
    if g.card_paid[t] >= cards.card_params[t, 0]:
        remove_front_nb(cards, g, t)


@kernel
def steal_nb(cards, g, s, w, p, c):
    """Seat p takes Perform/Teach card c from the revealed hand of g.steal_from; the
    STEAL ends when nothing more can be taken."""
    g.card_loc[c] = p
    g.steal_left -= cards.card_level[c]
    s[p].stolen += 1
    log_nb(g, w, p, Ev.STEAL, c, g.steal_from, 0, 0)
    if not any_steal_nb(cards, g):
        g.stage = Stage.PLAY


@kernel
def can_steal_nb(cards, g, c):
    """Card c may still be taken by the STEAL under way: a Perform/Teach card of the
    target's hand within the levels left (example 9's alternate: 1 + 1 = 2)."""
    return (
        g.card_loc[c] == g.steal_from
        and cards.card_colour[c] == Colour.YELLOW
        and cards.card_level[c] <= g.steal_left
    )


@kernel
def any_steal_nb(cards, g):
    """Some card may still be taken by the STEAL under way."""
    for c in range(g.n_cards):
        if can_steal_nb(cards, g, c):
            return True
    return False
