"""`tutti report`: the balance report of a run directory (HTML, Markdown, JSON)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from reports.run.settings import CONFIRM_GAMES, DEFAULT_MARGIN, DEFAULT_MIN_SAMPLE
from simcore.errors import TuttiError


def _margin(value: str) -> float:
    """--margin in win-rate points: a number >= 0, else a usage error (exit 2)."""
    try:
        points = float(value)
    except ValueError:
        points = float("nan")
    if not points >= 0 or points == float("inf"):
        raise TuttiError(f"--margin must be a number of win-rate points >= 0 (got {value!r})")
    return points / 100


def _confirm(
    run_dir: Path,
    top: int,
    games: int,
    strategy_module: Path | None = None,
    cards: Path | None = None,
):
    """The --confirm step (ablations that play games): the engine is imported only here,
    so a report without --confirm stays numba-free. Checks the run can be replayed before
    any report is built (reports.experiments.confirm.confirm_report: by the sections the
    report holds)."""
    if top < 1:
        raise TuttiError(f"--confirm must be a number of cards >= 1 (got {top})")
    if games < 1:
        raise TuttiError(f"--confirm-games must be a number of games >= 1 (got {games})")
    from reports.experiments.confirm import confirm_report, run_replayer
    from simcore.progress import ProgressDisplay

    base = run_replayer(run_dir, strategy_module, cards)

    def add(report: dict) -> None:
        with ProgressDisplay("ablating") as progress:
            confirm_report(report, base, top, games, progress)

    return add


def _confirm_only(run_dir: Path, confirm: int | None, confirm_games: int, margin: str) -> None:
    """A report without the card-balance sections (no flags: reports.render.sections) takes
    --confirm-games and --margin (the verdicts' margin) only with --confirm: one line,
    exit 2, otherwise."""
    given = [
        name
        for name, set_ in (
            ("--confirm-games", confirm is None and confirm_games != CONFIRM_GAMES),
            ("--margin", confirm is None and margin != f"{DEFAULT_MARGIN * 100:g}"),
        )
        if set_
    ]
    if given:
        raise TuttiError(
            f"{' and '.join(given)}: only with --confirm for this run (its game declares no "
            f"card-balance sections, whose flags they set); the game of {run_dir} gets the "
            "per-event card effects"
        )


def _warn_violations(result: dict) -> None:
    """The report's first section, on stderr too: games that broke an invariant check."""
    v = result.get("violations") or {}
    if v.get("games"):
        print(
            f"warning: {v['games']:,} of {v['of']:,} games broke the engine's invariant "
            "checks (an engine bug): see the report's first section",
            file=sys.stderr,
        )


def _echo_confirm(checked: dict | None) -> None:
    if checked is None:
        return
    v = checked["verdicts"]
    typer.echo(
        f"ablated {len(checked['cards'])} of the flagged cards on {checked['games']:,} games "
        f"each: {v['confirmed']} confirmed, {v['not confirmed']} not confirmed, "
        f"{v['unclear'] + v['too few games']} unclear"
    )


def report(
    run_dir: Annotated[
        Path, typer.Argument(help="Run directory written by `tutti simulate`.", show_default=False)
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="HTML report to write.", show_default="RUN_DIR/report.html"
        ),
    ] = None,
    markdown: Annotated[
        Path | None, typer.Option("--markdown", help="Also write a Markdown summary here.")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write every number as JSON here.")
    ] = None,
    min_sample: Annotated[
        int,
        typer.Option(
            "--min-sample",
            min=1,
            help="Cards held in fewer seat-games are not tested, flagged or named in the "
            "Summary (every game); fewer than this are dead cards in the per-event report.",
        ),
    ] = DEFAULT_MIN_SAMPLE,
    margin: Annotated[
        str,
        typer.Option(
            "--margin",
            help="Win-rate points a flagged card's interval must lie beyond; "
            "inside it a card is balanced (per-event card effects: --confirm's margin, with "
            "--confirm).",
        ),
    ] = f"{DEFAULT_MARGIN * 100:g}",
    allow_incomplete: Annotated[
        bool,
        typer.Option(
            "--allow-incomplete",
            help="Report on an interrupted run's complete chunks instead of refusing.",
        ),
    ] = False,
    confirm: Annotated[
        int | None,
        typer.Option(
            "--confirm",
            help="Ablate the N flagged cards with the largest impact on the run's "
            "own games (plays games) and show their causal effect beside the adjusted one.",
            show_default=False,
        ),
    ] = None,
    confirm_games: Annotated[
        int, typer.Option("--confirm-games", help="Games per card for --confirm.")
    ] = CONFIRM_GAMES,
    strategy_module: Annotated[
        Path | None,
        typer.Option(
            "--strategy-module",
            help="--confirm of a run with user strategies: the module it was made with "
            "(its hash is checked against the manifest's before its code runs).",
        ),
    ] = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            help="--confirm: the run's card folder (default: the one its manifest names, "
            "if its cards have the run's hash).",
        ),
    ] = None,
) -> None:
    """Write the balance report: seat balance, strategies, scores, every card's win rate
    (its sections by what the run's game declares: docs/guide/report.md)."""
    from reports.report import card_balance, write_report
    from reports.run.load import run_game
    from reports.run.settings import Settings
    from simcore.progress import StageDisplay

    settings = Settings(min_sample=min_sample, margin=_margin(margin))
    html = out if out is not None else run_dir / "report.html"
    balance = card_balance(run_game(run_dir))  # the manifest's game; the run is checked next
    if not balance:
        _confirm_only(run_dir, confirm, confirm_games, margin)
    add = (
        _confirm(run_dir, confirm, confirm_games, strategy_module, cards)
        if confirm is not None
        else None
    )
    result = write_report(
        run_dir,
        html=html,
        markdown=markdown,
        json_out=json_out,
        settings=settings,
        allow_incomplete=allow_incomplete,
        confirm=add,
        stage=StageDisplay("report"),
    )
    _warn_violations(result)
    run = result["run"]
    if not run["complete"]:
        print(
            f"warning: {run_dir} is incomplete: the report covers {run['games']:,} "
            f"of {run['games_planned']:,} games",
            file=sys.stderr,
        )
    written = [str(p) for p in (html, markdown, json_out) if p is not None]
    checked = result["cards"]
    if "flagged_bh" in checked:
        found = f"{checked['flagged_bh']} of {checked['tested']} tested cards flagged"
    else:
        found = f"{len(result['summary'])} findings"
    typer.echo(
        f"report on {run['games']:,} games of {run['title']}: {found}; "
        f"wrote {', '.join(written)} ({result['seconds']:.1f} s)"
    )
    _echo_confirm(checked["confirm"])
