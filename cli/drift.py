"""`tutti drift`, `tutti baseline` and `tutti check`: catch changes that move win rates.

Every registered game: drift compares two runs of one game, a baseline records its game
(`--game`), and check replays the game the baseline records.
Exit codes of drift and check: 0 pass, 1 drift, 3 inconclusive, 2 bad input; and 1 with
one line when games broke the engine's invariant checks (the games table's `violations`:
a run directory's, or the replayed ones), as for baseline, which then writes no file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cli.kit.options import (
    CardsOpt,
    GameOpt,
    PlayersOpt,
    StrategiesOpt,
    StrategyModuleOpt,
    game_players,
    seed_in_range,
)

ToleranceOpt = Annotated[
    float,
    typer.Option(min=0.0, help="Largest acceptable win-rate change, a fraction (0.02 = 2 points)."),
]
ScoreToleranceOpt = Annotated[
    str,
    typer.Option(
        help="Largest acceptable change of the mean final score: a percentage of the "
        "baseline's mean final score (10%), or points of the game's score (1.5).",
    ),
]
AllowDifferentOpt = Annotated[
    str | None,
    typer.Option(
        help="Compare runs that differ in these too, a comma list of strategies, params, "
        "rules, strategy-module (refused otherwise; different cards are always compared).",
        show_default=False,
    ),
]
CardToleranceOpt = Annotated[
    float | None,
    typer.Option(
        min=0.0,
        help="Largest acceptable change of a card's win-rate difference, a fraction "
        "(default: --tolerance).",
    ),
]
AlphaOpt = Annotated[
    float, typer.Option(min=0.0001, max=0.5, help="Error rate: confidence is 1 - alpha.")
]
JsonOpt = Annotated[
    Path | None, typer.Option("--json", help="Also write every number as JSON here ('-': stdout).")
]
MarkdownOpt = Annotated[
    Path | None,
    typer.Option(
        "--markdown",
        help="Also write the full Markdown summary (every metric) here; - for stdout.",
    ),
]
MinSampleOpt = Annotated[
    int, typer.Option(min=1, help="Cards held by fewer seat-games (either side) are untested.")
]


def _tolerances(tolerance, score_tolerance, card_tolerance, alpha, min_sample):
    from reports.drift.drift_verdict import Tolerances, parse_score_tolerance
    from simcore.errors import TuttiError

    for flag, value in (("--tolerance", tolerance), ("--card-tolerance", card_tolerance)):
        if value is not None and value > 1:
            raise TuttiError(
                f"{flag} {value:g}: tolerances are fractions of a win rate "
                f"(0.02 = 2 points; {value:g} points is {value / 100:g})"
            )
    points, share = parse_score_tolerance(score_tolerance)
    return Tolerances(tolerance, points, card_tolerance, alpha, min_sample, share)


def _check_outputs(markdown: Path | None, json_out: Path | None) -> None:
    """Refuse an unwritable --markdown or --json before any game is compared."""
    from simcore.output_paths import check_file

    if markdown is not None and str(markdown) == "-" and str(json_out) == "-":
        from simcore.errors import TuttiError

        raise TuttiError("--markdown - and --json - both want stdout: give one of them a file")
    if markdown is not None and str(markdown) != "-":
        check_file(markdown, "the Markdown summary")
    if json_out is not None and str(json_out) != "-":
        check_file(json_out, "the JSON")


def _finish(result: dict, markdown: Path | None, json_out: Path | None) -> None:
    """Print the verdict table (unless the JSON goes to stdout), write the files, exit by
    verdict."""
    from cli.kit.terminal import width
    from reports.drift.drift_render import render_json, render_markdown, render_terminal
    from reports.drift.drift_verdict import EXIT_CODES
    from reports.run.output import write_text

    to_stdout = str(json_out) == "-" or str(markdown) == "-"
    if str(json_out) == "-":
        sys.stdout.write(render_json(result))
    elif str(markdown) == "-":
        sys.stdout.write(render_markdown(result))
    else:
        sys.stdout.write(render_terminal(result, width()))
        if markdown is None:
            typer.echo("Every metric: --markdown FILE (a pull-request comment) or --json FILE.")
        sys.stdout.flush()
    kept = "the verdict is printed above"
    written = []
    if markdown is not None and str(markdown) != "-":
        write_text(markdown, render_markdown(result), "the Markdown summary", kept)
        written.append(str(markdown))
    if json_out is not None and str(json_out) != "-":
        write_text(json_out, render_json(result), "the JSON", kept)
        written.append(str(json_out))
    if written:
        typer.echo(f"wrote {', '.join(written)}", err=to_stdout)
    raise typer.Exit(EXIT_CODES[result["verdict"]])


def drift(
    baseline: Annotated[
        Path,
        typer.Argument(help="Baseline: a run directory or a baseline file.", show_default=False),
    ],
    candidate: Annotated[
        Path,
        typer.Argument(help="Candidate: a run directory or a baseline file.", show_default=False),
    ],
    tolerance: ToleranceOpt = 0.02,
    score_tolerance: ScoreToleranceOpt = "10%",
    card_tolerance: CardToleranceOpt = None,
    alpha: AlphaOpt = 0.05,
    min_sample: MinSampleOpt = 30,
    json_out: JsonOpt = None,
    markdown: MarkdownOpt = None,
    allow_different: AllowDifferentOpt = None,
) -> None:
    """Compare two runs' win rates, scores and per-card win rates: pass, drift or inconclusive.

    First the cards whose data differ between the runs, each with its
    holders' and completers' win-rate difference before and after; then the
    metrics that moved. Both runs are of one game (any), with one player
    count, played by the same strategies under the same rules (else refused,
    unless --allow-different). Runs with the same seed are compared game by
    game (paired); others unpaired. Exit code 0 pass, 1 drift, 3
    inconclusive, 2 bad input; 1 and one line, before any comparison, if a
    run directory holds games that broke the engine's invariant checks.
    """
    from reports.drift.drift import compare_paths
    from reports.drift.drift_sides import parse_allowed
    from simcore.progress import ProgressDisplay

    tol = _tolerances(tolerance, score_tolerance, card_tolerance, alpha, min_sample)
    allowed = parse_allowed(allow_different)
    _check_outputs(markdown, json_out)
    with ProgressDisplay("comparing") as progress:
        result = compare_paths(baseline, candidate, tol, allowed, progress)
    _finish(result, markdown, json_out)


def baseline(
    out: Annotated[Path, typer.Option("--out", "-o", help="Baseline file to write (.parquet).")],
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 20_000,
    seed: Annotated[int, typer.Option(help="Master seed.", callback=seed_in_range)] = 1,
    strategies: StrategiesOpt = None,
    cards: CardsOpt = None,
    game: GameOpt = None,
) -> None:
    """Simulate games and write a small, committable baseline file for `tutti check`.

    The file records the game (--game, default luthier); `tutti check` replays it. Games
    that broke the engine's invariant checks: one line, exit code 1, no file."""
    players = game_players(game, players)
    import time

    from reports.drift.drift_run import write_new_baseline
    from simcore.progress import ProgressDisplay

    start = time.perf_counter()
    with ProgressDisplay("baseline") as progress:
        config, size = write_new_baseline(
            out, players, games, seed, strategies, cards, progress, game
        )
    typer.echo(
        f"baseline of {games:,} games ({players} players, seed {seed}, strategies "
        f"{','.join(config.strategies)}, rules version {config.rules_version}) in {out}: "
        f"{size / 1024:,.0f} KiB, {time.perf_counter() - start:.1f} s"
    )


def check(
    baseline_file: Annotated[
        Path, typer.Option("--baseline", help="Baseline file written by `tutti baseline`.")
    ],
    cards: CardsOpt = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Refuse a baseline with another player count."),
    ] = None,
    sequential: Annotated[
        bool,
        typer.Option(
            "--sequential", help="Stop as soon as the verdict is clear (always-valid test)."
        ),
    ] = False,
    tolerance: ToleranceOpt = 0.02,
    score_tolerance: ScoreToleranceOpt = "10%",
    card_tolerance: CardToleranceOpt = None,
    alpha: AlphaOpt = 0.05,
    min_sample: MinSampleOpt = 30,
    json_out: JsonOpt = None,
    markdown: MarkdownOpt = None,
    strategy_module: StrategyModuleOpt = None,
) -> None:
    """Replay a baseline's games under the current code and card data, and compare.

    The games are of the game the baseline records; the output names the
    card data that played them and leads with the cards whose data differ
    from the baseline's. Exit code 0 pass, 1 drift, 3 inconclusive, 2 bad
    input (also a baseline of another rules version or player count, or of
    an older baseline format); 1 and one line if a replayed game broke the
    engine's invariant checks.
    """
    from reports.drift.drift_run import check_file
    from simcore.progress import ProgressDisplay

    tol = _tolerances(tolerance, score_tolerance, card_tolerance, alpha, min_sample)
    _check_outputs(markdown, json_out)
    with ProgressDisplay("checking") as progress:
        result = check_file(
            baseline_file, cards, players, tol, sequential, progress, strategy_module
        )
    _finish(result, markdown, json_out)
