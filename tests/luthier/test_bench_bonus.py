"""The workbench material bonuses are always used (rulebook p.23; issue 16 item 7).

Finishing 4+ and roughing 5+ take one material off one instrument. The engine once
listed the full price next to the discounted plans (the bonus "kept for a second
instrument" even when there was none), so random seats paid full price in about one
finish in six: `tutti play --players 4 --seed 3`, Red's skill-4 worker finishing a
Guitar for 1 animal + 1 wood. Now the bonus may be kept only when the same worker
can then use it on a second instrument (craft track "finish 2x" / "rough 2x"), and
keeping it binds the worker to that second instrument.
"""

from __future__ import annotations

import pytest

from simcore.games.luthier.actions.actions_nb import main_options_nb, worker_acts_nb
from simcore.games.luthier.actions.instruments_nb import bench_work_nb
from simcore.games.luthier.play.engine import play_game
from simcore.games.luthier.rules.priority_nb import skill_nb
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.enums import Location, Track
from simcore.games.luthier.state.track_steps import CRAFT_FINISH_2X, CRAFT_ROUGH_2X
from simcore.kernels.rng_nb import seed_streams_nb
from strategies.luthier.registry import STRATEGIES, parse_seats
from tests.luthier.state import RED, Table

EMPTY = -1
NO_SPECIALTY = -1


def setup(cards, seed=0, rough=(), finish=(), materials=(0, 0, 0), craft=0) -> Table:
    t = Table(cards)
    seed_streams_nb(seed, t.g["rng"])
    r = t.seat(RED)
    r["rough_bench"][:] = EMPTY
    r["finish_bench"][:] = EMPTY
    r["rough_bench"][: len(rough)] = rough
    r["finish_bench"][: len(finish)] = finish
    r["materials"][:] = materials
    r["tracks"][Track.CRAFT] = craft
    return t


def plans(t: Table, loc: int, chip: int) -> list[tuple[int, ...]]:
    """(slot, animal, wood, metal off) of every main option of a chip placed at `loc`."""
    i = t.place(RED, loc, chip)
    skill = skill_nb(t.cards.table, t.g, t.s, i)
    n = main_options_nb(*t.opt_args(), RED, i, loc, skill, NO_SPECIALTY)
    return sorted(tuple(int(x) for x in t.w.opts[k, 1:5]) for k in range(n))


def paid(t: Table, code: int) -> list[int]:
    """Materials paid by each ROUGH or FINISH event, in order."""
    return [int(row[4:7].sum()) for row in t.events() if row[2] == code]


def test_finishing_four_plus_never_pays_the_full_price(cards):
    """Issue 16 item 7, the transcript's case: a skill-4 worker finishing a Guitar (1 animal +
    1 wood) with no second instrument to finish pays one material, whatever it picks."""
    guitar = cards.index("instruments", "guitar")
    assert cards.table.inst_finish[guitar].tolist() == [1, 1, 0]
    t = setup(cards, finish=[guitar], materials=(1, 1, 0))
    assert plans(t, Location.FINISHING, 4) == [(0, 0, 1, 0), (0, 1, 0, 0)]
    finished = []
    for seed in range(16):  # a random seat, acting through the real flow (or taking 2 money)
        t = setup(cards, seed, finish=[guitar], materials=(1, 1, 0))
        worker_acts_nb(*t.args(), t.place(RED, Location.FINISHING, 4))
        finished += paid(t, Ev.FINISH)
    assert len(finished) > 8 and set(finished) == {1}


def test_roughing_five_plus_never_pays_the_full_price(cards):
    """Issue 16 item 7, the same for roughing 5+ (p.23: one material less)."""
    guitar = cards.index("instruments", "guitar")  # rough 2 wood
    t = setup(cards, rough=[guitar], materials=(0, 2, 0))
    assert plans(t, Location.ROUGHING, 5) == [(0, 0, 1, 0)]
    roughed = []
    for seed in range(16):
        t = setup(cards, seed, rough=[guitar], materials=(0, 2, 0))
        worker_acts_nb(*t.args(), t.place(RED, Location.ROUGHING, 5))
        roughed += paid(t, Ev.ROUGH)
    assert len(roughed) > 8 and set(roughed) == {1}


def test_below_the_threshold_the_full_price_is_paid(cards):
    """Skill 3 at finishing, 4 at roughing: no bonus, the printed cost."""
    guitar = cards.index("instruments", "guitar")
    t = setup(cards, finish=[guitar], rough=[guitar], materials=(2, 4, 0))
    assert plans(t, Location.FINISHING, 3) == [(0, 0, 0, 0)]
    assert plans(t, Location.ROUGHING, 4) == [(0, 0, 0, 0)]


def test_the_bonus_is_kept_only_for_a_second_instrument_it_can_pay(cards):
    """With "finish 2x" and two Guitars, the first may be finished at full price only if the
    second can then be finished with the bonus."""
    guitar = cards.index("instruments", "guitar")
    with_second = setup(cards, finish=[guitar, guitar], materials=(2, 2, 0), craft=CRAFT_FINISH_2X)
    listed = plans(with_second, Location.FINISHING, 4)
    assert (0, 0, 0, 0) in listed and (1, 0, 0, 0) in listed
    # (1, 1, 0) left after a full-price first Guitar: 1 animal + 1 wood less one material
    assert len(listed) == 6
    short = setup(cards, finish=[guitar, guitar], materials=(1, 1, 0), craft=CRAFT_FINISH_2X)
    assert plans(short, Location.FINISHING, 4) == [
        (0, 0, 1, 0),
        (0, 1, 0, 0),
        (1, 0, 1, 0),
        (1, 1, 0, 0),
    ]
    alone = setup(cards, finish=[guitar], materials=(2, 2, 0), craft=CRAFT_FINISH_2X)
    assert plans(alone, Location.FINISHING, 4) == [(0, 0, 1, 0), (0, 1, 0, 0)]


def test_a_kept_bonus_binds_the_worker_to_the_second_instrument(cards):
    """A first Guitar finished at full price: the second must be finished, with the bonus
    (the worker is not offered "done" while it can)."""
    guitar = cards.index("instruments", "guitar")
    for seed in range(12):
        t = setup(cards, seed, finish=[guitar, guitar], materials=(2, 2, 0), craft=CRAFT_FINISH_2X)
        t.w.opts[0] = (Opt.FINISH, 0, 0, 0, 0, 0)
        bench_work_nb(*t.args(), RED, True, 4, 0)
        assert paid(t, Ev.FINISH) == [2, 1], seed
        assert t.seat(RED)["finish_bench"].tolist() == [EMPTY, EMPTY]


def test_roughing_keeps_the_bonus_only_with_room_for_both(cards):
    """Rough 2x: keeping the 5+ bonus needs a second card and two free finishing slots."""
    guitar = cards.index("instruments", "guitar")
    violin = cards.index("instruments", "violin")
    two = setup(cards, rough=[guitar, guitar], materials=(0, 4, 0), craft=CRAFT_ROUGH_2X)
    assert (0, 0, 0, 0) in plans(two, Location.ROUGHING, 5)
    full = setup(
        cards, rough=[guitar, guitar], finish=[violin], materials=(0, 4, 0), craft=CRAFT_ROUGH_2X
    )
    assert plans(full, Location.ROUGHING, 5) == [(0, 0, 1, 0), (1, 0, 1, 0)]


def bench_workers(cards, log) -> list[tuple[int, int, int, int]]:
    """(location, skill, printed cost, materials paid) of every bench worker that roughed
    or finished, from a game's event log."""
    a = cards.table
    workers = []
    current = None
    for row in log:
        code = int(row[2])
        if code == Ev.WORKER_ACTS:
            current = [int(row[3]), int(row[5]), 0, 0]
            workers.append(current)
        elif code in (Ev.ROUGH, Ev.FINISH) and current is not None:
            costs = a.inst_rough if code == Ev.ROUGH else a.inst_finish
            current[2] += int(costs[row[3]].sum())
            current[3] += int(row[4:7].sum())
    return [(loc, skill, cost, pay) for loc, skill, cost, pay in workers if cost > 0]


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_every_strategy_always_gets_the_bench_bonus(cards, strategy):
    """Over whole games, every worker of skill 4+ at finishing (5+ at roughing) pays at least
    one material less than the printed costs of the instruments it works on."""
    checked = 0
    for seed in range(6):
        played = play_game(cards, 4, 100 + seed, parse_seats(strategy, 4))
        for loc, skill, cost, pay in bench_workers(cards, played.log):
            if skill >= (4 if loc == Location.FINISHING else 5):
                checked += 1
                assert pay <= cost - 1, (seed, loc, skill, cost, pay)
    if strategy in ("random", "crafter"):
        assert checked > 0
