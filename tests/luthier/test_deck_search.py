"""Deck searches by card back (rulebook p.15, ruling 20): instrument and repair cards by
family, the first matching card from the top, the others in order; Repair searchable."""

from __future__ import annotations

from simcore.games.luthier.actions_nb import main_action_nb, main_options_nb
from simcore.games.luthier.codes import Ev, Opt
from simcore.games.luthier.enums import CardRow, Family, Location
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


def test_repair_search_needs_the_card_it_finds_to_be_payable(cards):
    """Ruling 20 with p.20 ("If you do not have the required materials (or inspiration) for
    a repair, then you cannot choose that card"): the search takes the first card of the
    family from the top, so a family is offered only if that card can be paid after the
    search cost; the split of the 10 then leaves enough inspiration (ruling 24)."""
    r9, r1, r15 = (cards.index("repairs", x) for x in ("r9", "r1", "r15"))  # r15: 2 metal
    t = Table(cards)
    deck(t, CardRow.REPAIRS, [r9, r1, r15])  # r15, a winds repair, on top
    r = t.seat(RED)
    r["money"], r["inspiration"] = 10, 0
    r["materials"][:] = (1, 0, 0)
    i = t.place(RED, Location.REPAIR, 1, apprentices=1)
    assert searches(t, i, Location.REPAIR, 2) == [(CardRow.REPAIRS, Family.STRINGS)]
    r["money"], r["inspiration"] = 6, 8  # 4 inspiration toward the 10, 4 for the 2 metal
    assert (CardRow.REPAIRS, Family.WINDS) in searches(t, i, Location.REPAIR, 2)
    r["money"], r["inspiration"] = 6, 7
    assert (CardRow.REPAIRS, Family.WINDS) not in searches(t, i, Location.REPAIR, 2)
    r["money"], r["inspiration"] = 6, 8
    do(t, i, Location.REPAIR, 2, Opt.SEARCH, CardRow.REPAIRS, Family.WINDS)
    (search,) = [e[3:8].tolist() for e in t.events() if e[2] == Ev.SEARCH]
    assert search == [CardRow.REPAIRS, r15, 6, 4, Family.WINDS]  # the only split that works
    (repair,) = [e[3:8].tolist() for e in t.events() if e[2] == Ev.REPAIR]
    assert repair == [r15, 0, 0, 0, 4]  # both metal from 4 inspiration
