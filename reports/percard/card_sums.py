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

from reports.percard import adjusted
from reports.percard.adjusted import Accumulator
from reports.percard.card_kinds import grouping_kinds
from reports.percard.cardinfo import CardInfo
from reports.run.load import Run
from simcore.games.api import CardKind, Game, Milestone
from simcore.seats import seat_game_key

KEY = ["kind", "card_id", "level"]
_CARD_BITS = 2**20  # card-id codes
_LEVELS = 4  # a per-level kind's level 0..3 (the `detail` of its rows; CardKind.n_levels)
_KINDS = 64  # kind codes


def _level(kinds: tuple[CardKind, ...]) -> pl.Expr:
    """A row's level: its `detail` for a per-level kind (CardKind.per_level), else 0."""
    per_level = [k.kind for k in kinds if k.per_level]
    return (
        pl.when(pl.col("kind").is_in(per_level)).then(pl.col("detail")).otherwise(0).cast(pl.Int64)
    )


def role_events(kinds: tuple[CardKind, ...], attr: str) -> dict[str, tuple[str, ...]]:
    """Card kind -> the events that make a seat hold (`attr` "held_events") or complete
    ("completed_events") a card, per `kinds`; kinds without such events left out."""
    return {spec.kind: tuple(getattr(spec, attr)) for spec in kinds if getattr(spec, attr)}


def role_filter(kinds: tuple[CardKind, ...], attr: str) -> pl.Expr:
    """Rows whose (kind, event) makes a seat hold (or complete) a card, per `kinds`."""
    expr = pl.lit(False)
    for kind, events in role_events(kinds, attr).items():
        expr = expr | ((pl.col("kind") == kind) & pl.col("event").is_in(list(events)))
    return expr


def _coded(cards: pl.LazyFrame) -> pl.LazyFrame:
    return cards.with_columns(
        kc=pl.col("kind").to_physical().cast(pl.Int64),
        cc=pl.col("card_id").to_physical().cast(pl.Int64),
        ec=pl.col("event").to_physical().cast(pl.Int64),
    )


def _seat_card_keys(coded: pl.LazyFrame, kinds: tuple[CardKind, ...], attr: str) -> pl.LazyFrame:
    """Unique (seat-game, kind, card, level) with a held (or completed) event, decoded.

    sg = seat_game_key(game, seat) identifies a seat-game over the whole run; the key
    fits int64 while sg * 2**28 does (about 2**31 games in one run).
    """
    seat_game = seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64))
    level = _level(kinds)
    key = ((seat_game * _KINDS + pl.col("kc")) * _LEVELS + level) * _CARD_BITS + pl.col("cc")
    rest = pl.col("key") // _CARD_BITS
    return (
        coded.filter(role_filter(kinds, attr))
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
    """n, w, w2 per card from the per-stratum holder sums
    (reports.percard.adjusted.cell_moments)."""
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


def milestone_column(i: int) -> str:
    """The name `_batch` gives the game's i-th milestone reached (0..its `most`)."""
    return f"milestone_{i}"


def _reached(i: int, m: Milestone) -> pl.Expr:
    """How far a seat reached milestone `m` (the game's `milestones`): reached or not
    (most 1), else its column clipped to 0..most."""
    column = pl.col(m.column)
    reached = column > 0 if m.most == 1 else column.cast(pl.Int64).clip(0, m.most)
    return reached.alias(milestone_column(i))


@dataclass
class CardSums:
    """Per-card sums over a run (string keys) and candidate example seat-games."""

    kinds: tuple[CardKind, ...] = ()  # the game's card kinds
    groups: tuple[str, ...] = ()  # the game's grouping columns (seats), in strata
    # grouping column -> the card kind of its values (Luthier's family tiles)
    tiles: dict[str, str] = field(default_factory=dict)
    declared: tuple[Milestone, ...] = ()  # the game's milestones
    n_examples: int = 3
    held: list[pl.DataFrame] = field(default_factory=list)  # kind, card_id, level, n, w, w2
    completed: list[pl.DataFrame] = field(default_factory=list)
    events: list[pl.DataFrame] = field(default_factory=list)  # kind, card_id, event, detail, count
    # (kind, card_id, level, won) -> first seat-games (sg) where a holder won / lost
    examples: dict[tuple, list[int]] = field(default_factory=dict)
    # moments for the stratified (adjusted) effects, reports.percard.adjusted; the grouping
    # tiles apart (their strata leave their own grouping out), and the milestone cards
    # (the game's `milestones`), whose strata add the milestone reached
    adjusted: Accumulator = field(default_factory=Accumulator)
    grouped: dict[str, Accumulator] = field(default_factory=dict)  # per grouping column
    milestone_ids: list[list[str]] = field(default_factory=list)  # per declared milestone
    milestone_sums: list[Accumulator] = field(default_factory=list)

    def milestones(self) -> list[tuple[str, str, list[str], Accumulator]]:
        """(card kind, milestone column, card ids, accumulator) of each milestone group
        with cards."""
        return [
            (m.kind, milestone_column(i), ids, acc)
            for i, (m, ids, acc) in enumerate(
                zip(self.declared, self.milestone_ids, self.milestone_sums, strict=True)
            )
            if ids
        ]

    def example_done(self) -> set[tuple[str, str]]:
        """Cards with all their example games found (a per-level kind: every level)."""
        rows = {k.kind: 2 * k.n_levels if k.per_level else 2 for k in self.kinds}
        full: dict[tuple[str, str], int] = {}
        for (kind, card_id, _level, _won), games in self.examples.items():
            if len(games) >= self.n_examples:
                full[(kind, card_id)] = full.get((kind, card_id), 0) + 1
        return {k for k, n in full.items() if n >= rows.get(k[0], 2)}


def _batch(run: Run, chunks: list[int], names: bool, sums: CardSums) -> None:
    """Add one batch of chunks to `sums`."""
    columns = ["game", "seat", "kind", "card_id", "event", "detail"] + (["card"] if names else [])
    scan = run.scan("cards", chunks, strings=False)
    if "detail" not in scan.collect_schema().names():  # a game without levels writes none
        scan = scan.with_columns(detail=pl.lit(0, pl.Int8))
    coded = _coded(scan.select(columns))
    reached = [m.column for m in sums.declared]
    seats = (
        run.scan("seats", chunks, strings=False)
        .select(
            "game",
            "seat",
            "strategy",
            "start_order",
            *sums.groups,
            "win",
            *dict.fromkeys(c for c in reached if c not in sums.groups),
        )  # fmt: skip
        .with_columns(pl.col("strategy", *sums.groups).cast(pl.String).cast(pl.Categorical))
        .with_columns(
            *[_reached(i, m) for i, m in enumerate(sums.declared)],
            sg=seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64)),
            win=pl.col("win").cast(pl.Float64),
            sk=adjusted.stratum_code(sums.groups),
        )
        .collect()  # one read, so the categorical codes behind `sk` are the same everywhere
        .lazy()
    )
    wins = seats.select("sg", "win", "sk")
    by_game = seats.select("game", "sk", "win")
    held_keys = _seat_card_keys(coded, sums.kinds, "held_events").join(wins, on="sg")
    done_keys = _seat_card_keys(coded, sums.kinds, "completed_events").join(wins, on="sg")
    found = sums.example_done()
    wanted = (
        _seat_card_keys(coded.filter(~_skip(found)), sums.kinds, "held_events").join(wins, on="sg")
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
         adjusted.stratum_names(seats, sums.groups), adjusted.strata_moments(by_game),
         *seat_pairs, *moments]
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
    for column in sums.tiles:
        _grouping_moments(seats, games, sums, column)
    for kind, column, ids, acc_m in sums.milestones():
        _milestone_moments(coded, seats, games, sums, kind, column, ids, acc_m)
    acc.add_seats(games, strata, pairs, names)
    acc.add_role("held", moments[:half], names, codes)
    acc.add_role("completed", moments[half:], names, codes)
    if pairs_too:
        acc.sampled_batch(games)
    for r in first.join(codes, on=["kc", "cc"]).iter_rows(named=True):
        key = (r["kind"], r["card_id"], r["level"], r["won"])
        sums.examples[key] = sorted(sums.examples.get(key, []) + r["sg"])[: sums.n_examples]


def _grouping_moments(seats: pl.LazyFrame, games: int, sums: CardSums, column: str) -> None:
    """A grouping's tiles' moments (Luthier's family tiles): every seat holds its own
    tile; strata without that grouping."""
    acc, kind = sums.grouped[column], sums.tiles[column]
    others = tuple(g for g in sums.groups if g != column)
    seats = seats.with_columns(sk=adjusted.stratum_code(others))
    by_game = seats.select("game", "sk", "win")
    keys = seats.select(
        kc=pl.lit(-1, pl.Int64),
        cc=pl.col(column).to_physical().cast(pl.Int64),
        level=pl.lit(0, pl.Int8),
        sg="sg",
        win="win",
        sk="sk",
    )
    pairs_too = acc.wants_pairs()
    names, strata, codes, *frames = pl.collect_all(
        [
            adjusted.stratum_names(seats, others),
            adjusted.strata_moments(by_game),
            seats.select(
                kc=pl.lit(-1, pl.Int64),
                cc=pl.col(column).to_physical().cast(pl.Int64),
                kind=pl.lit(kind),
                card_id=pl.col(column).cast(pl.String),
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
    sums: CardSums,
    kind: str,
    column: str,
    ids: list[str],
    acc: Accumulator,
) -> None:
    """The moments of cards a seat can choose only on reaching a milestone (the game's
    `milestones`; Luthier's royal patrons: an award's royal benefit): strata add the
    milestone `column`, so that their holders are compared with the other seats that
    reached it as far."""
    seats = seats.with_columns(sk=adjusted.stratum_code(sums.groups, milestone=column))
    by_game = seats.select("game", "sk", "win")
    wins = seats.select("sg", "win", "sk")
    mine = coded.filter(pl.col("kind") == kind, pl.col("card_id").is_in(ids))
    pairs_too = acc.wants_pairs()
    roles = []
    for attr in ("held_events", "completed_events"):
        keys = _seat_card_keys(mine, sums.kinds, attr).join(wins, on="sg")
        roles.append(adjusted.cell_moments(keys))
        roles += adjusted.pair_moments(keys, by_game) if pairs_too else []
    names, strata, codes, *frames = pl.collect_all(
        [
            adjusted.stratum_names(seats, sums.groups, milestone=column),
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
    """Adjusted effects per role (held, completed); the grouping tiles and the milestone
    cards from their own strata."""
    out = sums.adjusted.result()
    for column, kind in sums.tiles.items():
        tiles = sums.grouped[column].result()["held"]
        out["held"] = pl.concat(
            [out["held"].filter(pl.col("kind") != kind), tiles.cast(out["held"].schema)]
        )
    for kind, _column, ids, acc in sums.milestones():
        mine = (pl.col("kind") == kind) & pl.col("card_id").is_in(ids)
        for role, frame in acc.result().items():
            out[role] = pl.concat([out[role].filter(~mine), frame.cast(out[role].schema)])
    return out


def _milestone_ids(info: CardInfo, m: Milestone) -> list[str]:
    """The cards of milestone `m`: its kind's cards (of its deck, where it names one)."""
    if m.deck:
        return sorted(c for c, d in info.decks.get(m.kind, {}).items() if d == m.deck)
    return sorted(info.ids.get(m.kind, []))


def _in_play(run: Run, kinds: tuple[CardKind, ...]) -> pl.LazyFrame:
    """kind, card_id, games: in how many games each card of a kind with an `in_play`
    games column was in play."""
    parts = [
        run.scan("games")
        .select(pl.col(k.in_play).explode().alias("card_id"))
        .drop_nulls()
        .group_by("card_id")
        .agg(pl.len().cast(pl.Int64).alias("games"))
        .select(pl.lit(k.kind).alias("kind"), pl.col("card_id").cast(pl.String), "games")
        for k in kinds
        if k.in_play
    ]
    if not parts:
        schema = {"kind": pl.String, "card_id": pl.String, "games": pl.Int64}
        return pl.LazyFrame(schema=schema)
    return pl.concat(parts)


def aggregate(
    run: Run, game: Game, info: CardInfo, names: bool = False, n_examples: int = 3
) -> dict:
    """Per-card sums over the whole run, one batch of chunks at a time; what a card is
    held or completed by, and the strata, as `game` declares them (its card kinds,
    groupings and milestones), `info` the run's card list (reports.percard.cardinfo).

    Returns frames `held`, `completed` (kind, card_id, level, n, w, w2), `events`
    (kind, card_id, event, detail, count), `names` (kind, card_id, card; read from
    the table only if `names`), `totals` (n, w, w2 over all seat-games), `in_play`
    (kind, card_id, games: the kinds with an `in_play` column), and `examples`
    {(kind, card_id, level, won): [sg, ...]}.
    """
    kinds = tuple(game.card_kinds)
    if any(k.per_level and k.n_levels >= _LEVELS for k in kinds):
        raise ValueError(f"a per-level card kind has more than {_LEVELS - 1} levels")
    tiles = grouping_kinds(game)
    sums = CardSums(
        kinds=kinds,
        groups=tuple(g.column for g in game.groupings if g.stratum),
        tiles={column: kind for kind, column in tiles.items()},
        declared=tuple(game.milestones),
        n_examples=n_examples,
        grouped={column: Accumulator() for column in tiles.values()},
        milestone_ids=[_milestone_ids(info, m) for m in game.milestones],
        milestone_sums=[Accumulator() for _ in game.milestones],
    )
    for chunks in run.chunk_batches():
        _batch(run, chunks, names, sums)
    win = pl.col("win").cast(pl.Float64)
    totals = run.scan("seats").select(
        pl.len().cast(pl.Int64).alias("n"), win.sum().alias("w"), (win * win).sum().alias("w2")
    )
    totals, in_play = pl.collect_all([totals, _in_play(run, kinds)])
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
