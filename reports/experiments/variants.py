"""Card variants played on common random numbers: the engine behind whatif, ablate and sweep.

A variant is the baseline's configuration with another card set. Kernels take
the card data as an argument, so every variant runs in the kernels compiled
once; game i of every variant is the game with seed game_seed(seed, i), the
same deal and dice as the baseline's game i until the changed card matters.

Any game of the registry plays here: cards are changed by `--set` texts through
`game.load_cards`, and a card's neutral stand-in is the game's
(`game.neutral_patches`, simcore/games/api.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from reports.drift.drift_window import Window, game_spec, window_from_tables
from simcore.progress import Progress
from simcore.runs.replay import Replayer, new_replayer

WINDOW = 4096  # games played and compared at a time


def baseline(
    players: int | None,
    games: int,
    seed: int,
    strategies: str | None,
    cards: str | Path | None,
    params_file: str | Path | None = None,
    game: str | None = None,
    threads: int | None = None,
) -> Replayer:
    """The baseline configuration of `game` (default: the registry's) at `players` (None:
    the game's default count) under the current code and card data, played on `threads`
    kernel threads (None: every core)."""
    plain = new_replayer(players, games, seed, strategies, cards, min(WINDOW, games), game)
    base = replace(plain, threads=threads)
    if params_file is None:
        return base
    from simcore.params_file import read_params, seat_params

    overrides = read_params(params_file, base.game.strategies())
    return replace(base, params=seat_params(base.seats, overrides))


def patch_texts(patches: Sequence[Any]) -> list[str]:
    """`--set` texts of `patches` (texts, or parsed patches that keep theirs in `.text`)."""
    return [p if isinstance(p, str) else p.text for p in patches]


def variant(base: Replayer, patches: Sequence[Any]) -> Replayer:
    """The baseline with its cards changed by `patches` (`--set` texts, or parsed patches
    with their `.text`); the same seeds, strategies and parameters."""
    card_set = base.game.load_cards(base.config.cards_dir, patch_texts(patches))
    return replace(
        base, card_set=card_set, config=replace(base.config, card_hash=card_set.data_hash)
    )


def neutral_patches(base: Replayer, kind: str, card_id: str) -> list[str]:
    """The patches that turn card `card_id` of `kind` into its neutral stand-in."""
    return base.game.neutral_patches(base.card_set, kind, card_id)


def drift_reads(base: Replayer) -> bool:
    """Whether whatif and ablate measure this game on the drift check's metrics: a game
    that declares grouping columns for them (Luthier's family). Other games are measured
    on the common columns with each card's holders' effect (`reports.experiments.paired`); moving
    them onto the drift metrics, now that those read every game, is the next step."""
    return bool(game_spec(base.config.game).groups)


def paired_tables(
    base: Replayer,
    variants: list[Replayer],
    games: int,
    progress: Progress | None = None,
    reduce: Callable[[Any, Any], Any] = lambda seats, cards: (seats, cards),
) -> Iterator[tuple[Any, list[Any]]]:
    """The baseline's games 0..games-1 and each variant's same games, a window at a time,
    each side's (seats, cards) tables passed through `reduce` as soon as they are played.

    `progress(games played, games to play)` counts the games of every side: it is
    called after each side's window."""
    total = games * (1 + len(variants))
    played = 0
    for start in range(0, games, WINDOW):
        n = min(WINDOW, games - start)
        sides = []
        for side in [base, *variants]:
            sides.append(reduce(*side.tables(start, n)))
            played += n
            if progress:
                progress(played, total)
        yield sides[0], sides[1:]


def paired_windows(
    base: Replayer,
    variants: list[Replayer],
    games: int,
    progress: Progress | None = None,
) -> Iterator[tuple[Window, list[Window]]]:
    """Drift windows of the baseline's games 0..games-1 and of each variant's same games
    (the tables read as the base's game carries them)."""
    spec = game_spec(base.config.game)
    return paired_tables(
        base, variants, games, progress, lambda seats, cards: window_from_tables(seats, cards, spec)
    )
