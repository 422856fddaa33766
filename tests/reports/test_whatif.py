"""What-if, ablation and sweeps on common random numbers (issue 9)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from reports.experiments.ablate import ablate
from reports.experiments.whatif import parse_target, sweep, whatif
from reports.experiments.whatif_render import ablate_view, whatif_view
from simcore.errors import TuttiError
from tests.main import tutti

NOOP = """
[[performance]]
id = "noop"
name = "Silent étude"
era = "baroque"
medium = 6
high = 9
money = [0, 0, 0]
prestige = [0, 0, 0]
source = "estimate"
"""


def test_a_variant_identical_to_the_baseline_changes_nothing_exactly():
    result = whatif(["instruments.violin.prestige=2"], players=4, games=600, seed=3)
    assert result["games_changed"] == 0
    assert result["metrics"]
    for row in result["metrics"]:
        assert row["diff"] in (0.0, None)
        assert not row["changed"]
        assert row["baseline"] == row["candidate"]


def test_a_stronger_violin_helps_its_holders_significantly():
    result = whatif(["instruments.violin.prestige=6"], players=4, games=4000, seed=5)
    assert 0 < result["games_changed"] < 4000
    own = [r for r in result["metrics"] if r["changed_card"] and r["group"] == "card"]
    assert [r["key"] for r in own] == ["instrument/violin"]
    assert own[0]["changed"] and own[0]["low"] > 0
    assert own[0]["candidate_low"] <= own[0]["candidate"] <= own[0]["candidate_high"]
    score = next(r for r in result["metrics"] if r["group"] == "score")
    assert score["changed"] and score["diff"] > 0  # more prestige on the table


def test_ablating_a_no_op_card_shows_no_effect(tmp_path):
    (tmp_path / "performances.toml").write_text(NOOP)
    result = ablate("performances", players=2, games=800, seed=2, cards=tmp_path, only=["noop"])
    (row,) = result["cards"]
    assert row["card_id"] == "noop" and row["holders"] > 0
    assert row["win_effect"] == 0.0 and row["score_effect"] == 0.0
    assert not row["significant"]


def test_ablation_ranks_cards_and_finds_real_ones():
    result = ablate("repairs", players=4, games=600, seed=4, only=["r1", "r2", "r3"])
    effects = [r["win_effect"] for r in result["cards"] if r["tested"]]
    assert effects == sorted(effects, reverse=True)
    assert all(r["score_effect"] > 0 for r in result["cards"])  # prestige lost without the card


def test_ablate_and_whatif_errors_are_precise():
    with pytest.raises(TuttiError, match="cannot ablate 'instrumnt'; did you mean \"instruments\""):
        ablate("instrumnt", games=10)
    with pytest.raises(
        TuttiError, match=r"--only: no repairs card with id r99; did you mean r9 \(New key pads\)"
    ):
        ablate("repair", games=10, only=["r99"])  # the section name spells the kind too
    with pytest.raises(TuttiError, match="give at least one --set"):
        whatif([], games=10)


@pytest.mark.parametrize(
    ("text", "band"),
    [("0.00±0.02", (0.0, 0.02)), ("0.01+-0.03", (0.01, 0.03)), ("-0.1±0", (-0.1, 0))],
)
def test_target_bands_parse(text, band):
    assert parse_target(text) == pytest.approx(band)


@pytest.mark.parametrize("text", ["0.02", "a±b", "0±-0.1"])
def test_bad_target_bands_are_refused(text):
    with pytest.raises(TuttiError, match="expected CENTRE±HALF_WIDTH"):
        parse_target(text)


def test_sweep_reports_each_value_and_the_band():
    result = sweep(
        "instruments.violin.prestige", ["2", "9"], players=4, games=1500, seed=6, band="0.00±0.03"
    )
    low, high = result["points"]
    assert low["games_changed"] == 0  # 2 is the printed value: the baseline itself
    assert high["card_effect"][0]["candidate"] > low["card_effect"][0]["candidate"]
    inside = [p["value"] for p in result["points"] if p["card_effect"][0]["in_band"]]
    assert result["values_in_band"] == inside


def test_cli_commands_write_their_files(tmp_path):
    runner = CliRunner()
    out = tmp_path / "w"
    r = runner.invoke(app, ["whatif", "--set", "instruments.violin.prestige=5", "-n", "300",
                            "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "card instruments.violin:" in r.output  # the terminal table wraps long labels
    data = json.loads((out / "whatif.json").read_text())
    assert data["patches"] == ["instruments.violin.prestige=5"]
    markdown = (out / "whatif.md").read_text()
    assert "| metric |" in markdown
    assert "card instruments.violin: effect (raw)" in markdown
    assert "card instruments.violin:" in (out / "whatif.html").read_text()  # as --help says
    assert f"wrote {out / 'whatif.html'}" in r.output
    r = runner.invoke(app, ["ablate", "repairs", "-n", "200", "--only", "r1,r2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "<svg" in (out / "ablate.html").read_text()
    r = runner.invoke(app, ["sweep", "instruments.violin.prestige", "--values", "1,3",
                            "-n", "200", "--band", "0±0.05", "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "<svg" in (out / "sweep.html").read_text()
    assert Path(out / "sweep.json").is_file()


def test_sweep_takes_its_band_as_band_and_target_with_a_deprecation_line(tmp_path):
    """TARGET is the field swept; the band's old name --target still works, with a warning;
    both at once are refused."""
    args = ["sweep", "instruments.violin.prestige", "--values", "2", "-n", "50", "--out",
            str(tmp_path)]  # fmt: skip
    code, _, err = tutti(*args, "--target", "0±0.05")
    assert code == 0, err
    assert "warning: --target is deprecated, use --band" in err
    assert json.loads((tmp_path / "sweep.json").read_text())["band"] is not None
    code, _, err = tutti(*args, "--target", "0±0.05", "--band", "0±0.05")
    assert code == 2 and err == "error: give --band only (--target is its old name)\n"


def test_cards_show_their_names_beside_their_ids():
    """The changed card, the metric rows and the ablation table: "r15 (Bell rebuild)"."""
    result = whatif(["repairs.r15.prestige=5"], players=4, games=300, seed=3)
    assert result["patched_cards"] == [{"kind": "repairs", "id": "r15", "name": "Bell rebuild"}]
    view = whatif_view(result)
    assert view.title == "What if: repairs.r15.prestige=5 (Bell rebuild)"
    assert view.summary.startswith("repairs.r15.prestige=5 (Bell rebuild): 300 games")
    own = next(r for r in result["metrics"] if r["key"] == "repair/r15" and r["group"] == "card")
    assert own["metric"] == "card repairs.r15 (Bell rebuild): effect (raw)"
    levels = [r["metric"] for r in result["metrics"] if r["key"].startswith("award/")]
    assert levels and all(re.match(r"card awards\.t\d+ \(.+\) level [123]: ", m) for m in levels)
    table = ablate_view(ablate("repairs", players=4, games=200, seed=4, only=["r15"]))
    assert [row[1] for row in table.rows] == ["r15 (Bell rebuild)"]


def test_cli_set_error_is_one_line():
    r = CliRunner().invoke(app, ["whatif", "--set", "instruments.violn.prestige=3", "-n", "10"])
    assert r.exit_code != 0
    assert isinstance(r.exception, TuttiError)
    assert "no instruments card with id violn; did you mean violin" in str(r.exception)


@pytest.mark.parametrize(("kind", "card"), [("families", "amati"), ("specialty", "virtuoso")])
def test_families_and_specialty_workers_have_a_no_ability_stand_in(kind, card):
    result = ablate(kind, players=4, games=300, seed=8, only=[card])
    (row,) = result["cards"]
    assert row["card_id"] == card and row["holders"] > 0
    assert "no ability" in result["neutral"]


def test_whatif_measures_a_rules_switch(tmp_path):
    """Ruling 23: `tutti whatif --set rules.location_bonus_main_only.value=1` plays the 4+
    bonus after main actions only against the shipped reading, on the same seeds."""
    switch = "rules.location_bonus_main_only.value=1"
    out = tmp_path / "w"
    r = CliRunner().invoke(app, ["whatif", "--set", switch, "-p", "2", "-n", "60",
                                 "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    data = json.loads((out / "whatif.json").read_text())
    assert data["patches"] == [switch]
    assert data["games_changed"] > 0
