"""The archetype balance targets (issue 33): each archetype's win rate in 4 players, in
every 3-player trio and in every 2-player pairing, each deal played from every seat.

    python -m strategies.luthier.field_check [CARDS_DIR] [--deals4 N] [--deals N]
        [--players 2,3,4] [--set KIND.CARD.FIELD=VALUE ...]

Prints one line per measurement with a 95% normal interval.
docs/games/luthier/card-data.md ("Refit 7") quotes its output; the bands are 15-35%
(4 players), fair share ± 8 points (3), 42-58% (2).
"""

from __future__ import annotations

import argparse
from itertools import combinations

import numpy as np

ARCHETYPES = ("crafter", "performer", "restorer", "courtier")
SEED = 11


def share(cards, specs, focus: str, field: list[str], players: int, deals: int) -> str:
    """`focus`'s win rate against `field` with its 95% interval, as text."""
    from strategies.arena import play_duplicate

    out = play_duplicate(
        cards, players, SEED, specs[focus], [specs[f] for f in field], 0, deals, game="luthier"
    )
    m = float(out.win.mean())
    h = 1.96 * float(out.win.std()) / np.sqrt(len(out.win))
    return f"{m:.1%} ({m - h:.1%}-{m + h:.1%})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "cards", nargs="?", default=None, help="a card directory (default: shipped)"
    )
    parser.add_argument("--deals4", type=int, default=5000, help="deals per 4-player line")
    parser.add_argument("--deals", type=int, default=3000, help="deals per 3- and 2-player line")
    parser.add_argument(
        "--players", default="4,3,2", help="the player counts to measure (default 4,3,2)"
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="PATCH", help="a card patch, as tutti's --set"
    )
    args = parser.parse_args(argv)
    from simcore import games

    counts = {int(n) for n in args.players.split(",")}
    luthier = games.get("luthier")
    cards = luthier.load_cards(args.cards, args.set)
    specs = luthier.strategies()
    if 4 in counts:
        for a in ARCHETYPES:
            others = [b for b in ARCHETYPES if b != a]
            print("4p", a, share(cards, specs, a, others, 4, args.deals4), flush=True)
    if 3 in counts:
        for trio in combinations(ARCHETYPES, 3):
            rates = [
                share(cards, specs, a, [b for b in trio if b != a], 3, args.deals) for a in trio
            ]
            print("3p", "/".join(trio), ", ".join(rates), flush=True)
    if 2 in counts:
        for x, y in combinations(ARCHETYPES, 2):
            print("2p", x, "vs", y, share(cards, specs, x, [y], 2, args.deals), flush=True)


if __name__ == "__main__":
    main()
