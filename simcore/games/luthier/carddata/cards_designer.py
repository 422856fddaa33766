"""Luthier's card data as a designer edits it, for the game interface's card-data block
(simcore/games/api.py): the fields of a kind, where the rulebook states a field, where a
card sits in an overriding card file, and the `tutti cards` summary and tables.

Pure Python over the loaded `CardSet` and the schemas (no numba).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcore.errors import TuttiError
from simcore.games.luthier.carddata.cards_fields import did_you_mean
from simcore.games.luthier.carddata.cards_schema import SCHEMAS
from simcore.games.luthier.carddata.stated_numbers import STATED

NOT_SET = ("id", "source", "estimated", "fitted")  # fields no designer varies


def card_fields(kind: str) -> tuple[str, ...]:
    """The fields of `kind`'s card sections a designer sets, sorted."""
    if kind not in SCHEMAS:
        raise TuttiError(f"unknown card kind {kind!r}{did_you_mean(kind, list(SCHEMAS), 3)}")
    fields = {f for s in SCHEMAS[kind].sections for f in s.fields if f not in NOT_SET}
    return tuple(sorted(fields))


def stated_path(field: tuple[str, ...]) -> str:
    """The field as stated_numbers writes it: ("prestige", "2") -> "prestige[2]"."""
    return field[0] + "".join(f"[{k}]" if k.isdigit() else f".{k}" for k in field[1:])


def stated_number(kind: str, card: str, field: tuple[str, ...]) -> str | None:
    """The rulebook section stating this card field (or a part of it), if any."""
    path = stated_path(field)
    for s in STATED:
        if s.kind != kind or s.card != card:
            continue
        if (
            s.path in (field[0], path)
            or path.startswith((s.path + ".", s.path + "["))
            or s.path.startswith((path + ".", path + "["))
        ):
            return s.section
    return None


def card_entry(cards: Any, kind: str, card_id: str) -> tuple[str, Mapping[str, Any] | None]:
    """(section, the fields that pick the card among the section's entries, or None for a
    table section) of a card in a card file."""
    c = cards.index(kind, card_id)
    section = cards.sections[kind][c]
    spec = next(s for s in SCHEMAS[kind].sections if s.name == section)
    if not spec.is_list:
        return section, None
    record = cards.records[kind][c]
    if "id" in spec.fields:
        return section, {"id": card_id}
    return section, {"row": record["row"], "tier": record["tier"]}


# ------------------------------------------------------------------ tutti cards

# (kind, what one card is called) for the summary line
SUMMARY = (
    ("orchestra", "orchestra spots"),
    ("performances", "performances"),
    ("repairs", "repairs"),
    ("market", "market cards"),
    ("awards", "awards"),
    ("goals", "goals"),
    ("families", "families"),
    ("specialty", "specialty cards"),
    ("setup2p", "two-player setup cards"),
)

# columns shown inside their main column, e.g. power = "market_discount 1 wood"
FOLDED = {
    "power": ("power_amount", "power_material", "power_metric", "power_gain"),
    "ability": ("ability_track", "ability_amount", "amount", "gain"),
}


def summary(cards: Any) -> str:
    """One line of card counts, e.g. '39 instruments (20 types), 21 orchestra spots, ...'."""
    from simcore.games.luthier.state.enums import PatronDeck

    a = cards.arrays
    decks = [int((a.patron_deck == d).sum()) for d in PatronDeck]
    parts = [f"{int(a.inst_copies.sum())} instruments ({len(cards.ids['instruments'])} types)"]
    parts += [f"{len(cards.ids[kind])} {noun}" for kind, noun in SUMMARY[:4]]
    parts.append(f"{sum(decks)} patrons ({decks[0]} I, {decks[1]} II, {decks[2]} royal)")
    parts += [f"{len(cards.ids[kind])} {noun}" for kind, noun in SUMMARY[4:]]
    return ", ".join(parts)


def card_tables(cards: Any, kind: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, columns, rows of cell texts) per table of `kind`: one per distinct schema."""
    sections = {s.name: s.fields for s in SCHEMAS[kind].sections}
    return [(title, *_table(kind, fields, records))
            for title, fields, records in _groups(kind, cards, sections)]  # fmt: skip


def _table(kind: str, fields: Any, records: list[dict[str, Any]]) -> tuple[list, list]:
    """(column names, rows of cell texts) of one table."""
    folded = {sub for subs in FOLDED.values() for sub in subs}
    columns = [f for f in fields if f not in ("source", "estimated") and f not in folded]
    if "id" not in fields and kind != "board":  # rules, dice: the table name is the id
        columns.insert(0, "id")
    rows = []
    for rec in records:
        cells = [
            _folded(rec, col)
            if col in FOLDED
            else _cell(rec.get(col), fields[col].kind if col in fields else "id")
            for col in columns
        ]
        rows.append([*cells, _source(rec)])
    return [*columns, "source"], rows


def _groups(
    kind: str, cards: Any, sections: dict[str, Any]
) -> list[tuple[str, Any, list[dict[str, Any]]]]:
    """Records grouped into one table per distinct schema (rules: one table; board: two)."""
    groups: list[tuple[str, Any, list[dict[str, Any]]]] = []
    for sec, rec in zip(cards.sections[kind], cards.records[kind], strict=True):
        fields = sections[sec]
        if groups and list(groups[-1][1]) == list(fields):  # the same columns
            groups[-1][2].append(rec)
        else:
            title = f"{kind}: {sec}" if kind == "board" else kind
            groups.append((title, fields, [rec]))
    return groups


def _folded(rec: dict[str, Any], col: str) -> str:
    """One cell for a field and its parameters: "market_discount 1 wood", "gain 2 money"."""
    parts = [str(rec.get(col, ""))]
    values = {sub: rec.get(sub) for sub in FOLDED[col]}
    amount = next((v for k, v in values.items() if k.endswith("amount") and v), None)
    metric = values.get("power_metric")
    if metric:
        parts.append(f"{amount} per {metric}")
    elif amount:
        parts.append(str(amount))
    for key in ("power_material", "ability_track"):
        if values.get(key):
            parts.append(str(values[key]))
    for key in ("power_gain", "gain"):
        if isinstance(values.get(key), dict) and any(values[key].values()):
            parts.append(_bundle(values[key]))
    return " ".join(parts)


def _bundle(value: dict[str, int]) -> str:
    parts = [f"{n} {k}" for k, n in value.items() if n]
    return " + ".join(parts) if parts else "-"


def _cell(value: Any, kind: str) -> str:
    """Compact text for one field value of the given schema kind."""
    if value is None:
        return ""
    if kind in ("bundle", "materials") and isinstance(value, dict):
        return _bundle(value)
    if kind in ("prices", "slots") and isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if kind == "bundles" and isinstance(value, list):
        return " | ".join(_bundle(v) if isinstance(v, dict) else str(v) for v in value)
    if kind == "levels" and isinstance(value, list):
        return ", ".join(f"{lv.get('threshold')}→{lv.get('prestige')}" for lv in value)
    if kind == "secondary" and isinstance(value, list):
        return ", ".join(f"{r.get('family')}/{r.get('era')}" for r in value) or "-"
    if kind == "tokens" and isinstance(value, list):  # "cello (instrument), oboe (performance)"
        return ", ".join(
            f"{t.get('spot')} ({t.get('kind')})" if isinstance(t, dict) else str(t) for t in value
        )
    if kind in ("eras", "ints") and isinstance(value, list):
        return "/".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _source(rec: dict[str, Any]) -> str:
    est = rec.get("estimated")
    src = str(rec.get("source", ""))
    return f"{src} (estimated: {', '.join(map(str, est))})" if est else src
