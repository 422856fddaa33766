"""Orchestra invariants over thousands of random games (rulebook pp.25-27, rulings 11-12).

Whatever the random seats do, the orchestra must stay consistent with the rules
and with the seats' counters; and random play must reach every part-2 action.
"""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.luthier.actions.perform_nb import HIGH, LOW, MEDIUM
from simcore.games.luthier.play.engine import play_batch, play_game
from simcore.games.luthier.rules.orchestra_nb import (
    CLAIMED,
    CONSOLED,
    INSTRUMENT_TOKEN,
    PERFORMANCE_TOKEN,
    REPAIR_TOKEN,
    STOLEN,
    chairs_held_nb,
)
from simcore.games.luthier.state.codes import Ev
from simcore.games.luthier.state.dtypes import MAX_PLAYERS, NEUTRAL
from strategies.luthier.registry import parse_seats

N_GAMES = 3000
SEED = 20260214


@pytest.fixture(scope="module", params=[2, 3, 4])
def batch(request, cards):
    n = request.param
    games, seats, _ = play_batch(cards, n, SEED + n, parse_seats("random", n), 0, N_GAMES)
    return n, games, seats


def spot_masks(cards) -> tuple[np.ndarray, np.ndarray]:
    rare = cards.arrays.spot_rare.astype(bool)
    return rare, ~rare


def first_claimed(tok: np.ndarray, spots: np.ndarray) -> np.ndarray:
    """Per game: spots among `spots` whose chair a seat claimed first (occupied, and not
    seated at setup by the 2-player neutral tokens, ruling 16); tok is [game, spot, owner,
    kind]."""
    occupied = tok[:, spots].sum(axis=(2, 3)) > 0
    neutral = tok[:, spots][:, :, NEUTRAL].sum(axis=2) > 0
    return (occupied & ~neutral).sum(axis=1)


def test_no_invariant_is_ever_violated(batch):
    """The engine's own checks (invariants_nb) stay silent in every game."""
    _, games, _ = batch
    assert (games["violations"] == 0).all()


def test_tokens_placed_stay_within_the_supply_and_match_the_board(batch, cards):
    """Ruling 25: each seat places at most its colour's 8 tokens of each kind, and its count
    of tokens placed per kind is the number of its tokens on the orchestra."""
    from simcore.games.luthier.state.enums import Rule

    n, games, seats = batch
    placed = seats["tokens_placed"][:, :n]  # [game, seat, kind]
    supply = cards.arrays.rules[Rule.INSTRUMENT_TOKENS : Rule.REPAIR_TOKENS + 1]
    assert supply.tolist() == [8, 8, 8]
    assert placed.min() >= 0 and (placed <= supply).all()
    assert (placed == games["tokens"][:, :, :n].sum(axis=1)).all()


def test_unused_spots_and_seats_stay_empty(batch, cards):
    """Only the card data's spots hold tokens, and only seats in the game own them."""
    n, games, _ = batch
    n_spots = len(cards.arrays.spot_family)
    tokens = games["tokens"]
    assert tokens.min() >= 0
    assert (tokens[:, n_spots:] == 0).all()
    assert (games["chair_seat"][:, n_spots:] == -1).all()
    assert (tokens[:, :, n:MAX_PLAYERS] == 0).all()  # seats beyond the player count


def test_every_ordinary_chair_has_one_consistent_holder(batch, cards):
    """Ruling 12 / p.26: a non-rare spot with tokens has exactly one chair holder, who has a
    token of the recorded kind there; an instrument token there always holds the chair
    (nothing outranks it); a performance/repair chair is held by an owner with at least
    as many performance/repair tokens as any other owner (taking it needs more)."""
    _, games, _ = batch
    n_spots = len(cards.arrays.spot_family)
    _, ordinary = spot_masks(cards)
    tok = games["tokens"][:, :n_spots][:, ordinary]  # [game, spot, owner, kind]
    seat = games["chair_seat"][:, :n_spots][:, ordinary].astype(np.int64)
    kind = games["chair_kind"][:, :n_spots][:, ordinary].astype(np.int64)
    occupied = tok.sum(axis=(2, 3)) > 0
    assert ((seat >= 0) == occupied).all()
    assert ((kind >= 0) == occupied).all()
    g_idx, s_idx = np.nonzero(occupied)
    holder, held_by = seat[g_idx, s_idx], kind[g_idx, s_idx]
    assert (tok[g_idx, s_idx, holder, held_by] > 0).all()
    has_instrument = tok[g_idx, s_idx, :, INSTRUMENT_TOKEN].sum(axis=1) > 0
    assert (held_by[has_instrument] == INSTRUMENT_TOKEN).all()
    pr = tok[g_idx, s_idx, :, PERFORMANCE_TOKEN] + tok[g_idx, s_idx, :, REPAIR_TOKEN]
    by_pr = held_by != INSTRUMENT_TOKEN
    holder_pr = pr[np.arange(len(holder)), holder]
    assert (holder_pr[by_pr] >= pr[by_pr].max(axis=1)).all()


def test_rare_chairs_seat_every_instrument_token(batch, cards):
    """Ruling 11 / p.23: rare instruments always earn a first chair (unlimited chairs): once
    an instrument token is there, the chair kind is instrument."""
    _, games, _ = batch
    rare, _ = spot_masks(cards)
    n_spots = len(rare)
    tok = games["tokens"][:, :n_spots][:, rare]
    kind = games["chair_kind"][:, :n_spots][:, rare]
    with_instrument = tok[..., INSTRUMENT_TOKEN].sum(axis=2) > 0
    assert (kind[with_instrument] == INSTRUMENT_TOKEN).all()


def test_token_counts_match_the_seat_counters(batch):
    """Every finished instrument, medium/high performance and repair placed exactly one
    token (rulebook pp.18-20, 23) while the colour had one of that kind left (8 each,
    ruling 25); each token placement either took a chair or consoled."""
    n, games, seats = batch
    tok = games["tokens"].sum(axis=1)[:, :n]  # [game, seat, kind]
    s = seats[:, :n]
    supply = 8
    assert (tok[..., INSTRUMENT_TOKEN] == np.minimum(s["finished"].sum(axis=2), supply)).all()
    perf = s["performances"][..., MEDIUM] + s["performances"][..., HIGH]
    assert (tok[..., PERFORMANCE_TOKEN] == np.minimum(perf.sum(axis=2), supply)).all()
    assert (tok[..., REPAIR_TOKEN] == np.minimum(s["repairs"].sum(axis=2), supply)).all()
    assert (tok.sum(axis=2) == s["chairs_claimed"] + s["n_consoled"]).all()


def test_chairs_held_are_consistent(batch, cards):
    """chairs_held_nb agrees with the chair records; chairs held never exceed chairs taken;
    every ordinary spot a seat occupied first was claimed once, so claims cover them."""
    n, games, seats = batch
    a = cards.table  # what the kernels receive
    n_spots = len(cards.arrays.spot_family)
    rare, ordinary = spot_masks(cards)
    tok = games["tokens"][:, :n_spots]
    seat = games["chair_seat"][:, :n_spots]
    kind = games["chair_kind"][:, :n_spots]
    # by hand: ordinary spots by chair_seat; rare spots held by every instrument owner
    # once an instrument token sits there, else by chair_seat
    held = np.zeros((len(games), n), np.int64)
    rare_inst = rare & (kind == INSTRUMENT_TOKEN)
    for p in range(n):
        by_seat = (seat == p) & ~rare_inst
        by_token = rare_inst & (tok[:, :, p, INSTRUMENT_TOKEN] > 0)
        held[:, p] = (by_seat | by_token).sum(axis=1)
    engine = np.array([[chairs_held_nb(a, g, p) for p in range(n)] for g in games])
    assert (engine == held).all()
    s = seats[:, :n]
    assert (held <= s["chairs_claimed"]).all()
    assert (s["chairs_claimed"].sum(axis=1) >= first_claimed(tok, ordinary)).all()
    # a non-rare chair is held by at most one seat: the total matches the holders
    ordinary_held = ((seat[:, ordinary] >= 0) & (seat[:, ordinary] < n)).sum(axis=1)
    rare_held = np.where(
        rare_inst, (tok[..., :n, INSTRUMENT_TOKEN] > 0).sum(axis=2), (seat >= 0) & (seat < n)
    )[:, rare].sum(axis=1)
    assert (held.sum(axis=1) == ordinary_held + rare_held).all()


def test_random_play_reaches_every_action(batch, cards):
    """Random play exercises every part-2 action (rulebook pp.15-27): roughing, finishing
    (rare too), performances at each level, repairs of each family, deck searches, first
    chairs claimed, stolen and consoled."""
    n, games, seats = batch
    s = seats[:, :n]
    assert s["n_roughed"].sum() > 0
    assert (s["finished"].sum(axis=(0, 1)) > 0).all()  # every family
    assert s["finished_rare"].sum() > 0
    for level in (LOW, MEDIUM, HIGH):
        assert (s["performances"][..., level].sum(axis=(0, 1)) > 0).all(), level  # every era
    assert (s["repairs"].sum(axis=(0, 1)) > 0).all()
    assert s["n_searched"].sum() > 0
    assert s["chairs_claimed"].sum() > 0
    assert s["n_consoled"].sum() > 0
    # steals: chairs taken beyond the first claim of each spot a seat occupied first,
    # less the instrument claims at rare spots (those may be unstolen claims)
    n_spots = len(cards.arrays.spot_family)
    rare, _ = spot_masks(cards)
    tok = games["tokens"][:, :n_spots]
    first = first_claimed(tok, np.ones(n_spots, bool))
    rare_instruments = tok[:, rare][..., INSTRUMENT_TOKEN].sum(axis=(1, 2))
    steals_at_least = s["chairs_claimed"].sum(axis=1) - first - rare_instruments
    assert (steals_at_least > 0).any()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_counters_agree_with_the_transcript(cards, n):
    """The seat counters mean what they say: in full transcripts, TOKEN events give the
    claims, steals and consolations per seat (place_token_nb, ruling 12). Steals are rare
    (about one game in ten), hence 80 games."""
    strategies = parse_seats("random", n)
    outcomes = np.zeros(3, np.int64)
    for seed in range(80):
        game = play_game(cards, n, 1000 + seed, strategies)
        tokens = game.log[game.log[:, 2] == Ev.TOKEN]
        for p in range(n):
            mine = tokens[tokens[:, 1] == p]
            got = np.bincount(mine[:, 5], minlength=3)
            outcomes += got
            r = game.seats[p]
            assert got[CLAIMED] + got[STOLEN] == r["chairs_claimed"]
            assert got[CONSOLED] == r["n_consoled"]
            for kind in (INSTRUMENT_TOKEN, PERFORMANCE_TOKEN, REPAIR_TOKEN):
                assert (mine[:, 4] == kind).sum() == game.game["tokens"][:, p, kind].sum()
    assert (outcomes > 0).all()  # claims, steals and consolations all happen
