"""`tutti bench --game`: the strategies it seats come from the game, not from a list of names."""

from __future__ import annotations

import pytest

from cli.bench import heuristic_field
from simcore import games
from tests.main import tutti


def test_the_field_is_the_games_archetypes_one_per_seat() -> None:
    """Random play and a search are measured apart (or not at all), the self-play blend is
    no archetype; the archetypes go round the table."""
    for name in games.names():
        game = games.get(name)
        for players in game.player_counts:
            field = heuristic_field(game, players).split(",")
            assert len(field) == players
            assert set(field) <= set(game.strategies()), (name, field)
            if set(game.strategies()) == {"random"}:  # no heuristic yet: random fills the field
                assert set(field) == {"random"}, (name, field)
                continue
            assert not {"random", "search"} & set(field), (name, field)
            if not game.bench_field:  # a declared field may seat the self-play heuristic
                assert game.self_play not in field, (name, field)  # (Pig's only one)
    default = games.get()
    assert heuristic_field(default, 4) == heuristic_field(games.get(games.DEFAULT), 4)


def test_a_game_may_name_its_bench_field() -> None:
    from tests.games.test_games import Bare

    class Declared(Bare):
        bench_field = ("a", "b", "c")

    assert heuristic_field(Declared(), 4) == "a,b,c,a"


def test_bench_of_every_game(tmp_path) -> None:
    """Each game's random play and field, measured end to end (a few games, no compile)."""
    for name in games.names():
        json_out = tmp_path / f"{name}.json"
        args = ["-n", "20", "-p", "2", "--no-compile", "--check-games", "0", "--repeat", "1"]
        code, out, err = tutti("bench", "--game", name, *args, "--json", str(json_out))
        assert code == 0, err
        field = heuristic_field(games.get(name), 2)
        assert f"2 players, {field};" in out and "2 players, random;" in out, out
        assert f'"game": "{name}"' in json_out.read_text()


def test_bench_compares_another_games_field_in_the_same_run(tmp_path) -> None:
    """`--compare dicemining` measures its field beside the game's, with the ratio."""
    import json

    json_out = tmp_path / "bench.json"
    args = ["-n", "20", "-p", "2", "--no-compile", "--check-games", "0", "--repeat", "1"]
    code, out, err = tutti("bench", "--game", "pig", *args, "--compare", "dicemining",
                           "--json", str(json_out))  # fmt: skip
    assert code == 0, err
    assert "x pig's field (2 players, " + heuristic_field(games.get("dicemining"), 2) in out
    figures = json.loads(json_out.read_text())
    assert figures["compared"] == ["dicemining"]
    one = "_per_thread" if figures["threads"] > 1 else ""
    ratio = figures[f"dicemining_field_games_per_s{one}"] / figures[f"field_games_per_s{one}"]
    assert figures[f"dicemining_field_ratio{one}"] == pytest.approx(ratio, abs=0.01)


def test_bench_compare_with_an_unknown_game_is_one_line_exit_2() -> None:
    code, out, err = tutti("bench", "--no-compile", "--check-games", "0", "--compare", "chess")
    assert code == 2 and err.startswith("error: unknown game 'chess'") and err.count("\n") == 1
    assert out == ""  # refused before anything is measured


def test_bench_of_an_unknown_game_is_one_line_exit_2() -> None:
    code, out, err = tutti("bench", "--game", "chess", "--no-compile", "--check-games", "0")
    assert code == 2 and err.startswith("error: unknown game 'chess'") and err.count("\n") == 1


def test_bench_compare_with_a_player_count_that_is_not_a_number_is_one_line_exit_2() -> None:
    code, out, err = tutti("bench", "--no-compile", "--check-games", "0", "--compare", "ewmh:x")
    assert code == 2 and out == ""
    assert err.strip() == "error: --compare ewmh:x: expected NAME or NAME:PLAYERS, e.g. NAME:9"


def test_bench_compare_at_a_player_count_the_game_refuses_is_one_line_exit_2() -> None:
    code, out, err = tutti("bench", "--no-compile", "--check-games", "0", "--compare", "maestro:9")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "9" in err
