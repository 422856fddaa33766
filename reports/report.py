"""`tutti report` for every game: one pipeline from a run directory to HTML, Markdown and JSON.

    from reports.report import build_report, write_report
    report = build_report("runs/demo")             # a JSON-ready dict
    write_report("runs/demo", html="report.html")  # files; returns the report

What the report holds is decided by what the run's game declares, never by its name: a
game whose card kinds and seats grouping the card-balance sections read
(reports.card_kinds.covers: families, per-level outcomes, pick rates, score by round)
gets the card-balance report (reports.card_report), any other game the game report
(reports.game_report: strategies, start order, score sources, end trigger, card effects
per event, dead cards). Either dict is laid out once as blocks (reports.card_render,
reports.game_render) and the blocks are written to HTML and Markdown by reports.blocks;
the JSON file is the dict itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reports.load import Run, open_run
from reports.settings import Settings
from simcore import games
from simcore.progress import Stage

Report = dict[str, Any]


def card_balance(game: str) -> bool:
    """Whether the game (by its registry name) declares what the card-balance sections
    read."""
    from reports.card_kinds import covers

    return covers(games.get(game))


def build_report(
    run_dir: str | Path | Run,
    settings: Settings | None = None,
    allow_incomplete: bool = False,
    stage: Stage | None = None,
) -> Report:
    """Everything the report shows, as a JSON-ready dict (docs/guide/report.md); `run_dir` may
    be a Run already opened. `stage(name)` is called as each stage starts."""
    run = run_dir if isinstance(run_dir, Run) else open_run(Path(run_dir), allow_incomplete, None)
    if card_balance(run.game):
        from reports.card_report import build_report as build

        return build(run, settings, allow_incomplete, stage)
    from reports.game_report import build_game_report

    return build_game_report(run, allow_incomplete, stage)


def blocks(report: Report) -> list:
    """The report laid out as blocks (reports.blocks), by the sections its dict holds."""
    if "families" in report:
        from reports.card_render import blocks as laid_out
    else:
        from reports.game_render import blocks as laid_out
    return laid_out(report)


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page."""
    from reports import blocks as written

    return written.render_html(blocks(report))


def render_markdown(report: Report) -> str:
    """The report as Markdown."""
    from reports import blocks as written

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
    from reports.blocks import render_html, render_markdown
    from reports.output import clean, to_json, write_text
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
