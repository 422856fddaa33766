"""`tutti tune`: search a strategy's parameters against a field, then check the gain."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.kit.options import (
    CardsOpt,
    GameOpt,
    ParamsOpt,
    PlayersOpt,
    StrategyModuleOpt,
    ThreadsOpt,
    game_players,
    seed_in_range,
)


def tune(
    strategy: Annotated[str, typer.Argument(help="Strategy to tune, e.g. balanced.")],
    players: PlayersOpt = None,
    budget: Annotated[
        int, typer.Option(help="Games the search may play (the final check is extra).")
    ] = 200_000,
    field: Annotated[
        str | None,
        typer.Option(help="Opponents, comma-separated (default: every other built-in)."),
    ] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Params file to write.")] = Path(
        "params.toml"
    ),
    seed: Annotated[
        int, typer.Option(help="Master seed of the deals and the sampler.", callback=seed_in_range)
    ] = 1,
    population: Annotated[int, typer.Option(help="Candidates per generation.")] = 16,
    eval_games: Annotated[
        int, typer.Option(help="Games per vector in the final paired check (fresh deals).")
    ] = 20_000,
    cards: CardsOpt = None,
    params: ParamsOpt = None,
    strategy_module: StrategyModuleOpt = None,
    game: GameOpt = None,
    threads: ThreadsOpt = None,
) -> None:
    """Tune a strategy's parameter vector (cross-entropy method on common random numbers).

    Prints each generation, then the confirmation of the best candidates played and the
    start on fresh deals (the best of them there is the tuned vector; the start when
    none beats it: "no improvement found"), then the tuned vector's win rate against the
    default's on other fresh deals with a paired 95% interval, and writes the tuned
    vector as a params file.
    """
    players = game_players(game, players)
    from simcore import games as registry
    from simcore.output_paths import check_file, writing

    the_game = registry.get(game)
    check_file(out, "the params file")
    if strategy_module is not None:
        the_game.load_strategy_module(strategy_module)
    from simcore.fmt import p_is, pct, pct_range, pts, pts_range
    from simcore.params_file import params_vectors, write_params
    from simcore.progress import ProgressDisplay
    from simcore.seats import lookup, split_names
    from strategies.tune import confirm_lines
    from strategies.tune import tune as run

    the_game.check_players(players)
    known = the_game.strategies()
    spec = lookup(known, strategy)
    names = (
        [n for n in known if n != strategy]
        if field is None
        else split_names(field, known, "--field")
    )
    opponents = [lookup(known, n) for n in names]
    field_params = params_vectors(params, known)
    start = field_params.get(spec.name)
    card_set = the_game.load_cards(cards)
    with ProgressDisplay("tuning") as progress:
        result = run(
            card_set, spec, opponents, players, budget, seed, population, eval_games, start,
            field_params, progress=progress, log=progress.note, game=the_game.name,
            threads=threads,
        )  # fmt: skip
    ev = result.evaluation
    on_game = "" if the_game.name == registry.DEFAULT else f" --game {the_game.name}"
    lines = [
        f"tutti tune {strategy}{on_game} --players {players} --budget {budget} --seed {seed}"
        f" --field {','.join(o.name for o in opponents)}",
        f"search: {result.generations} generations x {result.population} candidates x "
        f"{result.deals_per_generation} deals x {players} seats, and the confirmation: "
        f"{result.search_games} games",
        *confirm_lines(spec, result.search),
        f"check on {ev.games} other fresh games per vector (each deal from every seat):",
        f"  tuned   win rate {pct(ev.tuned_win, 2)} ({pct_range(*ev.tuned_interval, 2)})",
        f"  default win rate {pct(ev.default_win, 2)} ({pct_range(*ev.default_interval, 2)})",
        f"  paired difference {pts(ev.difference, 2)} points "
        f"(95% CI {pts_range(*ev.difference_interval, 2)}), {p_is(ev.p_value)}:",
        "  tuned beats default at 95% confidence"
        if ev.significant
        else "  no significant gain over the default",
    ]
    typer.echo("\n".join(lines))
    with writing(out, "the params file", "the tuned result is printed above"):
        write_params(out, spec, result.values, lines)
    typer.echo(f"wrote {out}")
