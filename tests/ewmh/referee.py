"""An independent referee: replays a game's event log in plain Python and checks every
move against the rulebook and the spec's rulings (written apart from the kernels and from
simcore/games/ewmh/output/replay.py, so a kernel bug that lists an illegal option, or a
score the kernels add up wrong, shows up here).

Checked (the shipped rules.toml's defaults; phases (a) and (b) of the engine): turns
round the table from the first player; every effect card in one place, taken only from
the deck or the array, flipped, spent or paid only by its holder (House Medici: the named
holder's) and only fresh, refreshed only when flipped; a vocation flipped only when fresh,
for an ability of its own vocation; the die within its sides, the pawn moved by the
result used (Philip the Good's doubling), arrival numbers in order with the rulebook's
3/2/1 free productions; a piece produced only from its producer's hand, via a banner its
genre has, paid with no unit past the banner's value and scoring at least its base points
(full in the game's Age, half rounded down elsewhere); the hand limit at the end of every
turn (Alfonso's +2, doubled by Court); a lost patron leaving its holder; and at the end
every seat's points recomputed (the pieces still published, plus 1 per unproduced piece),
the ranks, and the winners (ties shared). Phase (c): a reaction only with a fresh card of
the reacting seat (Council of Trent spent, the others flipped), a card stolen by Elizabeth
Nevell only from its holder, Rondeaux flipped fresh for a Spheres reroll. A die move that a
roll reaction changed goes by the result a reaction allows: Council of Trent's backwards,
Machaut's 6 (or the die, when Absolution negated the reaction).
"""

from __future__ import annotations

from simcore.games.ewmh.codes import Age, Effect
from simcore.games.ewmh.state.codes import VOC_CARD, Ev


def referee(cards, played) -> None:  # noqa: C901, PLR0912, PLR0915
    """Raise AssertionError at the first illegal event of `played` (default rules)."""
    rules = cards.rules
    assert rules["tie_break"] == "shared" and rules["bonus_timing"] == "production"
    n = len(played.seats)
    path = int(rules["path_length"])
    sides = int(rules["die_sides"])
    age = [a.name.lower() for a in Age].index(rules["age"])
    designs = cards.ids["effects"]
    t = cards.tables
    voc_of = [cards.ids["vocations"].index(r["vocation"]) for r in cards.records["abilities"]]
    banner = {}  # (genre, age) -> value
    for r in cards.records["banners"]:
        ages = [a.name.lower() for a in Age]
        banner[(cards.ids["compositions"].index(r["composition"]), ages.index(r["age"]))] = int(
            r["value"]
        )
    holder: dict[int, int] = {}  # effect card -> seat
    flipped: dict[int, bool] = {}
    voc = [-1] * n
    voc_red = [False] * n
    pos = [0] * n
    arrived = [0] * n
    n_arrived = 0
    owed = [0] * n  # free productions owed
    comp_hand: dict[int, int] = {}
    published: dict[int, tuple[int, int]] = {}  # comp -> (seat, points)
    first = mover = -1
    units = last = 0  # units paid towards the production under way, by the last PAY
    rerolled = False
    rolled = None  # (die, reroll)
    bent: set[int] = set()  # die results a roll reaction allows (Machaut's 6)
    inverted = False  # Council of Trent reacted to this roll: the move goes back
    final: dict[int, tuple[int, int, int]] = {}
    over = False
    limit = int(rules["hand_limit"])
    at_check: tuple[int, int] | None = None  # (held, limit) when the mover's check began

    def held(p: int) -> int:
        return sum(1 for q in holder.values() if q == p)

    def hand_limit(p: int) -> int:
        """7, plus each held Alfonso's +n, doubled by Court (rulings EW-19, EW-21)."""
        extra = sum(
            int(t.card_params[c, 0])
            for c, q in holder.items()
            if q == p and t.card_effect[c] == Effect.HAND_CAPACITY
        )
        factor = 1
        for a, v in enumerate(voc_of):
            if v == voc[p] and t.ability_effect[a] == Effect.PATRON_DOUBLE:
                factor = int(t.ability_params[a, 0])
        return limit + extra * factor

    for i, (_r, p, code, a, b, c, d, _) in enumerate(played.log.tolist()):
        where = f"event {i} ({Ev(code).name}, seat {p}, {a}, {b}, {c}, {d})"
        assert not over or code == Ev.FINAL, f"{where}: after the end"
        if code != Ev.PAY and code != Ev.PRODUCE:
            units = 0
        if code == Ev.FIRST:
            first = a
        elif code == Ev.VOCATION:
            assert voc[p] < 0, f"{where}: a second vocation"
            voc[p] = a
        elif code in (Ev.DRAFT, Ev.DRAW_EFFECT, Ev.TAKE):
            assert a not in holder, f"{where}: {designs[t.card_design[a]]} is in a hand"
            holder[a] = p
            flipped[a] = False  # cards enter fresh (ruling EW-44)
        elif code == Ev.DEAL:
            holder[a] = p  # Peasants' Revolt: every held card dealt out again (EW-24)
        elif code == Ev.TURN:
            if mover >= 0:  # the hand as the limit found it: before the patron check (step 7)
                n_held, most = at_check or (held(mover), hand_limit(mover))
                assert n_held + 1 <= most, f"{where}: seat {mover} above the hand limit"
            at_check = None
            expected = first if mover < 0 else (mover + 1) % n
            assert p == expected, f"{where}: turns go round the table from the first player"
            assert b == pos[p], f"{where}: the turn starts where the pawn is"
            mover, rerolled, rolled = p, False, None
            bent, inverted = set(), False
            owed = [0] * n  # free productions are made at once or not at all (EW-15)
            if b == path:  # a turn begun on End: 1 free production, no roll (EW-16)
                owed[p] = int(rules["end_free"])
        elif code == Ev.REFRESH:
            if a == VOC_CARD:
                assert voc_red[p], f"{where}: refreshing a fresh vocation"
                voc_red[p] = False
            else:
                assert holder.get(a) == p and flipped[a], f"{where}: refreshing a card not red"
                flipped[a] = False
        elif code in (Ev.FLIP, Ev.FORCED):
            if a == VOC_CARD:
                assert code == Ev.FORCED and not voc_red[p], f"{where}"
                voc_red[p] = True
            else:
                assert holder.get(a) == p, f"{where}: flipping a card it does not hold"
                assert not flipped[a], f"{where}: flipping a red card"
                flipped[a] = True
                if code == Ev.FLIP and t.card_effect[a] == Effect.REROLL:
                    rerolled = True  # Rondeaux (ruling EW-28)
        elif code == Ev.SPEND:
            assert holder.get(a) == p, f"{where}: spending a card it does not hold"
            del holder[a]
        elif code == Ev.KEEP:
            if p == mover and at_check is None:  # the patron check follows the hand limit
                at_check = (held(p), hand_limit(p))
        elif code in (Ev.DISCARD, Ev.PATRON_LOST):
            assert holder.get(a) == p, f"{where}: discarding a card it does not hold"
            del holder[a]
        elif code == Ev.REACT:
            assert holder.get(a) == p, f"{where}: reacting with a card it does not hold"
            if d:  # Council of Trent is spent, on either face (a spend card)
                del holder[a]
            else:
                assert not flipped[a], f"{where}: reacting with a red card"
                flipped[a] = True
            if t.card_effect[a] == Effect.INVERT_ROLL:
                inverted = True
            elif t.card_effect[a] == Effect.MIN_MOVE_SIX:
                bent |= {int(t.card_params[a, 1]) * k for k in (1, 2, 3)}  # Josquin (EW-26)
        elif code == Ev.STEAL_CARD:
            assert holder.get(a) == b and b != p, f"{where}: not a card of seat {b}"
            holder[a] = p
            flipped[a] = False  # cards enter fresh (ruling EW-44)
        elif code == Ev.SPHERES:
            # Rondeaux's flip is an activation, logged as its FLIP just before (EW-25)
            assert holder.get(d) == p and flipped[d], f"{where}: Rondeaux not flipped"
            assert t.card_effect[d] == Effect.REROLL, f"{where}: not Rondeaux"
            assert 1 <= b <= sides and 1 <= c <= sides, where
        elif code == Ev.VOC:
            assert not voc_red[p], f"{where}: the vocation is already flipped"
            assert voc_of[a] == voc[p], f"{where}: an ability of another vocation"
            voc_red[p] = True
        elif code == Ev.PAY:
            assert p == mover, f"{where}: paying out of turn"
            if a == VOC_CARD:
                assert not voc_red[p], f"{where}: paying with a red vocation"
                voc_red[p] = True
            else:
                assert holder.get(a) == b and not flipped[a], f"{where}: not a fresh card of {b}"
                assert b == p or b >= 0, f"{where}"
                flipped[a] = True
            units += c
            last = c
        elif code == Ev.ROLL:
            assert 1 <= a <= sides and (c == 0 or (rerolled and 1 <= c <= sides)), where
            mult = max(d, 1)  # Philip the Good's doubling (the ROLL event's d, ruling EW-21)
            dice = {a * mult, c * mult} | bent  # Machaut: 6 instead (EW-14)
            dice |= {-x for x in dice} if inverted else set()  # Council of Trent: back (EW-25)
            assert b in dice, f"{where}: the result used is one of the dice"
            rolled = (a, b)
        elif code == Ev.MOVE:
            assert a == pos[p], f"{where}: the move starts where the pawn is"
            assert 0 <= b <= path and not arrived[p], f"{where}"
            if c:  # the die move
                assert rolled is not None and p == mover, f"{where}: a die move without a roll"
                assert b == min(max(a + rolled[1], 0), path), (
                    f"{where}: moved {b - a}, rolled {rolled}"
                )
                bent, inverted = set(), False
            pos[p] = b
        elif code == Ev.ARRIVE:
            assert pos[p] == path and not arrived[p], f"{where}: arriving off End"
            n_arrived += 1
            assert a == n_arrived, f"{where}: arrival numbers in order"
            free = rules["arrival_free"]
            assert b == (free[a - 1] if a <= len(free) else 0), f"{where}: free productions"
            arrived[p] = a
            owed[p] += b
        elif code == Ev.TILE:
            assert 0 < b < path and b == pos[p], f"{where}: a tile off the path"
        elif code in (Ev.DRAW_COMP, Ev.STEAL):
            if code == Ev.STEAL:
                assert comp_hand.get(a) == b and b != p, f"{where}: not in the victim's hand"
            else:
                assert a not in comp_hand and a not in published, f"{where}: drawn twice"
            comp_hand[a] = p
        elif code == Ev.PRODUCE:
            assert comp_hand.get(a) == p, f"{where}: producing a piece not in its hand"
            genre = int(t.comp_genre[a])
            value = banner.get((genre, b), 0)
            assert value > 0, f"{where}: no such banner"
            base = value if b == age else value // int(rules["off_age_divisor"])
            assert c >= base, f"{where}: scored {c}, below the banner's {base}"
            if d:
                assert owed[p] > 0, f"{where}: a free production not owed"
                owed[p] -= 1
            else:
                # paid at most up to the banner's value: no unit flipped once it was paid
                # (the last may overpay: Petrucci's 3; Printing Press, Medici pay less)
                assert p == mover and units - last < value, f"{where}: paid {units} for {value}"
            del comp_hand[a]
            published[a] = (p, c)
            units = 0
        elif code == Ev.REMOVE:
            assert published.get(a, (-1, 0))[0] == b, f"{where}: not a published piece of {b}"
            del published[a]
        elif code == Ev.END:
            over = True
            assert a == 2 or n_arrived == n, f"{where}: ended before every pawn arrived"
        elif code == Ev.FINAL:
            final[p] = (a, b, c)
    assert over and len(final) == n, "the game ends with every seat scored"
    unproduced = int(rules["unproduced_points"])
    points = [
        sum(pts for q, pts in published.values() if q == p)
        + unproduced * sum(1 for q in comp_hand.values() if q == p)
        for p in range(n)
    ]
    for p in range(n):
        assert final[p][0] == points[p], f"seat {p}: {final[p][0]} points, recomputed {points[p]}"
        assert int(played.seats[p]["points"]) == points[p], f"seat {p}: the seat record"
        rank = 1 + sum(1 for q in range(n) if points[q] > points[p])
        assert final[p][1] == rank, f"seat {p}: rank {final[p][1]}, recomputed {rank}"
        assert final[p][2] == (rank == 1), f"seat {p}: the winners are the best (ties shared)"
