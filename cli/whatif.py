"""`tutti whatif`, `tutti ablate`, `tutti sweep`: card changes on common random numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

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

SeedOpt = Annotated[
    int, typer.Option(help="Master seed: both sides play the same games.", callback=seed_in_range)
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Folder for whatif.html, whatif.md and whatif.json."),
]


def _show(view, out: Path | None) -> None:
    """Print the view's table and summary; write its files into `out` (if given)."""
    from rich.table import Table

    from cli.kit.terminal import console as terminal
    from reports.run.output import write_text

    kept = "the table is printed above"
    table = Table(title=view.title, title_justify="left")
    for i, h in enumerate(view.headers):
        table.add_column(h, justify="left" if i == 0 else "right", overflow="fold")
    for row in view.rows:
        table.add_row(*row)
    console = terminal()
    console.print(table)
    console.print(view.summary)
    if out is None:
        return
    for ext, text in view.files.items():
        write_text(out / f"{view.name}.{ext}", text, "the results", kept)
    typer.echo("wrote " + ", ".join(str(out / f"{view.name}.{ext}") for ext in view.files))


def _check_out(out: Path | None) -> Path | None:
    """Refuse an unwritable results folder before any game is played."""
    from simcore.output_paths import check_folder

    return None if out is None else check_folder(out, "the results")


def whatif(
    set_: Annotated[
        list[str],
        typer.Option(
            "--set",
            metavar="KIND.CARD.FIELD=VALUE",
            help="The change, e.g. instruments.violin.prestige=3; repeat --set for several.",
        ),
    ],
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per side.")] = 20_000,
    seed: SeedOpt = 1,
    strategies: StrategiesOpt = None,
    cards: CardsOpt = None,
    params: ParamsOpt = None,
    out: OutOpt = None,
    game: GameOpt = None,
    threads: ThreadsOpt = None,
) -> None:
    """Play the card set with and without the change on the same seeds; show what moved."""
    players = game_players(game, players)
    from reports.experiments.whatif import whatif as run
    from reports.experiments.whatif_render import whatif_view
    from simcore.progress import ProgressDisplay

    _check_out(out)
    with ProgressDisplay("whatif") as progress:
        result = run(set_, players, games, seed, strategies, cards, params, progress, game, threads)
    _show(whatif_view(result), out)


def ablate(
    kind: Annotated[
        str,
        typer.Argument(
            help="The card kind, in the spelling of --set (`tutti cards list` names a game's "
            "kinds; a kind with no neutral stand-in is refused with the reason)."
        ),
    ],
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per card.")] = 2000,
    seed: SeedOpt = 1,
    strategies: StrategiesOpt = None,
    cards: CardsOpt = None,
    params: ParamsOpt = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder (default runs/ablate-KIND).")
    ] = None,
    only: Annotated[str | None, typer.Option(help="Only these card ids, comma-separated.")] = None,
    game: GameOpt = None,
    threads: ThreadsOpt = None,
) -> None:
    """Each card of KIND against a neutral stand-in: its effect on its holders, ranked."""
    players = game_players(game, players)
    from reports.experiments.ablate import ablate as run
    from reports.experiments.whatif_render import ablate_view
    from simcore.progress import ProgressDisplay

    out = _check_out(out or Path("runs") / f"ablate-{kind}")
    ids = [x.strip() for x in only.split(",") if x.strip()] if only else None
    with ProgressDisplay("ablating") as progress:
        result = run(
            kind, players, games, seed, strategies, cards, params, progress, ids, game, threads
        )
    _show(ablate_view(result), out)


def _band(band: str | None, old_band: str | None) -> str | None:
    """--band, or the --target it was called before (a deprecation line on stderr)."""
    if old_band is None:
        return band
    from simcore.errors import TuttiError

    if band is not None:
        raise TuttiError("give --band only (--target is its old name)")
    typer.echo("warning: --target is deprecated, use --band (TARGET is the field swept)", err=True)
    return old_band


def sweep(
    target: Annotated[
        str,
        typer.Argument(
            help="The field swept, KIND.CARD.FIELD, e.g. instruments.violin.prestige.",
            metavar="TARGET",
            show_default=False,
        ),
    ],
    values: Annotated[str, typer.Option(help="Values to try, comma-separated: 1,2,3,4.")],
    band: Annotated[
        str | None,
        typer.Option(
            "--band",
            help="Target band for the card's effect, CENTRE±HALF (fractions), e.g. 0.00±0.02 "
            "(or 0+-0.02): the values whose effect lies inside are marked.",
            show_default=False,
        ),
    ] = None,
    old_band: Annotated[str | None, typer.Option("--target", hidden=True)] = None,
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per value.")] = 20_000,
    seed: SeedOpt = 1,
    strategies: StrategiesOpt = None,
    cards: CardsOpt = None,
    params: ParamsOpt = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder (default runs/sweep).")
    ] = None,
    game: GameOpt = None,
    threads: ThreadsOpt = None,
) -> None:
    """One paired comparison per value; the card's win-rate effect at each, and a plot."""
    players = game_players(game, players)
    from reports.experiments.whatif import sweep as run
    from reports.experiments.whatif_render import sweep_view
    from simcore.progress import ProgressDisplay

    band = _band(band, old_band)
    out = _check_out(out or Path("runs") / "sweep")
    items = [v.strip() for v in values.split(",") if v.strip()]
    with ProgressDisplay("sweeping") as progress:
        result = run(
            target, items, players, games, seed, strategies, cards, band, params, progress, game,
            threads,
        )  # fmt: skip
    _show(sweep_view(result), out)
