"""`tutti bench --readme` writes its figures between the marker lines, and only there."""

from __future__ import annotations

import pytest

from simcore.errors import TuttiError
from simcore.runs.bench import END, START, write_markdown_figures

FIGURES = {
    "machine": "Test CPU, 2 cores",
    "threads": 2,
    "players": 4,
    "cold_compile_s": 41.26,
    "warm_start_s": 1.23,
    "random_games_per_s_per_thread": 5123.4,
    "field_games_per_s": 2048,
    "field_games_per_s_per_core": 1024,
    "repeat": 3,
}


def test_figures_replace_only_the_marked_part(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"# intro\n{START}\nold figures\n{END}\n## after\n")
    write_markdown_figures(readme, FIGURES)
    text = readme.read_text()
    assert text.startswith(f"# intro\n{START}\n") and text.endswith(f"{END}\n## after\n")
    assert "old figures" not in text
    assert "Test CPU, 2 cores, 2 threads" in text
    assert "| cold compile of every kernel (empty cache) | 41 s |" in text
    assert "| `tutti play --players 4 --seed 1`, warm cache, start to end | 1.2 s |" in text
    assert "| 4 players, `random`, one thread | 5,123 games/s |" in text
    assert "| 4 players, the four archetypes, every thread, per core | 1,024 games/s |" in text
    assert "each the fastest of 3 runs" in text
    assert "check" not in text.split(START)[1]  # a figure not measured is not shown
    write_markdown_figures(readme, FIGURES)  # again: the same file, not a second table
    assert readme.read_text() == text


def test_a_file_without_markers_is_refused(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# no markers\n")
    with pytest.raises(TuttiError, match="needs a line <!-- bench:start -->"):
        write_markdown_figures(readme, FIGURES)


def test_a_compared_game_gets_its_rows_with_the_ratio(tmp_path):
    """`tutti bench --compare dicemining`: its field's rows follow the game's, each with its
    ratio to the game's field of the same run."""
    readme = tmp_path / "README.md"
    readme.write_text(f"{START}\n{END}\n")
    figures = {
        **FIGURES,
        "field_games_per_s_per_thread": 1000,
        "compared": ["dicemining"],
        "dicemining_field_games_per_s_per_thread": 3500,
        "dicemining_field_ratio_per_thread": 3.5,
        "dicemining_field_games_per_s": 6000,
        "dicemining_field_ratio": 2.93,
    }
    write_markdown_figures(readme, figures)
    lines = readme.read_text().splitlines()
    row = (
        "| 4 players, dicemining's heuristic field (x: the four archetypes' games/s) "
        "| 3,500 (3.50x) one thread; 6,000 (2.93x) every thread, games/s |"
    )
    assert row in lines
    assert lines.index(row) > lines.index(
        "| 4 players, the four archetypes, every thread | 2,048 games/s |"
    )


def test_a_game_compared_at_another_player_count_names_that_count(tmp_path):
    """`--compare ewmh:9`: its rows say 9 players, beside the game's own 4-player field."""
    readme = tmp_path / "README.md"
    readme.write_text(f"{START}\n{END}\n")
    figures = {
        **FIGURES,
        "compared": ["ewmh:9"],
        "ewmh_9p_field_games_per_s_per_thread": 800,
        "ewmh_9p_field_ratio_per_thread": 0.52,
    }
    write_markdown_figures(readme, figures)
    row = "| 9 players, ewmh's heuristic field (x: the four archetypes' games/s) "
    row += "| 800 (0.52x) one thread, games/s |"
    assert row in readme.read_text().splitlines()
