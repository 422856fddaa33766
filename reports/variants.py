"""Card variants played on common random numbers: the engine behind whatif, ablate and sweep.

A variant is the baseline's configuration with another card set. Kernels take
the card data as an argument, so every variant runs in the kernels compiled
once; game i of every variant is the game with seed game_seed(seed, i), the
same deal and dice as the baseline's game i until the changed card matters.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from reports.card_kinds import FILE_KINDS
from reports.drift_window import Window, window_from_tables
from simcore.games.luthier.cards_patch import Patch, parse_patch
from simcore.progress import Progress
from simcore.runs.replay import Replayer, new_replayer

WINDOW = 4096  # games played and compared at a time

# What `ablate` swaps in for a card: the same card in the same deck position (so
# deck sizes and shuffles stay the same) that gives nothing of its own.
NEUTRAL: dict[str, tuple[str, ...]] = {
    "instruments": ("prestige=0",),
    "performances": ("prestige=[0, 0, 0]", "money=[0, 0, 0]"),
    "repairs": ("prestige=0",),
    "patrons": ("prestige=0", "gifts=[{}, {}]", 'power="none"'),
    "awards": ("levels",),  # every level keeps its threshold and scores 0 (see neutral_patches)
    "goals": ("levels",),
    "families": ("start={}", 'ability="none"'),
    "specialty": ('ability="none"',),
}
NEUTRAL_WORDS = {
    "instruments": "scores 0 prestige (it can still be built and placed in the orchestra)",
    "performances": "pays 0 prestige and 0 money at every level",
    "repairs": "scores 0 prestige (the repair still earns its orchestra token)",
    "patrons": "scores 0 prestige, gives no gifts and has no power (requirements and "
    "patience stay)",
    "awards": "scores 0 prestige at every level",
    "goals": "scores 0 prestige at every level",
    "families": "gives no starting resources and no ability (its turn order stays)",
    "specialty": "is a plain extra worker with no ability",
}
TABLE_KIND = {file: table for table, file in FILE_KINDS.items()}  # file kind -> table kind


def baseline(
    players: int,
    games: int,
    seed: int,
    strategies: str | None,
    cards: str | Path | None,
    params_file: str | Path | None = None,
) -> Replayer:
    """The baseline configuration under the current code and card data."""
    base = new_replayer(players, games, seed, strategies, cards, min(WINDOW, games))
    if params_file is None:
        return base
    from simcore.params_file import read_params, seat_params

    overrides = read_params(params_file, base.game.strategies())
    return replace(base, params=seat_params(base.seats, overrides))


def variant(base: Replayer, patches: list[Patch]) -> Replayer:
    """The baseline with its cards changed by `patches` (same seeds, strategies, params)."""
    from simcore.games.luthier.cards import load_cards

    card_set = load_cards(base.config.cards_dir, patches)
    return replace(
        base, card_set=card_set, config=replace(base.config, card_hash=card_set.data_hash)
    )


def neutral_patches(base: Replayer, kind: str, card_id: str) -> list[Patch]:
    """The patches that turn card `card_id` of `kind` into its neutral stand-in."""
    patches = []
    for text in NEUTRAL[kind]:
        if text == "levels":
            record = base.card_set.records[kind][base.card_set.index(kind, card_id)]
            zeroed = [{**level, "prestige": 0} for level in record["levels"]]
            inner = ", ".join(
                "{" + ", ".join(f"{k} = {v}" for k, v in lv.items()) + "}" for lv in zeroed
            )
            text = f"levels=[{inner}]"
        patches.append(parse_patch(f"{kind}.{card_id}.{text}"))
    return patches


def paired_windows(
    base: Replayer,
    variants: list[Replayer],
    games: int,
    progress: Progress | None = None,
) -> Iterator[tuple[Window, list[Window]]]:
    """Windows of the baseline's games 0..games-1 and of each variant's same games.

    `progress(games played, games to play)` counts the games of every side: it is
    called after each side's window."""
    total = games * (1 + len(variants))
    played = 0
    for start in range(0, games, WINDOW):
        n = min(WINDOW, games - start)
        windows = []
        for side in [base, *variants]:
            windows.append(window_from_tables(*side.tables(start, n)))
            played += n
            if progress:
                progress(played, total)
        yield windows[0], windows[1:]
