"""Every card event a game writes is one it declares (`card_roles`, simcore/games/api.py):
the reports and the drift check read the cards table through that declaration, so an
event or a card kind the engine writes and the game does not declare would be silently
left out of them. Played: random and heuristic seats at every player count."""

from __future__ import annotations

from collections import Counter

import pyarrow as pa
import pytest

N = 200


@pytest.fixture(scope="module")
def cards_tables(game, shipped_cards) -> list[pa.Table]:
    cards = shipped_cards(game)
    heuristic = next(
        (n for n, s in game.strategies().items() if n != "random" and not s.searches), "random"
    )
    tables = []
    for players in game.player_counts:
        for names in ("random", ",".join([heuristic] + ["random"] * (players - 1))):
            seats = game.parse_seats(names, players)
            batch = game.play_batch(cards, players, 3, seats, 0, N)
            tables.append(game.result_tables(cards, batch, players, seats)["cards"])
    return tables


def test_every_card_event_in_the_tables_is_declared(game, cards_tables):
    roles = game.card_roles
    seen: Counter = Counter()
    for table in cards_tables:
        columns = table.select(["kind", "event"]).to_pydict()
        seen.update(zip(columns["kind"], columns["event"], strict=True))
    if not game.card_kinds:  # a game without cards in its cards table (Pig) writes none
        assert not seen, f"{game.name} declares no card kinds but writes {sorted(seen)}"
        return
    assert seen, "the games wrote no card events"
    undeclared = sorted(
        f"{kind}/{event} ({n} rows)"
        for (kind, event), n in seen.items()
        if event not in roles.kind_events(kind)
    )
    assert not undeclared, f"{game.name} writes card events it does not declare: {undeclared}"
    kinds = {kind for kind, _ in seen}
    assert kinds <= set(roles.files), f"kinds without a card file: {kinds - set(roles.files)}"


def test_the_declared_events_are_the_engines_and_include_the_roles(game, cards_tables):
    """A declared event is one the engine can write (the event column's dictionary: a typo
    in a declaration would match no row), and a held or completed event is declared."""
    roles = game.card_roles
    written = set(cards_tables[0]["event"].combine_chunks().dictionary.to_pylist())
    for kind in {*roles.held, *roles.completed, *roles.events}:
        declared = set(roles.kind_events(kind))
        assert declared <= written, f"{kind}: {sorted(declared - written)} are no event"
        roles_events = {*roles.held.get(kind, ()), *roles.completed.get(kind, ())}
        assert roles_events <= declared, f"{kind}: held/completed events not declared"
    for kind in roles.per_level:
        assert kind in roles.held, f"per-level kind {kind} is never held"
