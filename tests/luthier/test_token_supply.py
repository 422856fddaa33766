"""Token supply: 8 performance, 8 repair and 8 instrument tokens per colour (ruling 25).

Rulebook, Components: "Performance Tokens (32) (8 per color)", the same for repair and
instrument tokens. A player with none of a kind left may still perform, repair or
finish and score the card, but places no token of that kind: no first chair, no
orchestra bonus, no consolation.
"""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.luthier.actions.instruments_nb import finish_nb
from simcore.games.luthier.actions.perform_nb import MEDIUM, score_performance_nb
from simcore.games.luthier.actions.repair_nb import repair_nb
from simcore.games.luthier.carddata.cards import load_cards
from simcore.games.luthier.carddata.cards_patch import parse_patch
from simcore.games.luthier.output.results import seats_table
from simcore.games.luthier.play.engine import play_batch
from simcore.games.luthier.rules.orchestra_nb import (
    INSTRUMENT_TOKEN,
    PERFORMANCE_TOKEN,
    REPAIR_TOKEN,
)
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.enums import Family, Rule, Source
from strategies.luthier.registry import parse_seats
from tests.luthier.state import RED, Table

EMPTY = -1


def codes(t: Table, code: int) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in row[3:]) for row in t.events() if row[2] == code]


def test_the_supply_is_eight_of_each_kind_per_colour(cards):
    """Rulebook, Components: 32 tokens of each kind for four colours; rule numbers with their
    source, so `--set rules.repair_tokens.value=N` reaches them."""
    rules = cards.arrays.rules
    assert [rules[Rule.INSTRUMENT_TOKENS + k] for k in range(3)] == [8, 8, 8]
    assert Rule.INSTRUMENT_TOKENS + INSTRUMENT_TOKEN == Rule.INSTRUMENT_TOKENS
    assert Rule.INSTRUMENT_TOKENS + PERFORMANCE_TOKEN == Rule.PERFORMANCE_TOKENS
    assert Rule.INSTRUMENT_TOKENS + REPAIR_TOKEN == Rule.REPAIR_TOKENS
    sources = {r["id"]: r["source"] for r in cards.records["rules"]}
    for name in ("instrument_tokens", "performance_tokens", "repair_tokens"):
        assert sources[name].startswith("rulebook: Components"), name
    variant = load_cards(None, [parse_patch("rules.repair_tokens.value=3")])
    assert variant.arrays.rules[Rule.REPAIR_TOKENS] == 3


def test_the_ninth_repair_scores_but_places_no_token(cards):
    """Ruling 25: nine repairs in a row; the first eight place a token, the ninth scores its
    prestige and counts as a repair, but places no token and gains no chair or bonus."""
    a = cards.table
    r4 = cards.index("repairs", "r4")  # strings, 1 animal + 1 wood
    worth = int(a.repair_prestige[r4])  # its prestige (an estimate: 3 since rules version 7)
    t = Table(cards)
    r = t.seat(RED)
    for k in range(9):
        r["materials"][:] = (1, 1, 0)
        r["inspiration"] = 0  # a single way to pay: the materials
        before = (int(r["money"]), int(r["inspiration"]), r["materials"].sum())
        repair_nb(*t.args(), RED, r4)
        assert r["repairs"][Family.STRINGS] == k + 1
        assert r["prestige_src"][Source.REPAIRS] == worth * (k + 1)
    assert r["tokens_placed"].tolist() == [0, 0, 8]
    assert t.g["tokens"][:, RED, REPAIR_TOKEN].sum() == 8
    assert codes(t, Ev.NO_TOKEN) == [(REPAIR_TOKEN, 0, 0, 0, 0)]
    assert len(codes(t, Ev.TOKEN)) == 8
    # nothing gained after the ninth repair's payment: no chair bonus, no consolation
    assert (int(r["money"]), int(r["inspiration"]), r["materials"].sum()) == before[:2] + (0,)
    assert worth > 0


def test_a_performance_with_no_token_left_still_pays(cards):
    """Ruling 25: a medium performance pays its money and prestige without a token."""
    a = cards.table
    c = cards.index("performances", "p1")
    t = Table(cards)
    r = t.seat(RED)
    r["tokens_placed"][PERFORMANCE_TOKEN] = 8
    total = int(a.perf_threshold[c, 0])
    level = score_performance_nb(*t.args(), RED, c, total, 0)
    assert level == MEDIUM
    assert r["money"] == a.perf_money[c, MEDIUM]
    assert r["prestige_src"][Source.PERFORMANCES] == a.perf_prestige[c, MEDIUM]
    assert r["performances"][a.perf_era[c], MEDIUM] == 1
    assert t.g["tokens"][:, RED].sum() == 0 and (t.g["chair_seat"] == EMPTY).all()
    assert codes(t, Ev.NO_TOKEN) == [(PERFORMANCE_TOKEN, 0, 0, 0, 0)]
    assert r["tokens_placed"][PERFORMANCE_TOKEN] == 8


def test_an_instrument_with_no_token_left_scores_without_a_chair(cards):
    """Ruling 25: the ninth instrument finishes and scores; no token, no first chair."""
    viola = cards.index("instruments", "viola")
    t = Table(cards)
    r = t.seat(RED)
    r["tokens_placed"][INSTRUMENT_TOKEN] = 8
    r["finish_bench"][:] = (viola, EMPTY)
    r["materials"][:] = (0, 1, 0)
    t.w.opts[0] = (Opt.FINISH, 0, 0, 0, 0, 1)  # even with the 6+ doubling
    finish_nb(*t.args(), RED, 0)
    assert r["finished"][Family.STRINGS] == 1
    assert r["prestige_src"][Source.INSTRUMENTS] == cards.table.inst_prestige[viola]
    assert r["money"] == 0  # the viola's chair would pay 4 (8 doubled)
    assert t.g["tokens"][:, RED].sum() == 0 and (t.g["chair_seat"] == EMPTY).all()
    assert codes(t, Ev.NO_TOKEN) == [(INSTRUMENT_TOKEN, 0, 0, 0, 0)]


def test_other_kinds_are_not_affected(cards):
    """Ruling 25: the supply is per kind; no repair token left does not stop a performance."""
    c = cards.index("performances", "p1")
    t = Table(cards)
    r = t.seat(RED)
    r["tokens_placed"][REPAIR_TOKEN] = 8
    score_performance_nb(*t.args(), RED, c, int(cards.table.perf_threshold[c, 0]), 0)
    assert r["tokens_placed"].tolist() == [0, 1, 8]
    assert codes(t, Ev.NO_TOKEN) == []


def test_the_transcript_says_no_token_was_left(cards):
    """The transcript line for ruling 25 (the NO_TOKEN event)."""
    from simcore.games.luthier.output.transcript import Renderer
    from simcore.games.luthier.play.engine import PlayedGame
    from simcore.games.luthier.state.work import snapshot_buffers

    row = np.zeros((1, 8), np.int32)
    row[0, 1:4] = (RED, Ev.NO_TOKEN, REPAIR_TOKEN)
    played = PlayedGame(None, None, row, (), *snapshot_buffers(0))
    lines = Renderer(cards, played).render()
    assert lines == ["  Red: no repair token left: none placed, no chair (ruling 25)"]


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_a_small_supply_holds_over_random_play(n_players):
    """With `--set` supplies of 1 token per kind, random play never places a second, cards
    still score beyond it, every placed token is on the board, and the seats table's
    `*_tokens_placed` columns say so."""
    patches = [f"rules.{k}_tokens.value=1" for k in ("instrument", "performance", "repair")]
    small = load_cards(None, [parse_patch(x) for x in patches])
    strategies = parse_seats("random", n_players)
    batch = play_batch(small, n_players, 77 + n_players, strategies, 0, 300)
    games, seats = batch.games, batch.seats
    assert (games["violations"] == 0).all()
    s = seats[:, :n_players]
    assert s["tokens_placed"].max() == 1
    assert (s["tokens_placed"] == games["tokens"][:, :, :n_players].sum(axis=1)).all()
    finished = s["finished"].sum(axis=-1)
    assert (finished > s["tokens_placed"][..., INSTRUMENT_TOKEN]).any()  # scored beyond the supply
    assert (s["repairs"].sum(axis=-1) > s["tokens_placed"][..., REPAIR_TOKEN]).any()
    good = s["performances"][..., 1:].sum(axis=(-2, -1))  # medium and high place a token
    assert (good > s["tokens_placed"][..., PERFORMANCE_TOKEN]).any()
    table = seats_table(small, batch, n_players, strategies)
    for kind, name in enumerate(("instrument", "performance", "repair")):
        column = table.column(f"{name}_tokens_placed").to_numpy()
        assert (column == s["tokens_placed"][..., kind].reshape(-1)).all(), name
