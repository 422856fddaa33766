"""Deck searches by card back (rulebook p.15, ruling 20): instrument and repair cards by
family, the first matching card from the top, the others in order; Repair searchable,
blind (ruling 27)."""

from __future__ import annotations

from simcore.games.luthier.actions.actions_nb import main_action_nb, main_options_nb
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.enums import CardRow, Family, Location
from tests.luthier.state import RED, Table

NO_SPECIALTY = -1


def deck(t: Table, row: int, cards_bottom_to_top: list[int]) -> None:
    t.g["decks"][row, : len(cards_bottom_to_top)] = cards_bottom_to_top
    t.g["deck_n"][row] = len(cards_bottom_to_top)


def deck_left(t: Table, row: int) -> list[int]:
    return t.g["decks"][row, : t.g["deck_n"][row]].tolist()


def searches(t: Table, i: int, loc: int, skill: int) -> list[tuple[int, int]]:
    n = main_options_nb(*t.opt_args(), RED, i, loc, skill, NO_SPECIALTY)
    rows = [t.w.opts[k] for k in range(n)]
    return sorted((int(r[1]), int(r[2])) for r in rows if r[0] == Opt.SEARCH)


def do(t: Table, i: int, loc: int, skill: int, kind: int, row: int, key: int) -> None:
    t.w.opts[0] = (kind, row, key, 0, 0, 0)
    main_action_nb(*t.args(), RED, i, loc, skill, NO_SPECIALTY, 0)


def test_guild_search_takes_the_first_card_of_the_family(cards):
    """Ruling 20, the issue's example: with an apprentice and 10 money the player searches
    for the strings family (not for the single harp) and takes the first strings card
    from the top; the other cards keep their order."""
    violin, harp, oboe = (cards.index("instruments", x) for x in ("violin", "harp", "oboe"))
    t = Table(cards)
    deck(t, CardRow.INSTRUMENTS, [violin, harp, oboe])  # oboe on top
    r = t.seat(RED)
    r["money"] = 10
    i = t.place(RED, Location.GUILD, 1, apprentices=1)
    keys = searches(t, i, Location.GUILD, 2)
    assert keys == [(CardRow.INSTRUMENTS, Family.STRINGS), (CardRow.INSTRUMENTS, Family.WINDS)]
    do(t, i, Location.GUILD, 2, Opt.SEARCH, CardRow.INSTRUMENTS, Family.STRINGS)
    assert r["hand"][: r["hand_n"]].tolist() == [harp]
    assert deck_left(t, CardRow.INSTRUMENTS) == [violin, oboe]
    assert (r["money"], r["appr_lost"], r["n_searched"]) == (0, 1, 1)
    (ev,) = [e for e in t.events() if e[2] == Ev.SEARCH]
    assert ev[3:8].tolist() == [CardRow.INSTRUMENTS, harp, 10, 0, Family.STRINGS]  # the key


def test_repair_deck_can_be_searched_by_family(cards):
    """Ruling 20: the Repair location offers a deck search like the others (by family);
    the card found is repaired at once (rulebook p.20)."""
    r1, r9, r17 = (cards.index("repairs", x) for x in ("r1", "r9", "r17"))  # 1 animal each
    t = Table(cards)
    deck(t, CardRow.REPAIRS, [r9, r1, r17])
    r = t.seat(RED)
    r["money"] = 10
    r["materials"][:] = (1, 0, 0)
    plain = t.place(RED, Location.REPAIR, 3)
    helped = t.place(RED, Location.REPAIR, 1, apprentices=1)
    assert searches(t, plain, Location.REPAIR, 3) == []
    assert searches(t, helped, Location.REPAIR, 2) == [
        (CardRow.REPAIRS, Family.STRINGS),
        (CardRow.REPAIRS, Family.WINDS),
        (CardRow.REPAIRS, Family.PK),
    ]
    do(t, helped, Location.REPAIR, 2, Opt.SEARCH, CardRow.REPAIRS, Family.WINDS)
    assert r["repairs"].tolist() == [0, 1, 0]
    assert deck_left(t, CardRow.REPAIRS) == [r1, r17]
    assert r["appr_lost"] == 1
    assert t.g["discs"][CardRow.REPAIRS, 0] == r9
    (search,) = [e[3:8].tolist() for e in t.events() if e[2] == Ev.SEARCH]
    assert search == [CardRow.REPAIRS, r9, 10, 0, Family.WINDS]
    (repair,) = [e[3:7].tolist() for e in t.events() if e[2] == Ev.REPAIR]
    assert repair == [r9, 1, 0, 0]  # one animal paid


def test_repair_search_is_offered_blind(cards):
    """Ruling 27: a family is offered for every family the repair deck's backs show,
    whether or not the seat could pay for the card a search would find, in any deck order;
    a family the deck does not hold is not offered."""
    r9, r1, r15 = (cards.index("repairs", x) for x in ("r9", "r1", "r15"))  # r15: 2 metal
    assert [cards.arrays.repair_family[c] for c in (r9, r1, r15)] == [
        Family.WINDS,
        Family.STRINGS,
        Family.WINDS,
    ]
    offered = set()
    for order in ([r9, r1, r15], [r15, r1, r9], [r1, r9, r15]):
        for materials in ((1, 0, 0), (0, 0, 0), (0, 0, 9)):
            t = Table(cards)
            deck(t, CardRow.REPAIRS, order)
            r = t.seat(RED)
            r["money"], r["inspiration"] = 10, 0
            r["materials"][:] = materials
            i = t.place(RED, Location.REPAIR, 1, apprentices=1)
            offered.add(tuple(searches(t, i, Location.REPAIR, 2)))
    assert offered == {((CardRow.REPAIRS, Family.STRINGS), (CardRow.REPAIRS, Family.WINDS))}


def test_repair_search_needs_the_search_cost_and_an_apprentice(cards):
    r1 = cards.index("repairs", "r1")
    t = Table(cards)
    deck(t, CardRow.REPAIRS, [r1])
    r = t.seat(RED)
    r["money"], r["inspiration"], r["materials"][:] = 9, 0, (5, 5, 5)
    helped = t.place(RED, Location.REPAIR, 1, apprentices=1)
    plain = t.place(RED, Location.REPAIR, 3)
    assert searches(t, helped, Location.REPAIR, 2) == []  # 9 of the 10
    r["inspiration"] = 1
    assert searches(t, helped, Location.REPAIR, 2) == [(CardRow.REPAIRS, Family.STRINGS)]
    assert searches(t, plain, Location.REPAIR, 3) == []


def test_a_found_repair_the_seat_cannot_pay_for_goes_back_on_top(cards):
    """Ruling 27: the searcher pays the 10 and the apprentice and takes the first winds
    card (r15, 2 metal); without the metal (or 4 inspiration) it is not made: it goes back
    on top of the repair deck, the cost and the apprentice stay spent, nothing scores."""
    r9, r1, r15 = (cards.index("repairs", x) for x in ("r9", "r1", "r15"))
    t = Table(cards)
    deck(t, CardRow.REPAIRS, [r9, r15, r1])  # r1 on top, r15 the first winds card
    r = t.seat(RED)
    r["money"], r["inspiration"] = 10, 3
    r["materials"][:] = (1, 0, 0)
    i = t.place(RED, Location.REPAIR, 1, apprentices=1)
    t.pay_with(RED, "money")
    do(t, i, Location.REPAIR, 2, Opt.SEARCH, CardRow.REPAIRS, Family.WINDS)
    assert deck_left(t, CardRow.REPAIRS) == [r9, r1, r15]  # r15 now on top
    assert (r["money"], r["inspiration"], r["materials"].tolist()) == (0, 3, [1, 0, 0])
    assert (r["appr_lost"], r["n_searched"], t.g["pl_appr"][i]) == (1, 1, 0)
    assert (r["prestige"], r["repairs"].tolist()) == (0, [0, 0, 0])
    codes = [e[2] for e in t.events()]
    assert Ev.REPAIR not in codes
    (search,) = [e[3:8].tolist() for e in t.events() if e[2] == Ev.SEARCH]
    assert search == [CardRow.REPAIRS, r15, 10, 0, Family.WINDS]
    (back,) = [e[3:5].tolist() for e in t.events() if e[2] == Ev.SEARCH_BACK]
    assert back == [CardRow.REPAIRS, r15]
    assert int(t.g["cev_n"]) == 0  # no card taken: the pick and acquisition counts skip it


def test_a_search_is_paid_by_any_split_and_the_card_then_decides(cards):
    """Ruling 27 with ruling 24: the card is not known when the 10 is paid, so every split
    is offered; r15 (2 metal, 2 inspiration each) is made only if 4 inspiration are left."""
    r15 = cards.index("repairs", "r15")
    made = {}
    for resource in ("money", "inspiration"):
        t = Table(cards)
        deck(t, CardRow.REPAIRS, [r15])
        r = t.seat(RED)
        r["money"], r["inspiration"] = 10, 10
        r["materials"][:] = (0, 0, 0)
        i = t.place(RED, Location.REPAIR, 1, apprentices=1)
        t.pay_with(RED, resource)
        do(t, i, Location.REPAIR, 2, Opt.SEARCH, CardRow.REPAIRS, Family.WINDS)
        made[resource] = r["repairs"].tolist(), deck_left(t, CardRow.REPAIRS)
    assert made["money"] == ([0, 1, 0], [])  # 10 inspiration left, 4 of them for the metal
    assert made["inspiration"] == ([0, 0, 0], [r15])  # all 10 inspiration spent: back on top
