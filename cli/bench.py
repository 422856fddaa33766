"""`tutti bench`: games per second (Parquet included), per core and on every core, and
the compile and start-up times; `--json FILE` writes every figure it prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.kit.options import GameOpt, PlayersOpt, game_players

if TYPE_CHECKING:
    from simcore.games.api import Game

RANDOM = "random"  # the random-legal strategy every game has
NOT_IN_FIELD = (RANDOM, "search")  # random play is measured alone; a search is far slower


def heuristic_field(game: Game, players: int) -> str:
    """The heuristic strategies the bench seats, one per seat: the game's `bench_field`,
    else its strategies other than random play, a search and its self-play blend (the
    archetypes), repeated round the table."""
    names = game.bench_field or [
        n for n in game.strategies() if n not in (*NOT_IN_FIELD, game.self_play)
    ]
    names = list(names) or [RANDOM]
    return ",".join(names[p % len(names)] for p in range(players))


def _say(label: str, text: str) -> None:
    typer.echo(f"{label + ':':<22}{' ' if len(label) >= 21 else ''}{text}")


def bench(
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games with random play (heuristics: a fifth).")
    ] = 200_000,
    players: PlayersOpt = None,
    strategies: Annotated[
        str | None,
        typer.Option(
            help="Measure only these strategies per seat, comma-separated (default: random "
            "play, then the game's heuristic archetypes, one per seat).",
            show_default=False,
        ),
    ] = None,
    no_compile: Annotated[
        bool, typer.Option("--no-compile", help="Skip the cold-compile and start-up measurements.")
    ] = False,
    check_games: Annotated[
        int,
        typer.Option(
            "--check-games", min=0, help="Games in the `tutti check` measurement (0: skip it)."
        ),
    ] = 20_000,
    repeat: Annotated[
        int,
        typer.Option(
            "--repeat",
            "-r",
            min=1,
            help="Runs per games/s figure; the fastest is the figure (other load on the "
            "machine only slows a run), every run goes into the JSON.",
        ),
    ] = 3,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write every figure to this JSON file.")
    ] = None,
    game: GameOpt = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            "--compare",
            help="Also measure this game's heuristic field, on one thread and on every "
            "thread, printed beside the game's field with the ratio: NAME at the same player "
            "count, NAME:PLAYERS at another (repeatable; `make bench` names what it compares).",
            show_default=False,
        ),
    ] = None,
    readme: Annotated[
        Path | None,
        typer.Option(
            "--readme",
            help="Also put the figures into this Markdown file, between the lines "
            "<!-- bench:start --> and <!-- bench:end --> (`make bench` updates README.md).",
        ),
    ] = None,
) -> None:
    """Measure throughput (Parquet writing included) on one thread and on every thread,
    the cold compile time, and the start-up time of `tutti play` with a warm cache.

    Without --strategies it measures random play and the game's heuristic archetypes,
    and a full `tutti check` of a baseline of the heuristics' games.
    """
    from simcore import games as registry
    from simcore.runs import bench as b

    the_game = registry.get(game)
    players = game_players(game, players)
    the_game.check_players(players)
    field_of_game = heuristic_field(the_game, players)
    compared = []  # (key, game, players, its field), refused before anything is measured
    for entry in dict.fromkeys(compare or ()):
        key, other, at = b.compared_game(entry, players)
        other.check_players(at)
        compared.append((key, other, at, heuristic_field(other, at)))
    from reports.run.output import write_text
    from simcore.errors import TuttiError
    from simcore.kernels.threads import max_threads
    from simcore.output_paths import check_file

    if games < 1:
        raise TuttiError(f"--games must be at least 1 (got {games})")
    if json_out is not None:
        check_file(json_out, "the bench figures")
    if readme is not None:
        b.check_markers(readme)
    from simcore.progress import StageDisplay

    stage = StageDisplay("bench")
    most = max_threads()
    figures: dict = {"machine": b.machine(), "threads": most, "players": players}
    figures["game"] = the_game.name
    figures["repeat"] = repeat
    _say("machine", f"{figures['machine']}; {most} threads")
    if not no_compile:
        field = strategies or field_of_game
        stage("compiling every kernel into an empty cache")
        figures["cold_compile_s"] = round(b.cold_compile_seconds(players, field, game), 1)
        _say("cold compile", f"{figures['cold_compile_s']:.0f} s (every kernel, empty cache)")
        stage("`tutti play` on an empty cache")
        figures["cold_play_s"] = round(b.cold_play_seconds(game), 1)
        _say("cold `tutti play`", f"{figures['cold_play_s']:.1f} s (empty cache: plain Python)")
        stage("`tutti play` on a warm cache")
        figures["warm_start_s"] = round(b.warm_start_seconds(game), 2)
        _say("warm `tutti play`", f"{figures['warm_start_s']:.2f} s (start to end)")
    workloads = (
        [("strategies", strategies, games, game, players, "")]
        if strategies
        else [
            ("random", RANDOM, games, game, players, ""),
            ("field", field_of_game, max(games // 5, 1), game, players, ""),
        ]
    )
    own = "strategies" if strategies else "field"  # what a compared field is set beside
    workloads += [  # the ratio to the game's own field, measured in the same run
        (f"{key}_field", field, max(games // 5, 1), other.name, at, own)
        for key, other, at, field in compared
    ]
    for key, field, n, of_game, at, ratio_to in workloads:
        for threads in sorted({1, most}):
            runs = []
            for k in range(repeat):
                stage(
                    f"{key}, {threads} thread{'s' if threads > 1 else ''}: run {k + 1} of "
                    f"{repeat}, {n:,} games"
                )
                runs.append(b.run_bench(n, at, field, threads, of_game))
            rates = [r.games_per_second for r in runs]
            best = max(rates)
            suffix = "_per_thread" if threads == 1 and most > 1 else ""
            figures[f"{key}_games_per_s{suffix}"] = round(best)
            figures[f"{key}_games_per_s{suffix}_runs"] = [round(x) for x in rates]
            if threads == most > 1:
                figures[f"{key}_games_per_s_per_core"] = round(best / most)
            spread = f"best of {repeat}, slowest {min(rates):,.0f}; " if repeat > 1 else ""
            per_core = f", {best / most:,.0f} per core" if threads == most > 1 else ""
            ratio = ""
            if ratio_to:
                base = figures[f"{ratio_to}_games_per_s{suffix}"]
                figures[f"{key}_ratio{suffix}"] = round(best / base, 2)
                ratio = f", {best / base:.2f}x {the_game.name}'s {ratio_to}"
            _say(
                f"{key}, {threads} thread{'s' if threads > 1 else ''}",
                f"{best:,.0f} games/s{per_core}{ratio} ({at} players, {field}; {spread}"
                f"{n:,} games a run, Parquet included)",
            )
    if compared:
        figures["compared"] = list(dict.fromkeys(compare or ()))
    if check_games:
        from reports.drift.check_bench import run_check_bench

        stage(f"a baseline of {check_games:,} games, then `tutti check` of it")
        c = run_check_bench(check_games, players, strategies or field_of_game, game)
        figures["check_s"] = round(c.check_seconds, 1)
        figures["check_games"] = c.games
        _say(
            "check",
            f"`tutti check` of a {c.games:,}-game {c.players}-player baseline "
            f"({c.strategies}) in {c.check_seconds:.1f} s, verdict {c.verdict} (baseline "
            f"written in {c.baseline_seconds:.1f} s, {c.baseline_bytes / 1024:,.0f} KiB)",
        )
    if json_out is not None:
        text = json.dumps(figures, indent=1) + "\n"
        write_text(json_out, text, "the bench figures", "they are printed above")
        typer.echo(f"wrote {json_out}")
    if readme is not None:
        b.write_markdown_figures(readme, figures)
        typer.echo(f"updated the figures in {readme}")
