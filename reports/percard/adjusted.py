"""Adjusted card effects: a Mantel-Haenszel risk difference within strata, games as units.

A stratum is (strategy, start order, the game's grouping columns) of a seat-game
(Luthier: the family tile; a grouping's own tiles: without it; cards behind a
milestone, such as Luthier's royal patrons: with how far the seat reached it, see
`stratum_code`). For card X and
stratum k with n1 holders (win sum W1) and n0 non-holders (W0) among N seat-games,
the Mantel-Haenszel difference is

    RD = sum_k (n0 W1 - n1 W0) / N  /  sum_k n1 n0 / N

(strata with no holder or no non-holder carry no weight). Its variance takes games,
not seats, as the independent units: every seat-game s has the influence

    holder:      e_s = (n0/N) (win_s - p1_k)
    non-holder:  e_s = -(n1/N) (win_s - p0_k)

and Var(RD) = sum_g (sum_{s in g} e_s)^2 / (sum_k n1 n0 / N)^2, the cluster-robust
(sandwich) variance with games as clusters. Written as e_s = B_s + x_s D_s with
B_s = -(n1/N)(win_s - p0_k) for every seat and D_s = win_s - c_k for holders
(c_k = (n0 p1 + n1 p0)/N), the sum over games splits into moments that one pass
over the tables can keep without knowing the strata's n1 and p0 yet:

- per stratum pair (k, l) of seats of one game (a seat paired with itself
  included): count, sum win_s, sum win_t, sum win_s win_t   (`seat_pairs`);
- per card and stratum: n1, W1, sum win^2 of the holders   (`cells`);
- per card and (holder's stratum, stratum of any seat of its game): the same four
  moments   (`holder_seat`);
- per card and pair of distinct holders of one game: the same   (`holder_pairs`).

Only these small sums are kept per batch of chunks, so memory does not grow
with the number of games.

One measure, one owner: every command that states a card's effect reads it here. The
report builds it from the moments above; the commands that play games (`whatif`,
`sweep`, `balance`'s `card:` objective, `drift`/`check`) from seat-game arrays with
`stratified_difference` (the same estimate and the same game-clustered variance, written
as each game's influence), and all of them print it with `effect_words` ("effect
(adjusted) ... , raw ..."). `ablate` measures something else, the causal effect against
a stand-in (`CAUSAL`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from simcore.seats import seat_game_key, split_seat_game_key
from simcore.stats import Z95, normal_two_sided_p

CARD = ["kind", "card_id", "level"]
ADJUSTED = "effect (adjusted)"  # holders vs non-holders of the same stratum
RAW = "raw"  # holders' win rate minus every other seat's
CAUSAL = "causal effect vs stand-in"  # `ablate`: the card against its neutral stand-in
STRATA_WORDS = (
    "holders against non-holders of the same strategy, start order and the game's grouping columns"
)
_MOMENTS = ("c", "sa", "sb", "sab")


def stratum_code(groups: tuple[str, ...] = (), milestone: str | None = None) -> pl.Expr:
    """One int64 per (strategy, start order, the `groups` columns) from the categoricals'
    codes (each group a categorical of under 65,536 values).

    A grouping's own tiles leave it out of `groups` (Luthier's family tile cannot be
    compared with others within its own family). With a `milestone` column (0..3): also
    that, for cards a seat can choose only on reaching a milestone (the game's
    `milestones`: Luthier's royal patrons come only with an award's royal benefit, its
    specialty cards each with a track's specialty step).
    """
    code = pl.col("strategy").to_physical().cast(pl.Int64) * 64 + pl.col("start_order").cast(
        pl.Int64
    )
    code = code * 65_536
    for i, group in enumerate(groups):
        code = code * 65_536 if i else code
        code = code + pl.col(group).to_physical().cast(pl.Int64)
    return code * 4 + pl.col(milestone).cast(pl.Int64) if milestone else code


def stratum_names(
    seats: pl.LazyFrame, groups: tuple[str, ...] = (), milestone: str | None = None
) -> pl.LazyFrame:
    """sk (the code of one scan) -> k, the stratum as "strategy|start order|groups..."."""
    parts = ["strategy", "start_order", *groups]
    parts += [milestone] if milestone else []
    return (
        seats.select("sk", *parts)
        .unique("sk")
        .select("sk", k=pl.concat_str([pl.col(c).cast(pl.String) for c in parts], separator="|"))
    )


def _moments(a: str, b: str) -> list[pl.Expr]:
    return [
        pl.len().cast(pl.Float64).alias("c"),
        pl.col(a).sum().alias("sa"),
        pl.col(b).sum().alias("sb"),
        (pl.col(a) * pl.col(b)).sum().alias("sab"),
    ]


def strata_moments(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per stratum code: N, S (win sum). `seats` has game, sk, win (one row per seat-game)."""
    return seats.group_by("sk").agg(
        pl.len().cast(pl.Float64).alias("N"), pl.col("win").sum().alias("S")
    )


def seat_moments(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per pair of stratum codes of seats of one game: the four moments."""
    right = seats.select("game", skb=pl.col("sk"), wb=pl.col("win"))
    pairs = (
        seats.select("game", ska=pl.col("sk"), wa=pl.col("win"))
        .join(right, on="game")
        .group_by("ska", "skb")
        .agg(_moments("wa", "wb"))
    )
    return pairs


def cell_moments(keys: pl.LazyFrame) -> pl.LazyFrame:
    """Per card and stratum code: n1, W1, Q1 of the holders.

    `keys` has the card columns (kc, cc, level), sg (`simcore.seats.seat_game_key`), win, sk.
    """
    return keys.group_by("kc", "cc", "level", "sk").agg(
        pl.len().cast(pl.Float64).alias("n1"),
        pl.col("win").sum().alias("W1"),
        (pl.col("win") * pl.col("win")).sum().alias("Q1"),
    )


def pair_moments(keys: pl.LazyFrame, seats: pl.LazyFrame) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """Per card: `holder_seat` and `holder_pairs` moments (see the module doc).

    `keys` as for `cell_moments`; `seats` has game, sk, win.
    """
    card = ["kc", "cc", "level"]
    holders = keys.select(
        *card, game=split_seat_game_key(pl.col("sg"))[0], sg="sg", ska="sk", wa="win"
    )
    others = seats.select("game", skb=pl.col("sk"), wb=pl.col("win"))
    holder_seat = (
        holders.join(others, on="game").group_by(*card, "ska", "skb").agg(_moments("wa", "wb"))
    )
    several = holders.filter(pl.len().over(*card, "game") > 1)
    holder_pairs = (
        several.join(
            several.select(*card, "game", sgb="sg", skb="ska", wb="wa"), on=[*card, "game"]
        )
        .filter(pl.col("sg") != pl.col("sgb"))
        .group_by(*card, "ska", "skb")
        .agg(_moments("wa", "wb"))
    )
    return holder_seat, holder_pairs


def _sum(parts: list[pl.DataFrame], keys: list[str]) -> pl.DataFrame:
    frame = pl.concat(parts)
    return frame.group_by(keys).agg(pl.exclude(keys).sum())


def effects(
    strata: pl.DataFrame,
    seat_pairs: pl.DataFrame,
    cells: pl.DataFrame,
    holder_seat: pl.DataFrame,
    holder_pairs: pl.DataFrame,
    scale: float = 1.0,
) -> pl.DataFrame:
    """Mantel-Haenszel difference per card: kind, card_id, level, delta, se, weight.

    `seat_pairs`, `holder_seat` and `holder_pairs` may come from a sample of the
    games: their sums are multiplied by `scale` (games in all / games in the sample).

    Frames are keyed by stratum names: `strata` (k, N, S), `seat_pairs` (ka, kb and
    the moments c, sa, sb, sab), `cells` (card, k, n1, W1, Q1), `holder_seat` and
    `holder_pairs` (card, ka, kb, moments). A card with no stratum holding both
    holders and non-holders gets a null delta.
    """
    const = (
        cells.join(strata, on="k")
        .with_columns(n0=pl.col("N") - pl.col("n1"), W0=pl.col("S") - pl.col("W1"))
        .with_columns(use=(pl.col("n1") > 0) & (pl.col("n0") > 0))
        .with_columns(
            a=pl.when("use").then(pl.col("n0") / pl.col("N")).otherwise(0.0),
            al=pl.when("use").then(pl.col("n1") / pl.col("N")).otherwise(0.0),
            beta=pl.when("use").then(1.0).otherwise(0.0),
            p1=pl.col("W1") / pl.col("n1"),
            p0=pl.when("use").then(pl.col("W0") / pl.col("n0")).otherwise(0.0),
        )
        .with_columns(c=pl.col("a") * pl.col("p1") + pl.col("al") * pl.col("p0"))
    )
    base = const.group_by(CARD).agg(
        weight=(pl.col("a") * pl.col("n1")).sum(),
        num=(pl.col("a") * pl.col("W1") - pl.col("al") * pl.col("W0")).sum(),
        t3a=(
            pl.col("beta")
            * (pl.col("Q1") - 2 * pl.col("c") * pl.col("W1") + pl.col("c") ** 2 * pl.col("n1"))
        ).sum(),
    )

    def side(name: str, cols: list[str]) -> pl.DataFrame:
        return const.select(*CARD, pl.col("k").alias(f"k{name}"), *[
            pl.col(c).alias(f"{c}_{name}") for c in cols
        ])  # fmt: skip

    def cross(pa: str, pb: str) -> pl.Expr:
        """sum over rows of (a - pa)(b - pb) from the moments."""
        return (
            pl.col("sab") - pl.col(pb) * pl.col("sa") - pl.col(pa) * pl.col("sb")
            + pl.col(pa) * pl.col(pb) * pl.col("c")
        )  # fmt: skip

    non = side("a", ["al", "p0"])
    t1 = (
        non.join(seat_pairs, on="ka")
        .join(side("b", ["al", "p0"]), on=[*CARD, "kb"])
        .group_by(CARD)
        .agg(t1=(pl.col("al_a") * pl.col("al_b") * cross("p0_a", "p0_b")).sum())
    )
    t2 = (
        holder_seat.join(side("a", ["beta", "c"]), on=[*CARD, "ka"])
        .join(side("b", ["al", "p0"]), on=[*CARD, "kb"])
        .group_by(CARD)
        .agg(t2=(-pl.col("beta_a") * pl.col("al_b") * cross("c_a", "p0_b")).sum())
    )
    t3b = (
        holder_pairs.join(side("a", ["beta", "c"]), on=[*CARD, "ka"])
        .join(side("b", ["beta", "c"]), on=[*CARD, "kb"])
        .group_by(CARD)
        .agg(t3b=(pl.col("beta_a") * pl.col("beta_b") * cross("c_a", "c_b")).sum())
    )
    out = base
    for part, name in ((t1, "t1"), (t2, "t2"), (t3b, "t3b")):
        out = out.join(part, on=CARD, how="left").with_columns(pl.col(name).fill_null(0.0))
    own = pl.col("t3a") + scale * pl.col("t1")
    total = own + scale * (2 * pl.col("t2") + pl.col("t3b"))
    total = pl.when(total > 0).then(total).otherwise(own)
    ok = pl.col("weight") > 0
    return out.select(
        *CARD,
        "weight",
        delta=pl.when(ok).then(pl.col("num") / pl.col("weight")),
        se=pl.when(ok).then(total.clip(lower_bound=0.0).sqrt() / pl.col("weight")),
    )


def interval(delta: float | None, se: float | None) -> tuple:
    """(delta, low, high, two-sided p) from a difference and its standard error; nones if absent."""
    if delta is None or se is None or math.isnan(delta):
        return None, None, None, None
    if se == 0:
        return delta, delta, delta, (1.0 if delta == 0 else 0.0)
    return delta, delta - Z95 * se, delta + Z95 * se, normal_two_sided_p(delta / se)


class Accumulator:
    """Moments batch by batch, for the held and completed roles; `result()` estimates.

    The pair moments (`seat_pairs`, `holder_seat`, `holder_pairs`: joins of seats
    with the seats of their game, the costly step) are kept for the first batches
    only, up to `pair_games` games, and scaled to the run (games are independent
    and identically distributed, so this estimates the full sums without bias);
    the estimate itself and the holders' own variance use every game.
    """

    def __init__(self, pair_games: int = 65_536) -> None:
        self.pair_games = pair_games
        self.games = 0
        self.sampled = 0
        self.strata: list[pl.DataFrame] = []
        self.seat_pairs: list[pl.DataFrame] = []
        self.roles: dict[str, dict[str, list[pl.DataFrame]]] = {
            role: {"cells": [], "holder_seat": [], "holder_pairs": []}
            for role in ("held", "completed")
        }

    def wants_pairs(self) -> bool:
        return self.sampled < self.pair_games

    def add_seats(
        self, games: int, strata: pl.DataFrame, pairs: pl.DataFrame | None, names: pl.DataFrame
    ) -> None:
        self.games += games
        self.strata.append(strata.join(names, on="sk").drop("sk"))
        if pairs is not None:
            self.seat_pairs.append(_decode(pairs, names))

    def add_role(
        self, role: str, frames: list[pl.DataFrame], names: pl.DataFrame, codes: pl.DataFrame
    ) -> None:
        """frames: cells, then (from `pair_moments`, in sampled batches) holder_seat, pairs."""
        parts = self.roles[role]
        cells, *pairs = (f.join(codes, on=["kc", "cc"]).drop("kc", "cc") for f in frames)
        parts["cells"].append(cells.join(names, on="sk").drop("sk"))
        if pairs:
            parts["holder_seat"].append(_decode(pairs[0], names))
            parts["holder_pairs"].append(_decode(pairs[1], names))

    def sampled_batch(self, games: int) -> None:
        self.sampled += games

    def result(self) -> dict[str, pl.DataFrame]:
        strata = _sum(self.strata, ["k"])
        pairs = _sum(self.seat_pairs, ["ka", "kb"])
        scale = self.games / self.sampled if self.sampled else 1.0
        out = {}
        for role, parts in self.roles.items():
            if not parts["cells"]:
                continue
            out[role] = effects(
                strata,
                pairs,
                _sum(parts["cells"], [*CARD, "k"]),
                _sum(parts["holder_seat"], [*CARD, "ka", "kb"]),
                _sum(parts["holder_pairs"], [*CARD, "ka", "kb"]),
                scale,
            )
        return out


def _decode(frame: pl.DataFrame, names: pl.DataFrame) -> pl.DataFrame:
    """Stratum codes ska, skb -> names ka, kb."""
    return (
        frame.join(names.rename({"sk": "ska", "k": "ka"}), on="ska")
        .join(names.rename({"sk": "skb", "k": "kb"}), on="skb")
        .drop("ska", "skb")
    )


def from_tables(
    seats: pl.DataFrame,
    keys: pl.DataFrame,
    groups: tuple[str, ...] = (),
    milestone: str | None = None,
) -> pl.DataFrame:
    """Effects straight from small tables (tests, notebooks).

    `seats`: game, seat, strategy, start_order, the `groups` columns, win (and the
    `milestone` column: the milestone cards' strata); `keys`: kind, card_id, level, game,
    seat (one row per seat-game holding the card).
    """
    seats = seats.with_columns(
        pl.col("strategy", *groups).cast(pl.String).cast(pl.Categorical),
        pl.col("win").cast(pl.Float64),
        sg=seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64)),
    ).with_columns(sk=stratum_code(groups, milestone=milestone))
    kinds = (
        keys.select("kind", "card_id")
        .unique()
        .with_row_index("cc")
        .with_columns(kc=pl.lit(0, pl.Int64), cc=pl.col("cc").cast(pl.Int64))
    )
    coded = (
        keys.join(kinds, on=["kind", "card_id"])
        .with_columns(sg=seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64)))
        .unique([*CARD, "sg"])
        .join(seats.select("sg", "win", "sk"), on="sg")
        .select("kc", "cc", "level", "sg", "win", "sk")
    )
    lazy_seats = seats.lazy().select("game", "sk", "win")
    strata, pairs = strata_moments(lazy_seats).collect(), seat_moments(lazy_seats).collect()
    names = stratum_names(seats.lazy(), groups, milestone=milestone).collect()
    acc = Accumulator()
    acc.add_seats(seats["game"].n_unique(), strata, pairs, names)
    frames = [cell_moments(coded.lazy()), *pair_moments(coded.lazy(), lazy_seats)]
    codes = kinds.select("kc", "cc", "kind", "card_id")
    acc.add_role("held", [f.collect() for f in frames], names, codes)
    acc.sampled_batch(seats["game"].n_unique())
    return acc.result()["held"]


# ------------------------------------------------------------- seat-game arrays


def stratified_difference(
    stratum: np.ndarray,
    game: np.ndarray,
    win: np.ndarray,
    held: np.ndarray,
    n_games: int,
    weights: np.ndarray | None = None,
) -> tuple[float, np.ndarray]:
    """The Mantel-Haenszel difference of `effects` and each game's influence on it.

    stratum: int64[S], a stratum index per seat-game; game: int64[S] in 0..n_games-1;
    win: float64[S]; held: float64[S], 1 where the seat-game holds the card; weights:
    float64[n_games] per game (bootstrap counts; default ones). Returns (delta,
    influence float64[n_games]): the standard error is sqrt(sum influence**2), games as
    clusters, exactly as `effects` computes it from the moments. (nan, zeros) when no
    stratum has both holders and non-holders. Nothing is mutated.
    """
    w = np.ones(len(win)) if weights is None else weights[game]
    h = held.astype(np.float64)
    n = np.bincount(stratum, w)
    s = np.bincount(stratum, w * win)
    n1 = np.bincount(stratum, w * h)
    w1 = np.bincount(stratum, w * h * win)
    n0, w0 = n - n1, s - w1
    use = (n1 > 0) & (n0 > 0)
    safe_n = np.where(use, n, 1.0)
    weight = float((n1 * n0 / safe_n)[use].sum())
    if weight <= 0:
        return math.nan, np.zeros(n_games)
    delta = float(((n0 * w1 - n1 * w0) / safe_n)[use].sum() / weight)
    p1 = np.where(use, w1 / np.where(use, n1, 1.0), 0.0)
    p0 = np.where(use, w0 / np.where(use, n0, 1.0), 0.0)
    k = stratum
    e = (
        np.where(h > 0, n0[k] / safe_n[k] * (win - p1[k]), -n1[k] / safe_n[k] * (win - p0[k]))
        * use[k]
    )
    return delta, np.bincount(game, w * e, minlength=n_games) / weight


def effect_words(
    adjusted: float | None,
    low: float | None = None,
    high: float | None = None,
    raw: float | None = None,
) -> str:
    """ "effect (adjusted) -1.1 pts (95% -2.0 to -0.2), raw -2.3 pts": the words every
    command prints for a card's effect (win-rate points)."""
    from simcore import fmt

    head = (
        f"{ADJUSTED} not measured"
        if adjusted is None
        else f"{ADJUSTED} {fmt.pts(adjusted)} pts"
        + (f" (95% {fmt.pts_range(low, high)})" if low is not None and high is not None else "")
    )
    return head + (f", {RAW} {fmt.pts(raw)} pts" if raw is not None else "")


@dataclass
class SideEffects:
    """Seat-games of some cards on the sides of a comparison, window by window; each
    card's adjusted effect per side and the difference between two sides.

    `keys`: card key ("instrument/violin") -> whether its strata include the game's
    grouping columns (False for a card of a grouping kind: Luthier's family tiles);
    `groups`: the game's grouping columns (Luthier: family). A seat-game holds a card
    when it has a held row whose key is the card's or starts with it and "/" (one level
    of a per-level card).
    """

    keys: dict[str, bool]
    groups: tuple[str, ...] = ()
    parts: dict[int, list[pl.DataFrame]] = field(default_factory=dict)

    def add(self, side: int, seats: pl.DataFrame, held: pl.DataFrame) -> None:
        """`seats`: game, seat, start_order, strategy, the groups, win; `held`: game,
        seat, key (one row per held card of a seat-game)."""
        frame = seats.select(
            pl.col("game").cast(pl.Int64),
            pl.col("seat").cast(pl.Int64),
            pl.col("win").cast(pl.Float64),
            base=pl.concat_str(
                [pl.col(c).cast(pl.String) for c in ("strategy", "start_order")], separator="|"
            ),
            grouped=pl.concat_str(
                [pl.col(c).cast(pl.String) for c in ("strategy", "start_order", *self.groups)],
                separator="|",
            ),
        )
        held = held.select(pl.col("game").cast(pl.Int64), pl.col("seat").cast(pl.Int64), "key")
        for i, key in enumerate(self.keys):
            match = (pl.col("key") == key) | pl.col("key").str.starts_with(key + "/")
            rows = held.filter(match).select("game", "seat").unique()
            frame = frame.join(
                rows.with_columns(pl.lit(1.0).alias(f"h{i}")),
                on=["game", "seat"],
                how="left",
                maintain_order="left",
            ).with_columns(pl.col(f"h{i}").fill_null(0.0))
        self.parts.setdefault(side, []).append(frame)

    def _arrays(self) -> tuple[dict[int, pl.DataFrame], int, dict[str, np.ndarray]]:
        sides = {s: pl.concat(parts) for s, parts in self.parts.items()}
        every = pl.concat([f.select("game", "base", "grouped") for f in sides.values()])
        games = np.unique(every["game"].to_numpy())
        strata = {c: every[c].unique().sort() for c in ("base", "grouped")}
        return sides, len(games), {"games": games, **{c: v.to_numpy() for c, v in strata.items()}}

    def result(self, paired: bool = True) -> dict[str, dict[str, Any]]:
        """Per card key: `sides` (per side: delta, low, high, p) and, with two sides,
        `diff`, `low`, `high` of side 1 minus side 0 (paired by game, or independent)."""
        if not self.parts:
            return {}
        sides, n_games, index = self._arrays()
        out: dict[str, dict[str, Any]] = {}
        for i, (key, grouped) in enumerate(self.keys.items()):
            column = "grouped" if grouped else "base"
            per, infl = {}, {}
            for s, frame in sides.items():
                k = np.searchsorted(index[column], frame[column].to_numpy())
                g = np.searchsorted(index["games"], frame["game"].to_numpy())
                delta, influence = stratified_difference(
                    k, g, frame["win"].to_numpy(), frame[f"h{i}"].to_numpy(), n_games
                )
                se = math.sqrt(float((influence**2).sum()))
                per[s] = dict(zip(("delta", "low", "high", "p"), interval(delta, se), strict=True))
                infl[s] = influence
            row: dict[str, Any] = {"sides": per}
            if set(per) == {0, 1} and per[0]["delta"] is not None and per[1]["delta"] is not None:
                diff = per[1]["delta"] - per[0]["delta"]
                if paired:
                    se = math.sqrt(float(((infl[1] - infl[0]) ** 2).sum()))
                else:
                    se = math.sqrt(float((infl[0] ** 2).sum() + (infl[1] ** 2).sum()))
                row.update(zip(("diff", "low", "high", "p"), interval(diff, se), strict=True))
            out[key] = row
        return out
