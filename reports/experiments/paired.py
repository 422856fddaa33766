"""Paired metrics of a card variant on the common columns every game's tables carry.

What-if and ablation compare a variant with the baseline on the same games. For a game
whose tables the drift check reads (Luthier: family, prestige), the drift check's own
metrics are used (`reports.experiments.whatif`); for any other game they are computed here from the
common columns of the interface (simcore/games/api.py):

- `seat`: win rate by start order (1 = first);
- `strategy`: win rate by strategy;
- `score`: mean final score (the game's score column, e.g. Maestro's points);
- `card`: per card of the cards table ("row/debussy"), the win rate of the seats that
  hold it in a game minus the other seats' (its holders: every seat with an event of
  that card in that game; Maestro: played into the row; placed, raided or left unplaced
  a musician of the instrument).

Each side's value is a ratio of sums over games (wins over seat-games); the difference
(variant minus baseline) has a game-clustered variance from the paired per-game
influence of both sides' ratios, so its interval is as narrow as the pairing makes it.
"Changed" is significant after Holm's correction across all metrics. Rows have the
drift check's row layout, so `reports.experiments.whatif_render` shows them alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from reports.drift.drift_metrics import RAW_EFFECT
from reports.experiments.variants import paired_tables
from simcore.errors import TuttiError
from simcore.progress import Progress
from simcore.stats import Z95, holm, normal_two_sided_p

ALPHA = 0.05
MIN_GAMES = 50  # fewer games: nothing is tested (as the drift check)
MIN_SAMPLE = 30  # seat-games in a card's holders (and others), or for a mean score
MIN_EVENTS = 5  # wins and losses in each group of a tested win rate
GROUPS = ("seat", "strategy", "score", "card")
KINDS = {"seat": "win", "strategy": "win", "score": "score", "card": "card"}
ALL_SEATS = "all seats"
CARD_EVENT_COLUMNS = ("game", "seat", "kind", "card_id", "event", "round")


@dataclass(frozen=True)
class CommonWindow:
    """Consecutive games reduced to the common columns.

    `seats`: game, seat, start_order, strategy, win, score (sorted by game and seat);
    `held`: unique (game, seat, key) of the cards with an event, key "kind/card_id";
    `fingerprint`: one number per game (in game order) of every seat column and card
    event, so that games that played out differently are counted."""

    seats: pl.DataFrame
    held: pl.DataFrame
    fingerprint: np.ndarray


def _frame(table) -> pl.DataFrame:
    frame = table if isinstance(table, pl.DataFrame) else pl.from_arrow(table)
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String))


def reducer(score: str) -> Callable[[Any, Any], CommonWindow]:
    """The function that reduces a side's (seats, cards) tables to a CommonWindow."""

    def reduce(seats_table, cards_table) -> CommonWindow:
        seats = _frame(seats_table).sort("game", "seat")
        cards = _frame(cards_table).select(CARD_EVENT_COLUMNS)
        games = seats["game"].unique(maintain_order=True).to_numpy()
        fingerprint = np.zeros(len(games), np.uint64)
        for frame in (seats, cards):
            if frame.height:
                at = np.searchsorted(games, frame["game"].to_numpy())
                np.add.at(fingerprint, at, frame.hash_rows(seed=0).to_numpy().astype(np.uint64))
        common = seats.select(
            pl.col("game").cast(pl.Int64),
            pl.col("seat").cast(pl.Int64),
            pl.col("start_order").cast(pl.Int64),
            pl.col("strategy").cast(pl.String),
            pl.col("win").cast(pl.Float64),
            pl.col(score).cast(pl.Float64).alias("score"),
        )
        held = (
            cards.select(
                pl.col("game").cast(pl.Int64),
                pl.col("seat").cast(pl.Int64),
                pl.concat_str([pl.col("kind"), pl.lit("/"), pl.col("card_id")]).alias("key"),
            )
            .unique()
            .sort("game", "seat", "key")
        )
        return CommonWindow(common, held, fingerprint)

    return reduce


def card_rows(window: CommonWindow) -> dict[str, np.ndarray]:
    """Each card key's holder seat rows (indices into `window.seats`)."""
    rows = window.seats.select("game", "seat").with_row_index("row")
    joined = window.held.join(rows, on=["game", "seat"])
    return {
        str(key): frame["row"].to_numpy().astype(np.int64)
        for (key,), frame in joined.partition_by("key", as_dict=True).items()
    }


class PairedMetrics:
    """The baseline's and a variant's metrics accumulated window by window.

    Each metric keeps per game, for each side and term, the sum `a` (wins, or scores) and
    the count `n` (seat-games); a card metric has two terms (holders, others), its value
    the first ratio minus the second."""

    def __init__(self, score: str, card_label: Callable[[str], str]):
        self.score = score
        self.card_label = card_label
        self.parts: dict[tuple[str, str], dict[int, np.ndarray]] = {}
        self.sizes: list[int] = []
        self.changed = 0

    def add_pair(self, base: CommonWindow, cand: CommonWindow) -> None:
        if not (
            base.seats.height == cand.seats.height
            and (base.seats["game"] == cand.seats["game"]).all()
            and (base.seats["seat"] == cand.seats["seat"]).all()
        ):
            raise TuttiError("internal: variant windows are not aligned with the baseline")
        w = len(self.sizes)
        n = len(base.fingerprint)
        self.sizes.append(n)
        self.changed += int((base.fingerprint != cand.fingerprint).sum())
        game = base.seats["game"].to_numpy()
        gi = np.searchsorted(np.unique(game), game)
        for s, side in enumerate((base, cand)):
            win = side.seats["win"].to_numpy()
            score = side.seats["score"].to_numpy()
            ones = np.ones(len(win), bool)
            for group, column in (("seat", "start_order"), ("strategy", "strategy")):
                values = side.seats[column].to_numpy()
                for value in np.unique(values):
                    self._add(w, n, (group, str(value)), s, 0, gi, win, values == value)
            self._add(w, n, ("score", ALL_SEATS), s, 0, gi, score, ones)
            for key, rows in card_rows(side).items():
                held = np.zeros(len(win), bool)
                held[rows] = True
                self._add(w, n, ("card", key), s, 0, gi, win, held)
                self._add(w, n, ("card", key), s, 1, gi, win, ~held)

    def _add(self, w, n, metric, side, term, gi, values, mask) -> None:
        terms = 2 if metric[0] == "card" else 1
        arr = self.parts.setdefault(metric, {}).setdefault(w, np.zeros((terms, 2, 2, n)))
        arr[term, side, 0] += np.bincount(gi[mask], values[mask], minlength=n)
        arr[term, side, 1] += np.bincount(gi[mask], minlength=n)

    def _series(self, metric) -> np.ndarray:
        """(terms, sides, a/n, games) over every window (zeros where the metric was absent)."""
        terms = 2 if metric[0] == "card" else 1
        parts = self.parts[metric]
        return np.concatenate(
            [parts.get(w, np.zeros((terms, 2, 2, n))) for w, n in enumerate(self.sizes)], axis=3
        )

    def rows(self) -> list[dict[str, Any]]:
        """One row per metric in the drift check's layout, with Holm-corrected verdicts."""
        games = sum(self.sizes)
        rows = []
        order = sorted(self.parts, key=lambda m: (GROUPS.index(m[0]), _key_order(m[1])))
        for metric in order:
            rows.append(self._row(metric, self._series(metric), games))
        tested = [r for r in rows if r["tested"]]
        for r, h in zip(tested, holm([r["p_value"] for r in tested]), strict=True):
            r["holm_p"] = h
            r["changed"] = h <= ALPHA
        for r in rows:
            r.setdefault("holm_p", None)
            r.setdefault("changed", False)
        return rows

    def _row(self, metric, series: np.ndarray, games: int) -> dict[str, Any]:
        group, key = metric
        kind = KINDS[group]
        value, influence, enough = [], [], True
        for s in (0, 1):
            v, infl = 0.0, np.zeros(series.shape[3])
            for t in range(series.shape[0]):
                a, cnt = series[t, s, 0], series[t, s, 1]
                total, count = float(a.sum()), float(cnt.sum())
                if count == 0:
                    v, enough = math.nan, False
                    continue
                r = total / count
                sign = 1.0 if t == 0 else -1.0
                v += sign * r
                infl += sign * (a - r * cnt) / count
                if kind == "score":
                    enough &= count >= MIN_SAMPLE
                else:
                    enough &= count >= (MIN_SAMPLE if kind == "card" else 1)
                    enough &= min(total, count - total) >= MIN_EVENTS
            value.append(v)
            influence.append(infl)
        base, cand = value
        diff = cand - base
        scale = games / (games - 1) if games > 1 else math.inf
        variance = float(((influence[1] - influence[0]) ** 2).sum()) * scale
        tested = bool(games >= MIN_GAMES and enough and not math.isnan(diff))
        row: dict[str, Any] = {
            "group": group,
            "key": key,
            "metric": self._label(group, key),
            "kind": kind,
            "baseline": _num(base),
            "candidate": _num(cand),
            "diff": _num(diff),
            "variance": variance if tested else None,
            "n_baseline": int(series[0, 0, 1].sum()),
            "n_candidate": int(series[0, 1, 1].sum()),
            "tested": tested,
            "low": None,
            "high": None,
            "p_value": None,
        }
        if tested:
            se = math.sqrt(variance)
            row["low"], row["high"] = diff - Z95 * se, diff + Z95 * se
            row["p_value"] = normal_two_sided_p(diff / se) if se > 0 else float(diff == 0)
            cand_se = math.sqrt(float((influence[1] ** 2).sum()) * scale)
            row["cand_interval"] = (cand - Z95 * cand_se, cand + Z95 * cand_se)
        return row

    def _label(self, group: str, key: str) -> str:
        if group == "seat":
            return f"win rate, start order {key}"
        if group == "strategy":
            return f"win rate, strategy {key}"
        if group == "score":
            return f"mean final {self.score}"
        return f"card {self.card_label(key)}: {RAW_EFFECT}"


def _key_order(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (1 << 30, key)


def _num(x: float) -> float | None:
    return None if x is None or math.isnan(x) else float(x)


def compare(base, arms: list, games: int, progress: Progress | None = None) -> list[PairedMetrics]:
    """Play the baseline and each variant (`arms`) on games 0..games-1; their metrics."""
    game = base.game
    reduce = reducer(game.score)
    metrics = [
        PairedMetrics(game.score, lambda key, cards=arm.card_set: game.card_label(cards, key))
        for arm in arms
    ]
    for base_window, windows in paired_tables(base, arms, games, progress, reduce):
        for m, window in zip(metrics, windows, strict=True):
            m.add_pair(base_window, window)
    return metrics
