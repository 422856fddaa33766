"""The main-board 4+ location bonus and its rules switch (ruling 23).

Rulebook p.14: "a bonus which you will receive after you've performed an action with a
worker chip of 4 skill or higher". Ruling 23: any action, the alternate actions and the
plain 2 money included (the shipped reading, rule number `location_bonus_main_only` =
0); the rules switch `location_bonus_main_only` = 1 plays the other reading, main actions
only, so `tutti whatif --set rules.location_bonus_main_only.value=1` can measure it
(tests/reports/test_whatif.py).
"""

from __future__ import annotations

import pytest

from simcore.games.luthier.actions.actions_nb import location_bonus_due_nb, worker_acts_nb
from simcore.games.luthier.carddata.cards import load_cards
from simcore.games.luthier.carddata.cards_patch import parse_patch
from simcore.games.luthier.state.codes import Ev, Why
from simcore.games.luthier.state.enums import CardRow, Location, Rule, Track
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import RED, Table

MAIN_ONLY = "rules.location_bonus_main_only.value=1"


@pytest.fixture(scope="module")
def main_only():
    return load_cards(None, [parse_patch(MAIN_ONLY)])


def codes(t: Table, code: int) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in row[3:]) for row in t.events() if row[2] == code]


def test_the_switch_is_a_rule_number(cards, main_only):
    """Shipped 0 (ruling 23's reading); `--set` turns it to 1; only 0 and 1 are valid."""
    assert cards.arrays.rules[Rule.LOCATION_BONUS_MAIN_ONLY] == 0
    assert main_only.arrays.rules[Rule.LOCATION_BONUS_MAIN_ONLY] == 1
    from simcore.errors import CardDataError

    with pytest.raises(CardDataError):
        load_cards(None, [parse_patch("rules.location_bonus_main_only.value=2")])


@pytest.mark.parametrize("loc", [Location.SALON, Location.GUILD, Location.BALCONY])
def test_which_actions_the_bonus_follows(cards, main_only, loc):
    """Ruling 23 for one chip: main action or not, skill 3 or 4, either setting."""
    for card_set, after_alt in ((cards, True), (main_only, False)):
        a = card_set.table
        assert location_bonus_due_nb(a, loc, 4, True)
        assert location_bonus_due_nb(a, loc, 4, False) == after_alt
        assert not location_bonus_due_nb(a, loc, 3, True)
    for bench in (Location.ROUGHING, Location.FINISHING):  # main-board locations only
        assert not location_bonus_due_nb(cards.table, bench, 6, True)


def balcony_alternate(card_set, seed: int) -> Table:
    """A chip of skill 4 at the Balcony with no award to claim: only alternate actions
    (6 money, 2 apprentices, or the 2 money) are open."""
    t = Table(card_set)
    seed_streams_nb(seed, t.g["rng"])
    worker_acts_nb(*t.args(), t.place(RED, Location.BALCONY, 4))
    assert codes(t, Ev.ALT), seed
    return t


def test_an_alternate_action_gets_the_bonus_by_default(cards):
    """Ruling 23 (shipped): the Balcony's 4+ bonus (a reputation step) follows an alternate
    action."""
    for seed in range(4):
        t = balcony_alternate(cards, seed)
        assert t.seat(RED)["tracks"][Track.REPUTATION] == 1, seed


def test_main_actions_only_gives_no_bonus_after_an_alternate_action(main_only):
    """Ruling 23, the switch: no reputation step after the Balcony's alternate actions."""
    for seed in range(4):
        t = balcony_alternate(main_only, seed)
        assert t.seat(RED)["tracks"][Track.REPUTATION] == 0, seed
        assert codes(t, Ev.TRACK) == []


def test_main_actions_only_still_gives_the_bonus_after_a_main_action(cards, main_only):
    """Ruling 23, the switch: a Guild chip of skill 4 that takes a card gets its material of
    choice; one that takes the 2 money does not."""
    violin = cards.index("instruments", "violin")
    seen = set()
    for seed in range(16):
        t = Table(main_only)
        seed_streams_nb(seed, t.g["rng"])
        t.g["rows"][CardRow.INSTRUMENTS, 0, 0] = violin
        worker_acts_nb(*t.args(), t.place(RED, Location.GUILD, 4))
        main = bool(codes(t, Ev.TAKE_CARD))
        bonus = [e for e in codes(t, Ev.GAIN) if e[2] == Why.LOCATION_BONUS]
        assert len(bonus) == (1 if main else 0), seed
        seen.add(main)
    assert seen == {True, False}
