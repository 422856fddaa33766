"""A Piacere through the commands (issue 39: every command runs it): listed by `tutti games`,
a small run and its report sections, `ablate` of a Perform card against its neutral
stand-in, and the refused ablation of a Tell Tale in one line."""

from __future__ import annotations

from tests.main import tutti


def test_the_game_is_listed_and_its_strategies_named():
    code, out, err = tutti("games")
    assert code == 0 and "apiacere" in out and "2-5" in out, err
    code, out, err = tutti("strategies", "list", "--game", "apiacere")
    assert code == 0, err
    for name in ("random", "performer", "composer", "traveller"):
        assert name in out


def test_ablate_a_perform_card_and_refuse_a_tell_tale(tmp_path):
    code, out, err = tutti(
        "ablate", "cards", "--game", "apiacere", "--players", "2", "-n", "40",
        "--only", "perform_1", "--strategies", "performer,random", "--threads", "1",
        "--out", str(tmp_path / "ablate"),
    )  # fmt: skip
    assert code == 0, err
    assert "perform_1" in out or "Perform 1" in out, out
    code, out, err = tutti(
        "ablate", "cards", "--game", "apiacere", "--players", "2", "-n", "10",
        "--only", "ban_1", "--out", str(tmp_path / "ban"),
    )  # fmt: skip
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "ban_1" in err and "no neutral stand-in" in err
