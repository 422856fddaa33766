"""A Piacere's heuristics (strategies/apiacere/heuristic_nb.py): each path's choice on a
hand-built state, and each heuristic against random seats (issue 39: at least 1.5x the
fair share at 2 and 4 players). Public information: test_public_view.py."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.apiacere.game import GAME
from simcore.games.apiacere.rules.options_nb import list_options_nb
from simcore.games.apiacere.state.codes import Opt, Stage
from simcore.games.apiacere.state.work import new_work
from strategies.apiacere.dispatch_nb import choose_nb
from strategies.apiacere.registry import STRATEGIES, field_weights
from tests.apiacere.state import blank_game, city, give, on_top

HEURISTICS = ("performer", "composer", "traveller")


def pick(cards, games, seats, name: str) -> tuple[int, ...]:
    """The option row (kind, a, b, c, d, e) heuristic `name` takes for the actor."""
    w = new_work()
    n = list_options_nb(cards.tables, games[0], seats[0], w)
    spec = STRATEGIES[name]
    g, s = games.copy(), seats.copy()
    k = choose_nb(spec.id, spec.vector(), cards.tables, g[0], s[0], int(games[0].actor), w.opts, n)
    return tuple(int(x) for x in w.opts[k])


def royal_city(cards, games) -> int:
    """The city of the royal event to come (field 0)."""
    t = cards.tables
    return int(t.royal_city[games[0].royal_order[0]])


def test_the_traveller_goes_to_the_coming_royal_event_and_the_others_stay(apcards):
    """Round 4, the event after it: the traveller moves to the event's city when it can
    pay; the performer, holding Perform cards a move would discard, stays."""
    games, seats, _ = blank_game(apcards, 2, florins=300)
    games[0].rounds = 4
    target = royal_city(apcards, games)
    start = city(apcards, "troyes")  # no royal event there
    seats[0, 0].city = start
    seats[0, 1].city = start
    row = pick(apcards, games, seats, "traveller")
    assert row[0] == Opt.MOVE and row[2] == target, row
    give(apcards, games[0], "perform_1", 0, copy=0)
    give(apcards, games[0], "perform_1", 0, copy=1)
    give(apcards, games[0], "teach_1", 0)
    assert pick(apcards, games, seats, "performer")[0] == Opt.STAY


def test_the_composer_draws_compose_cards_and_the_performer_perform_cards(apcards):
    """A draw with a Sonata and a Perform card face up on the level-1 stacks: each path
    draws its own; with both tops face down the composer still draws a compose card."""
    t = apcards.tables
    games, seats, _ = blank_game(apcards, 2)
    g = games[0]
    g.stage = Stage.DRAW
    g.draws_left = 1
    g.takes_n = 0
    g.faceup[:] = 1
    compose_1 = int(t.card_stack[on_top(apcards, g, "violin_sonata")])
    perform_1 = int(t.card_stack[on_top(apcards, g, "perform_1")])
    assert pick(apcards, games, seats, "composer")[:2] == (Opt.DRAW, compose_1)
    assert pick(apcards, games, seats, "performer")[:2] == (Opt.DRAW, perform_1)
    g.faceup[:] = 0
    assert pick(apcards, games, seats, "composer")[:2] == (Opt.DRAW, compose_1)


def test_keep_discards_the_least_valued_card_and_a_play_spends_on_the_best(apcards):
    """At keep, the composer discards a Teach card before a Concerto; in the play phase it
    spends its action on the Sonata rather than ending the phase."""
    games, seats, _ = blank_game(apcards, 2)
    g = games[0]
    concerto = give(apcards, g, "violin_concerto", 0)
    teach = give(apcards, g, "teach_1", 0)
    g.stage = Stage.KEEP
    g.hand_limit = 1
    assert pick(apcards, games, seats, "composer")[:2] == (Opt.DISCARD, teach)
    g.card_loc[teach] = -3  # out of the game: the hand is the Concerto and a Sonata
    sonata = give(apcards, g, "violin_sonata", 0)
    g.stage = Stage.PLAY
    g.actions_left = 1
    g.free_left = 0
    row = pick(apcards, games, seats, "composer")
    assert row[:3] == (Opt.PLAY, sonata, 1), (row, concerto)


def test_a_tell_tale_goes_to_the_leader(apcards):
    """A finished Draw Tell Tale names the opponent with the most keys."""
    games, seats, _ = blank_game(apcards, 3)
    g = games[0]
    give(apcards, g, "draw_1", 0)
    seats[0, 1].white = 2
    seats[0, 2].white = 9
    g.stage = Stage.PLAY
    g.actions_left = 1
    g.free_left = 0
    for name in HEURISTICS:
        row = pick(apcards, games, seats, name)
        assert row[0] == Opt.PLAY and row[3] == 2, (name, row)


def test_the_shipped_weights_are_field_toml_s():
    """The registry's defaults are strategies/apiacere/field.toml's, every one named."""
    weights = field_weights()
    for name in HEURISTICS:
        spec = STRATEGIES[name]
        assert spec.defaults == tuple(weights[name][n] for n in spec.param_names)
        assert weights[name]["noise"] == 0.0


def test_the_style_projections_keep_each_path(apcards):
    """The tuner keeps each heuristic within its path (field_tune.style_projection), and
    the shipped weights are already there."""
    from strategies.apiacere import field_tune
    from strategies.apiacere.params import P

    for name in HEURISTICS:
        vec = np.array(STRATEGIES[name].defaults)
        assert np.allclose(field_tune.style_projection(name)(vec), vec), name
    wild = np.full(len(P), 3.0)
    wild[P.ROYAL] = 0.5
    assert field_tune.style_projection("traveller")(wild)[P.ROYAL] == 2.0
    wild[P.BLACK] = 9.0
    assert field_tune.style_projection("performer")(wild)[P.WHITE] == 9.0
    assert field_tune.style_projection("performer")(wild)[P.COMPOSE] == 0.0


@pytest.mark.parametrize("name", HEURISTICS)
def test_each_heuristic_beats_random_seats(name):
    """Issue 39: each heuristic wins at least 1.5x its fair share against random seats."""
    cards = GAME.load_cards()
    spec = GAME.strategies()
    for players in (2, 4):
        seats = [spec[name]] + [spec["random"]] * (players - 1)
        b = GAME.play_batch(cards, players, 9, seats, 0, 200, threads=1)
        win = np.asarray(b.seats)["win"][:, 0].mean()
        assert win >= 1.5 / players, (players, win)
        assert (np.asarray(b.games)["violations"] == 0).all()
