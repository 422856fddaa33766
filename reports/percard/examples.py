"""Example games for flagged cards, and the `tutti play` command that replays each one."""

from __future__ import annotations

import polars as pl

from reports.run.commands import play_command
from reports.run.load import Run
from simcore import games as registry
from simcore.seats import split_seat_game_key

Row = dict


def replay_command(run: Run, seed: int | str) -> str:
    """The `tutti play` command line that replays the game with this seed (or "SEED")."""
    return play_command(run.manifest.config, seed)


def attach_examples(run: Run, rows: list[Row], candidates: dict[tuple, list[int]]) -> None:
    """Give every flagged row its example games (`examples`; others get []).

    A stronger card's examples are the run's first games in which a holder won; a
    weaker card's, the first in which a holder lost. `candidates` maps
    (kind, card_id, level, won) to seat-games sg = `simcore.seats.seat_game_key(game, seat)`.
    """
    picks = {}
    for r in rows:
        r["examples"] = []
        if r["flag"] in ("stronger", "weaker"):
            key = (r["kind"], r["card_id"], r["level"] or 0, r["flag"] == "stronger")
            picks[id(r)] = candidates.get(key, [])
    names = tuple(registry.get(run.game).seat_names)
    games = sorted({split_seat_game_key(sg)[0] for sgs in picks.values() for sg in sgs})
    if not games:
        return
    seeds = dict(
        run.scan("games", strings=False)
        .select("game", "seed")
        .filter(pl.col("game").is_in(games))
        .collect()
        .iter_rows()
    )
    for r in rows:
        for sg in picks.get(id(r), []):
            game, seat = split_seat_game_key(sg)
            r["examples"].append(
                {
                    "game": game,
                    "seed": seeds[game],
                    "seat": seat,
                    "seat_name": names[seat] if seat < len(names) else f"seat {seat}",
                    "won": r["flag"] == "stronger",
                    "command": replay_command(run, seeds[game]),
                }
            )
