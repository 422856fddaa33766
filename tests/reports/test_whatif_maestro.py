"""What-if, sweep and ablation on Maestro (issue 20): any game through the interface."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from reports.experiments.ablate import ablate
from reports.experiments.whatif import sweep, whatif
from reports.experiments.whatif_render import ablate_view, sweep_view, whatif_view
from simcore.errors import TuttiError

ROOT = Path(__file__).resolve().parents[2]
PRINTED = '[scoring]\nvalue = "printed"\n'


def _printed_board(path: Path, **values: int) -> Path:
    """A card directory: printed row values score, the given rows' values changed."""
    (path / "rules.toml").write_text(PRINTED)
    rows = "".join(f'[[row]]\nid = "{rid}"\nvalue = {v}\n\n' for rid, v in values.items())
    (path / "rows.toml").write_text(rows)
    return path


def test_a_no_op_set_changes_nothing_exactly():
    for text in ("rows.debussy.value=5", "rules.critic_bonus.value=10"):
        result = whatif([text], players=4, games=300, seed=3, game="maestro")
        assert result["game"] == "maestro" and result["score"] == "points"
        assert result["games_changed"] == 0
        assert {r["group"] for r in result["metrics"]} >= {"seat", "strategy", "score", "card"}
        for row in result["metrics"]:
            assert row["diff"] in (0.0, None)
            assert row["baseline"] == row["candidate"]
            assert not row["changed"]


def test_a_rules_switch_changes_the_games_and_the_points():
    result = whatif(["rules.critic_bonus.value=30"], players=4, games=400, seed=5, game="maestro")
    assert 0 < result["games_changed"] <= 400
    assert result["patched_cards"] == [
        {"kind": "rules", "id": "critic_bonus", "name": "critic_bonus"}
    ]
    score = next(r for r in result["metrics"] if r["group"] == "score")
    assert score["metric"] == "mean final points"
    assert score["changed"] and score["low"] > 0  # a bigger critic bonus: more points
    seats = [r for r in result["metrics"] if r["group"] == "seat"]
    assert [r["key"] for r in seats] == ["1", "2", "3", "4"]
    view = whatif_view(result)
    assert view.title == "What if: rules.critic_bonus.value=30"
    assert "mean final points" in [row[0] for row in view.rows]


def test_a_row_value_is_the_changed_card_with_its_own_effect(tmp_path):
    board = _printed_board(tmp_path)
    result = whatif(
        ["rows.ravel.value=15"], players=4, games=600, seed=7, cards=board, game="maestro"
    )
    assert result["games_changed"] > 0
    (own,) = [r for r in result["metrics"] if r["changed_card"]]
    assert own["key"] == "row/ravel" and own["group"] == "card"
    assert own["metric"] == "card rows.ravel (Saga): effect (raw)"
    assert own["diff"] > 0 and own["low"] > 0  # the row pays 3x as much: its players win more
    assert own["candidate_low"] <= own["candidate"] <= own["candidate_high"]
    (adjusted,) = result["card_effects"]  # the report's measure, beside the raw one
    assert adjusted["metric"] == "card rows.ravel (Saga): effect (adjusted)"
    assert adjusted["raw_diff"] == own["diff"] and adjusted["diff"] > 0
    rows = [row[0] for row in whatif_view(result).rows]
    assert rows[:2] == [adjusted["metric"], own["metric"]]  # the changed card comes first
    assert "effect (adjusted)" in whatif_view(result).summary


def test_the_same_seed_gives_the_same_result():
    args = (["rules.max_draw.value=2"],)
    kwargs = {"players": 3, "games": 200, "seed": 11, "game": "maestro"}
    assert json.dumps(whatif(*args, **kwargs)) == json.dumps(whatif(*args, **kwargs))


def test_sweep_over_two_values(tmp_path):
    board = _printed_board(tmp_path)
    result = sweep(
        "rows.ravel.value", ["5", "20"], players=4, games=500, seed=6, cards=board,
        band="0.00±0.05", game="maestro",
    )  # fmt: skip
    same, more = result["points"]
    assert same["games_changed"] == 0  # 5 is the board's value: the baseline itself
    assert more["games_changed"] > 0
    assert [r["key"] for r in more["card_effect"]] == ["row/ravel"]
    assert more["card_effect"][0]["candidate"] > same["card_effect"][0]["candidate"]
    inside = [p["value"] for p in result["points"] if p["card_effect"][0]["in_band"]]
    assert result["values_in_band"] == inside
    assert result["game"] == "maestro"
    assert len(sweep_view(result).rows) == 2


def test_ablating_rows_measures_each_row_against_the_mean_value(tmp_path):
    board = _printed_board(tmp_path, ravel=9, milhaud=1)  # the mean stays 5
    result = ablate(
        "row", players=4, games=400, seed=4, cards=board, only=["ravel", "milhaud", "debussy"],
        game="maestro",
    )  # fmt: skip
    assert result["kind"] == "rows" and "mean printed value (5" in result["neutral"]
    rows = {r["card_id"]: r for r in result["cards"]}
    assert set(rows) == {"ravel", "milhaud", "debussy"}
    assert rows["debussy"]["win_effect"] == 0.0 and rows["debussy"]["score_effect"] == 0.0
    assert rows["ravel"]["score_effect"] > 0 > rows["milhaud"]["score_effect"]
    view = ablate_view(result)
    assert "points effect" in view.headers
    assert "win rate (points)" in view.summary


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("instruments", "cannot ablate instruments: every musician tile is a space of a row"),
        ("rules", "cannot ablate rules: a rule has no neutral value"),
        ("rows", "cannot ablate rows on this board"),  # appraisal: a printed value scores 0
        ("concerts", "cannot ablate 'concerts'; expected one of: rows, instruments, rules"),
    ],
)
def test_kinds_that_cannot_be_ablated_say_why(kind, message):
    with pytest.raises(TuttiError, match=message):
        ablate(kind, games=10, game="maestro")


def test_unknown_cards_fields_and_values_are_refused(tmp_path):
    with pytest.raises(TuttiError, match="unknown kind 'row_s'"):
        whatif(["row_s.ravel.value=3"], games=10, game="maestro")
    with pytest.raises(TuttiError, match="no rows card 'ravl'"):
        whatif(["rows.ravl.value=3"], games=10, game="maestro")
    with pytest.raises(TuttiError, match="rows cards have no field 'prestige'"):
        whatif(["rows.ravel.prestige=3"], games=10, game="maestro")
    with pytest.raises(TuttiError, match="raid_limit:value: expected one of"):
        sweep("rules.raid_limit.value", ["sometimes"], games=10, game="maestro")
    with pytest.raises(TuttiError, match="--only: no rows card with id ravl; did you mean ravel"):
        ablate("rows", games=10, cards=_printed_board(tmp_path), only=["ravl"], game="maestro")


def test_cli_takes_the_game_and_writes_its_files(tmp_path):
    runner = CliRunner()
    out = tmp_path / "w"
    r = runner.invoke(app, ["whatif", "--game", "maestro", "--set", "rules.critic_bonus.value=20",
                            "-n", "200", "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "mean final points" in r.output
    data = json.loads((out / "whatif.json").read_text())
    assert data["game"] == "maestro" and data["patches"] == ["rules.critic_bonus.value=20"]
    board = _printed_board(tmp_path, ravel=9)
    r = runner.invoke(app, ["ablate", "rows", "--game", "maestro", "--cards", str(board),
                            "-n", "100", "--only", "ravel,debussy", "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "<svg" in (out / "ablate.html").read_text()
    r = runner.invoke(app, ["sweep", "rules.critic_bonus.value", "--game", "maestro",
                            "--values", "10,20", "-n", "100", "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert json.loads((out / "sweep.json").read_text())["points"][0]["games_changed"] == 0


@pytest.mark.parametrize(
    "args",
    [
        ["whatif", "--game", "maestro", "--set", "instruments.violin.prestige=3", "-n", "10"],
        ["whatif", "--game", "maestro", "--set", "rows.ravel.value=-1", "-n", "10"],
        ["whatif", "--game", "maestro", "--set", "rows.ravel.value=3", "-p", "5", "-n", "10"],
        ["whatif", "--game", "chess", "--set", "rows.ravel.value=3", "-n", "10"],
        ["ablate", "instruments", "--game", "maestro", "-n", "10"],
        ["sweep", "rows.ravel", "--game", "maestro", "--values", "1,2", "-n", "10"],
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args):
    code = "import sys\nfrom cli.app import main\nsys.argv = ['tutti', *sys.argv[1:]]\nmain()\n"
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1, proc.stderr


@pytest.mark.parametrize(
    ("name", "patch", "target", "key", "label"),
    [
        ("luthier", "repair.r15.prestige=3", ("repairs", "r15"), "repair/r15",
         "repairs.r15 (Bell rebuild)"),
        ("maestro", "row.brahms_trio.value=8", ("rows", "brahms_trio"), "row/brahms_trio",
         "rows.brahms_trio (Bach)"),
    ],
)  # fmt: skip
def test_both_games_name_and_key_the_card_a_patch_changes(name, patch, target, key, label):
    from simcore import games

    game = games.get(name)
    cards = game.load_cards()
    assert game.patch_target(patch) == target
    assert game.card_key(*target) == key
    assert game.card_label(cards, key) == label
    assert target[1] in game.card_ids(cards, target[0])


def test_maestro_rows_stand_in_is_the_mean_printed_value(tmp_path):
    from simcore import games

    game = games.get("maestro")
    cards = game.load_cards(_printed_board(tmp_path, ravel=16))  # mean (9 * 5 + 16) / 10
    assert game.neutral_patches(cards, "rows", "ravel") == ["rows.ravel.value=6"]
    assert "mean printed value (6 a musician" in game.neutral_text(cards, "rows")
    luthier = games.get("luthier")
    assert luthier.neutral_patches(luthier.load_cards(), "repairs", "r15") == [
        "repairs.r15.prestige=0"
    ]


def test_a_change_the_rules_do_not_read_says_why():
    """A row's printed value scores nothing under the default scoring (appraisal): the
    what-if plays no different game and names the rules switch that would read it."""
    result = whatif(["rows.ravel.value=8"], players=3, games=100, seed=2, game="maestro")
    assert result["games_changed"] == 0
    assert "rows.ravel.value is read only under rules.scoring = printed" in result["no_op"]
    assert "--set rules.scoring.value=printed" in result["no_op"]
    assert "warning: no game played out differently" in whatif_view(result).summary


def test_a_rules_sweep_shows_the_values_that_moved():
    result = sweep("rules.critic_bonus.value", ["10", "40"], players=3, games=300, seed=4,
                   game="maestro")  # fmt: skip
    same, more = sweep_view(result).rows
    assert same[4] == "none"  # 10 is the rule's value: the baseline itself
    assert "mean final points" in more[4] and "->" in more[4]  # the values, not a count
    assert result["no_op"] is None
