"""Per-card rows: how often each card is held and completed, and how its holders fare.

For card X, "held" means a seat had it during the game (the events per kind are
the game's card kinds', simcore/games/api.py). The raw win-rate difference is the mean `win` of
the seat-games holding X minus that of all other seat-games of the run: unpaired,
normal approximation. The adjusted difference compares holders with non-holders
of the same strategy, start order and grouping (Mantel-Haenszel, games as units:
`reports.percard.adjusted`). Flags use the adjusted one: a card is "stronger" or
"weaker" when its Benjamini-Hochberg adjusted p-value is at most the
false-discovery rate and its 95% interval lies wholly beyond the margin;
otherwise "balanced" (interval inside ±margin), "undecided" or "untested".

Flagged cards are ranked by their *impact*: the adjusted difference times the share of
the run's seat-games that held the card, i.e. the win-rate points the card moves per
seat-game of the whole run. A card most seats hold at +6 points decides more games than
one a few seats hold at +9, so it is the one to change first (`rank_key`).
"""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from reports.percard.adjusted import interval
from reports.percard.card_kinds import card_group
from reports.percard.card_sums import KEY
from reports.percard.cardinfo import CardInfo
from reports.run.settings import Settings
from simcore.games.api import CardKind
from simcore.stats import benjamini_hochberg, difference_interval, holm

Row = dict[str, Any]
FLAGGED = ("stronger", "weaker")
FLAGS = ("stronger", "weaker", "balanced", "undecided", "untested")
OUTCOME = "outcome"  # the flag of outcome rows (levels claimed): not a card, never ranked


def is_flagged(row: Row) -> bool:
    return row.get("flag") in FLAGGED


def is_outcome(row: Row) -> bool:
    """A level of an outcome kind (Luthier's award levels): claiming it is a result of
    playing well, not a card to weaken."""
    return bool(row.get("outcome"))


def _adjusted(frame: pl.DataFrame) -> dict[tuple, Row]:
    return {(r["kind"], r["card_id"], r["level"]): r for r in frame.to_dicts()}


def _adjusted_effect(adj: Row | None, prefix: str) -> Row:
    delta, low, high, p = interval(*((adj["delta"], adj["se"]) if adj else (None, None)))
    return {
        f"{prefix}adj_diff": delta,
        f"{prefix}adj_diff_low": low,
        f"{prefix}adj_diff_high": high,
        f"{prefix}adj_p_value": p,
    }


def _lookup(frame: pl.DataFrame, keys: list[str]) -> dict[tuple, Row]:
    return {tuple(r[k] for k in keys): r for r in frame.to_dicts()}


def _effect(n: int, w: float, w2: float, total: Row, prefix: str) -> Row:
    """Win rate of the n seat-games with (w, w2), against all the others in the run."""
    n0 = total["n"] - n
    diff, low, high, p = difference_interval(n, w, w2, n0, total["w"] - w, total["w2"] - w2)
    clean = [None if isinstance(x, float) and math.isnan(x) else x for x in (diff, low, high, p)]
    return {
        f"{prefix}win": w / n if n else None,
        f"{prefix}win_others": (total["w"] - w) / n0 if n0 else None,
        f"{prefix}diff": clean[0],
        f"{prefix}diff_low": clean[1],
        f"{prefix}diff_high": clean[2],
        f"{prefix}p_value": clean[3],
    }


def card_rows(
    info: CardInfo, sums: dict[str, Any], settings: Settings, kinds: tuple[CardKind, ...]
) -> list[Row]:
    """One row per card of `kinds` (the game's; a per-level kind: per level): counts,
    completion, win-rate difference, flags."""
    total = sums["totals"].to_dicts()[0]
    held = _lookup(sums["held"], KEY)
    done = _lookup(sums["completed"], KEY)
    in_play = {(r["kind"], r["card_id"]): r["games"] for r in sums["in_play"].to_dicts()}
    per_level = {k.kind for k in kinds if k.per_level}
    names = {(r["kind"], r["card_id"]): r["card"] for r in sums["names"].to_dicts()}
    adj = {role: _adjusted(frame) for role, frame in sums["adjusted"].items()}
    events: dict[tuple, int] = {}
    by_detail: dict[tuple, dict[int, int]] = {}
    for r in sums["events"].to_dicts():
        key = (r["kind"], r["card_id"], r["event"])
        events[key] = events.get(key, 0) + r["count"]
        by_detail.setdefault(key, {})[r["detail"]] = r["count"]
        if r["kind"] in per_level:
            events[(*key, r["detail"])] = r["count"]
    rows = []
    for spec in kinds:
        ids = list(info.ids.get(spec.kind, []))
        ids += sorted({c for k, c in names if k == spec.kind} - set(ids))
        for card_id in ids:
            name = names.get((spec.kind, card_id)) or info.names.get(spec.kind, {}).get(card_id)
            for level in range(1, spec.n_levels + 1) if spec.per_level else (0,):
                rows.append(
                    _row(
                        spec,
                        card_id,
                        name or card_id,
                        level,
                        held,
                        done,
                        events,
                        by_detail,
                        in_play,
                        info,
                        total,
                        settings,
                        adj,
                    )
                )
    _flag(rows, settings)
    return rows


def _row(
    spec, card_id, name, level, held, done, events, by_detail, in_play, info, total, settings, adj
) -> Row:
    h = held.get((spec.kind, card_id, level), {"n": 0, "w": 0.0, "w2": 0.0})
    row: Row = {
        "kind": spec.kind,
        "group": spec.kind,
        "card_id": card_id,
        "card": name,
        "name": name,
        "level": level if spec.per_level else None,
        "deck": None,
        "dealt": events.get((spec.kind, card_id, "dealt"), 0) if spec.dealt else None,
        "taken": (
            sum(events.get((spec.kind, card_id, e, level), 0) for e in spec.held_events)
            if spec.per_level
            else sum(events.get((spec.kind, card_id, e), 0) for e in spec.held_events)
        ),
        "n": h["n"],
        "outcome": spec.outcome,
        "section": info.sections.get(spec.kind, {}).get(card_id),
    }
    if spec.decks:
        deck = info.decks.get(spec.kind, {}).get(card_id)
        row["deck"] = deck
        row["group"] = card_group(spec, deck)
    if spec.leaves:
        row["abandoned"] = events.get((spec.kind, card_id, "abandoned"), 0)
    if spec.per_level:
        games = in_play.get((spec.kind, card_id), 0)
        row["in_play"] = games
        row["completion_rate"] = h["n"] / games if games else None
    elif spec.completed_events:
        c = done.get((spec.kind, card_id, 0), {"n": 0, "w": 0.0, "w2": 0.0})
        row["completed"] = c["n"]
        row["completion_rate"] = c["n"] / h["n"] if h["n"] else None
        row.update(_effect(c["n"], c["w"], c["w2"], total, "completed_"))
        key = (spec.kind, card_id, 0)
        row.update(_adjusted_effect(adj.get("completed", {}).get(key), "completed_"))
        row["completed_tested"] = c["n"] >= settings.min_sample and (
            row["completed_adj_diff"] is not None
        )
        if spec.completed_levels:
            levels = by_detail.get((spec.kind, card_id, spec.completed_events[0]), {})
            row["completed_levels"] = {str(k): v for k, v in sorted(levels.items())}
    else:
        row["completion_rate"] = None
    row.update(_effect(h["n"], h["w"], h["w2"], total, ""))
    row.update(_adjusted_effect(adj["held"].get((spec.kind, card_id, level or 0)), ""))
    n_others = total["n"] - h["n"]
    row["tested"] = (
        not spec.outcome
        and h["n"] >= settings.min_sample
        and n_others >= settings.min_sample
        and row["adj_diff"] is not None
    )
    wide = row["adj_diff_low"] is None or (row["adj_diff_high"] - row["adj_diff_low"]) > 2 * (
        settings.max_half_width
    )
    row["too_uncertain"] = (not row["tested"]) or wide
    share = h["n"] / total["n"] if total["n"] else 0.0
    row["impact"] = row["adj_diff"] * share if row["tested"] else None
    return row


def rank_key(row: Row) -> float:
    """Strongest first, weakest last: by impact (adjusted difference x share of the
    run's seat-games holding the card), the adjusted difference where there is none."""
    value = row.get("impact")
    return value if value is not None else (row.get("adj_diff") or 0.0)


def verdict(delta: float, low: float, high: float, significant: bool, margin: float) -> str:
    """stronger / weaker: significant and the interval wholly beyond ±margin; balanced:
    the interval inside [-margin, margin]; else undecided."""
    if significant and low > margin:
        return "stronger"
    if significant and high < -margin:
        return "weaker"
    if -margin <= low and high <= margin:
        return "balanced"
    return "undecided"


def _flag(rows: list[Row], settings: Settings) -> None:
    """Benjamini-Hochberg q-values and Holm-adjusted p-values of the adjusted differences
    over the tested rows; flags. Untested rows show no interval."""
    tested = [r for r in rows if r["tested"]]
    q_values = benjamini_hochberg([r["adj_p_value"] for r in tested])
    holm_values = holm([r["adj_p_value"] for r in tested])
    for r in rows:
        r.update(q_value=None, holm_p=None, flag=OUTCOME if is_outcome(r) else "untested")
        if not r["tested"]:
            r.update(diff_low=None, diff_high=None, adj_diff_low=None, adj_diff_high=None)
        if not r.get("completed_tested"):
            r.update(completed_diff_low=None, completed_diff_high=None)
            r.update(completed_adj_diff_low=None, completed_adj_diff_high=None)
    for r, q, h in zip(tested, q_values, holm_values, strict=True):
        r["q_value"] = q
        r["holm_p"] = h
        significant = q <= settings.false_discovery_rate
        r["flag"] = verdict(
            r["adj_diff"], r["adj_diff_low"], r["adj_diff_high"], significant, settings.margin
        )
    for r in rows:
        r["raw"] = {"delta": r["diff"], "low": r["diff_low"], "high": r["diff_high"]}
        r["adjusted"] = {
            "delta": r["adj_diff"],
            "low": r["adj_diff_low"],
            "high": r["adj_diff_high"],
        }


def sort_cards(rows: list[Row]) -> list[Row]:
    """Tested cards by impact (strongest first, `rank_key`), then the untested; outcome
    rows (levels claimed) are not cards and are left out."""
    cards = [r for r in rows if not is_outcome(r)]
    return sorted(cards, key=lambda r: (not r["tested"], -rank_key(r), r["card"]))
