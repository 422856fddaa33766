"""`tutti report` for every game: one pipeline from a run directory to HTML, Markdown and JSON.

    from reports.report import build_report, write_report
    report = build_report("runs/demo")             # a JSON-ready dict
    write_report("runs/demo", html="report.html")  # files; returns the report

A report is a list of sections (reports.render.sections), each switched on by what the run's
game declares or by the columns its tables carry, never by the game's name; the dict
holds the numbers of the sections that apply (and their ids, "sections"), the blocks
are laid out once from it and written to HTML and Markdown by reports.render.blocks; the JSON
file is the dict itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reports.run.load import Run, open_run
from reports.run.settings import Settings
from simcore import games
from simcore.progress import Stage

FORMAT = "tutti-report/1"
Report = dict[str, Any]


def card_balance(game: str) -> bool:
    """Whether the game (by its registry name) gets the card-balance sections (its card
    kinds and a grouping: reports.percard.card_kinds.card_balance)."""
    from reports.percard.card_kinds import card_balance as declared

    return declared(games.get(game))


def build_report(
    run_dir: str | Path | Run,
    settings: Settings | None = None,
    allow_incomplete: bool = False,
    stage: Stage | None = None,
) -> Report:
    """Everything the report shows, as a JSON-ready dict (docs/guide/report.md); `run_dir` may
    be a Run already opened (its parts verified once). `stage(name)` is called as each
    stage starts (simcore.progress.StageDisplay prints them)."""
    from reports.cardbalance.card_report import groupings
    from reports.render import sections
    from reports.run.header import incomplete_warning, run_header
    from reports.run.violations import run_violations

    settings = settings or Settings()
    stage = stage or _no_stage
    start = time.perf_counter()
    run = run_dir if isinstance(run_dir, Run) else open_run(Path(run_dir), allow_incomplete, None)
    game = games.get(run.game)
    report: Report = {
        "format": FORMAT,
        "run": run_header(run, game),
        "violations": run_violations(run),  # games that broke the engine's invariant checks
        "settings": settings.to_json(),
        "warnings": incomplete_warning(run),
        "groupings": groupings(game),
    }
    if game.report_notes:  # the game's opening sentences, the first line under the title
        report["notes"] = list(game.report_notes)
    sections.build(sections.Context(run, game, settings, stage, report))
    report["seconds"] = time.perf_counter() - start
    return report


def blocks(report: Report) -> list:
    """The report laid out as blocks (reports.render.blocks), by the sections it holds."""
    from reports.render.sections import layout

    return layout(report)


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page."""
    from reports.render import blocks as written

    return written.render_html(blocks(report))


def render_markdown(report: Report) -> str:
    """The report as Markdown."""
    from reports.render import blocks as written

    return written.render_markdown(blocks(report))


def _no_stage(name: str) -> None:
    pass


def write_report(
    run_dir: str | Path,
    html: str | Path | None = None,
    markdown: str | Path | None = None,
    json_out: str | Path | None = None,
    settings: Settings | None = None,
    allow_incomplete: bool = False,
    confirm: Callable[[Report], None] | None = None,
    stage: Stage | None = None,
) -> Report:
    """Build the report and write the files asked for (HTML defaults to RUN_DIR/report.html).

    `confirm(report)`, if given, adds to the report before it is written (the ablations
    of `tutti report --confirm`, which play games: the caller brings the engine).
    `stage(name)` is called as each stage starts (reading, ..., writing)."""
    from reports.render.blocks import render_html, render_markdown
    from reports.run.output import clean, to_json, write_text
    from simcore.output_paths import check_file

    html = Path(html) if html is not None else Path(run_dir) / "report.html"
    targets = [Path(p) for p in (markdown, json_out) if p is not None]
    run = open_run(Path(run_dir), allow_incomplete, None)  # a bad run directory: the first message
    for path in (html, *targets):
        check_file(path, "the report")
    stage = stage or _no_stage
    report = build_report(run, settings, allow_incomplete, stage)
    if confirm is not None:
        stage("ablating the flagged cards (--confirm)")
        start = time.perf_counter()
        confirm(report)
        report["seconds"] += time.perf_counter() - start
    report = clean(report)
    laid_out = blocks(report)
    stage("writing HTML")
    write_text(html, render_html(laid_out))
    if markdown is not None:
        stage("writing Markdown")
        write_text(Path(markdown), render_markdown(laid_out))
    if json_out is not None:
        stage("writing JSON")
        write_text(Path(json_out), to_json(report))
    return report
