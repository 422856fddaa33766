"""What-if: a card variant against the baseline on the same seeds, with paired intervals.

    from reports.whatif import whatif, sweep
    result = whatif(["instruments.violin.prestige=3"], players=4, games=20_000)
    result["metrics"]       # win rates by seat, family, strategy; mean score; cards
    whatif(["rules.critic_bonus.value=20"], players=4, game="maestro")

Every game of the registry (`game`, default luthier). For a game whose tables the drift
check reads (Luthier), every metric is the drift check's (`reports.drift`), compared
with tolerance 0; for another game the metrics come from the common columns
(`reports.paired`: win rate by start order and by strategy, mean score, each card's
holders). Either way "changed" means the paired difference is significant after Holm's
correction across all metrics (alpha 0.05); the interval says by how much.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from reports import paired
from reports.cardinfo import names_of
from reports.drift import Comparison
from reports.drift_moments import quadratic_variance, side_estimate
from reports.drift_verdict import Tolerances
from reports.variants import baseline, drift_reads, paired_windows, patch_texts, variant
from simcore import games as registry
from simcore.errors import TuttiError
from simcore.progress import Progress
from simcore.stats import Z95

FORMAT = "tutti-whatif/1"
SIGNIFICANT = Tolerances(win=0.0, score=0.0, card=0.0, alpha=0.05, min_sample=30)


def patched_card(game, card_set, text: str) -> dict[str, str]:
    """The card a patch changes: its kind, id and name (as changed by the patch)."""
    kind, card = game.patch_target(text)
    return {"kind": kind, "id": card, "name": game.card_name(card_set, kind, card)}


def _variant_interval(comparison: Comparison, row: dict[str, Any]) -> tuple[Any, Any]:
    """95% interval of a metric's value in the variant's games alone (not the difference)."""
    m = comparison.space.index[(row["group"], row["key"])]
    mom = comparison.moments
    side = side_estimate(mom, m, 1, bool(comparison.space.vs_others()[m]))
    if math.isnan(side.value) or mom.n < 2:
        return None, None
    zero = np.zeros(2)
    var = quadratic_variance(
        mom, m, np.concatenate([zero, side.coef_a]), np.concatenate([zero, side.coef_t])
    )
    half = Z95 * math.sqrt(var)
    return float(side.value - half), float(side.value + half)


def _rows(comparison: Comparison) -> list[dict[str, Any]]:
    _, rows = comparison.rows(SIGNIFICANT)
    for r in rows:
        r["changed"] = r.pop("verdict") == "drift"
        for key in ("tolerance", "p_running"):
            r.pop(key, None)
    return rows


def compare_variants(
    base, variants: list[list[Any]], games: int, progress: Progress | None = None
) -> list[dict[str, Any]]:
    """Play the baseline once and each variant on the same games; paired metric rows each.

    A variant is a list of `--set` texts (or parsed patches with their `.text`)."""
    variants = [patch_texts(patches) for patches in variants]
    arms = [variant(base, patches) for patches in variants]
    if not drift_reads(base):
        measured = paired.compare(base, arms, games, progress)
        return [
            _common_result(base, m, patches, arm)
            for m, patches, arm in zip(measured, variants, arms, strict=True)
        ]
    base_names = names_of(base.card_set)
    comparisons = [
        Comparison(paired=True, names={**base_names, **names_of(arm.card_set)}) for arm in arms
    ]
    for base_window, windows in paired_windows(base, arms, games, progress):
        for comparison, window in zip(comparisons, windows, strict=True):
            comparison.add_pair(base_window, window)
    return [
        _result(base.game, c, patches, arm)
        for c, patches, arm in zip(comparisons, variants, arms, strict=True)
    ]


def _prefixes(game, patches: list[str]) -> tuple[str, ...]:
    return tuple(game.card_key(*game.patch_target(p)) for p in patches)


def _result(game, comparison: Comparison, patches: list[str], var) -> dict[str, Any]:
    rows = _rows(comparison)
    prefixes = _prefixes(game, patches)
    for r in rows:
        r["changed_card"] = r["group"] in ("card", "completed") and (
            r["key"] in prefixes or r["key"].startswith(tuple(f"{p}/" for p in prefixes))
        )
        if r["changed_card"]:
            r["candidate_low"], r["candidate_high"] = _variant_interval(comparison, r)
    return {
        "patches": list(patches),
        "patched_cards": [patched_card(game, var.card_set, p) for p in patches],
        "card_hash": var.card_set.data_hash,
        "games_changed": comparison.moments.changed,
        "metrics": rows,
    }


def _common_result(base, measured, patches: list[str], var) -> dict[str, Any]:
    game = base.game
    rows = measured.rows()
    prefixes = _prefixes(game, patches)
    for r in rows:
        interval = r.pop("cand_interval", (None, None))
        r["changed_card"] = r["group"] == "card" and r["key"] in prefixes
        if r["changed_card"]:
            r["candidate_low"], r["candidate_high"] = interval
    return {
        "game": game.name,
        "score": game.score,
        "patches": list(patches),
        "patched_cards": [patched_card(game, var.card_set, p) for p in patches],
        "card_hash": var.card_set.data_hash,
        "games_changed": measured.changed,
        "metrics": rows,
    }


def whatif(
    sets: list[str],
    players: int = 4,
    games: int = 20_000,
    seed: int = 1,
    strategies: str | None = None,
    cards: str | Path | None = None,
    params_file: str | Path | None = None,
    progress: Progress | None = None,
    game: str | None = None,
    threads: int | None = None,
) -> dict[str, Any]:
    """Compare the card set changed by `sets` ("KIND.CARD.FIELD=VALUE") with the baseline
    (`threads`: kernel threads, None: every core; the result does not depend on it)."""
    if not sets:
        raise TuttiError("give at least one --set KIND.CARD.FIELD=VALUE")
    the_game = registry.get(game)
    for text in sets:
        the_game.patch_target(text)  # a malformed patch or unknown kind: before any game
    base = baseline(players, games, seed, strategies, cards, params_file, game, threads)
    (result,) = compare_variants(base, [list(sets)], games, progress)
    return {"format": FORMAT, **settings(base, games), **result}


def settings(base, games: int) -> dict[str, Any]:
    c = base.config
    return {
        "players": c.players,
        "games": games,
        "seed": c.seed,
        "strategies": c.strategies,
        "cards_dir": c.cards_dir,
        "baseline_card_hash": base.card_set.data_hash,
        "rules_version": c.rules_version,
        "alpha": SIGNIFICANT.alpha,
    }


def parse_target(text: str) -> tuple[float, float]:
    """ "0.00±0.02" (or "0+-0.02") -> (centre, half-width)."""
    for sep in ("±", "+-", "+/-"):
        if sep in text:
            centre, half = text.split(sep, 1)
            try:
                c, h = float(centre), float(half)
            except ValueError:
                break
            if h < 0:
                break
            return c, h
    raise TuttiError(f"--band {text!r}: expected CENTRE±HALF_WIDTH, e.g. 0.00±0.02")


def sweep(
    target: str,
    values: list[str],
    players: int = 4,
    games: int = 20_000,
    seed: int = 1,
    strategies: str | None = None,
    cards: str | Path | None = None,
    band: str | None = None,
    params_file: str | Path | None = None,
    progress: Progress | None = None,
    game: str | None = None,
    threads: int | None = None,
) -> dict[str, Any]:
    """One paired comparison per value of KIND.CARD.FIELD; the card's effect per value
    (`threads`: kernel threads, None: every core; the result does not depend on it).

    The card's effect is its holders' win-rate difference (holders minus other
    seats, as in the report) in the variant's games; `band` ("0.00±0.02") marks
    the values whose effect lies inside it.
    """
    if not values:
        raise TuttiError("give the values to try: --values a,b,c")
    centre, half = parse_target(band) if band is not None else (None, None)
    the_game = registry.get(game)
    patches = [[f"{target}={value}"] for value in values]
    for (text,) in patches:
        the_game.patch_target(text)
    base = baseline(players, games, seed, strategies, cards, params_file, game, threads)
    points = []
    for value, result in zip(values, compare_variants(base, patches, games, progress), strict=True):
        own = [r for r in result["metrics"] if r["changed_card"] and r["group"] == "card"]
        point = {"value": value, **result, "card_effect": own}
        if centre is not None:
            for r in own:
                r["in_band"] = bool(
                    r["candidate"] is not None and abs(r["candidate"] - centre) <= half
                )
                r["interval_in_band"] = bool(
                    r["candidate_low"] is not None
                    and centre - half <= r["candidate_low"]
                    and r["candidate_high"] <= centre + half
                )
        points.append(point)
    in_band = (
        [
            p["value"]
            for p in points
            if p["card_effect"] and all(r["in_band"] for r in p["card_effect"])
        ]
        if centre is not None
        else None
    )
    game_keys = ("game", "score")  # another game than Luthier: named in every result
    return {
        "format": FORMAT,
        **settings(base, games),
        **{k: points[0][k] for k in game_keys if points and k in points[0]},
        "target": target,
        "band": None if centre is None else {"centre": centre, "half_width": half},
        "values_in_band": in_band,
        "points": points,
    }
