"""The drift metrics, and each window's per-game numbers for them.

Every metric is a ratio of per-game sums, R = sum_g W_g / sum_g N_g:

- win rate by start order, by each grouping column the game declares (Luthier's
  family tile) and by strategy: W = wins of the matching seats in game g, N = how
  many seats match (a seat's win is 1, 0 or 1/k);
- mean final score (the game's score: Luthier's prestige, Maestro's points), of all
  seats and (with several strategies) per strategy: W = the matching seats' score,
  N = how many seats match;
- per card ("as in the report"): the win rate of the seat-games holding (or
  completing) the card minus that of all other seat-games. Its second ratio
  uses the game totals: W_b = wins in game g - W, N_b = players - N.

Games, not seat-games, are the independent units, so the intervals allow for the
seats of one game being correlated (see `reports.drift.drift_moments`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from reports.drift.drift_window import Spec, Window, game_spec
from reports.percard.adjusted import RAW

Names = dict[str, str]  # cards-table key "kind/card_id" -> the card's name
GROUPS = {  # metric group -> (title, tolerance kind, compared against the other seats)
    "seat": ("win rate by start order", "win", False),
    "strategy": ("win rate by strategy", "win", False),
    "score": ("mean final score", "score", False),
    "card": ("card holders' win-rate difference", "card", True),
    "completed": ("card completers' win-rate difference", "card", True),
}
GAME_GROUP = ("win rate by a column the game declares", "win", False)  # family, ...
ALL_SEATS = "all seats"
RAW_EFFECT = (
    f"effect ({RAW})"  # holders' win rate minus the other seats' (reports.percard.adjusted)
)


def group_info(group: str) -> tuple[str, str, bool]:
    """(title, tolerance kind, against the others) of a metric group; a group that is none
    of GROUPS is one of the game's grouping columns (a win rate)."""
    return GROUPS.get(group, GAME_GROUP)


def group_order(group: str) -> int:
    """Where a group's metrics sort: start order, the game's groups, strategy, score, cards."""
    return {"seat": 0, "strategy": 2, "score": 3, "card": 4, "completed": 5}.get(group, 1)


@dataclass
class MetricSpace:
    """Metric (group, key) -> column index, growing as new keys (cards, families) appear."""

    keys: list[tuple[str, str]] = field(default_factory=list)
    index: dict[tuple[str, str], int] = field(default_factory=dict)

    def add(self, group: str, values) -> np.ndarray:
        """Column indices of (group, value) for each value, registering new ones."""
        out = np.empty(len(values), np.int64)
        for i, value in enumerate(values):
            key = (group, str(value))
            if key not in self.index:
                self.index[key] = len(self.keys)
                self.keys.append(key)
            out[i] = self.index[key]
        return out

    def __len__(self) -> int:
        return len(self.keys)

    def vs_others(self) -> np.ndarray:
        """bool[M]: the metric is a difference against all other seat-games."""
        return np.array([group_info(g)[2] for g, _ in self.keys], bool)


@dataclass(frozen=True)
class GameNumbers:
    """One window's per-game numbers over the metric space at the time it was built.

    games: int64[n] game indices; a: float64[n, M, 2] (W, N) per metric;
    totals: float64[n, 2] (wins, seats) per game.
    """

    games: np.ndarray
    a: np.ndarray
    totals: np.ndarray


def _codes(space: MetricSpace, group: str, column: pl.Series) -> np.ndarray:
    """Metric column of each row, via the column's few distinct values."""
    values = column.cast(pl.String).unique(maintain_order=True)
    cols = space.add(group, values.to_list())
    return column.cast(pl.String).replace_strict(values, cols, return_dtype=pl.Int64).to_numpy()


def game_numbers(window: Window, space: MetricSpace) -> GameNumbers:
    """Per-game (W, N) of every metric in `space` (new keys are registered first)."""
    seats, cards = window.seats, window.cards
    games, pos = np.unique(seats["game"].to_numpy(), return_inverse=True)
    win = seats["win"].to_numpy()
    seat_keys = {"seat": "start_order", **{g: g for g in window.groups}, "strategy": "strategy"}
    rows = [(pos, _codes(space, g, seats[c]), win) for g, c in seat_keys.items()]
    score = seats[window.score].to_numpy()
    rows.append((pos, np.full(len(pos), space.add("score", [ALL_SEATS])[0]), score))
    if seats["strategy"].n_unique() > 1:  # mean score per strategy, when there are several
        rows.append((pos, _codes(space, "score", "strategy " + seats["strategy"]), score))
    if cards.height:
        joined = cards.join(seats.select("game", "seat", "win"), on=["game", "seat"]).sort(
            "game", "seat"
        )  # sums of a game's wins in seat order: the same bits whatever the source
        group = (
            pl.when(pl.col("role") == "held").then(pl.lit("card")).otherwise(pl.lit("completed"))
        )
        for name in ("card", "completed"):
            part = joined.filter(group == name)
            game_pos = np.searchsorted(games, part["game"].to_numpy())
            rows.append((game_pos, _codes(space, name, part["key"]), part["win"].to_numpy()))
    n, m = len(games), len(space)
    flat = np.concatenate([p * m + c for p, c, _ in rows])
    w = np.bincount(flat, weights=np.concatenate([x for _, _, x in rows]), minlength=n * m)
    count = np.bincount(flat, minlength=n * m).astype(np.float64)
    a = np.stack([w.reshape(n, m), count.reshape(n, m)], axis=-1)
    totals = np.stack([np.bincount(pos, weights=win, minlength=n), np.bincount(pos, minlength=n)])
    return GameNumbers(games, a, totals.T.astype(np.float64))


def label(group: str, key: str, names: Names | None = None, spec: Spec | None = None) -> str:
    """A metric's name for people: "win rate, family gagliano", "mean final prestige",
    "card repairs.r15 (Bell rebuild): effect (raw)" (`names`: card names
    by cards-table key; `spec`: the game's words, None: the default game's)."""
    if group == "seat":
        return f"win rate, start order {key}"
    if group == "score":
        score = (spec or game_spec()).score
        return f"mean final {score}" + ("" if key == ALL_SEATS else f", {key}")
    if group not in ("card", "completed"):
        return f"win rate, {group} {key}"
    role = "" if group == "card" else "completers' "
    return f"card {card_text(key, names or {}, spec)}: {role}{RAW_EFFECT}"


def card_text(key: str, names: Names, spec: Spec | None = None) -> str:
    """ "repair/r15" -> "repairs.r15 (Bell rebuild)", "award/t8/3" -> "awards.t8 (Name) level
    3": the kind as the game's card files spell it (`--set`), the id, and the card's name
    unless it only repeats the id (as reports.percard.card_names words Luthier's cards)."""
    files = (spec or game_spec()).files
    kind, _, rest = key.partition("/")
    card_id, _, level = rest.partition("/")
    name = names.get(f"{kind}/{card_id}")
    text = f"{files.get(kind, kind)}.{card_id}"
    if name and slug(name) != slug(card_id):
        text += f" ({name})"
    return f"{text} level {level}" if level else text


def slug(text: str) -> str:
    """A name written as an id: "Bell rebuild" -> "bell_rebuild"."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
