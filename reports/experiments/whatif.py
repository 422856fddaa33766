"""What-if: a card variant against the baseline on the same seeds, with paired intervals.

    from reports.experiments.whatif import whatif, sweep
    result = whatif(["instruments.violin.prestige=3"], players=4, games=20_000)
    result["metrics"]       # win rates by seat, family, strategy; mean score; cards
    whatif(["rules.critic_bonus.value=20"], players=4, game="maestro")

Every game of the registry (`game`, default luthier). For a game whose tables the drift
check reads (Luthier), every metric is the drift check's (`reports.drift.drift`), compared
with tolerance 0; for another game the metrics come from the common columns
(`reports.experiments.paired`: win rate by start order and by strategy, mean score, each card's
holders). Either way "changed" means the paired difference is significant after Holm's
correction across all metrics (alpha 0.05); the interval says by how much.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from reports.drift.drift import Comparison
from reports.drift.drift_moments import quadratic_variance, side_estimate
from reports.drift.drift_verdict import Tolerances
from reports.drift.drift_window import game_spec
from reports.experiments import paired
from reports.experiments.rule_notes import read_only_under
from reports.experiments.variants import (
    baseline,
    drift_reads,
    paired_tables,
    paired_windows,
    patch_texts,
    variant,
)
from reports.percard.adjusted import ADJUSTED, SideEffects
from reports.percard.cardinfo import names_of
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
    """Play the baseline once and each variant on the same games; paired metric rows each,
    and the changed cards' adjusted effects (`card_effects`, `reports.percard.adjusted`).

    A variant is a list of `--set` texts (or parsed patches with their `.text`)."""
    variants = [patch_texts(patches) for patches in variants]
    arms = [variant(base, patches) for patches in variants]
    game = base.game
    effects = [
        SideEffects(effect_keys(game, patches), tuple(game.drift_groups)) for patches in variants
    ]
    if not drift_reads(base):
        reduce = paired.reducer(game.score)
        metrics = [
            paired.PairedMetrics(
                game.score, lambda key, cards=arm.card_set: game.card_label(cards, key)
            )
            for arm in arms
        ]
        for base_window, windows in paired_tables(base, arms, games, progress, reduce):
            for m, eff, window in zip(metrics, effects, windows, strict=True):
                m.add_pair(base_window, window)
                eff.add(0, base_window.seats, base_window.held)
                eff.add(1, window.seats, window.held)
        return [
            {**_common_result(base, m, patches, arm), "card_effects": _effects(e, m.rows())}
            for m, e, patches, arm in zip(metrics, effects, variants, arms, strict=True)
        ]
    base_names = names_of(base.card_set, game)
    comparisons = [
        Comparison(
            paired=True,
            names={**base_names, **names_of(arm.card_set, game)},
            spec=game_spec(base.config.game),  # the game's words (its score) in the labels
        )
        for arm in arms
    ]
    for base_window, windows in paired_windows(base, arms, games, progress):
        for comparison, eff, window in zip(comparisons, effects, windows, strict=True):
            comparison.add_pair(base_window, window)
            eff.add(0, base_window.seats, _held(base_window))
            eff.add(1, window.seats, _held(window))
    out = []
    for c, e, patches, arm in zip(comparisons, effects, variants, arms, strict=True):
        result = _result(game, c, patches, arm)
        out.append({**result, "card_effects": _effects(e, result["metrics"])})
    return out


def _held(window) -> Any:
    """A drift window's held rows: game, seat, key."""
    import polars as pl

    return window.cards.filter(pl.col("role") == "held").select("game", "seat", "key")


def effect_keys(game, patches: list[str]) -> dict[str, bool]:
    """The cards `patches` change (keys of the cards table), each with whether its strata
    include the game's grouping columns (not for a card of a grouping kind: family tiles);
    a rules patch changes no card."""
    files = dict(game.card_roles.files)  # table kind -> file kind
    table_kind = {file: table for table, file in files.items()}
    keys = {}
    for text in patches:
        kind, card = game.patch_target(text)
        if kind in table_kind:
            keys[game.card_key(kind, card)] = table_kind[kind] not in game.drift_groups
    return keys


def _effects(effects: SideEffects, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per changed card: its adjusted effect in the baseline and the variant and the paired
    difference, with the raw rows' numbers beside them (`raw_*`)."""
    out = []
    for key, e in effects.result(paired=True).items():
        raw = next((r for r in rows if r["group"] == "card" and r["key"] == key), {})
        label = raw.get("metric", f"card {key}").rsplit(":", 1)[0]
        base, cand = e["sides"].get(0, {}), e["sides"].get(1, {})
        out.append({
            "key": key,
            "metric": f"{label}: {ADJUSTED}",
            "kind": "card",
            "measure": "adjusted",
            "baseline": base.get("delta"),
            "baseline_low": base.get("low"),
            "baseline_high": base.get("high"),
            "candidate": cand.get("delta"),
            "candidate_low": cand.get("low"),
            "candidate_high": cand.get("high"),
            "diff": e.get("diff"),
            "low": e.get("low"),
            "high": e.get("high"),
            "p_value": e.get("p"),
            "changed": e.get("p") is not None and e["p"] <= SIGNIFICANT.alpha,
            "raw_baseline": raw.get("baseline"),
            "raw_candidate": raw.get("candidate"),
            "raw_diff": raw.get("diff"),
        })  # fmt: skip
    return out


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
    players: int | None = None,
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
    if result["games_changed"] == 0:
        result["no_op"] = no_op_reason(base.game, base.card_set, list(sets), games)
    return {"format": FORMAT, **settings(base, games), **result}


def no_op_reason(game, card_set, sets: list[str], games: int) -> str:
    """Why `sets` changed no game: the rules switch whose note says it alone reads the field
    (a rules file's `note` naming "KIND.toml `FIELD`", as Maestro's scoring names rows.toml
    `value`), or that the change never came into play in these games."""
    found = []
    for text in sets:
        target = text.partition("=")[0]
        kind, _, rest = target.partition(".")
        gate = read_only_under(game, card_set, kind, rest.partition(".")[2])
        if gate is not None and gate[1] != gate[2]:
            rule, option, value = gate
            found.append(
                f"{target} is read only under rules.{rule} = {option} (these rules: "
                f"{value}); add --set rules.{rule}.value={option}"
            )
    if found:
        return "no game played out differently: " + "; ".join(found) + "."
    return (
        f"no game played out differently: in these {games:,} games the engine never read "
        "what changed (a field the rules in force do not use, or a card that never came "
        "into play); try more games or another rules switch."
    )


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
    players: int | None = None,
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

    The card's effect is its adjusted effect (holders against non-holders of the same
    strategy, start order and family: the report's, `reports.percard.adjusted`) in the variant's
    games, with the raw difference beside it (`raw_candidate`); `band` ("0.00±0.02")
    marks the values whose adjusted effect lies inside it.
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
        own = result["card_effects"]
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
    if points and all(p["games_changed"] == 0 for p in points):
        no_op = no_op_reason(base.game, base.card_set, [f"{target}={values[0]}"], games)
    else:
        no_op = None
    game_keys = ("game", "score")  # another game than Luthier: named in every result
    return {
        "format": FORMAT,
        **settings(base, games),
        **{k: points[0][k] for k in game_keys if points and k in points[0]},
        "target": target,
        "band": None if centre is None else {"centre": centre, "half_width": half},
        "values_in_band": in_band,
        "no_op": no_op,
        "points": points,
    }
