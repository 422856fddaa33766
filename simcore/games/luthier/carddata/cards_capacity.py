"""What the engine can hold: decks, piles and card tables have fixed sizes.

A card set larger than the engine's state arrays (`dtypes.py`) or the kernels' card
table (`table.py`) cannot be played; the loader refuses it like any other card data
problem, so `tutti cards validate` says so before a run does.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.carddata.table import KIND_NAMES, MAX_ROWS
from simcore.games.luthier.state.dtypes import (
    MAX_DECK,
    MAX_MARKET,
    MAX_PATRON_IDS,
    MAX_SPECIALTY_IDS,
    MAX_SPOTS,
)

TABLE_KINDS = {  # card table prefix (table.py) -> card file kind
    "inst": "instruments",
    "spot": "orchestra",
    "perf": "performances",
    "repair": "repairs",
    "market": "market",
    "patron": "patrons",
    "award": "awards",
    "goal": "goals",
    "family": "families",
    "specialty": "specialty",
    "setup": "setup2p",
}


def over_capacity(arrays) -> list[tuple[str, str]]:
    """(card file kind, message) for each deck or table the card set overfills."""
    a = arrays
    sizes = [
        ("instruments", "instrument copies", int(a.inst_copies.sum()), MAX_DECK),
        ("performances", "performance cards", len(a.perf_era), MAX_DECK),
        ("repairs", "repair cards", len(a.repair_family), MAX_DECK),
        ("patrons", "patron I + II cards", int((a.patron_deck < 2).sum()), MAX_DECK),
        ("market", "market cards", len(a.market_price), MAX_MARKET),
        ("orchestra", "orchestra spots", len(a.spot_family), MAX_SPOTS),
        ("families", "family tiles", len(a.family_turn_order), MAX_DECK),
        ("goals", "personal goals", len(a.goal_metric), MAX_DECK),
        ("patrons", "patron cards", len(a.patron_deck), MAX_PATRON_IDS),
        ("specialty", "specialty cards", len(a.specialty_deck), MAX_SPECIALTY_IDS),
    ]
    rows: dict[str, int] = {}
    for name, value in a._asdict().items():
        prefix = next((p for p in MAX_ROWS if name.startswith(p + "_")), None)
        if prefix is not None and np.ndim(value) > 0:  # not market_round1, a number
            rows[prefix] = max(rows.get(prefix, 0), len(value))
    sizes += [(TABLE_KINDS[p], KIND_NAMES[p], n, MAX_ROWS[p]) for p, n in rows.items()]
    out: list[tuple[str, str]] = []
    for kind, what, n, cap in sizes:
        message = f"card data has {n} {what}; the engine holds at most {cap}"
        if n > cap and (kind, message) not in out:
            out.append((kind, message))
    return out
