"""Every game's golden playthrough (playthroughs.py) is the game its engine plays now: a
change in how the rules play fails here with the diff to read, until the playthrough is
regenerated on purpose."""

from __future__ import annotations

from tests.conformance import playthroughs


def test_the_golden_playthrough_is_the_game_played_now(game, shipped_cards):
    where = playthroughs.path(game)
    update = f"python -m tests.conformance.playthroughs --update {game.name}"
    assert where.exists(), f"{where} is missing: write it with `{update}`"
    expected = where.read_text(encoding="utf-8")
    got = playthroughs.render(game, shipped_cards(game))
    assert got == expected, (
        f"{game.name}'s playthrough changed; if the change is meant, read the diff and "
        f"regenerate with `{update}`:\n" + playthroughs.diff(expected, got, where.name)
    )


def test_the_playthrough_is_readable_and_names_its_game(game):
    text = playthroughs.path(game).read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith(f"{game.title} rules v{game.rules_version}, ")
    assert f"game seed {playthroughs.SEED}" in first
    assert 20 < text.count("\n") < 2000, "a playthrough is one short game"
    assert all(name in text for name in game.seat_names[: min(game.player_counts)])
