"""The cards whose data differ between the two sides of a drift comparison, field by field,
each with its per-card metrics before and after: what `tutti drift` and `check` lead with.

    changes = card_data(base.config, cand.config, base_cards, cand_cards)
    lead(changes, result["metrics"])   # each changed card with its metric rows

Each side's card data is the one its configuration records (a run's manifest or a
baseline file: the card hash and the folder). A folder is read only when its cards have
that hash (simcore/runs/trust.py), so a side whose folder has changed or is gone is said
to be so, and no field is listed from it; `tutti check`'s candidate is the card set it
replayed. The fields are compared as the card files spell them (`prestige`,
`rough.wood`, `levels.1.prestige`: a list of tables position by position), leaving out
what documents a card without being its data (`source`, `estimated`, `fitted`, `note`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from reports.drift.drift_metrics import Names, slug
from reports.drift.drift_window import Spec
from reports.percard.adjusted import ADJUSTED, RAW, SideEffects
from simcore.errors import TuttiError
from simcore.runs.manifest import RunConfig

NOT_DATA = frozenset({"id", "source", "estimated", "fitted", "note"})
CARD_GROUPS = {"card": "holders", "completed": "completers"}  # metric group -> who


def trusted_cards(config: RunConfig) -> Any | None:
    """The side's card set: its recorded folder's (or the shipped set) when those cards have
    its hash; None when they do not, or cannot be read."""
    from simcore import games
    from simcore.runs.trust import load_run_cards

    try:
        return load_run_cards(games.get(config.game), config, None, "")
    except (TuttiError, OSError, KeyError, ValueError):
        return None


def names_of(spec: Spec, card_set: Any | None) -> Names:
    """The cards' names keyed as in the cards table ("repair/r15" -> "Bell rebuild")."""
    if card_set is None:
        return {}
    from simcore import games

    game = games.get(spec.game)
    try:
        return {
            f"{kind}/{card_id}": name
            for kind, file in spec.files.items()
            for card_id, name in zip(
                game.card_ids(card_set, file),
                (game.card_name(card_set, file, c) for c in game.card_ids(card_set, file)),
                strict=True,
            )
        }
    except (TuttiError, KeyError):
        return {}


def _field_changes(a: Any, b: Any, path: tuple[str, ...]) -> list[tuple[str, Any, Any]]:
    """(field path, baseline value, candidate value) of every difference of a and b: tables
    key by key, lists of tables position by position; None for a field one side lacks."""
    if a == b:
        return []
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        keys = [*a, *(k for k in b if k not in a)]
        out = []
        for k in keys:
            if not path and k in NOT_DATA:
                continue
            out += _field_changes(a.get(k), b.get(k), (*path, str(k)))
        return out
    if (
        isinstance(a, list)
        and isinstance(b, list)
        and len(a) == len(b)
        and any(isinstance(x, Mapping) for x in (*a, *b))
    ):
        return [
            change
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for change in _field_changes(x, y, (*path, str(i)))
        ]
    return [(".".join(path), a, b)]


def changed_cards(game_name: str, base_set: Any, cand_set: Any) -> list[dict[str, Any]]:
    """Every card whose data differ, in the game's file order: its kind and id (as the card
    files and `--set` spell them), name, cards-table key, "changed", "added" (only in the
    candidate) or "removed" (only in the baseline), and its changed fields."""
    from simcore import games

    game = games.get(game_name)
    out = []
    for kind in game.card_files:
        a = {str(r["id"]): r for r in game.card_records(base_set, kind)}
        b = {str(r["id"]): r for r in game.card_records(cand_set, kind)}
        for card_id in [*a, *(c for c in b if c not in a)]:
            fields: list[tuple[str, Any, Any]] = []
            if card_id not in b:
                change = "removed"
            elif card_id not in a:
                change = "added"
            else:
                change, fields = "changed", _field_changes(a[card_id], b[card_id], ())
                if not fields:
                    continue
            name = str((b.get(card_id) or a[card_id]).get("name") or "")
            text = f"{kind}.{card_id}"
            if name and slug(name) != slug(card_id):
                text += f" ({name})"
            out.append(
                {
                    "kind": kind,
                    "id": card_id,
                    "name": name or None,
                    "label": text,
                    "key": game.card_key(kind, card_id),
                    "change": change,
                    "fields": [{"field": f, "baseline": x, "candidate": y} for f, x, y in fields],
                }
            )
    return out


def card_data(
    base: RunConfig, cand: RunConfig, base_set: Any | None, cand_set: Any | None
) -> dict[str, Any]:
    """Both sides' card data (folder, hash, whether its cards could be read) and the cards
    that differ; `note` says why none are listed although the hashes differ."""
    info: dict[str, Any] = {
        "same": base.card_hash == cand.card_hash,
        "baseline": {"cards_dir": base.cards_dir, "card_hash": base.card_hash,
                     "read": base_set is not None},
        "candidate": {"cards_dir": cand.cards_dir, "card_hash": cand.card_hash,
                      "read": cand_set is not None},
        "changes": [],
        "note": None,
    }  # fmt: skip
    if info["same"]:
        return info
    unread = [
        f"the {side}'s ({_where(config)})"
        for side, config, found in (("baseline", base, base_set), ("candidate", cand, cand_set))
        if found is None
    ]
    if unread:
        info["note"] = (
            f"The card data differ (hash {base.card_hash[:8]} and {cand.card_hash[:8]}), but "
            f"{' and '.join(unread)} no longer hold{'s' if len(unread) == 1 else ''} the "
            "cards its games were played with, so the changed fields cannot be listed."
        )
        return info
    info["changes"] = changed_cards(base.game, base_set, cand_set)
    if not info["changes"]:
        info["note"] = (
            f"The card data differ (hash {base.card_hash[:8]} and {cand.card_hash[:8]}) but "
            "no card's fields do (the order of the cards in their files?)."
        )
    return info


def _where(config: RunConfig) -> str:
    return f"card folder {config.cards_dir}" if config.cards_dir else "the shipped cards"


def effect_sides(info: dict[str, Any] | None, spec: Any) -> SideEffects:
    """An accumulator of the changed cards' adjusted effects on both sides (`lead` reads
    it from `info["adjusted"]`); add each side's windows with `add_window`."""
    changes = (info or {}).get("changes") or []
    keys = {c["key"]: c["key"].split("/")[0] not in spec.groups for c in changes}
    return SideEffects(keys, tuple(spec.groups))


def add_window(effects: SideEffects, side: int, window: Any) -> None:
    """A drift window's seats and held cards into side 0 (baseline) or 1 (candidate)."""
    if effects.keys:
        held = window.cards.filter(pl.col("role") == "held").select("game", "seat", "key")
        effects.add(side, window.seats, held)


def with_adjusted(info: dict[str, Any], effects: SideEffects, paired: bool) -> dict[str, Any]:
    """`info` with the changed cards' adjusted effects (`adjusted`, by key) for `lead`."""
    if effects.keys and effects.parts:
        info["adjusted"] = effects.result(paired=paired)
    return info


def lead(info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """`info` with each changed card's metric rows (holders', completers', per level), in
    the card's `metrics`: the metrics' own fields and `who` ("holders", "completers, level
    2"); first its adjusted effect (the report's measure) where `info["adjusted"]` has it."""
    by_key: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        if r["group"] in CARD_GROUPS:
            by_key.setdefault(_split(r["key"])[0], []).append(r)
    for change in info["changes"]:
        found = sorted(
            by_key.get(change["key"], []),
            key=lambda r: (_split(r["key"])[2].zfill(4), r["group"] != "card"),
        )
        change["metrics"] = [_metric(r) for r in found]
        adjusted = (info.get("adjusted") or {}).get(change["key"])
        if adjusted is not None and change["metrics"]:  # a rule: no seat holds it
            change["metrics"].insert(0, _adjusted_metric(change["key"], adjusted))
    info.pop("adjusted", None)
    return info


def _adjusted_metric(key: str, e: dict[str, Any]) -> dict[str, Any]:
    """The changed card's adjusted effect in both runs as a lead metric (no drift verdict:
    the drift rules judge the raw rows; this says where the interval of the change lies)."""
    base, cand = e["sides"].get(0, {}), e["sides"].get(1, {})
    low, high = e.get("low"), e.get("high")
    moved = low is not None and high is not None and (low > 0 or high < 0)
    return {
        "who": f"holders, {ADJUSTED}",
        "group": "adjusted",
        "key": key,
        "metric": ADJUSTED,
        "baseline": base.get("delta"),
        "candidate": cand.get("delta"),
        "diff": e.get("diff"),
        "low": low,
        "high": high,
        "baseline_low": base.get("low"),
        "baseline_high": base.get("high"),
        "candidate_low": cand.get("low"),
        "candidate_high": cand.get("high"),
        "tested": low is not None,
        "verdict": "moved" if moved else ("within noise" if low is not None else "not tested"),
    }


def _split(key: str) -> tuple[str, str, str]:
    """ "award/t8/3" -> ("award/t8", "/", "3"); "repair/r15" -> ("repair/r15", "", "")."""
    kind, _, rest = key.partition("/")
    card_id, sep, level = rest.partition("/")
    return f"{kind}/{card_id}", sep, level


def _metric(r: dict[str, Any]) -> dict[str, Any]:
    level = _split(r["key"])[2]
    who = CARD_GROUPS[r["group"]] + (f", level {level}" if level else "") + f", effect ({RAW})"
    keep = ("group", "key", "metric", "baseline", "candidate", "diff", "low", "high",
            "baseline_low", "baseline_high", "candidate_low", "candidate_high", "tested",
            "verdict")  # fmt: skip
    return {"who": who, **{k: r.get(k) for k in keep}}
