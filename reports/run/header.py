"""What every report states first: the run's facts and the warnings about the run."""

from __future__ import annotations

from typing import Any

from reports.run.load import Run, run_seats
from simcore.games.api import Game


def run_header(run: Run, game: Game) -> dict[str, Any]:
    """What was simulated: the game, players, games, seed, each seat's strategy (the
    run's strategies in seat order), card data, versions."""
    m = run.manifest
    c = m.config
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
        "seats": run_seats(run, tuple(game.seat_names)),
        "strategies": list(dict.fromkeys(c.strategies)),
        "card_hash": c.card_hash,
        "cards_dir": c.cards_dir,
        "rules_version": c.rules_version,
        "package_version": c.package_version,
        "simulation_seconds": m.seconds,
    }


def incomplete_warning(run: Run) -> list[str]:
    """An interrupted run's warning, or none."""
    if run.manifest.complete:
        return []
    return [
        f"Incomplete run: {run.games:,} of {run.manifest.config.games:,} games; "
        "this report covers only the games simulated so far."
    ]
