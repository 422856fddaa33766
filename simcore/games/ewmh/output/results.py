"""Result tables read off a batch's final state and card events (pyarrow): the common
columns (simcore/games/tables.py), then the game's own (issue 37, item 4): the vocation,
the arrival order, the pieces published by Age, how the game ended; the cards table
names an effect card by its design, a composition by its genre, an ability by its id."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.ewmh.codes import Age
from simcore.games.ewmh.state.codes import CardEvent, CardKind, End, names
from simcore.games.ewmh.state.dtypes import CompState
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

# the seats columns whose sum is `points` (the report's score sources)
SCORE_SOURCES = {"points_base": 1, "points_vocation": 1, "points_genre": 1, "points_unproduced": 1}
SEAT_COUNTERS = (
    *SCORE_SOURCES, "produced", "produced_free", "lost", "comps_drawn", "comps_stolen",
    "effects_gained", "flips", "spends", "units", "turns", "rolls", "pos", "patrons_lost",
    "patron_spaces",
)  # fmt: skip
# cards table kind -> its card data file (the `--set` spelling)
CARD_KIND_FILES = {
    CardKind.EFFECT: "effects", CardKind.COMPOSITION: "compositions",
    CardKind.ABILITY: "abilities",
}  # fmt: skip
AGE_COLUMNS = tuple(f"published_{a.name.lower()}" for a in Age)  # pieces by banner Age


def games_table(cards, batch, n_players: int) -> pa.Table:
    """One row per game: the common columns, then its length and what was published."""
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :n_players]
    outcome = outcomes(s["points"], s["win"] > 0)
    published = (g["comp_state"] == CompState.PUBLISHED).sum(axis=1).astype(np.int16)
    return pa.table(
        {
            "game": pa.array(g["index"]),
            "seed": pa.array(g["seed"]),
            "players": pa.array(np.full(len(g), n_players, np.int8)),
            "winner_seats": outcome.winner_seats,
            "shared_win": outcome.shared_win,
            "end_trigger": dict_array(g["end_trigger"], names(End)),
            "rounds": pa.array(g["rounds"]),
            "turns": pa.array(g["turn"]),
            "arrived": pa.array(g["n_arrived"]),
            "published": pa.array(published),
            "comps_left": pa.array(g["comp_deck_n"]),
            "effects_left": pa.array(g["deck_n"]),
            "winning_points": outcome.winning,
            "margin": outcome.margin,
            "mean_points": outcome.mean,
            "decisions": pa.array(g["n_decisions"]),
            "violations": pa.array(g["violations"]),
        }
    )


def published_by_age(g: np.ndarray, n_players: int) -> np.ndarray:
    """int16[n_games, n_players, N_AGES]: each seat's published pieces by the Age of the
    banner it was produced on (at the end; a piece lost to history is not counted)."""
    out = np.zeros((len(g), n_players, len(Age)), np.int16)
    games, comps = np.nonzero(g["comp_state"] == CompState.PUBLISHED)
    np.add.at(out, (games, g["comp_owner"][games, comps], g["comp_age"][games, comps]), 1)
    return out


def held_at_end(g: np.ndarray, n_players: int) -> tuple[np.ndarray, np.ndarray]:
    """(effect cards, unproduced compositions) in each seat's hand at the end,
    int16[n_games, n_players] each."""
    loc = g["card_loc"].astype(np.int16)
    effects = np.stack([(loc == p).sum(axis=1) for p in range(n_players)], axis=1)
    in_hand = g["comp_state"] == CompState.HAND
    owner = g["comp_owner"]
    comps = np.stack([(in_hand & (owner == p)).sum(axis=1) for p in range(n_players)], axis=1)
    return effects.astype(np.int16), comps.astype(np.int16)


def seats_table(cards, batch, n_players: int, strategies) -> pa.Table:
    """One row per game and seat: the common columns, vocation, arrival (1 = first to End;
    0 = placed by the cap), points by source, pieces published by Age, counters."""
    g = np.asarray(batch.games)
    flat = np.asarray(batch.seats)[:, :n_players].reshape(-1)
    by_age = published_by_age(g, n_players).reshape(-1, len(Age))
    effects, comps = held_at_end(g, n_players)
    cols = {
        **seat_keys(g, flat, n_players, strategies),
        "points": pa.array(flat["points"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
        "vocation": dict_array(flat["vocation"], list(cards.ids["vocations"])),
        "arrival": pa.array(flat["arrival"]),
        **{name: pa.array(flat[name]) for name in SEAT_COUNTERS},
        **{name: pa.array(by_age[:, a]) for a, name in enumerate(AGE_COLUMNS)},
        "effects_held_at_end": pa.array(effects.reshape(-1)),
        "unproduced": pa.array(comps.reshape(-1)),
    }
    return pa.table(cols)


def card_ids(cards) -> tuple[list[str], list[str], np.ndarray]:
    """Every card of the cards table, kind by kind in CardKind order (effect designs,
    composition genres, abilities): ids, names, and each kind's offset into them."""
    ids: list[str] = []
    labels: list[str] = []
    offsets = []
    for kind in sorted(CARD_KIND_FILES):
        file = CARD_KIND_FILES[kind]
        offsets.append(len(ids))
        ids += list(cards.ids[file])
        labels += [str(r.get("name", r["id"])) for r in cards.records[file]]
    return ids, labels, np.array(offsets)


def by_design(cards, cev: np.ndarray, n_events: np.ndarray) -> np.ndarray:
    """The card events with each physical card replaced by what the table keys: an effect
    card by its design, a composition card by its genre (a copy of the rows up to the
    longest game's count n_events.max(): copying and masking the whole buffer,
    MAX_CARD_EVENTS rows a game, took most of a batch's result tables; rows past a game's
    count are zeros and stay harmless)."""
    rows = min(int(n_events.max(initial=0)), cev.shape[1])
    out = np.array(cev[:, :rows], np.int16)
    kind, card = out[..., 1], out[..., 2]
    t = cards.tables
    effect = kind == CardKind.EFFECT
    comp = kind == CardKind.COMPOSITION
    card[effect] = t.card_design[card[effect]]
    card[comp] = t.comp_genre[card[comp]]
    return out


def cards_table(cards, batch) -> pa.Table:
    """One row per card event: game, seat, kind, card id and name, event, round."""
    ids, labels, offsets = card_ids(cards)
    cols, _ = card_event_columns(
        np.asarray(batch.games),
        by_design(cards, batch.card_events, np.asarray(batch.games)["cev_n"]),
        ids,
        labels,
        offsets,
        names(CardKind),
        names(CardEvent),
        np.int16,
    )
    return pa.table(cols)


def result_tables(cards, batch, n_players: int, strategies) -> dict[str, pa.Table]:
    """games (one row a game), seats (one a game and seat) and cards (one a card event)."""
    return {
        "games": games_table(cards, batch, n_players),
        "seats": seats_table(cards, batch, n_players, strategies),
        "cards": cards_table(cards, batch),
    }
