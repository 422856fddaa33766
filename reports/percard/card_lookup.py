"""`tutti card RUN KIND.ID`: one card's row of a run's report, with the advice to act on it.

    from reports.percard.card_lookup import card_lookup
    found = card_lookup("runs/demo", "instruments.violin")   # a JSON-ready dict

Report numbers only (the report is built, no game is played): the adjusted effect with
its interval, the raw difference, pick rate, held share and holder seat-games, the flag,
and the advice of `reports.percard.card_advice` (a suggested range and the command that settles
it). Luthier runs only: another game's card rows are in its game report (`tutti report`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reports.cardbalance.findings import DEAD_PICK_RATE
from reports.percard import cards
from reports.percard.card_advice import Advisor
from reports.run.settings import Settings
from simcore import games
from simcore.errors import TuttiError, did_you_mean

ROW_FIELDS = (
    "kind", "card_id", "card", "level", "n", "offered", "picked", "pick_rate", "impact",
    "adj_diff", "adj_diff_low", "adj_diff_high", "q_value", "diff", "diff_low", "diff_high",
    "tested", "flag", "ablation",
)  # fmt: skip


def _rows_of(report: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The report's rows of card `key` (KIND.ID, KIND as card files or the report name it:
    "instruments.violin" or "instrument.violin"; an award: one row per level)."""
    game = games.get(report["run"]["game"])
    files = dict(game.card_roles.files)  # table kind -> file kind
    kind_word, _, card_id = key.partition(".")
    file_kind = files.get(kind_word) or game.card_kind(kind_word)
    rows = [
        r
        for r in report["cards"]["rows"]
        if files.get(r["kind"], r["kind"]) == file_kind and r["card_id"] == card_id
    ]
    if not rows:
        known = sorted(
            {f"{files.get(r['kind'], r['kind'])}.{r['card_id']}" for r in report["cards"]["rows"]}
        )
        raise TuttiError(
            f"no card {key!r} in {report['run']['run_dir']}" + did_you_mean(key, known, 3)
        )
    return rows


def _is_dead(row: dict[str, Any], min_sample: int) -> bool:
    return (
        not cards.is_outcome(row)
        and (row.get("offered") or 0) >= min_sample
        and row.get("pick_rate") is not None
        and row["pick_rate"] <= DEAD_PICK_RATE
    )


def card_lookup(
    run_dir: str | Path, key: str, settings: Settings | None = None, allow_incomplete: bool = False
) -> dict[str, Any]:
    """The rows of card `key` in the run's report, each with `dead`, `held_share` and
    `advice`; a one-line TuttiError for another game's run or an unknown card."""
    from reports.report import build_report, card_balance
    from reports.run.load import open_run

    run = open_run(Path(run_dir), allow_incomplete, None)
    if not card_balance(run.game):
        raise TuttiError(
            f"tutti card: runs of a game with card-balance sections only; {run_dir} is a run "
            f"of {run.game} (its card rows are in `tutti report {run_dir}`)"
        )
    if "." not in key:
        raise TuttiError(f"expected KIND.ID, e.g. instruments.violin (got {key!r})")
    settings = settings or Settings()
    report = build_report(run, settings, allow_incomplete)
    rows = _rows_of(report, key)
    advisor = Advisor(report)
    out = []
    for r in rows:
        dead = _is_dead(r, settings.min_sample)
        one = {k: r.get(k) for k in ROW_FIELDS}
        one["held_share"] = _share(report, r)
        one["flagged"] = cards.is_flagged(r)
        one["dead"] = dead
        one["advice"] = None if cards.is_outcome(r) else advisor.advise(r, dead=dead)
        out.append(one)
    run = report["run"]
    return {
        "run_dir": run["run_dir"],
        "games": run["games"],
        "players": run["players"],
        "margin": report["settings"]["margin"],
        "key": key,
        "rows": out,
    }


def _share(report: dict[str, Any], row: dict[str, Any]) -> float | None:
    """Holder seat-games over the run's seat-games."""
    seat_games = report["run"]["games"] * report["run"]["players"]
    return row["n"] / seat_games if seat_games else None
