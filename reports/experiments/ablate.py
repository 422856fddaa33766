"""Per-card ablation: each card against its neutral stand-in, on the same seeds.

For every card of a kind, the games are played again with that card replaced by
its neutral stand-in (the game's `neutral_patches`, simcore/games/api.py: Luthier's
is the same card in the same deck position with no value of its own), all variants
in the one compiled engine. A card's effect is measured on the seats that held it in
the baseline game (the seats that would have used it): their win rate (and score:
Luthier's prestige, Maestro's points) with the card minus without, over the same
games. A seat holds a card as the drift check reads it where the game's tables have
its columns (Luthier), else when it has any event of the card in the game
(`reports.experiments.paired`). Games are the independent units (a ratio estimator with
game-clustered variance); p-values are Holm-corrected across the kind's cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from reports.experiments.paired import reducer
from reports.experiments.variants import (
    baseline,
    drift_reads,
    neutral_patches,
    paired_tables,
    paired_windows,
    variant,
)
from reports.experiments.whatif import settings
from simcore import games as registry
from simcore.errors import TuttiError
from simcore.games.api import require_card_data
from simcore.progress import Progress
from simcore.stats import Z95, holm, normal_two_sided_p

FORMAT = "tutti-ablate/1"
ALPHA = 0.05
MIN_HOLDERS = 30  # fewer holder seat-games: the card is reported but not tested


@dataclass
class Effect:
    """Per-game sums for one card: holders, and their win and prestige differences."""

    n: list[np.ndarray] = field(default_factory=list)
    win: list[np.ndarray] = field(default_factory=list)
    score: list[np.ndarray] = field(default_factory=list)

    def estimate(self, which: str) -> tuple[float, float, float, float]:
        """(effect, low, high, p) of the ratio sum(d) / sum(n), clustered by game."""
        n = np.concatenate(self.n) if self.n else np.zeros(0)
        d = np.concatenate(getattr(self, which)) if self.n else np.zeros(0)
        total = n.sum()
        if total == 0:
            return math.nan, math.nan, math.nan, math.nan
        r = d.sum() / total
        used = n > 0
        g = int(used.sum())
        resid = d[used] - r * n[used]
        var = float((resid * resid).sum()) / (total * total) * (g / (g - 1) if g > 1 else math.inf)
        se = math.sqrt(var)
        if se == 0:
            return r, r, r, (1.0 if r == 0 else 0.0)
        return r, r - Z95 * se, r + Z95 * se, normal_two_sided_p(r / se)


def _holders(window, prefix: str) -> pl.DataFrame:
    """(game, seat) of the seat-games that held the card (any level, for awards)."""
    key = pl.col("key")
    match = (key == prefix) | key.str.starts_with(prefix + "/")
    return window.cards.filter((pl.col("role") == "held") & match).select("game", "seat").unique()


def ablate(
    kind: str,
    players: int | None = None,
    games: int = 2000,
    seed: int = 1,
    strategies: str | None = None,
    cards: str | Path | None = None,
    params_file: str | Path | None = None,
    progress: Progress | None = None,
    only: list[str] | None = None,
    game: str | None = None,
    threads: int | None = None,
) -> dict[str, Any]:
    """Every card of `kind` (or the `only` ones) against its neutral stand-in, strongest
    first (`threads`: kernel threads, None: every core; the result does not depend on it)."""
    the_game = registry.get(game)
    require_card_data(the_game, "tutti ablate")
    kind = the_game.card_kind(kind)  # "repair" as well as "repairs", as in --set
    base = baseline(players, games, seed, strategies, cards, params_file, game, threads)
    neutral = the_game.neutral_text(base.card_set, kind)
    ids = the_game.card_ids(base.card_set, kind)
    for cid in only or []:
        if cid not in ids:
            try:
                the_game.card_name(base.card_set, kind, cid)
            except TuttiError as err:
                raise TuttiError(f"--only: {err}") from None
    ids = [cid for cid in ids if not only or cid in only]
    effects = ablate_cards(base, [(kind, cid) for cid in ids], games, progress)
    rows = _rows(base, kind, ids, effects)
    # the game and its score's name, which the render words; the default game's results
    # on the drift metrics carry neither (as they were written before other games)
    default = drift_reads(base) and the_game.name == registry.DEFAULT
    extra = {} if default else {"game": the_game.name, "score": the_game.score}
    return {
        "format": FORMAT,
        **settings(base, games),
        **extra,
        "kind": kind,
        "neutral": neutral,
        "cards": rows,
    }


def ablate_cards(
    base, targets: list[tuple[str, str]], games: int, progress: Progress | None = None
) -> list[Effect]:
    """Each (kind, card id) of `targets` against its neutral stand-in on the baseline's
    games 0..games-1 (one baseline played for all): the per-game sums of each card."""
    variants = [variant(base, neutral_patches(base, kind, cid)) for kind, cid in targets]
    prefixes = [base.game.card_key(kind, cid) for kind, cid in targets]
    effects = [Effect() for _ in targets]
    if drift_reads(base):
        sides = paired_windows(base, variants, games, progress)
        score, holders = base.game.score, _holders  # the drift window names it as the game
    else:
        sides = paired_tables(base, variants, games, progress, reducer(base.game.score))
        score, holders = "score", _card_holders
    for base_window, windows in sides:
        seats = base_window.seats.with_row_index("row")
        game0 = int(seats["game"].min())
        n_games = int(seats["game"].max()) - game0 + 1
        for c, var_window in enumerate(windows):
            if not (var_window.seats["game"] == base_window.seats["game"]).all():
                raise TuttiError("internal: variant windows are not aligned with the baseline")
            held = holders(base_window, prefixes[c]).join(seats, on=["game", "seat"])
            rows = held["row"].to_numpy()
            game = held["game"].to_numpy() - game0
            for name, col in (("win", "win"), ("score", score)):
                diff = (
                    base_window.seats[col].to_numpy()[rows] - var_window.seats[col].to_numpy()[rows]
                )
                getattr(effects[c], name).append(np.bincount(game, diff, minlength=n_games))
            effects[c].n.append(np.bincount(game, minlength=n_games).astype(np.float64))
    return effects


def _card_holders(window, key: str) -> pl.DataFrame:
    """(game, seat) of the seat-games with an event of the card (`reports.experiments.paired`)."""
    return window.held.filter(pl.col("key") == key).select("game", "seat").unique()


def _rows(base, kind: str, ids: list[str], effects: list[Effect]) -> list[dict[str, Any]]:
    rows = []
    for c, cid in enumerate(ids):
        holders = int(sum(x.sum() for x in effects[c].n))
        win = effects[c].estimate("win")
        score = effects[c].estimate("score")
        rows.append(
            {
                "card_id": cid,
                "card": base.game.card_name(base.card_set, kind, cid),
                "holders": holders,
                "tested": holders >= MIN_HOLDERS and not math.isnan(win[3]),
                **dict(zip(("win_effect", "win_low", "win_high", "p_value"), win, strict=True)),
                **dict(zip(("score_effect", "score_low", "score_high"), score[:3], strict=True)),
            }
        )
    tested = [r for r in rows if r["tested"]]
    for r, h in zip(tested, holm([r["p_value"] for r in tested]), strict=True):
        r["holm_p"] = h
        r["significant"] = h <= ALPHA
    for r in rows:
        r.setdefault("holm_p", None)
        r.setdefault("significant", False)
        for k, v in r.items():
            if isinstance(v, float) and math.isnan(v):
                r[k] = None
    rows.sort(key=lambda r: (not r["tested"], -(r["win_effect"] or 0.0), r["card_id"]))
    return rows
