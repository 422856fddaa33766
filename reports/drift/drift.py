"""Compare a baseline's games with a candidate's: metrics, intervals and verdicts.

    from reports.drift.drift import compare_paths
    result = compare_paths("runs/before", "runs/after")   # a JSON-ready dict
    result["verdict"]                                     # "pass", "drift" or "inconclusive"

Either side is a run directory or a baseline file, of any registered game (both
sides of the same one). When both used the same master seed and player count, game i
of one is game i of the other (common random numbers) and the games are compared in
pairs; otherwise unpaired. What is compared beyond start order, strategy and the score
is what the game declares (`reports.drift.drift_window.Spec`).

The result leads with the cards whose data differ between the two sides, each with its
metrics before and after (`reports.drift.drift_cards`). Sides played by different strategies,
parameters, rules versions or user strategy modules are refused unless allowed
(`reports.drift.drift_sides`). The score's tolerance is, unless given in points, a share of
the baseline's mean final score (`Tolerances.scaled`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from reports.drift.drift_baseline import Baseline, read_baseline
from reports.drift.drift_cards import (
    add_window,
    card_data,
    effect_sides,
    lead,
    names_of,
    trusted_cards,
    with_adjusted,
)
from reports.drift.drift_metrics import (
    MetricSpace,
    Names,
    game_numbers,
    group_info,
    group_order,
    label,
)
from reports.drift.drift_moments import (
    Moments,
    SideEstimate,
    paired_difference,
    unpaired_difference,
)
from reports.drift.drift_sides import check_comparable
from reports.drift.drift_verdict import ORDER, Tolerances, decide, fixed_interval
from reports.drift.drift_window import Spec, Window, game_spec, window_from_tables
from reports.run.load import Run, open_run
from reports.run.violations import UnsoundError, tally_run
from simcore.errors import TuttiError
from simcore.progress import Progress
from simcore.runs.manifest import RunConfig

FORMAT = "tutti-drift/1"
WINDOW = 4096  # games read and compared at a time: memory depends on it, not on the run
MIN_GAMES = 50  # fewer games in a run: nothing is tested (intervals need many games)
MIN_EVENTS = 5  # a win rate is tested only with at least 5 wins and 5 losses in each group


@dataclass(frozen=True)
class Source:
    """One side of a comparison: a run directory or a baseline file."""

    path: Path
    config: RunConfig
    games: int
    run: Run | None = None
    baseline: Baseline | None = None

    @property
    def spec(self) -> Spec:
        """What the drift check reads of this game's tables."""
        return game_spec(self.config.game)

    def window(self, start: int, stop: int) -> Window:
        if self.baseline is not None:
            return self.baseline.window(start, stop)
        assert self.run is not None
        spec = self.spec
        size = self.config.chunk_size
        chunks = [c for c in self.run.chunks if c * size < stop and (c + 1) * size > start]
        in_range = pl.col("game").is_between(start, stop - 1)
        seats = self.run.scan("seats", chunks).filter(in_range).select(spec.seat_columns)
        cards = self.run.scan("cards", chunks).filter(in_range).select(spec.card_columns)
        seats_frame, cards_frame = pl.collect_all([seats, cards])
        return window_from_tables(seats_frame, cards_frame, spec)

    def windows(self, stop: int) -> Iterator[Window]:
        for start in range(0, stop, WINDOW):
            yield self.window(start, min(start + WINDOW, stop))

    def describe(self) -> dict[str, Any]:
        kind = "baseline file" if self.baseline is not None else "run directory"
        return describe(str(self.path), kind, self.games, self.config)

    def mean_score(self) -> float:
        """The mean final score of every seat of every game (the scale of a relative score
        tolerance)."""
        if self.baseline is not None:
            return mean_score(self.baseline)
        assert self.run is not None
        score = pl.col(self.spec.score).cast(pl.Float64).mean()
        value = self.run.scan("seats").select(score).collect().item()
        return math.nan if value is None else float(value)


def mean_score(baseline: Baseline) -> float:
    """A baseline file's mean final score over every seat of every game."""
    value = baseline.rows["score"].cast(pl.Float64).mean()
    return math.nan if value is None else float(value)


def describe(where: str, kind: str, games: int, c: RunConfig) -> dict[str, Any]:
    """What one side of a comparison is: where, how many games, and its configuration."""
    return {
        "path": where,
        "kind": kind,
        "game": c.game,
        "games": games,
        "players": c.players,
        "seed": c.seed,
        "strategies": c.strategies,
        "card_hash": c.card_hash,
        "cards_dir": c.cards_dir,
        "rules_version": c.rules_version,
        "package_version": c.package_version,
    }


def open_source(path: Path) -> Source:
    path = Path(path)
    if path.is_dir():
        run = open_run(path, game=None)  # any registered game
        return Source(path, run.manifest.config, run.games, run=run)
    if not path.exists():
        raise TuttiError(f"{path}: no such run directory or baseline file")
    baseline = read_baseline(path)
    return Source(path, baseline.config, baseline.games, baseline=baseline)


def can_pair(base: RunConfig, cand: RunConfig) -> bool:
    """The same master seed and player count: game i is the same deal and dice in both."""
    return base.seed == cand.seed and base.players == cand.players


@dataclass
class Comparison:
    """Moments of both sides, window by window, and the metric rows they give."""

    paired: bool
    space: MetricSpace = field(default_factory=MetricSpace)
    moments: Moments = field(init=False)
    base_moments: Moments = field(init=False)  # unpaired only
    cand_moments: Moments = field(init=False)
    sequential_state: dict[tuple[str, str], float] = field(default_factory=dict)
    names: Names = field(default_factory=dict)  # card names for the metric labels
    spec: Spec | None = None  # the game's words for the labels (None: the default game)

    def __post_init__(self) -> None:
        self.moments = Moments(4)
        self.base_moments, self.cand_moments = Moments(2), Moments(2)

    def add_pair(self, base: Window, cand: Window) -> None:
        b, c = game_numbers(base, self.space), game_numbers(cand, self.space)
        if len(b.games) != len(c.games) or (b.games != c.games).any():
            raise TuttiError("paired windows hold different games (a run is missing games?)")
        self.moments.add_pair(b, c)

    def add_base(self, window: Window) -> None:
        self.base_moments.add_one(game_numbers(window, self.space))

    def add_cand(self, window: Window) -> None:
        self.cand_moments.add_one(game_numbers(window, self.space))

    @property
    def games(self) -> tuple[int, int]:
        if self.paired:
            return self.moments.n, self.moments.n
        return self.base_moments.n, self.cand_moments.n

    def rows(self, tol: Tolerances, sequential: bool = False) -> tuple[str, list[dict[str, Any]]]:
        """The overall verdict and one row per metric (drifted first)."""
        vs_others = self.space.vs_others()
        rows = []
        for m, (group, key) in enumerate(self.space.keys):
            kind = group_info(group)[1]
            if self.paired:
                d = paired_difference(self.moments, m, bool(vs_others[m]))
            else:
                d = unpaired_difference(self.base_moments, self.cand_moments, m, bool(vs_others[m]))
            tested = (
                min(self.games) >= MIN_GAMES
                and not math.isnan(d.diff)
                and not math.isinf(d.variance)
                and all(_enough(side, kind, bool(vs_others[m]), tol) for side in (d.base, d.cand))
            )
            row = {
                "group": group,
                "key": key,
                "metric": label(group, key, self.names, self.spec),
                "kind": kind,
                "baseline": _num(d.base.value),
                "candidate": _num(d.cand.value),
                "diff": _num(d.diff),
                "variance": d.variance if tested else None,
                "tolerance": tol.of(kind),
                "n_baseline": int(d.base.n),
                "n_candidate": int(d.cand.n),
                "tested": bool(tested),
            }
            for side, value, variance in (
                ("baseline", d.base.value, d.base_variance),
                ("candidate", d.cand.value, d.cand_variance),
            ):  # each side's own (1 - alpha) interval, when the metric is tested
                low = high = None
                if tested and math.isfinite(value) and math.isfinite(variance):
                    low, high = fixed_interval(value, variance, tol.alpha)
                row[f"{side}_low"], row[f"{side}_high"] = low, high
            if sequential and (group, key) in self.sequential_state:
                row["p_running"] = self.sequential_state[(group, key)]
            rows.append(row)
        verdict = decide(rows, tol, sequential)
        if sequential:
            for r in rows:
                if "p_running" in r:
                    self.sequential_state[(r["group"], r["key"])] = r.pop("p_running")
        rows.sort(
            key=lambda r: (ORDER[r["verdict"]], group_order(r["group"]), r["group"], r["key"])
        )
        return verdict, rows


def _enough(side: SideEstimate, kind: str, vs_others: bool, tol: Tolerances) -> bool:
    """Enough seat-games, wins and losses in each group for the normal approximation."""
    if kind == "score":
        return side.n >= tol.min_sample
    groups = [(side.n, side.w)] + ([(side.n_others, side.w_others)] if vs_others else [])
    smallest = tol.min_sample if kind == "card" else 1
    return all(n >= smallest and min(w, n - w) >= MIN_EVENTS for n, w in groups)


def _num(x: float) -> float | None:
    return None if x is None or math.isnan(x) else float(x)


def result_dict(
    comparison: Comparison,
    tol: Tolerances,
    base: dict[str, Any],
    cand: dict[str, Any],
    sequential: bool = False,
    notes: list[str] | None = None,
    cards: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON-ready result: verdict, how the games were compared, settings, the cards
    whose data differ (`cards`, from `reports.drift.drift_cards.card_data`) and the metrics.
    `tol` has its score tolerance in points (`Tolerances.scaled`)."""
    verdict, rows = comparison.rows(tol, sequential)
    n_base, n_cand = comparison.games
    counts = {v: sum(r["verdict"] == v for r in rows) for v in ("drift", "inconclusive", "pass")}
    counts["untested"] = sum(not r["tested"] for r in rows)
    spec = comparison.spec or game_spec()
    return {
        "format": FORMAT,
        "verdict": verdict,
        "game": spec.game,
        "score": spec.score,  # the score's name in the metrics ("mean final prestige")
        "paired": comparison.paired,
        "games_baseline": n_base,
        "games_candidate": n_cand,
        "games_changed": comparison.moments.changed if comparison.paired else None,
        "sequential": sequential,
        "settings": {
            "tolerance": tol.win,
            "score_tolerance": tol.score,  # in points of the game's score
            # a share of the baseline's mean final score (`score_scale`), or None: points
            "score_tolerance_share": tol.score_share if tol.score_scale is not None else None,
            "score_scale": tol.score_scale,
            "card_tolerance": tol.of("card"),
            "alpha": tol.alpha,
            "min_sample": tol.min_sample,
        },
        "counts": counts,
        "baseline": base,
        "candidate": cand,
        "notes": notes or [],
        "cards": lead(cards, rows) if cards is not None else None,
        "metrics": rows,
    }


def refuse_unsound(*sources: Source) -> None:
    """`UnsoundError` (one line, exit code 1) if a run directory's games broke the engine's
    invariant checks (a baseline file keeps no such column: `tutti baseline` refused its
    games then)."""
    lines = []
    for source in sources:
        if source.run is not None:
            tally = tally_run(source.run)
            if tally.bad:
                lines.append(tally.line(str(source.path), source.config))
    if lines:
        raise UnsoundError("; ".join(lines))


def compare_sources(
    base: Source,
    cand: Source,
    tol: Tolerances,
    allowed: frozenset[str] = frozenset(),
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Compare every game of two sources (the common games when they can be paired);
    `progress(games read, games in all)` after each window (simcore.progress).

    Refused (TuttiError, one line): sources of two games or player counts, and sources
    played by different strategies, parameters, rules versions or user strategy modules
    unless `allowed` names the difference (`reports.drift.drift_sides`); runs whose games broke
    the engine's invariant checks (`UnsoundError`)."""
    notes = check_comparable(base.config, cand.config, str(base.path), str(cand.path), allowed)
    refuse_unsound(base, cand)
    tol = tol.scaled(base.mean_score())
    spec = base.spec
    base_cards, cand_cards = trusted_cards(base.config), trusted_cards(cand.config)
    names = {**names_of(spec, base_cards), **names_of(spec, cand_cards)}
    cards = card_data(base.config, cand.config, base_cards, cand_cards)
    effects = effect_sides(cards, spec)  # the changed cards' adjusted effects
    report = progress or (lambda done, total: None)
    paired = can_pair(base.config, cand.config)
    if paired:
        comparison = Comparison(paired=True, names=names, spec=spec)
        common = min(base.games, cand.games)
        report(0, common)
        pairs = zip(base.windows(common), cand.windows(common), strict=True)
        for i, (b, c) in enumerate(pairs):
            comparison.add_pair(b, c)
            add_window(effects, 0, b)
            add_window(effects, 1, c)
            report(min((i + 1) * WINDOW, common), common)
        if base.games != cand.games:
            notes.append(
                f"Paired on the {common:,} games both runs played "
                f"(baseline {base.games:,}, candidate {cand.games:,})."
            )
    else:
        comparison = Comparison(paired=False, names=names, spec=spec)
        total = base.games + cand.games
        report(0, total)
        for i, w in enumerate(base.windows(base.games)):
            comparison.add_base(w)
            add_window(effects, 0, w)
            report(min((i + 1) * WINDOW, base.games), total)
        for i, w in enumerate(cand.windows(cand.games)):
            comparison.add_cand(w)
            add_window(effects, 1, w)
            report(base.games + min((i + 1) * WINDOW, cand.games), total)
        notes.append(
            f"Unpaired: the runs used different master seeds ({base.config.seed} and "
            f"{cand.config.seed}), so their games cannot be matched one to one; the "
            "intervals are wider than a paired comparison's."
        )
    cards = with_adjusted(cards, effects, paired)
    return result_dict(comparison, tol, base.describe(), cand.describe(), notes=notes, cards=cards)


def compare_paths(
    baseline: str | Path,
    candidate: str | Path,
    tol: Tolerances | None = None,
    allowed: frozenset[str] | set[str] = frozenset(),
    progress: bool | Progress | None = None,
) -> dict[str, Any]:
    """`tutti drift` in Python: compare a baseline and a candidate (run dirs or baseline
    files); `allowed`: what they may differ in beyond the cards ("strategies", "params",
    "rules", "strategy-module"); `progress`: True for a bar (lines in a pipe), or a
    callback `(games read, games in all)`."""
    from simcore.progress import display_for

    base, cand = open_source(Path(baseline)), open_source(Path(candidate))
    with display_for(progress, "comparing") as report:
        return compare_sources(base, cand, tol or Tolerances(), frozenset(allowed), report)
