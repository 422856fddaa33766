"""The result tables' own columns and card events (issue 37, item 4): every card event is
the event log's, counted alike by the seat counters; pieces by Age add up; the tables
name designs and genres; the referee accepts the engine's games and catches a tampered
log; the report spec declares what the tables carry."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from simcore.games.ewmh.game import GAME
from simcore.games.ewmh.output.results import AGE_COLUMNS
from simcore.games.ewmh.state.codes import Ev
from tests.ewmh.referee import referee

N = 200


@pytest.fixture(scope="module", params=[2, 4, 9])
def run(request, ecards):
    players = request.param
    seats = GAME.parse_seats("random", players)
    batch = GAME.play_batch(ecards, players, 3, seats, 0, N)
    return players, batch, GAME.result_tables(ecards, batch, players, seats)


# the card event each log event carries (seat, kind, event), as rules/log_nb.py writes it
CARRIES = {
    Ev.DRAFT: ("effect", "held"), Ev.DRAW_EFFECT: ("effect", "held"),
    Ev.TAKE: ("effect", "held"), Ev.DEAL: ("effect", "held"),
    Ev.FLIP: ("effect", "flipped"), Ev.SPEND: ("effect", "spent"),
    Ev.VOC: ("ability", "flipped"), Ev.DRAW_COMP: ("composition", "drawn"),
    Ev.STEAL: ("composition", "stolen"), Ev.PRODUCE: ("composition", "produced"),
    Ev.REMOVE: ("composition", "lost"),
}  # fmt: skip


def test_the_card_events_are_the_event_logs(ecards, run):
    """Game by game, the cards table's (seat, kind, card, event) rows are the log's card
    events of the same game played alone from its seed, design by design."""
    players, batch, tables = run
    cards = tables["cards"].to_pydict()
    t, designs, genres = ecards.tables, ecards.ids["effects"], ecards.ids["compositions"]
    for i in (0, 1, N - 1):
        seed = int(batch.games["seed"][i])
        played = GAME.play_game(ecards, players, seed, GAME.parse_seats("random", players))
        expected = Counter()
        for _r, p, code, a, _b, _c, d, _e in played.log.tolist():
            if code == Ev.REACT:  # a reaction flips its card, or spends it (d = 1)
                kind, event = "effect", "spent" if d else "flipped"
            elif code == Ev.STEAL_CARD:  # Elizabeth Nevell takes an effect card
                kind, event = "effect", "held"
            elif code in CARRIES:
                kind, event = CARRIES[Ev(code)]
            else:
                continue
            card = {
                "effect": lambda c: designs[t.card_design[c]],
                "composition": lambda k: genres[t.comp_genre[k]],
                "ability": lambda x: ecards.ids["abilities"][x],
            }[kind](a)
            expected[(p, kind, card, event)] += 1
        rows = [j for j, g in enumerate(cards["game"]) if g == i]
        got = Counter((cards["seat"][j], cards["kind"][j], cards["card_id"][j], cards["event"][j])
                      for j in rows)  # fmt: skip
        assert got == expected and got, f"game {i}"


def test_the_card_events_agree_with_the_seat_counters(run):
    players, _, tables = run
    seats = tables["seats"].to_pandas().set_index(["game", "seat"])
    cards = tables["cards"].to_pandas()
    counts = cards.groupby(["game", "seat", "kind", "event"], observed=True).size()

    def count(kind: str, event: str) -> np.ndarray:
        found = counts.xs((kind, event), level=("kind", "event"), drop_level=True)
        return found.reindex(seats.index, fill_value=0).to_numpy()

    assert (count("effect", "flipped") + count("ability", "flipped") == seats["flips"]).all()
    assert (count("effect", "spent") == seats["spends"]).all()
    assert (count("composition", "drawn") == seats["comps_drawn"]).all()
    assert (count("composition", "stolen") == seats["comps_stolen"]).all()
    produced = seats["produced"] + seats["produced_free"]
    assert (count("composition", "produced") == produced).all()
    assert (count("composition", "lost") == seats["lost"]).all()
    # held: the draft's 3, every card drawn or taken, and Peasants' Revolt's deals
    assert (count("effect", "held") >= 3 + seats["effects_gained"]).all()


def test_the_seat_columns_add_up(ecards, run):
    players, batch, tables = run
    s = tables["seats"].to_pandas()
    by_age = s[list(AGE_COLUMNS)].sum(axis=1)
    assert (by_age == s["produced"] + s["produced_free"] - s["lost"]).all()
    assert (s["unproduced"] * ecards.rules["unproduced_points"] == s["points_unproduced"]).all()
    parts = sum(s[c] for c in GAME.score_sources)
    assert (parts == s["points"]).all()
    arrival = s.groupby("game")["arrival"].apply(sorted)
    done = tables["games"].to_pandas().set_index("game")["end_trigger"] == "all_arrived"
    assert all(arrival[g] == list(range(1, players + 1)) for g in done[done].index)
    assert set(s["vocation"]) <= set(ecards.ids["vocations"])
    g = tables["games"].to_pandas()
    assert (g["published"] == s.groupby("game")[list(AGE_COLUMNS)].sum().sum(axis=1)).all()


def test_the_tables_name_designs_genres_and_abilities(ecards, run):
    _, _, tables = run
    c = tables["cards"].to_pandas()
    for kind, file in (("effect", "effects"), ("composition", "compositions"),
                       ("ability", "abilities")):  # fmt: skip
        rows = c[c["kind"] == kind]
        assert len(rows) and set(rows["card_id"]) <= set(ecards.ids[file]), kind
        names = {str(r["name"]) for r in ecards.records[file]}
        assert set(rows["card"]) <= names, kind
        assert set(rows["event"]) <= set(GAME.card_roles.kind_events(kind)), kind


@pytest.mark.parametrize("players", [2, 4, 9])
def test_the_referee_accepts_the_engines_games(ecards, players):
    seats = GAME.parse_seats("random", players)
    for seed in range(25):
        referee(ecards, GAME.play_game(ecards, players, seed, seats))


def test_the_referee_catches_a_tampered_game(ecards):
    seats = GAME.parse_seats("random", 3)
    played = GAME.play_game(ecards, 3, 11, seats)
    log = played.log
    for code, column, change in (
        (Ev.FINAL, 3, 1),  # a seat's final points
        (Ev.MOVE, 4, 1),  # a pawn moved one space too far
        (Ev.TURN, 1, 1),  # a turn out of order
    ):
        bad = log.copy()
        row = int(np.nonzero(bad[:, 2] == code)[0][-1 if code == Ev.FINAL else 3])
        bad[row, column] = (bad[row, column] + change) % (3 if column == 1 else 1000)
        with pytest.raises(AssertionError):
            referee(ecards, type(played)(played.game, played.seats, bad, played.strategies))
    flip = int(np.nonzero(log[:, 2] == Ev.FLIP)[0][0])
    bad = log.copy()
    bad[flip, 1] = (bad[flip, 1] + 1) % 3  # a card flipped by a seat that does not hold it
    with pytest.raises(AssertionError):
        referee(ecards, type(played)(played.game, played.seats, bad, played.strategies))


def test_the_report_spec_declares_the_tables(ecards, run):
    _, _, tables = run
    seats = tables["seats"].column_names
    assert {g.column for g in GAME.groupings} <= set(seats)
    assert not next(g for g in GAME.groupings if g.column == "arrival").stratum
    assert set(GAME.score_sources) <= set(seats) and set(GAME.drift_groups) <= set(seats)
    assert set(tables["games"]["end_trigger"].to_pylist()) <= set(GAME.end_triggers)
    assert any("estimate" in n and "composition deck" in n for n in GAME.report_notes)
