"""One pass over the cards table: per-card sums and the candidate example games.

The cards table is the big one (about 130 rows per game). It is read one batch
of chunks at a time and aggregated on one int64 key per row instead of
categorical columns (several times faster); categorical codes are consistent
within one scan only, so every code is mapped back to its string within the
scan that made it. Only the small per-card results are kept, so memory does not
grow with the number of games.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from reports import adjusted
from reports.adjusted import Accumulator
from reports.card_kinds import KINDS
from reports.cardinfo import card_info
from reports.load import Run
from simcore.seats import seat_game_key

KEY = ["kind", "card_id", "level"]
_CARD_BITS = 2**20  # card-id codes
_LEVELS = 4  # award level 0..3
_KINDS = 64  # kind codes
_LEVEL = pl.when(pl.col("kind") == "award").then(pl.col("detail")).otherwise(0).cast(pl.Int64)


def role_events(attr: str) -> dict[str, tuple[str, ...]]:
    """Card kind -> the events that make a seat hold (`attr` "held_events") or complete
    ("completed_events") a card, per KINDS; kinds without such events left out."""
    return {spec.kind: tuple(getattr(spec, attr)) for spec in KINDS if getattr(spec, attr)}


def role_filter(attr: str) -> pl.Expr:
    """Rows whose (kind, event) makes a seat hold (or complete) a card, per KINDS."""
    expr = pl.lit(False)
    for kind, events in role_events(attr).items():
        expr = expr | ((pl.col("kind") == kind) & pl.col("event").is_in(list(events)))
    return expr


def _coded(cards: pl.LazyFrame) -> pl.LazyFrame:
    return cards.with_columns(
        kc=pl.col("kind").to_physical().cast(pl.Int64),
        cc=pl.col("card_id").to_physical().cast(pl.Int64),
        ec=pl.col("event").to_physical().cast(pl.Int64),
    )


def _seat_card_keys(coded: pl.LazyFrame, attr: str) -> pl.LazyFrame:
    """Unique (seat-game, kind, card, level) with a held (or completed) event, decoded.

    sg = seat_game_key(game, seat) identifies a seat-game over the whole run; the key
    fits int64 while sg * 2**28 does (about 2**31 games in one run).
    """
    seat_game = seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64))
    key = ((seat_game * _KINDS + pl.col("kc")) * _LEVELS + _LEVEL) * _CARD_BITS + pl.col("cc")
    rest = pl.col("key") // _CARD_BITS
    return (
        coded.filter(role_filter(attr))
        .select(key=key)
        .unique()
        .select(
            cc=pl.col("key") % _CARD_BITS,
            level=(rest % _LEVELS).cast(pl.Int8),
            kc=(rest // _LEVELS) % _KINDS,
            sg=rest // (_LEVELS * _KINDS),
        )
    )


def _win_sums(cells: pl.DataFrame) -> pl.DataFrame:
    """n, w, w2 per card from the per-stratum holder sums (reports.adjusted.cell_moments)."""
    return cells.group_by("kc", "cc", "level").agg(
        pl.col("n1").sum().cast(pl.Int64).alias("n"),
        pl.col("W1").sum().alias("w"),
        pl.col("Q1").sum().alias("w2"),
    )


def _first_games(keys: pl.LazyFrame, k: int) -> pl.LazyFrame:
    """The first k seat-games (lowest sg) per card in which a holder won, and lost."""
    return keys.group_by("kc", "cc", "level", (pl.col("win") > 0).alias("won")).agg(
        pl.col("sg").bottom_k(k)
    )


def _skip(done: set[tuple[str, str]]) -> pl.Expr:
    """Rows of cards whose example games are all found already."""
    expr = pl.lit(False)
    for kind in {k for k, _ in done}:
        ids = sorted(c for k, c in done if k == kind)
        expr = expr | ((pl.col("kind") == kind) & pl.col("card_id").is_in(ids))
    return expr


# Cards a seat can choose only on reaching a milestone: group -> (card kind, the seats'
# milestone column). Their adjusted effect compares holders with the seats that reached
# the milestone as far (reports.adjusted.stratum_code).
MILESTONES = {"royal": ("patron", "took_royal"), "specialty": ("specialty", "took_specialty")}


@dataclass
class CardSums:
    """Per-card sums over a run (string keys) and candidate example seat-games."""

    n_examples: int = 3
    held: list[pl.DataFrame] = field(default_factory=list)  # kind, card_id, level, n, w, w2
    completed: list[pl.DataFrame] = field(default_factory=list)
    events: list[pl.DataFrame] = field(default_factory=list)  # kind, card_id, event, detail, count
    # (kind, card_id, level, won) -> first seat-games (sg) where a holder won / lost
    examples: dict[tuple, list[int]] = field(default_factory=dict)
    # moments for the stratified (adjusted) effects, reports.adjusted; family tiles
    # apart (their strata leave the family out), and the milestone cards (MILESTONES:
    # royal patrons, specialty cards), whose strata add the milestone reached
    adjusted: Accumulator = field(default_factory=Accumulator)
    family: Accumulator = field(default_factory=Accumulator)
    royal: Accumulator = field(default_factory=Accumulator)
    royal_ids: list[str] = field(default_factory=list)
    specialty: Accumulator = field(default_factory=Accumulator)
    specialty_ids: list[str] = field(default_factory=list)

    def milestones(self) -> list[tuple[str, str, list[str], Accumulator]]:
        """(card kind, milestone column, card ids, accumulator) of each milestone group."""
        return [
            (kind, column, getattr(self, f"{name}_ids"), getattr(self, name))
            for name, (kind, column) in MILESTONES.items()
            if getattr(self, f"{name}_ids")
        ]

    def example_done(self) -> set[tuple[str, str]]:
        """Cards with all their example games found (awards: all three levels)."""
        full: dict[tuple[str, str], int] = {}
        for (kind, card_id, _level, _won), games in self.examples.items():
            if len(games) >= self.n_examples:
                full[(kind, card_id)] = full.get((kind, card_id), 0) + 1
        return {k for k, n in full.items() if n >= (6 if k[0] == "award" else 2)}


def _batch(run: Run, chunks: list[int], names: bool, sums: CardSums) -> None:
    """Add one batch of chunks to `sums`."""
    columns = ["game", "seat", "kind", "card_id", "event", "detail"] + (["card"] if names else [])
    coded = _coded(run.scan("cards", chunks, strings=False).select(columns))
    seats = (
        run.scan("seats", chunks, strings=False)
        .select(
            "game",
            "seat",
            "strategy",
            "start_order",
            "family",
            "win",
            "patrons_taken_royal",
            "specialty_workers",
        )  # fmt: skip
        .with_columns(pl.col("strategy", "family").cast(pl.String).cast(pl.Categorical))
        .with_columns(
            sg=seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64)),
            win=pl.col("win").cast(pl.Float64),
            took_royal=pl.col("patrons_taken_royal") > 0,
            took_specialty=pl.col("specialty_workers").cast(pl.Int64).clip(0, 3),
            sk=adjusted.stratum_code(),
        )
        .collect()  # one read, so the categorical codes behind `sk` are the same everywhere
        .lazy()
    )
    wins = seats.select("sg", "win", "sk")
    by_game = seats.select("game", "sk", "win")
    held_keys = _seat_card_keys(coded, "held_events").join(wins, on="sg")
    done_keys = _seat_card_keys(coded, "completed_events").join(wins, on="sg")
    found = sums.example_done()
    wanted = (
        _seat_card_keys(coded.filter(~_skip(found)), "held_events").join(wins, on="sg")
        if found
        else held_keys
    )
    event_key = ((pl.col("kc") * _CARD_BITS + pl.col("cc")) * 16 + pl.col("ec")) * 256 + (
        pl.col("detail").cast(pl.Int64) + 128
    )
    events = coded.group_by(event_key.alias("ek")).agg(
        pl.len().cast(pl.Int64).alias("count"),
        *[pl.col(c).first() for c in ("kc", "cc", *columns[2:])],
    )
    acc = sums.adjusted
    pairs_too = acc.wants_pairs()
    moments = [
        adjusted.cell_moments(held_keys),
        *(adjusted.pair_moments(held_keys, by_game) if pairs_too else []),
        adjusted.cell_moments(done_keys),
        *(adjusted.pair_moments(done_keys, by_game) if pairs_too else []),
    ]
    seat_pairs = [adjusted.seat_moments(by_game)] if pairs_too else []
    first, events, names, strata, *rest = pl.collect_all(
        [_first_games(wanted, sums.n_examples), events,
         adjusted.stratum_names(seats), adjusted.strata_moments(by_game), *seat_pairs, *moments]
    )  # fmt: skip
    pairs = rest.pop(0) if pairs_too else None
    moments = rest
    half = len(moments) // 2
    held, done = _win_sums(moments[0]), _win_sums(moments[half])
    if events.height and (events["cc"].max() >= _CARD_BITS or events["kc"].max() >= _KINDS):
        raise RuntimeError("card or kind codes out of range for the aggregation key")
    events = events.with_columns(pl.col(pl.Categorical).cast(pl.String))
    codes = events.select("kc", "cc", "kind", "card_id").unique(["kc", "cc"])
    sums.held.append(held.join(codes, on=["kc", "cc"]).drop("kc", "cc"))
    sums.completed.append(done.join(codes, on=["kc", "cc"]).drop("kc", "cc"))
    sums.events.append(events.drop("ek", "kc", "cc"))
    games = seats.select(pl.col("game").n_unique()).collect().item()
    _family_moments(seats, games, sums.family)
    for kind, column, ids, acc_m in sums.milestones():
        _milestone_moments(coded, seats, games, kind, column, ids, acc_m)
    acc.add_seats(games, strata, pairs, names)
    acc.add_role("held", moments[:half], names, codes)
    acc.add_role("completed", moments[half:], names, codes)
    if pairs_too:
        acc.sampled_batch(games)
    for r in first.join(codes, on=["kc", "cc"]).iter_rows(named=True):
        key = (r["kind"], r["card_id"], r["level"], r["won"])
        sums.examples[key] = sorted(sums.examples.get(key, []) + r["sg"])[: sums.n_examples]


def _family_moments(seats: pl.LazyFrame, games: int, acc: adjusted.Accumulator) -> None:
    """The family tiles' moments: every seat holds its own tile; strata without family."""
    seats = seats.with_columns(sk=adjusted.stratum_code(family=False))
    by_game = seats.select("game", "sk", "win")
    keys = seats.select(
        kc=pl.lit(-1, pl.Int64),
        cc=pl.col("family").to_physical().cast(pl.Int64),
        level=pl.lit(0, pl.Int8),
        sg="sg",
        win="win",
        sk="sk",
    )
    pairs_too = acc.wants_pairs()
    names, strata, codes, *frames = pl.collect_all(
        [
            adjusted.stratum_names(seats, family=False),
            adjusted.strata_moments(by_game),
            seats.select(
                kc=pl.lit(-1, pl.Int64),
                cc=pl.col("family").to_physical().cast(pl.Int64),
                kind=pl.lit("family"),
                card_id=pl.col("family").cast(pl.String),
            ).unique(),
            adjusted.cell_moments(keys),
            *(adjusted.pair_moments(keys, by_game) if pairs_too else []),
            *([adjusted.seat_moments(by_game)] if pairs_too else []),
        ]
    )
    pairs = frames.pop() if pairs_too else None
    acc.add_seats(games, strata, pairs, names)
    acc.add_role("held", frames, names, codes)
    if pairs_too:
        acc.sampled_batch(games)


def _milestone_moments(
    coded: pl.LazyFrame,
    seats: pl.LazyFrame,
    games: int,
    kind: str,
    column: str,
    ids: list[str],
    acc: Accumulator,
) -> None:
    """The moments of cards a seat can choose only on reaching a milestone (royal
    patrons: an award's royal benefit; specialty cards: a track's specialty step): strata
    add the milestone `column`, so that their holders are compared with the other seats
    that reached it as far."""
    seats = seats.with_columns(sk=adjusted.stratum_code(milestone=column))
    by_game = seats.select("game", "sk", "win")
    wins = seats.select("sg", "win", "sk")
    mine = coded.filter(pl.col("kind") == kind, pl.col("card_id").is_in(ids))
    pairs_too = acc.wants_pairs()
    roles = []
    for attr in ("held_events", "completed_events"):
        keys = _seat_card_keys(mine, attr).join(wins, on="sg")
        roles.append(adjusted.cell_moments(keys))
        roles += adjusted.pair_moments(keys, by_game) if pairs_too else []
    names, strata, codes, *frames = pl.collect_all(
        [
            adjusted.stratum_names(seats, milestone=column),
            adjusted.strata_moments(by_game),
            mine.select("kc", "cc", pl.col("kind", "card_id").cast(pl.String)).unique(),
            *([adjusted.seat_moments(by_game)] if pairs_too else []),
            *roles,
        ]
    )
    pairs = frames.pop(0) if pairs_too else None
    half = len(frames) // 2
    acc.add_seats(games, strata, pairs, names)
    acc.add_role("held", frames[:half], names, codes)
    acc.add_role("completed", frames[half:], names, codes)
    if pairs_too:
        acc.sampled_batch(games)


def _sum(parts: list[pl.DataFrame], keys: list[str]) -> pl.DataFrame:
    frame = pl.concat(parts)
    values = [c for c in frame.columns if c not in keys]
    return frame.group_by(keys).agg(pl.col(values).sum())


def _adjusted(sums: CardSums) -> dict[str, pl.DataFrame]:
    """Adjusted effects per role (held, completed); family tiles and royal patrons from
    their own strata."""
    out = sums.adjusted.result()
    family = sums.family.result()["held"]
    out["held"] = pl.concat(
        [out["held"].filter(pl.col("kind") != "family"), family.cast(out["held"].schema)]
    )
    for kind, _column, ids, acc in sums.milestones():
        mine = (pl.col("kind") == kind) & pl.col("card_id").is_in(ids)
        for role, frame in acc.result().items():
            out[role] = pl.concat([out[role].filter(~mine), frame.cast(out[role].schema)])
    return out


def aggregate(run: Run, names: bool = False, n_examples: int = 3) -> dict:
    """Per-card sums over the whole run, one batch of chunks at a time.

    Returns frames `held`, `completed` (kind, card_id, level, n, w, w2), `events`
    (kind, card_id, event, detail, count), `names` (kind, card_id, card; read from
    the table only if `names`), `totals` (n, w, w2 over all seat-games), `in_play`
    (award card_id, games), and `examples` {(kind, card_id, level, won): [sg, ...]}.
    """
    info = card_info(run)
    sums = CardSums(
        n_examples=n_examples,
        royal_ids=sorted(c for c, d in info.patron_deck.items() if d == "royal"),
        specialty_ids=sorted(info.ids.get("specialty", [])),
    )
    for chunks in run.chunk_batches():
        _batch(run, chunks, names, sums)
    win = pl.col("win").cast(pl.Float64)
    totals = run.scan("seats").select(
        pl.len().cast(pl.Int64).alias("n"), win.sum().alias("w"), (win * win).sum().alias("w2")
    )
    in_play = (
        run.scan("games")
        .select(pl.col("award_tiles").explode().alias("card_id"))
        .drop_nulls()
        .group_by("card_id")
        .agg(pl.len().cast(pl.Int64).alias("games"))
    )
    totals, in_play = pl.collect_all([totals, in_play])
    events = pl.concat(sums.events)
    no_names = pl.DataFrame(schema={"kind": pl.String, "card_id": pl.String, "card": pl.String})
    return {
        "held": _sum(sums.held, KEY),
        "completed": _sum(sums.completed, KEY),
        "events": _sum([events.drop("card", strict=False)], ["kind", "card_id", "event", "detail"]),
        "names": events.select("kind", "card_id", "card").unique() if names else no_names,
        "totals": totals,
        "in_play": in_play,
        "examples": sums.examples,
        "adjusted": _adjusted(sums),
    }
