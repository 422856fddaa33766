"""`tutti drift` and `check` lead with what changed (issue 34): the cards whose data differ,
field by field, with their metrics before and after; runs of different players or rules
refused unless allowed; the score's tolerance relative to the game's scale."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from reports.drift.drift_cards import _field_changes, changed_cards
from reports.drift.drift_sides import check_comparable, differences, parse_allowed
from reports.drift.drift_verdict import Tolerances, parse_score_tolerance
from simcore.errors import TuttiError
from tests.drift.conftest import tutti

PAIR_GAMES = 2000


def _joined(lines: list[str]) -> str:
    """Lines as one text, a long path's wrapping undone."""
    return " ".join(" ".join(lines).split())


def _violin(where: Path, prestige: int) -> Path:
    where.mkdir(parents=True)
    (where / "instruments.toml").write_text(
        f'[[instrument]]\nid = "violin"\nprestige = {prestige}\n'
    )
    return where


@pytest.fixture(scope="module")
def violin_pair(tmp_path_factory) -> tuple[Path, Path]:
    """Two small runs of the same games: the shipped violin (prestige 2) and one worth 3."""
    from simcore import simulate

    root = tmp_path_factory.mktemp("violin_pair")
    cards = _violin(root / "violin3cards", 3)
    simulate(players=4, games=PAIR_GAMES, seed=7, out=root / "base", chunk_size=1000)
    simulate(players=4, games=PAIR_GAMES, seed=7, out=root / "violin3", chunk_size=1000,
             cards=cards)  # fmt: skip
    return root / "base", root / "violin3"


# ---------------------------------------------------------------- the changed cards first


def test_drift_names_the_changed_card_in_its_first_lines(violin_pair, tmp_path):
    base, violin3 = violin_pair
    code, out, err = tutti("drift", str(base), str(violin3), "--json", str(tmp_path / "d.json"))
    assert code in (0, 1, 3), err
    first = out.splitlines()[:10]
    head = _joined(first)
    assert f"baseline: {base} (run directory, 2,000 games; the shipped cards)" in head
    assert f"candidate: {violin3} (run directory, 2,000 games; cards {violin3.parent}" in head
    at = first.index("instruments.violin: prestige 2 -> 3")
    lines = out.splitlines()  # the card's name and its holders' effects in the first ten
    adjusted, holders, completers = first[at + 1], first[at + 2], lines[at + 3]
    assert adjusted.startswith("  holders, effect (adjusted) ")  # the report's measure first
    assert holders.startswith("  holders, effect (raw) ")
    assert completers.startswith("  completers, effect (raw) ")
    assert holders.split()[-1] in ("pass", "drift", "inconclusive")  # shown whatever it is
    assert " to " in holders  # the change's interval
    result = json.loads((tmp_path / "d.json").read_text())
    (change,) = result["cards"]["changes"]
    assert change["label"] == "instruments.violin" and change["change"] == "changed"
    assert change["key"] == "instrument/violin"
    assert change["fields"] == [{"field": "prestige", "baseline": 2, "candidate": 3}]
    assert [m["who"] for m in change["metrics"]] == [
        "holders, effect (adjusted)", "holders, effect (raw)", "completers, effect (raw)",
    ]  # fmt: skip
    adjusted_row, holders_row = change["metrics"][:2]
    assert adjusted_row["low"] < adjusted_row["diff"] < adjusted_row["high"]
    assert holders_row["tested"]
    assert holders_row["baseline_low"] < holders_row["baseline"] < holders_row["baseline_high"]
    assert holders_row["low"] < holders_row["diff"] < holders_row["high"]
    metric = next(m for m in result["metrics"] if m["key"] == "instrument/violin"
                  and m["group"] == "card")  # fmt: skip
    assert (metric["diff"], metric["verdict"]) == (holders_row["diff"], holders_row["verdict"])


def test_the_markdown_leads_with_the_changed_cards_too(violin_pair):
    base, violin3 = violin_pair
    code, out, err = tutti("drift", str(base), str(violin3), "--markdown", "-")
    assert code in (0, 1, 3), err
    lines = out.splitlines()
    at = lines.index("### Cards whose data differ (1)")
    assert all(not line.startswith("### ") for line in lines[:at])
    row = next(line for line in lines if line.startswith("| instruments.violin: prestige 2 -> 3"))
    assert "| holders, effect (adjusted) |" in row


def test_a_run_against_itself_says_the_card_data_are_the_same(violin_pair):
    base, _ = violin_pair
    code, out, err = tutti("drift", str(base), str(base))
    assert code == 0, err
    first = out.splitlines()[:8]
    assert any(line.startswith("Card data: the same on both sides (hash ") for line in first)


def test_a_card_folder_that_no_longer_holds_the_run_s_cards_lists_nothing(tmp_path):
    """A run's card folder is read only when its cards still have the run's hash."""
    from simcore import simulate

    cards = _violin(tmp_path / "mine", 3)
    simulate(players=3, games=60, seed=1, out=tmp_path / "a", chunk_size=60)
    simulate(players=3, games=60, seed=1, out=tmp_path / "b", chunk_size=60, cards=cards)
    (cards / "instruments.toml").write_text('[[instrument]]\nid = "violin"\nprestige = 5\n')
    code, out, err = tutti("drift", str(tmp_path / "a"), str(tmp_path / "b"), "--json", "-")
    assert code in (0, 1, 3), err
    info = json.loads(out)["cards"]
    assert not info["same"] and info["changes"] == []
    assert info["candidate"]["read"] is False and info["baseline"]["read"] is True
    assert "no longer holds the cards its games were played with" in info["note"]
    shutil.rmtree(cards)
    code, out, _ = tutti("drift", str(tmp_path / "a"), str(tmp_path / "b"))
    assert "the changed fields cannot be listed" in " ".join(out.split())


def test_check_names_the_card_folder_it_played_and_the_changed_card(baseline4, violin6):
    code, out, _ = tutti("check", "--baseline", str(baseline4), "--cards", str(violin6))
    assert code == 1
    first = out.splitlines()[:10]
    head = _joined(first)
    assert f"{baseline4} (baseline file, 8,192 games; the shipped cards)" in head
    assert f"candidate: current code (replayed, 8,192 games; cards {violin6})" in head
    at = first.index("instruments.violin: prestige 2 -> 6")
    assert first[at + 1].startswith("  holders, effect (adjusted) ")  # check: the same measure
    assert first[at + 2].startswith("  holders, effect (raw) ")
    assert first[at + 2].endswith("drift")


def test_card_fields_are_compared_as_the_card_files_spell_them():
    a = {"id": "x", "prestige": 2, "rough": {"wood": 1, "animal": 1}, "source": "estimate",
         "levels": [{"threshold": 1, "prestige": 1}, {"threshold": 2, "prestige": 3}],
         "money": [1, 2, 2]}  # fmt: skip
    b = {"id": "x", "prestige": 2, "rough": {"wood": 2}, "source": "rulebook",
         "levels": [{"threshold": 1, "prestige": 1}, {"threshold": 2, "prestige": 4}],
         "money": [1, 2, 3], "fitted": "tutti balance"}  # fmt: skip
    assert _field_changes(a, b, ()) == [
        ("rough.wood", 1, 2),
        ("rough.animal", 1, None),
        ("levels.1.prestige", 3, 4),
        ("money", [1, 2, 2], [1, 2, 3]),
    ]


def test_added_and_removed_cards_and_a_rule_are_listed():
    from simcore import games

    game = games.get("maestro")
    base = game.load_cards(None)
    cand = game.load_cards(None, ["rules.critic_bonus.value=12", "rows.ravel.value=8"])
    found = {c["label"].split(" ")[0]: c for c in changed_cards("maestro", base, cand)}
    assert set(found) == {"rows.ravel", "rules.critic_bonus"}
    assert found["rules.critic_bonus"]["fields"][0]["candidate"] == 12
    luthier = games.get("luthier")
    shipped = luthier.load_cards(None)
    fewer = type("Cards", (), {})()  # a card set without the violin: records only
    records = {k: list(luthier.card_records(shipped, k)) for k in luthier.card_files}
    records["instruments"] = [r for r in records["instruments"] if r["id"] != "violin"]
    fewer.records = records
    removed = [c for c in changed_cards("luthier", shipped, fewer)]
    assert [(c["label"], c["change"]) for c in removed] == [("instruments.violin", "removed")]
    added = changed_cards("luthier", fewer, shipped)
    assert [(c["label"], c["change"]) for c in added] == [("instruments.violin", "added")]


# ---------------------------------------------------------------- what may differ


@pytest.fixture(scope="module")
def strategy_pair(tmp_path_factory) -> tuple[Path, Path]:
    from simcore import simulate

    root = tmp_path_factory.mktemp("strategy_pair")
    simulate(players=2, games=300, seed=2, out=root / "random", chunk_size=300)
    simulate(players=2, games=300, seed=2, out=root / "heuristic", chunk_size=300,
             strategies="crafter,courtier")  # fmt: skip
    return root / "random", root / "heuristic"


def test_runs_played_by_different_strategies_are_refused_in_one_line(strategy_pair):
    a, b = strategy_pair
    code, out, err = tutti("drift", str(a), str(b))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: {a} and {b} were played with different strategies ")
    assert "(random,random and crafter,courtier)" in err
    assert err.rstrip().endswith("pass --allow-different strategies to compare them anyway")


def test_allow_different_strategies_compares_them_and_says_so(strategy_pair):
    a, b = strategy_pair
    code, out, err = tutti("drift", str(a), str(b), "--allow-different", "strategies",
                           "--json", "-")  # fmt: skip
    assert code in (0, 1, 3), err
    result = json.loads(out)
    assert result["notes"][0].startswith("Compared although the runs differ in strategies")
    assert result["cards"]["same"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cards", "different cards are always compared"),
        ("strategies,rule", "'rule' is not one of strategies, params, rules, strategy-module"),
        (",", "expected a comma list"),
    ],
)
def test_an_unknown_allowed_difference_is_refused_before_any_work(strategy_pair, text, message):
    a, b = strategy_pair
    code, out, err = tutti("drift", str(a), str(b), "--allow-different", text)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_parameters_rules_and_strategy_modules_are_differences_too(run4):
    from reports.run.load import open_run

    run = open_run(run4, game=None).manifest.config
    config = replace(run, param_names=[["greed"]] * 4, params=[[0.5]] * 4)
    assert differences(run, run) == {} and differences(config, config) == {}
    tuned = replace(config, params=[[0.75], *config.params[1:]])
    other = replace(tuned, rules_version=config.rules_version - 1,
                    strategy_module="mine.py", strategy_module_hash="0123456789abcdef")  # fmt: skip
    found = differences(config, other)
    assert list(found) == ["params", "rules", "strategy-module"]
    assert found["params"] == "strategy parameters (seat 1 (random))"
    with pytest.raises(TuttiError) as refused:
        check_comparable(config, other, "a", "b")
    assert "pass --allow-different params,rules,strategy-module" in str(refused.value)
    assert "rules versions (" in str(refused.value) and "mine.py 01234567" in str(refused.value)
    notes = check_comparable(config, other, "a", "b", parse_allowed("params,rules,strategy-module"))
    assert len(notes) == 3 and "(--allow-different rules)" in notes[1]
    with pytest.raises(TuttiError, match="played with different rules versions"):
        check_comparable(config, other, "a", "b", parse_allowed("params,strategy-module"))


# ---------------------------------------------------------------- the score's tolerance


def test_the_score_tolerance_is_a_share_of_the_baseline_s_mean_unless_given_in_points():
    assert parse_score_tolerance("10%") == (None, 0.1)
    assert parse_score_tolerance("2.5 %") == (None, 0.025)
    assert parse_score_tolerance("1.5") == (1.5, 0.1)
    for bad in ("x", "-1", "-5%", "nan", "%"):
        with pytest.raises(TuttiError, match="--score-tolerance"):
            parse_score_tolerance(bad)
    relative = Tolerances().scaled(37.3)
    assert relative.of("score") == pytest.approx(3.73) and relative.score_scale == 37.3
    assert Tolerances(score_share=0.05).scaled(8.0).of("score") == pytest.approx(0.4)
    absolute = Tolerances(score=1.0).scaled(37.3)
    assert absolute.of("score") == 1.0 and absolute.score_scale is None
    with pytest.raises(ValueError, match="scaled"):
        Tolerances().of("score")


def test_drift_reports_the_score_tolerance_it_used(run4, tmp_path):
    code, out, err = tutti("drift", str(run4), str(run4), "--json", "-")
    assert code == 0, err
    settings = json.loads(out)["settings"]
    assert settings["score_tolerance_share"] == 0.1 and settings["score_scale"] > 0
    assert settings["score_tolerance"] == pytest.approx(settings["score_scale"] / 10)
    (score,) = [m for m in json.loads(out)["metrics"] if m["key"] == "all seats"]
    assert score["tolerance"] == settings["score_tolerance"]
    code, out, err = tutti("drift", str(run4), str(run4), "--score-tolerance", "2", "--json", "-")
    assert code == 0, err
    settings = json.loads(out)["settings"]
    assert settings["score_tolerance"] == 2 and settings["score_tolerance_share"] is None
    code, out, err = tutti("drift", str(run4), str(run4), "--score-tolerance", "ten")
    assert code == 2 and "--score-tolerance ten" in err and err.count("\n") == 1
