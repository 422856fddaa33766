"""The card-balance report of a run: a JSON-ready dict (reports.card_render lays it out).

    from reports.card_report import build_report
    report = build_report("runs/demo")

For a game whose card kinds and seats grouping the card-balance sections read
(reports.card_kinds.covers): seat order, grouping tiles (families), every card's
adjusted win-rate effect, pick rates and dead cards (the game's `card_bits`), scores by
source and by round, per-level outcomes (awards) and goals. `tutti report` goes through
reports.report, which picks this builder or the game report by what the game declares.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from reports import arc, card_sums, cards, findings, outcomes, picks, scores, winrates
from reports.card_kinds import KINDS, covers, table_groups
from reports.cardinfo import CARD_SET_KINDS, card_info
from reports.examples import attach_examples, replay_command
from reports.load import Run, open_run, run_seats
from reports.settings import Settings
from reports.violations import run_violations
from simcore import games
from simcore.errors import TuttiError
from simcore.progress import Stage

FORMAT = "tutti-report/1"
ADJUSTMENT_METHOD = (
    "Adjusted Δ: Mantel-Haenszel risk difference of holders against non-holders within "
    "the same strategy, start order and family (family tiles: strategy and start order), "
    "so that a card is not credited with the strength of the strategies and seats that "
    "tend to take it; games are the independent units (cluster-robust variance over "
    "games), because the seats of one game share one victory."
)
Report = dict[str, Any]


def run_header(run: Run) -> dict[str, Any]:
    """The facts a reader needs to know what was simulated."""
    m = run.manifest
    c = m.config
    game = games.get(c.game)
    seats = run_seats(run, tuple(game.seat_names))
    return {
        "run_dir": str(run.path),
        "game": c.game,
        "title": game.title,
        "score": game.score,
        "players": c.players,
        "games": m.games_completed,
        "games_planned": c.games,
        "complete": m.complete,
        "seed": c.seed,
        "chunk_size": c.chunk_size,
        "seats": seats,
        "strategies": sorted(set(c.strategies)),
        "card_hash": c.card_hash,
        "cards_dir": c.cards_dir,
        "rules_version": c.rules_version,
        "package_version": c.package_version,
        "simulation_seconds": m.seconds,
    }


def _uncertainty_notes(report: Report, settings: Settings) -> list[str]:
    """Plain sentences naming the numbers that are too uncertain to act on."""
    notes = []
    games = report["run"]["games"]
    if games < settings.few_games:
        notes.append(
            f"Only {games:,} games: most numbers in this report are too uncertain to act on; "
            f"simulate at least {settings.few_games * 10:,} games for card decisions."
        )
    seats = report["seats"]
    wide = [r for r in seats["by_start_order"] if r["too_uncertain"]]
    if wide:
        notes.append(
            f"Seat win rates: {len(wide)} of {len(seats['by_start_order'])} start positions "
            "have too few games (interval wider than "
            f"±{settings.max_half_width * 100:.0f} points)."
        )
    if seats["chi_square"]["too_few_games"]:
        notes.append("Seat balance test: too few games (under 5 expected wins per position).")
    for label, rows in (
        ("Family win rates", report["families"]["by_family"]),
        ("Family × start order", report["families"]["by_family_and_start_order"]),
        ("Strategy matchups", report["strategies"]["matchups"]),
    ):
        bad = [r for r in rows if r["too_uncertain"]]
        if bad:
            notes.append(f"{label}: {len(bad)} of {len(rows)} rates have too few games.")
    rows = [r for r in report["cards"]["rows"] if not cards.is_outcome(r)]
    untested = [r for r in rows if not r["tested"]]
    wide_cards = [r for r in rows if r["tested"] and r["too_uncertain"]]
    if untested:
        notes.append(
            f"Cards: {len(untested)} of {len(rows)} rows are held in fewer than "
            f"{settings.min_sample} seat-games and are not tested."
        )
    if wide_cards:
        notes.append(
            f"Cards: {len(wide_cards)} more rows have intervals wider than "
            f"±{settings.max_half_width * 100:.0f} points."
        )
    return notes


def _glance(report: Report) -> dict[str, Any]:
    """Seat balance, families, strongest and weakest cards, as ids and numbers."""
    seats = report["seats"]
    rates = [r for r in seats["by_start_order"] if r["win_rate"] is not None]
    fams = [r for r in report["families"]["by_family"] if not r["too_uncertain"]]
    flagged = [r for r in report["cards"]["rows"] if cards.is_flagged(r)]
    by_diff = sorted(flagged, key=cards.rank_key, reverse=True)
    return {
        "seat_p_value": seats["chi_square"]["p_value"],
        "best_start": max(rates, key=lambda r: r["win_rate"])["start_order"] if rates else None,
        "worst_start": min(rates, key=lambda r: r["win_rate"])["start_order"] if rates else None,
        "best_family": max(fams, key=lambda r: r["win_rate"])["family"] if fams else None,
        "worst_family": min(fams, key=lambda r: r["win_rate"])["family"] if fams else None,
        "stronger": [_card_ref(r) for r in by_diff if r["flag"] == "stronger"],
        "weaker": [_card_ref(r) for r in reversed(by_diff) if r["flag"] == "weaker"],
    }


# Every card row has these keys, in this order (docs/guide/report.md, "JSON"), whatever its kind.
ROW_KEYS = (
    "kind", "group", "card_id", "card", "name", "level", "deck", "dealt", "taken", "n",
    "completed", "completion_rate", "completed_levels", "abandoned", "in_play",
    "win", "win_others", "raw", "adjusted", "impact",
    "diff", "diff_low", "diff_high", "p_value",
    "adj_diff", "adj_diff_low", "adj_diff_high", "adj_p_value", "q_value", "holm_p",
    "completed_win", "completed_win_others", "completed_diff", "completed_diff_low",
    "completed_diff_high", "completed_p_value", "completed_adj_diff", "completed_adj_diff_low",
    "completed_adj_diff_high", "completed_adj_p_value", "completed_tested",
    "tested", "too_uncertain", "flag", "outcome", "examples", "ablation",
    "offered", "picked", "pick_rate", "section",
)  # fmt: skip
LEVELS = ("1", "2", "3")


def uniform_rows(rows: list[dict[str, Any]], games: int) -> list[dict[str, Any]]:
    """The card rows with one set of keys and one type per key, so that they load as a
    table as they are (`polars.DataFrame(rows)` infers a column's type from its first
    rows: a column that is null there, or a key missing there, breaks or drops).

    A kind-specific number gets the value that is true for the other kinds: `level` 0
    (no levels), `abandoned` 0 (only patrons leave), `in_play` the run's games (only
    award tiles are in some games and not others); `completed_levels` counts levels
    1-3 wherever it applies; anything else that does not apply is null.
    """
    out = []
    for r in rows:
        row = {k: r.get(k) for k in ROW_KEYS} | {k: v for k, v in r.items() if k not in ROW_KEYS}
        row["level"] = r.get("level") or 0
        row["abandoned"] = r.get("abandoned", 0)
        row["in_play"] = r.get("in_play", games)
        if r.get("completed_levels") is not None:
            row["completed_levels"] = {k: r["completed_levels"].get(k, 0) for k in LEVELS}
        out.append(row)
    return out


def _card_ref(row: dict[str, Any]) -> dict[str, Any]:
    keys = ("kind", "group", "card_id", "card", "level", "diff", "adj_diff", "impact")
    return {k: row[k] for k in keys}


def _no_stage(name: str) -> None:
    pass


def build_report(
    run_dir: str | Path | Run,
    settings: Settings | None = None,
    allow_incomplete: bool = False,
    stage: Stage | None = None,
) -> Report:
    """Everything the report shows, as a JSON-ready dict (see docs/guide/report.md); `run_dir`
    may be a Run already opened (its parts verified once). `stage(name)` is called as
    each stage starts (simcore.progress.StageDisplay prints them)."""
    settings = settings or Settings()
    stage = stage or _no_stage
    start = time.perf_counter()
    run = run_dir if isinstance(run_dir, Run) else open_run(Path(run_dir), allow_incomplete, None)
    if not covers(games.get(run.game)):
        raise TuttiError(
            f"{run.path}: the game of this run ({run.game}) declares no card-balance sections "
            "(its card kinds and seats grouping): `tutti report` gives it the game report"
        )
    info = card_info(run)
    stage(f"reading {run.games:,} games")
    sums = card_sums.aggregate(run, names=not info.names, n_examples=settings.examples)
    stage("card effects")
    rows = cards.card_rows(info, sums, settings)
    attach_examples(run, rows, sums["examples"])
    bits = games.get(run.manifest.config.game).card_bits
    keys = (
        {  # the bits results.card_bit_positions gives: `card_bits` per kind, in table order
            f"{kind}/{card_id}": bits * k + i
            for k, kind in enumerate(CARD_SET_KINDS)
            for i, card_id in enumerate(info.ids.get(kind, []))
        }
        if bits is not None
        else None
    )
    stage("pick rates")
    rates = picks.pick_rates(run, keys)
    picks.attach(rows, rates)
    rows = uniform_rows(rows, run.games)
    flagged = [r for r in rows if cards.is_flagged(r)]
    warnings = []
    if not run.manifest.complete:
        warnings.append(
            f"Incomplete run: {run.games:,} of {run.manifest.config.games:,} games; "
            "this report covers only the games simulated so far."
        )
    if info.warning:
        warnings.append(info.warning[0].upper() + info.warning[1:] + ".")
    stage("seats, families, strategies and scores")
    report: Report = {
        "format": FORMAT,
        "run": run_header(run),
        "violations": run_violations(run),  # games that broke the engine's invariant checks
        "settings": settings.to_json(),
        "warnings": warnings,
        "seats": winrates.seat_balance(run, settings),
        "families": winrates.families(run, settings),
        "strategies": winrates.strategies(run, settings),
        "scores": {
            "prestige": scores.prestige(run),
            "sources": scores.sources(run),
            "margin": scores.margins(run),
        },
        "cards": {
            "groups": [
                {"group": g, "title": t, "kind": g.split("_")[0]} for g, t in table_groups(info)
            ],
            "kinds": {
                s.kind: {
                    "title": s.title,
                    "held": s.held_words,
                    "completed": s.completed_words,
                    "per_level": s.per_level,
                    "completion_is_outcome": s.completion_is_outcome,
                    "leaves": s.leaves,
                }
                for s in KINDS
            },
            "replay": replay_command(run, "SEED"),
            "method": ADJUSTMENT_METHOD,
            "margin": settings.margin,
            "ranked_rows": sum(not cards.is_outcome(r) for r in rows),
            "tested": sum(r["tested"] for r in rows),
            "flagged_bh": len(flagged),
            "flags": {f: sum(r["flag"] == f for r in rows) for f in cards.FLAGS},
            "flagged_holm": sum(
                cards.is_flagged(r) and r["holm_p"] <= settings.false_discovery_rate for r in rows
            ),
            "confirm": None,  # `tutti report --confirm N` (reports.confirm) fills it
            "rows": rows,
        },
    }
    stage("awards, goals and the game arc")
    level_kind = next(s.kind for s in KINDS if s.per_level and s.outcome)
    goal_kind = next(s.kind for s in KINDS if s.completion_is_outcome)
    report["outcomes"] = outcomes.outcomes(run, rows, level_kind, goal_kind)
    report["arc"] = arc.game_arc(run)
    names = {f"{k}/{c}": n for k, by_id in info.names.items() for c, n in by_id.items()}
    report["picks"] = {
        "recorded": rates is not None,
        "threshold": picks.IGNORED_PICK_RATE,
        "dead": picks.dead_and_ignored(rates, names, settings.min_sample, picks.IGNORED_PICK_RATE),
    }
    report["family_names"] = {
        **info.names.get("family", {}),
        **{r["card_id"]: r["card"] for r in rows if r["kind"] == "family"},
    }
    report["too_uncertain"] = _uncertainty_notes(report, settings)
    report["glance"] = _glance(report)
    report["summary"] = findings.summary(report)
    report["seconds"] = time.perf_counter() - start
    return report
