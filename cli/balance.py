"""`tutti balance`: search card values for a balance objective, then confirm them."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.kit.options import (
    CardsOpt,
    GameOpt,
    ParamsOpt,
    PlayersOpt,
    StrategiesOpt,
    ThreadsOpt,
    game_players,
    seed_in_range,
)


def balance(
    vary: Annotated[
        list[str],
        typer.Option(
            metavar="RANGE",
            help="KIND.CARD.FIELD=LO..HI (e.g. instruments.cello.prestige=2..6, or a rule: "
            "rules.applause.value=10..18; `tutti cards list KIND` names the fields), or "
            "KIND.*.FIELD=LO..HI: one offset added to the field of every card of the kind.",
        ),
    ],
    objective: Annotated[
        list[str],
        typer.Option(
            metavar="OBJECTIVE",
            help="seat-spread, family-spread (a game that groups seats by family), "
            "strategy-spread or card:KIND.CARD, with an optional weight: "
            "0.5*strategy-spread. Several add up.",
        ),
    ],
    budget: Annotated[int, typer.Option(help="Games in all: the search and the check.")] = 100_000,
    players: PlayersOpt = None,
    strategies: StrategiesOpt = None,
    cards: CardsOpt = None,
    params: ParamsOpt = None,
    seed: Annotated[
        int, typer.Option(help="Master seed: the deals and the sampler.", callback=seed_in_range)
    ] = 1,
    population: Annotated[int, typer.Option(help="Candidates per generation.")] = 12,
    confirm_games: Annotated[
        int | None,
        typer.Option(help="Fresh games per side of the final check (default budget / 10)."),
    ] = None,
    allow_stated: Annotated[
        bool,
        typer.Option(help="Vary numbers the rulebook states too (for your own game)."),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Card directory of the found values, for --cards."),
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the result as JSON here (- for stdout).")
    ] = None,
    game: GameOpt = None,
    threads: ThreadsOpt = None,
) -> None:
    """Search the --vary ranges for the values that minimise the objective, on common random
    numbers; confirm the best on fresh games against the current values.

    The answer is the values the check favours (as --set, and --out DIR),
    or "keep KIND.CARD.FIELD=VALUE" when it favours no candidate: then
    --out writes nothing."""
    players = game_players(game, players)
    from reports.experiments.balance import balance as run
    from simcore.output_paths import check_file
    from simcore.progress import ProgressDisplay

    to_stdout = json_out is not None and str(json_out) == "-"
    if json_out is not None and not to_stdout:
        check_file(json_out, "the JSON result")
    command = shlex.join(["tutti", *sys.argv[1:]])
    with ProgressDisplay("balance") as progress:
        result = run(
            vary, objective, budget, players, strategies, cards, params, seed, population,
            confirm_games, allow_stated, progress, progress.note, out, command, game, threads,
        )  # fmt: skip
    if to_stdout:
        typer.echo(_json(result))
        return
    _show(result, out)
    if json_out is not None:
        from reports.run.output import write_text

        write_text(json_out, _json(result) + "\n", "the JSON result", "the result is printed above")
        typer.echo(f"wrote {json_out}")


def _json(result: dict[str, Any]) -> str:
    import json

    return json.dumps(result, indent=2, ensure_ascii=False)


def _show(result: dict[str, Any], out: Path | None = None) -> None:
    """The returned values, the check of the best candidates, and the answer: the values to
    set (as --set, and the folder written), or "keep KIND.CARD.FIELD=VALUE" for each varied
    field when the check favours no candidate (nothing written to `out`)."""
    from rich.table import Table

    from cli.kit.terminal import console as terminal
    from reports.experiments.balance import check_lines

    console = terminal()
    search = result["search"]
    table = Table(
        title=f"balance: {search['games_played']:,} search games, {search['generations']} "
        f"generations of {search['population']}",
        title_justify="left",
    )
    for h in ("vary", "range", "current", "returned"):
        table.add_column(h, justify="left" if h == "vary" else "right")
    for v in result["vary"]:
        table.add_row(
            v["key"] + (" (offset)" if v["offset"] else ""),
            f"{v['low']}..{v['high']}",
            str(result["current"][v["key"]]),
            str(result["best"][v["key"]]),
        )
    console.print(table)
    for v in result["vary"]:
        if v["left_out_stated"]:
            console.print(
                f"{v['key']} leaves {', '.join(v['left_out_stated'])} as they are "
                "(the rulebook states them)"
            )
    for line in check_lines(result):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    obj = result["objective"]
    games = result["confirm"]["games"]
    console.print(f"objective on {games:,} fresh games per side (95% bootstrap intervals):")
    names = " + ".join(o["text"] for o in result["objectives"])
    lines = [(names, obj)]
    if len(result["objectives"]) > 1:
        lines += list(obj["terms"].items())
    for name, row in lines:
        console.print(
            f"  {name}: current {_num(row['current'], row['current_interval'])}, "
            f"returned {_num(row['best'], row['best_interval'])}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    console.print(
        "  difference (returned - current): " + _num(obj["difference"], obj["difference_interval"]),
        markup=False,
        highlight=False,
    )
    if result["improvement_found"]:
        console.print("as --set: " + " ".join(result["sets"]), markup=False, highlight=False)
    else:
        for keep in result["keep"]:
            console.print(f"keep {keep}", markup=False, highlight=False)
    if result["out"]:
        console.print(f"wrote {result['out']['folder']} (use it as --cards)", markup=False)
    elif out is not None:
        console.print(
            f"wrote nothing to {out}: the check favours no candidate over the current values",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def _num(x: float | None, interval: list[float | None]) -> str:
    if x is None:
        return "undefined"
    low, high = interval
    return f"{x:.4f}" + ("" if low is None else f" [{low:.4f}, {high:.4f}]")
