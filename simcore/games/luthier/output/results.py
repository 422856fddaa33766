"""Result tables read off a batch's final state: games, seats and card events (pyarrow).

Everything here is vectorised numpy over the whole chunk; names are attached
as dictionary-encoded columns (categoricals in polars and pandas).
"""

from __future__ import annotations

import json

import numpy as np
import pyarrow as pa

from simcore.games.luthier.play.engine import Batch
from simcore.games.luthier.state.codes import CardEvent, CardKind, End
from simcore.games.luthier.state.dtypes import CARD_BITS, Phase
from simcore.games.luthier.state.enums import (
    Era,
    Family,
    Location,
    PatronType,
    Rule,
    Source,
    Track,
    names,
)
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

CARD_KIND_SOURCES = {  # CardKind -> CardSet kind
    CardKind.INSTRUMENT: "instruments",
    CardKind.PERFORMANCE: "performances",
    CardKind.REPAIR: "repairs",
    CardKind.PATRON: "patrons",
    CardKind.AWARD: "awards",
    CardKind.GOAL: "goals",
    CardKind.FAMILY: "families",
    CardKind.SPECIALTY: "specialty",
}
LEVELS = ("low", "medium", "high")


def games_table(card_set, batch: Batch, n_players: int) -> pa.Table:
    """One row per game: index, seed, winners, margins and engine counters."""
    g = np.asarray(batch.games)  # plain ndarray: pyarrow converts record-array fields slowly
    seats = np.asarray(batch.seats)[:, :n_players]
    outcome = outcomes(seats["prestige"], seats["win"] > 0)
    awards = g["awards"][:, :4]
    award_names = card_set.ids["awards"]
    award_offsets = np.concatenate([[0], np.cumsum((awards >= 0).sum(axis=1))]).astype(np.int32)
    award_values = dict_array(awards[awards >= 0], award_names)
    over = g["phase"] == Phase.GAME_OVER  # the only way a game ends (codes.End)
    return pa.table(
        {
            "game": pa.array(g["index"]),
            "seed": pa.array(g["seed"]),
            "players": pa.array(np.full(len(g), n_players, np.int8)),
            "rounds": pa.array((g["round_no"] - 1).astype(np.int8)),
            "end_trigger": dict_array(np.where(over, End.ROUNDS, End.NONE), names(End)),
            "winner_seats": outcome.winner_seats,
            "shared_win": outcome.shared_win,
            "winning_prestige": outcome.winning,
            "margin": outcome.margin,
            "mean_prestige": outcome.mean,
            "award_tiles": pa.ListArray.from_arrays(pa.array(award_offsets), award_values),
            "decisions": pa.array(g["n_decisions"]),
            "turns": pa.array(g["n_turns"]),
            "violations": pa.array(g["violations"]),
        }
    )


def _patron_counts(card_set, seats: np.ndarray) -> np.ndarray:
    """Completed patrons per PatronType: int16[n, players, 4]."""
    completed = seats["completed"]
    used = np.arange(completed.shape[-1]) < seats["completed_n"][..., None]
    types = card_set.arrays.patron_type[np.clip(completed, 0, None)]
    return np.stack([((types == t) & used).sum(axis=-1) for t in PatronType], axis=-1)


def card_bit_positions(card_set) -> dict[str, int]:
    """ "kind/card_id" -> its bit in the seats' offered/picked bitmaps (offers_nb: bit
    CARD_BITS * CardKind + card id, little-endian within a byte)."""
    return {
        f"{kind.name.lower()}/{cid}": CARD_BITS * kind + i
        for kind in CardKind
        for i, cid in enumerate(card_set.ids[CARD_KIND_SOURCES[kind]])
    }


def _card_bits(card_set, bits: np.ndarray, name: str) -> tuple[pa.Field, pa.Array]:
    """The seats' offered/picked bitmaps as they are (fixed-size binary; the unused bits
    of each kind are zeros, which Parquet's encoding all but removes), with each card's
    bit position in the column's metadata (`cards`: {"kind/card_id": bit})."""
    width = bits.shape[1]
    array = pa.FixedSizeBinaryArray.from_buffers(
        pa.binary(width), len(bits), [None, pa.py_buffer(np.ascontiguousarray(bits))]
    )
    meta = {b"cards": json.dumps(card_bit_positions(card_set)).encode()}
    return pa.field(name, pa.binary(width), metadata=meta), array


def seats_table(card_set, batch: Batch, n_players: int, strategies) -> pa.Table:
    """One row per game and seat: outcome, prestige by source, end state and counters."""
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :n_players]
    n = len(g)
    flat = s.reshape(-1)
    cols: dict[str, pa.Array] = {
        **seat_keys(g, flat, n_players, strategies),
        "family": dict_array(flat["family"], card_set.ids["families"]),
        "prestige": pa.array(flat["prestige"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
        "money_after_conversion": pa.array(flat["final_money"]),
    }
    for src in Source:
        cols[f"prestige_{src.name.lower()}"] = pa.array(flat["prestige_src"][:, src])
    for r in range(int(card_set.arrays.rules[Rule.ROUNDS])):  # the game arc (issue 18)
        cols[f"round{r + 1}_prestige"] = pa.array(flat["prestige_round"][:, r])
    cols["money"] = pa.array(flat["money"])
    cols["inspiration"] = pa.array(flat["inspiration"])
    for m, name in enumerate(("animal", "wood", "metal")):
        cols[name] = pa.array(flat["materials"][:, m])
    cols["apprentices"] = pa.array(flat["apprentices"])
    for t in Track:
        cols[f"track_{t.name.lower()}"] = pa.array(flat["tracks"][:, t])
    for f in Family:
        cols[f"finished_{f.name.lower()}"] = pa.array(flat["finished"][:, f])
    cols["finished_rare"] = pa.array(flat["finished_rare"])
    for e in Era:
        for lv, level in enumerate(LEVELS):
            cols[f"performances_{e.name.lower()}_{level}"] = pa.array(
                flat["performances"][:, e, lv]
            )
    for f in Family:
        cols[f"repairs_{f.name.lower()}"] = pa.array(flat["repairs"][:, f])
    completed = _patron_counts(card_set, s).reshape(n * n_players, -1)
    for t in PatronType:
        name = t.name.lower()
        cols[f"patrons_taken_{name}"] = pa.array(flat["patrons_taken"][:, t])
        cols[f"patrons_completed_{name}"] = pa.array(completed[:, t].astype(np.int16))
        cols[f"patrons_lost_{name}"] = pa.array(flat["patrons_lost"][:, t])
    cols["awards_claimed"] = pa.array(flat["n_awards"])
    cols["first_chairs"] = pa.array(flat["chairs_held"])
    cols["specialty_workers"] = pa.array(flat["specialty_n"])
    cols["requirements_met"] = pa.array(flat["requirements_met"])
    cols["gifts"] = pa.array(flat["gifts"])
    cols["deck_searches"] = pa.array(flat["n_searched"])
    cols["chairs_claimed"] = pa.array(flat["chairs_claimed"])
    for kind, name in enumerate(("instrument", "performance", "repair")):  # token kinds
        cols[f"{name}_tokens_placed"] = pa.array(flat["tokens_placed"][:, kind])
    cols["alternate_actions"] = pa.array(flat["n_alt"])
    cols["materials_bought"] = pa.array(flat["n_bought"].sum(axis=1).astype(np.int16))
    cols["materials_sold"] = pa.array(flat["n_sold"].sum(axis=1).astype(np.int16))
    cols["apprentices_hired"] = pa.array(flat["n_hired"])
    cols["track_steps_trained"] = pa.array(flat["n_trained"].sum(axis=1).astype(np.int16))
    for loc in Location:
        cols[f"placed_{loc.name.lower()}"] = pa.array(flat["n_placed"][:, loc])
    fields = [pa.field(name, array.type) for name, array in cols.items()]
    arrays = list(cols.values())
    for name in ("offered", "picked"):  # pick rates (reports/percard/picks.py)
        field, array = _card_bits(card_set, np.ascontiguousarray(flat[name]), f"{name}_cards")
        fields.append(field)
        arrays.append(array)
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields))


def cards_table(card_set, batch: Batch) -> pa.Table:
    """One row per card event: game, seat, kind, card id and name, event, round, detail."""
    kinds = [CARD_KIND_SOURCES[k] for k in CardKind]
    offsets = np.cumsum([0] + [len(card_set.ids[k]) for k in kinds])
    all_ids = [cid for k in kinds for cid in card_set.ids[k]]
    all_names = [name for k in kinds for name in card_set.names[k]]
    cols, fields = card_event_columns(
        np.asarray(batch.games),
        batch.card_events,
        all_ids,
        all_names,
        offsets,
        names(CardKind),
        names(CardEvent),
    )
    cols["detail"] = pa.array(fields[5].astype(np.int8))
    return pa.table(cols)


def result_tables(card_set, batch: Batch, n_players: int, strategies) -> dict[str, pa.Table]:
    return {
        "games": games_table(card_set, batch, n_players),
        "seats": seats_table(card_set, batch, n_players, strategies),
        "cards": cards_table(card_set, batch),
    }
