"""Apprentice supply: 3 per colour, fewer after deck searches; lost gains are logged (ruling 26).

Rulebook p.12: at most 3 apprentices (in the supply, placed, or in the action being
resolved); p.15: a deck search removes its apprentice from the game. Ruling 26: a
gain beyond the limit is lost, and the transcript says so.
"""

from __future__ import annotations

from simcore.games.luthier.actions.actions_nb import worker_acts_nb
from simcore.games.luthier.output.transcript import Renderer
from simcore.games.luthier.play.engine import PlayedGame
from simcore.games.luthier.rules.resources_nb import gain_apprentices_nb
from simcore.games.luthier.state.codes import Ev, Why
from simcore.games.luthier.state.enums import Location, Res
from simcore.games.luthier.state.work import snapshot_buffers
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import RED, Table


def codes(t: Table, code: int) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in row[3:]) for row in t.events() if row[2] == code]


def rendered(cards, t: Table) -> list[str]:
    played = PlayedGame(t.g, t.s, t.events().copy(), (), *snapshot_buffers(0))
    return Renderer(cards, played).render()


def test_a_gain_at_the_limit_is_logged_as_lost(cards):
    """Ruling 26: holding 3 of 3, a gift's apprentice is lost, and logged: 1 lost, 3 held,
    limit 3, why."""
    t = Table(cards)
    t.seat(RED)["apprentices"] = 3
    assert gain_apprentices_nb(*t.args(), RED, 1, Why.GIFT) == 0
    assert t.seat(RED)["apprentices"] == 3
    assert codes(t, Ev.GAIN) == []
    assert codes(t, Ev.APPRENTICES_LOST) == [(1, 3, 3, Why.GIFT, 0)]
    assert rendered(cards, t) == ["  Red: +1 apprentice (gift): none, 3/3 held"]


def test_placed_apprentices_count_towards_the_limit(cards):
    """Rulebook p.12: apprentices on unresolved chips count; 1 in supply + 2 placed = 3."""
    t = Table(cards)
    t.seat(RED)["apprentices"] = 1
    t.place(RED, Location.GUILD, 3, apprentices=2)
    assert gain_apprentices_nb(*t.args(), RED, 1, Why.TRACK) == 0
    assert codes(t, Ev.APPRENTICES_LOST) == [(1, 3, 3, Why.TRACK, 0)]


def test_part_of_a_gain_is_lost(cards):
    """Ruling 26: the Balcony's 2 apprentices with room for 1: one gained, one lost."""
    t = Table(cards)
    t.seat(RED)["apprentices"] = 2
    assert gain_apprentices_nb(*t.args(), RED, 2, Why.ALTERNATE) == 1
    assert t.seat(RED)["apprentices"] == 3
    assert codes(t, Ev.GAIN) == [(Res.APPRENTICE, 1, Why.ALTERNATE, 0, 0)]
    assert codes(t, Ev.APPRENTICES_LOST) == [(1, 3, 3, Why.ALTERNATE, 0)]
    assert rendered(cards, t) == ["  Red: +1 apprentice, 1 more apprentice lost, 3/3 held"]


def test_after_a_deck_search_the_limit_is_two(cards):
    """Ruling 26: an apprentice a deck search removed is gone; holding 2, the limit is 2 and
    the transcript names the reason."""
    t = Table(cards)
    r = t.seat(RED)
    r["appr_lost"] = 1
    r["apprentices"] = 2
    assert gain_apprentices_nb(*t.args(), RED, 1, Why.SLOT_BONUS) == 0
    assert codes(t, Ev.APPRENTICES_LOST) == [(1, 2, 2, Why.SLOT_BONUS, 0)]
    assert rendered(cards, t) == [
        "  Red: +1 apprentice (slot bonus): lost, limit 2 after a deck search (2/2 held)"
    ]


def test_a_gain_within_the_limit_logs_no_loss(cards):
    t = Table(cards)
    t.seat(RED)["apprentices"] = 1
    assert gain_apprentices_nb(*t.args(), RED, 2, Why.ALTERNATE) == 2
    assert codes(t, Ev.APPRENTICES_LOST) == []


def test_the_salon_alternate_action_at_the_limit(cards):
    """Rulebook: Salon alternate action, "2 inspiration and 1 apprentice if possible": at
    3 of 3 the apprentice is logged as lost, through the real flow."""
    for seed in range(8):
        t = Table(cards)
        seed_streams_nb(seed, t.g["rng"])  # a random seat: 2 money or the alternate action
        t.seat(RED)["apprentices"] = 3
        worker_acts_nb(*t.args(), t.place(RED, Location.SALON, 1))
        alt = codes(t, Ev.ALT)
        if alt and alt[0][:2] == (Location.SALON, 0):
            assert codes(t, Ev.APPRENTICES_LOST) == [(1, 3, 3, Why.ALTERNATE, 0)]
            return
    raise AssertionError("no seed took the Salon alternate action")
