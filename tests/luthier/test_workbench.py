"""The workbench, repairs, tier access and tracks (rulebook pp.15, 19-20, 23; rulings 6-7, 9)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.luthier.actions.access_nb import tier_cost_nb
from simcore.games.luthier.actions.actions_nb import (
    alternate_options_nb,
    main_options_nb,
    worker_acts_nb,
)
from simcore.games.luthier.actions.costs_nb import add_plan_options_nb
from simcore.games.luthier.actions.instruments_nb import (
    bench_work_nb,
    finish_nb,
    finish_options_nb,
    guild_options_nb,
    rough_nb,
    rough_options_nb,
    take_card_nb,
)
from simcore.games.luthier.actions.repair_nb import (
    access_inspiration_limit_nb,
    repair_nb,
    repair_options_nb,
)
from simcore.games.luthier.rules.orchestra_nb import INSTRUMENT_TOKEN, REPAIR_TOKEN
from simcore.games.luthier.rules.priority_nb import skill_nb
from simcore.games.luthier.rules.resources_nb import apprentice_cap_nb
from simcore.games.luthier.rules.tracks_nb import advance_track_nb, can_train_nb
from simcore.games.luthier.state.codes import Ev, Opt, Why
from simcore.games.luthier.state.enums import CardRow, Family, Location, Res, Rule, Source, Track
from simcore.games.luthier.state.track_steps import TRACK_FINAL
from simcore.kernels.rng_nb import seed_streams_nb
from tests.luthier.state import RED, YELLOW, Table

EMPTY = -1
NO_SPECIALTY = -1  # main_options_nb: no specialty card acting (ruling 13)


def opt_rows(t: Table, n: int) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in t.w.opts[i]) for i in range(n)]


def events(t: Table, code: int) -> list[tuple[int, ...]]:
    """Event rows (seat, a, b, c, d, e) of one code, in order."""
    return [(int(row[1]), *(int(x) for x in row[3:])) for row in t.events() if row[2] == code]


def write_opt(t: Table, kind: int, a=0, b=0, c=0, d=0, e=0, row: int = 0) -> int:
    """Write an option row by hand, as a strategy's pick would leave it; returns its index."""
    t.w.opts[row] = (kind, a, b, c, d, e)
    return row


def seeded(cards, seed: int) -> Table:
    t = Table(cards)
    seed_streams_nb(seed, t.g["rng"])
    return t


def inst(cards, name: str) -> int:
    return cards.index("instruments", name)


def bench(t: Table, p: int, rough=(), finish=(), materials=(0, 0, 0)) -> None:
    r = t.seat(p)
    r["rough_bench"][:] = EMPTY
    r["finish_bench"][:] = EMPTY
    r["rough_bench"][: len(rough)] = rough
    r["finish_bench"][: len(finish)] = finish
    r["materials"][:] = materials


def bench_options(t: Table, p: int, loc: int, chip: int, apprentices: int = 0):
    """Main options of a chip placed at a bench location, with its skill (ruling 9)."""
    i = t.place(p, loc, chip, apprentices)
    skill = skill_nb(t.cards.table, t.g, t.s, i)
    n = main_options_nb(*t.opt_args(), p, i, loc, skill, NO_SPECIALTY)
    return opt_rows(t, n), skill


# ---------------------------------------------------------------- the violin card (p.18)


def test_violin_card_example(cards):
    """Rulebook p.18 "Instrument Card Diagram" and p.23 (Roughing, Finishing).

    The violin needs 1 animal + 1 wood to rough out, then 1 wood to finish; once
    finished it earns 2 prestige and an instrument token in the Orchestra, and the
    card is discarded (no patron takes it).
    """
    a = cards.table
    violin = inst(cards, "violin")
    assert a.inst_rough[violin].tolist() == [1, 1, 0]
    assert a.inst_finish[violin].tolist() == [0, 1, 0]
    assert a.inst_prestige[violin] == 2
    t = Table(cards)
    r = t.seat(RED)
    bench(t, RED, rough=[violin], materials=(1, 2, 0))

    n = rough_options_nb(a, t.s, RED, t.w.opts, 0, 0)
    assert opt_rows(t, n) == [(Opt.ROUGH, 0, 0, 0, 0, 0)]
    rough_nb(*t.args(), RED, 0)

    assert r["rough_bench"].tolist() == [EMPTY, EMPTY]
    assert r["finish_bench"].tolist() == [violin, EMPTY]
    assert r["materials"].tolist() == [0, 1, 0]
    assert events(t, Ev.ROUGH) == [(RED, violin, 1, 1, 0, 0)]
    assert r["n_roughed"] == 1

    n = finish_options_nb(a, t.s, RED, t.w.opts, 0, 0, False, False)
    assert opt_rows(t, n) == [(Opt.FINISH, 0, 0, 0, 0, 0)]
    finish_nb(*t.args(), RED, write_opt(t, Opt.FINISH, 0))

    assert events(t, Ev.FINISH) == [(RED, violin, 0, 1, 0, 0)]
    assert r["finish_bench"].tolist() == [EMPTY, EMPTY]
    assert r["prestige_src"][Source.INSTRUMENTS] == 2
    assert r["prestige_src"][Source.TRACKS] == 0
    assert r["finished"].tolist() == [1, 0, 0] and r["finished_rare"] == 0
    placed = np.flatnonzero(t.g["tokens"][:, RED, INSTRUMENT_TOKEN]).tolist()
    assert len(placed) == 1 and placed[0] in a.inst_spots[violin, :2].tolist()
    assert t.g["tokens"][:, RED].sum() == 1
    # the materials left are the chair bonus of the violin spot taken
    bonus = a.spot_bonus[placed[0]]
    assert r["materials"].tolist() == bonus[Res.ANIMAL : Res.METAL + 1].tolist()
    assert r["money"] == bonus[Res.MONEY]
    disc = t.g["discs"][CardRow.INSTRUMENTS]
    assert t.g["disc_n"][CardRow.INSTRUMENTS] == 1 and disc[0] == violin


def test_missing_materials_mean_no_roughing_option(cards):
    """Rulebook p.23: the roughing cost is discarded from storage; without it, no option."""
    violin = inst(cards, "violin")
    t = Table(cards)
    bench(t, RED, rough=[violin], materials=(1, 0, 5))
    assert rough_options_nb(cards.table, t.s, RED, t.w.opts, 0, 0) == 0


# ---------------------------------------------------------------- bench rules


def test_no_roughing_while_the_finishing_bench_is_full(cards):
    """Rulebook p.23 (Workbench Location): roughing needs room on the finishing bench."""
    a = cards.table
    violin, viola = inst(cards, "violin"), inst(cards, "viola")
    t = Table(cards)
    bench(t, RED, rough=[violin], finish=[viola, viola], materials=(3, 3, 3))
    assert rough_options_nb(a, t.s, RED, t.w.opts, 0, 1) == 0
    rows, _ = bench_options(t, RED, Location.ROUGHING, 5)
    assert rows == []
    t.seat(RED)["finish_bench"][1] = EMPTY
    assert rough_options_nb(a, t.s, RED, t.w.opts, 0, 0) == 1


def test_impossible_bench_action_takes_two_money(cards):
    """Rulebook p.23: "If you do not have the required materials in your storage, or your
    finishing bench is already full when trying to rough, collect 2 money" (p.13: the
    2 money alternate action is always available)."""
    violin, viola = inst(cards, "violin"), inst(cards, "viola")
    cases = {
        "bench full": dict(rough=[violin], finish=[viola, viola], materials=(3, 3, 3)),
        "no materials": dict(rough=[violin], materials=(0, 3, 3)),
        "nothing to rough": dict(materials=(3, 3, 3)),
    }
    for name, setup in cases.items():
        t = Table(cards)
        bench(t, RED, **setup)
        r = t.seat(RED)
        benches = (r["rough_bench"].tolist(), r["finish_bench"].tolist())
        i = t.place(RED, Location.ROUGHING, 5)
        worker_acts_nb(*t.args(), i)
        assert r["money"] == cards.arrays.rules[Rule.ALT_MONEY] == 2, name
        assert (r["rough_bench"].tolist(), r["finish_bench"].tolist()) == benches, name
        assert r["materials"].tolist() == list(setup["materials"]), name
        assert (r["n_alt"], r["n_roughed"], t.g["pl_done"][i]) == (1, 0, 1), name


def test_two_money_is_always_an_option(cards):
    """Rulebook p.13 (Alternate Action): at every location, main board and workbench, the
    worker can always take 2 money - next to the main actions when they are possible."""
    violin, viola = inst(cards, "violin"), inst(cards, "viola")
    for loc in Location:
        t = Table(cards)
        g = t.g
        g["rows"][CardRow.INSTRUMENTS, 0, 0] = violin
        g["rows"][CardRow.PERFORMANCES, 0, 0] = cards.index("performances", "p1")
        g["rows"][CardRow.REPAIRS, 0, 0] = cards.index("repairs", "r1")
        bench(t, RED, rough=[violin], finish=[viola], materials=(2, 2, 2))
        t.seat(RED)["money"] = 20
        i = t.place(RED, loc, 3)
        n_main = main_options_nb(*t.opt_args(), RED, i, loc, 3, NO_SPECIALTY)
        n = alternate_options_nb(*t.opt_args(), RED, loc, n_main)
        kinds = [row[0] for row in opt_rows(t, n)]
        assert kinds.count(Opt.ALT_MONEY) == 1, loc
        assert Opt.ALT_MONEY not in kinds[:n_main], loc
        if loc in (Location.GUILD, Location.PERFORM, Location.REPAIR):
            assert n_main > 0, loc
        if loc in (Location.ROUGHING, Location.FINISHING):
            assert n_main > 0 and n == n_main + 1, loc  # no other alternate on the bench


def test_roughing_three_plus_gives_two_inspiration(cards):
    """Rulebook p.23: roughing 3+ skill bonus, two inspiration tokens."""
    violin = inst(cards, "violin")
    for skill, expected in [(2, 0), (3, 2), (5, 2)]:
        t = Table(cards)
        bench(t, RED, rough=[violin], materials=(1, 1, 0))
        bench_work_nb(*t.args(), RED, False, skill, write_opt(t, Opt.ROUGH, 0))
        assert t.seat(RED)["inspiration"] == expected, skill
        assert t.seat(RED)["finish_bench"][0] == violin


def test_roughing_five_plus_takes_one_material_off(cards):
    """Rulebook p.23: roughing 5+, the material requirement of one instrument is reduced by
    one of the seat's choice. The reduced plans appear only from skill 5."""
    violin = inst(cards, "violin")  # rough 1 animal + 1 wood
    t = Table(cards)
    bench(t, RED, rough=[violin], materials=(1, 0, 0))  # no wood
    rows, skill = bench_options(t, RED, Location.ROUGHING, 4)
    assert skill == 4 and rows == []
    rows, skill = bench_options(t, RED, Location.ROUGHING, 5)
    assert skill == 5 and rows == [(Opt.ROUGH, 0, 0, 1, 0, 0)]  # wood taken off
    t.seat(RED)["materials"][:] = (1, 1, 0)
    rows, _ = bench_options(t, RED, Location.ROUGHING, 5)
    assert sorted(rows) == [
        (Opt.ROUGH, 0, 0, 1, 0, 0),
        (Opt.ROUGH, 0, 1, 0, 0, 0),
    ]  # never both materials off, and never none (issue 16 item 7: the bonus is always used)
    rows, _ = bench_options(t, RED, Location.ROUGHING, 4)
    assert rows == [(Opt.ROUGH, 0, 0, 0, 0, 0)]
    # add_plan_options_nb itself: optional = 0 lists the full price only
    cost = cards.arrays.inst_rough[violin]
    n = add_plan_options_nb(t.s, RED, t.w.opts, 0, Opt.ROUGH, 0, cost, 0, 0, 0, 0)
    assert opt_rows(t, n) == [(Opt.ROUGH, 0, 0, 0, 0, 0)]


def test_roughing_discount_applies_to_one_instrument_only(cards):
    """Rulebook p.23: "The bonus only reduces the material cost of one instrument, even if a
    worker is roughing two in the same action" (craft step 1: rough two, ruling 7)."""
    violin = inst(cards, "violin")
    for seed in range(12):
        # discount used on the first violin: the second cannot be roughed without wood
        t = seeded(cards, seed)
        t.seat(RED)["tracks"][Track.CRAFT] = 1
        bench(t, RED, rough=[violin, violin], materials=(1, 1, 0))
        bench_work_nb(*t.args(), RED, False, 5, write_opt(t, Opt.ROUGH, 0, 1, 0, 0))
        assert t.seat(RED)["n_roughed"] == 1, seed
        assert t.seat(RED)["rough_bench"].tolist() == [EMPTY, violin]
        # discount kept: the same worker uses it on the second violin (issue 16 item 7: a
        # kept bonus binds the worker to the second instrument, so it is never lost)
        t = seeded(cards, seed)
        t.seat(RED)["tracks"][Track.CRAFT] = 1
        bench(t, RED, rough=[violin, violin], materials=(2, 1, 0))
        bench_work_nb(*t.args(), RED, False, 5, write_opt(t, Opt.ROUGH, 0))
        assert t.seat(RED)["n_roughed"] == 2, seed
        assert t.seat(RED)["materials"].tolist() == [0, 0, 0]


def test_finishing_four_plus_takes_one_material_off(cards):
    """Rulebook p.23: finishing 4+, the material requirement of one instrument is reduced."""
    viola = inst(cards, "viola")  # finish 1 wood
    t = Table(cards)
    bench(t, RED, finish=[viola])
    rows, _ = bench_options(t, RED, Location.FINISHING, 3)
    assert rows == []
    rows, _ = bench_options(t, RED, Location.FINISHING, 4)
    assert rows == [(Opt.FINISH, 0, 0, 1, 0, 0)]
    t.seat(RED)["tracks"][Track.CRAFT] = 2  # +1 bench skill: chip 3 acts as 4
    rows, skill = bench_options(t, RED, Location.FINISHING, 3)
    assert skill == 4 and rows == [(Opt.FINISH, 0, 0, 1, 0, 0)]


def test_finishing_discount_applies_once_per_worker(cards):
    """Rulebook p.23: "The 4+ and 6+ bonuses only apply once per worker" (finish 2x, craft 4)."""
    viola = inst(cards, "viola")
    for seed in range(12):
        t = seeded(cards, seed)
        t.seat(RED)["tracks"][Track.CRAFT] = 4
        bench(t, RED, finish=[viola, viola])  # no wood at all
        bench_work_nb(*t.args(), RED, True, 4, write_opt(t, Opt.FINISH, 0, 0, 1, 0))
        assert t.seat(RED)["finish_bench"].tolist() == [EMPTY, viola], seed
        assert t.seat(RED)["finished"][Family.STRINGS] == 1


# Regression: finish_nb and bench_work_nb once read the 6+ flag w.opts[k, 5] after
# choose_spot_nb / console_nb had rewritten the option rows, losing the doubling for a
# FINISH row picked at an index the spot options overwrite (row 0, or rows 0-1 for
# the violin) and doubling a second instrument instead.


def test_finishing_six_plus_marks_every_plan_for_doubling(cards):
    """Rulebook p.23: finishing 6+ doubles the orchestra bonus; from skill 6 the finishing
    plans carry the doubling (e = 1), below 6 none does."""
    viola = inst(cards, "viola")
    t = Table(cards)
    bench(t, RED, finish=[viola], materials=(0, 1, 0))
    rows, skill = bench_options(t, RED, Location.FINISHING, 5, apprentices=1)
    assert skill == 6
    assert rows == [(Opt.FINISH, 0, 0, 1, 0, 1)]  # the 4+ wood off, always (issue 16 item 7)
    rows, skill = bench_options(t, RED, Location.FINISHING, 5)
    assert skill == 5
    assert rows == [(Opt.FINISH, 0, 0, 1, 0, 0)]


@pytest.mark.parametrize(
    "name, k",
    [
        pytest.param("viola", 0),
        ("viola", 1),
        ("viola", 5),
        pytest.param("violin", 0),
        pytest.param("violin", 1),
        ("violin", 2),
    ],
)
def test_finishing_six_plus_doubles_the_orchestra_bonus(cards, name, k):
    """Rulebook p.23: finishing 6+, "you double the bonus earned from the Orchestra".

    Viola first chair: 4 money (p.27), so 8 money with a 6-skill worker; the violin
    pays its spot's bonus twice. The chosen option row k is where a strategy's pick
    left it in w.opts: the outcome must not depend on k.
    """
    a = cards.table
    c = inst(cards, name)
    t = Table(cards)
    bench(t, RED, finish=[c], materials=(0, 1, 0))  # both finish with 1 wood
    bench_work_nb(*t.args(), RED, True, 6, write_opt(t, Opt.FINISH, 0, e=1, row=k))
    (at,) = np.flatnonzero(t.g["tokens"][:, RED, INSTRUMENT_TOKEN]).tolist()
    bonus = a.spot_bonus[at]
    r = t.seat(RED)
    assert r["money"] == 2 * bonus[Res.MONEY]
    assert r["materials"].tolist() == (2 * bonus[Res.ANIMAL : Res.METAL + 1]).tolist()
    if name == "viola":
        assert r["money"] == 8


def test_finishing_without_six_plus_pays_the_bonus_once(cards):
    """Rulebook p.23/p.27: without the 6+ bonus the viola's first chair pays 4 money."""
    viola = inst(cards, "viola")
    t = Table(cards)
    bench(t, RED, finish=[viola], materials=(0, 1, 0))
    finish_nb(*t.args(), RED, write_opt(t, Opt.FINISH, 0, e=0, row=3))
    assert t.seat(RED)["money"] == 4


def test_finishing_six_plus_doubles_one_instrument_only(cards):
    """Rulebook p.23: "The 4+ and 6+ bonuses only apply once per worker" (finish 2x, craft 4).

    The first viola takes the empty chair, doubled (2 x 4 money); the second lands
    beside Red's own viola token: its consolation is 1 inspiration or 2 money, not
    doubled.
    """
    viola = inst(cards, "viola")
    seen = set()
    for seed in range(16):
        t = seeded(cards, seed)
        t.seat(RED)["tracks"][Track.CRAFT] = 4
        bench(t, RED, finish=[viola, viola], materials=(0, 2, 0))
        bench_work_nb(*t.args(), RED, True, 6, write_opt(t, Opt.FINISH, 0, e=1))
        gains = [(e[1], e[2]) for e in events(t, Ev.GAIN) if e[3] == Why.ORCHESTRA]
        assert gains[:2] == [(Res.MONEY, 4), (Res.MONEY, 4)]  # the chair bonus, twice
        if t.seat(RED)["finished"][Family.STRINGS] == 2:
            assert gains[2:] in ([(Res.MONEY, 2)], [(Res.INSPIRATION, 1)]), seed
            seen.add(gains[2][0])
        else:
            assert gains[2:] == []
    assert seen == {Res.MONEY, Res.INSPIRATION}


def test_six_plus_is_not_used_again_after_a_consolation(cards):
    """Rulebook p.23: 6+ applies once per worker - also when the first instrument only
    consoles. Yellow holds the viola chair: Red's first viola (doubled) consoles with
    2 inspiration or 4 money; the second viola's consolation must not be doubled.

    Here the FINISH row sits at index 1, which the one-spot choice leaves intact (so
    finish_nb doubles), but the consolation choice rewrites rows 0-1 before
    bench_work_nb looks at w.opts[k, 5] again.
    """
    viola = inst(cards, "viola")
    at = cards.index("orchestra", "viola")
    for seed in range(16):
        t = seeded(cards, seed)
        t.g["tokens"][at, YELLOW, INSTRUMENT_TOKEN] = 1
        t.g["chair_seat"][at] = YELLOW
        t.g["chair_kind"][at] = INSTRUMENT_TOKEN
        t.seat(RED)["tracks"][Track.CRAFT] = 4
        bench(t, RED, finish=[viola, viola], materials=(0, 2, 0))
        bench_work_nb(*t.args(), RED, True, 6, write_opt(t, Opt.FINISH, 0, e=1, row=1))
        gains = [(e[1], e[2]) for e in events(t, Ev.GAIN) if e[3] == Why.ORCHESTRA]
        assert gains[0] in ((Res.MONEY, 4), (Res.INSPIRATION, 2)), seed
        assert gains[1:] in ([], [(Res.MONEY, 2)], [(Res.INSPIRATION, 1)]), seed


@pytest.mark.parametrize("rep, bonus", [(4, 0), (5, 2), (8, 2)])
def test_reputation_step_five_adds_two_prestige_per_instrument(cards, rep, bonus):
    """Ruling 7, reputation step 5 (rulebook p.21 (f)): +2 prestige per completed instrument."""
    violin = inst(cards, "violin")
    t = Table(cards)
    r = t.seat(RED)
    r["tracks"][Track.REPUTATION] = rep
    bench(t, RED, finish=[violin], materials=(0, 1, 0))
    finish_nb(*t.args(), RED, write_opt(t, Opt.FINISH, 0))
    assert r["prestige_src"][Source.TRACKS] == bonus
    assert r["prestige_src"][Source.INSTRUMENTS] == 2


def test_craft_track_raises_bench_skill(cards):
    """Ruling 7/9 (rulebook p.20 Craft Skill Track): +1 bench skill from step 2, +2 in
    total from step 5, on the roughing and finishing benches only."""
    expected = {0: 0, 1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2}
    for craft, plus in expected.items():
        t = Table(cards)
        t.seat(RED)["tracks"][Track.CRAFT] = craft
        rough = t.place(RED, Location.ROUGHING, 3)
        finish = t.place(RED, Location.FINISHING, 3, apprentices=1)
        guild = t.place(RED, Location.GUILD, 3)
        assert skill_nb(cards.table, t.g, t.s, rough) == 3 + plus, craft
        assert skill_nb(cards.table, t.g, t.s, finish) == 4 + plus, craft
        assert skill_nb(cards.table, t.g, t.s, guild) == 3, craft


# ---------------------------------------------------------------- repair payment (p.20)


def test_repair_inspiration_replaces_materials(cards):
    """Rulebook p.20: "For every two inspiration tokens spent ... reduce the material
    required to repair by one"; a card whose cost cannot be met is not offered."""
    a = cards.table
    assert a.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL] == 2
    r4 = cards.index("repairs", "r4")  # 1 animal + 1 wood
    cost = a.repair_cost[r4]
    assert cost.tolist() == [1, 1, 0]
    t = Table(cards)
    t.g["rows"][CardRow.REPAIRS, 0, 0] = r4
    r = t.seat(RED)

    def offered(materials, insp) -> bool:
        r["materials"][:] = materials
        r["inspiration"] = insp
        n = repair_options_nb(*t.opt_args(), RED, 0)
        return opt_rows(t, n) == [(Opt.TAKE_CARD, CardRow.REPAIRS, 0, 0, 0, 0)]

    assert offered((1, 1, 0), 0)
    assert not offered((1, 0, 0), 1)
    assert offered((1, 0, 0), 2)
    assert not offered((0, 0, 0), 3)
    assert offered((0, 0, 0), 4)
    assert not offered((0, 0, 5), 3)  # metal does not stand in for wood

    def plans(materials, insp) -> set[tuple[int, int, int]]:
        r["materials"][:] = materials
        r["inspiration"] = insp
        n = add_plan_options_nb(t.s, RED, t.w.opts, 0, Opt.PAY_PLAN, 0, cost, 0, 0, 2, 0)
        return {row[2:5] for row in opt_rows(t, n)}

    assert plans((1, 1, 0), 1) == {(0, 0, 0)}
    assert plans((1, 1, 0), 2) == {(0, 0, 0), (1, 0, 0), (0, 1, 0)}
    assert plans((1, 1, 0), 4) == {(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)}
    assert plans((0, 1, 0), 2) == {(1, 0, 0)}
    assert plans((0, 0, 0), 3) == set()


def test_repair_pays_scores_and_places_a_token(cards):
    """Rulebook p.20 (Repair main action): pay the materials (2 inspiration for the missing
    wood), gain the card's prestige, place a repair token in the family's row."""
    a = cards.table
    r4 = cards.index("repairs", "r4")
    t = Table(cards)
    r = t.seat(RED)
    r["materials"][:] = (1, 0, 0)
    r["inspiration"] = 2
    repair_nb(*t.args(), RED, r4)  # a single plan: no decision
    assert events(t, Ev.REPAIR) == [(RED, r4, 1, 0, 0, 2)]
    assert r["prestige_src"][Source.REPAIRS] == a.repair_prestige[r4] > 0
    assert r["repairs"].tolist() == [1, 0, 0]
    (at,) = np.flatnonzero(t.g["tokens"][:, RED, REPAIR_TOKEN]).tolist()
    assert a.spot_family[at] == Family.STRINGS
    assert r["inspiration"] == a.spot_bonus[at, Res.INSPIRATION]
    assert t.g["discs"][CardRow.REPAIRS, 0] == r4


def test_repair_from_tier_two_pays_the_tier_cost_first(cards):
    """Rulebook p.15 + p.20: the tier II cost (4, ruling 6-style money and/or inspiration)
    and the repair's inspiration must both be covered; only workable splits are offered."""
    r4 = cards.index("repairs", "r4")
    t = Table(cards)
    t.g["rows"][CardRow.REPAIRS, 1, 0] = r4
    r = t.seat(RED)
    r["materials"][:] = (1, 0, 0)  # the wood must come from 2 inspiration

    def offered(money, insp) -> bool:
        r["money"], r["inspiration"] = money, insp
        n = repair_options_nb(*t.opt_args(), RED, 0)
        return opt_rows(t, n) == [(Opt.TAKE_CARD, CardRow.REPAIRS, 1, 0, 0, 0)]

    def most_inspiration(money, insp) -> int:  # toward the tier cost (ruling 24)
        r["money"], r["inspiration"] = money, insp
        return access_inspiration_limit_nb(cards.table, t.s, RED, r4, 4, 0)

    assert offered(0, 6) and most_inspiration(0, 6) == 4  # 4 for the tier, 2 for the wood
    assert not offered(0, 5) and most_inspiration(0, 5) == -1
    assert offered(4, 2) and most_inspiration(4, 2) == 0  # more would leave the wood unpaid
    assert offered(10, 10) and most_inspiration(10, 10) == 4
    assert most_inspiration(2, 10) == 4 and most_inspiration(1, 4) == -1
    r["tracks"][Track.REPUTATION] = 3  # tier II free
    assert offered(0, 2)


# ---------------------------------------------------------------- tier access and deck search


def test_tier_costs(cards):
    """Rulebook p.15: tier II costs 4 and tier III 8 (money and/or inspiration), free from
    reputation steps 3 and 6 (ruling 7)."""
    for rep in range(int(TRACK_FINAL[Track.REPUTATION]) + 1):
        t = Table(cards)
        t.seat(RED)["tracks"][Track.REPUTATION] = rep
        costs = [tier_cost_nb(cards.table, t.s, RED, tier) for tier in range(3)]
        assert costs == [0, 4 if rep < 3 else 0, 8 if rep < 6 else 0], rep


def test_guild_tier_two_card_needs_the_cost(cards):
    """Rulebook p.15: a tier II card is offered only to a seat that can pay 4 (or has
    reputation step 3); taking it pays the cost."""
    violin = inst(cards, "violin")
    t = Table(cards)
    t.g["rows"][CardRow.INSTRUMENTS, 1, 0] = violin
    i = t.place(RED, Location.GUILD, 3)
    r = t.seat(RED)

    def takes() -> list[tuple[int, ...]]:
        n = guild_options_nb(*t.opt_args(), RED, i, 0)
        return [row for row in opt_rows(t, n) if row[0] == Opt.TAKE_CARD]

    r["money"], r["inspiration"] = 3, 0
    assert takes() == []
    r["money"], r["inspiration"] = 3, 2  # 3 + 1 or 2 + 2: the split follows (ruling 24)
    assert takes() == [(Opt.TAKE_CARD, CardRow.INSTRUMENTS, 1, 0, 0, 0)]
    t.pay_with(RED, "money")
    c = take_card_nb(*t.args(), RED, i, write_opt(t, *takes()[0][:5]))
    assert c == violin and (r["money"], r["inspiration"]) == (0, 1)  # money first
    assert t.g["rows"][CardRow.INSTRUMENTS, 1, 0] == EMPTY
    t.g["rows"][CardRow.INSTRUMENTS, 1, 0] = violin
    r["tracks"][Track.REPUTATION] = 3
    assert takes() == [(Opt.TAKE_CARD, CardRow.INSTRUMENTS, 1, 0, 0, 0)]


def test_deck_search_needs_an_apprentice_and_costs_ten(cards):
    """Rulebook p.15: with an apprentice on the chip, pay 10 money and/or inspiration to take
    a card of a chosen back from the deck (the others keep their order); the apprentice
    is removed from the game. The back shows the family (ruling 20)."""
    a = cards.table
    violin, viola, cello, oboe = (inst(cards, x) for x in ("violin", "viola", "cello", "oboe"))
    t = Table(cards)
    deck = [violin, viola, cello, oboe]  # top = last
    t.g["decks"][CardRow.INSTRUMENTS, : len(deck)] = deck
    t.g["deck_n"][CardRow.INSTRUMENTS] = len(deck)
    r = t.seat(RED)
    r["money"] = 10
    plain = t.place(RED, Location.GUILD, 3)
    helped = t.place(RED, Location.GUILD, 1, apprentices=1)

    def searches(i: int) -> list[tuple[int, ...]]:
        n = guild_options_nb(*t.opt_args(), RED, i, 0)
        return [row for row in opt_rows(t, n) if row[0] == Opt.SEARCH]

    assert searches(plain) == []
    assert {row[2] for row in searches(helped)} == {Family.STRINGS, Family.WINDS}
    r["money"], r["inspiration"] = 5, 4
    assert searches(helped) == []
    r["money"], r["inspiration"] = 6, 5
    assert len(searches(helped)) == 2  # one per card back; the split follows (ruling 24)
    assert apprentice_cap_nb(a, t.s, RED) == 3

    t.pay_with(RED, "money")
    row = (Opt.SEARCH, CardRow.INSTRUMENTS, Family.STRINGS)
    c = take_card_nb(*t.args(), RED, helped, write_opt(t, *row))

    assert c == cello  # the strings card nearest the top
    assert (r["money"], r["inspiration"]) == (0, 1)
    n_left = t.g["deck_n"][CardRow.INSTRUMENTS]
    assert t.g["decks"][CardRow.INSTRUMENTS, :n_left].tolist() == [violin, viola, oboe]
    assert t.g["pl_appr"][helped] == 0
    assert (r["appr_lost"], r["n_searched"]) == (1, 1)
    assert apprentice_cap_nb(a, t.s, RED) == 2


# ---------------------------------------------------------------- tracks


@pytest.mark.parametrize("track", list(Track))
def test_final_step_scores_on_reaching_it_and_on_every_later_advance(cards, track):
    """Ruling 7 (rulebook p.19-21): the final step gives +2 prestige on reaching it and at
    every later advance; the steps before give no prestige."""
    final = int(TRACK_FINAL[track])
    t = Table(cards)
    r = t.seat(RED)
    r["tracks"][track] = final - 2
    advance_track_nb(*t.args(), RED, track)
    assert r["tracks"][track] == final - 1
    assert r["prestige_src"][Source.TRACKS] == 0
    for k in range(1, 4):
        advance_track_nb(*t.args(), RED, track)
        assert r["tracks"][track] == final
        assert r["prestige_src"][Source.TRACKS] == 2 * k
    assert r["prestige"] == 6


def test_training_never_buys_the_final_step(cards):
    """Rulebook p.19: "The final step ... cannot be obtained through training at the Market"."""
    t = Table(cards)
    r = t.seat(RED)
    for track in Track:
        final = int(TRACK_FINAL[track])
        for pos in range(final + 1):
            r["tracks"][track] = pos
            assert can_train_nb(t.s, RED, track) == (pos < final - 1), (track, pos)
