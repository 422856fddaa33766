"""From a card finding to the value to set (issue 34 item 2): every card finding of a
small real run carries a suggested range and a command the CLI parses; `tutti card`."""

from __future__ import annotations

import copy
import json
import shlex

import pytest
import typer
from typer.testing import CliRunner

from cli.app import app
from reports.cardbalance import findings
from reports.percard import card_advice
from reports.report import build_report
from reports.run.settings import Settings
from simcore.errors import TuttiError

runner = CliRunner()


@pytest.fixture(scope="module")
def loose(run4) -> dict:
    """The 4-player report at margin 0: flagged cards."""
    return build_report(run4, Settings(margin=0.0))


def _parses(command: str) -> None:
    """The command's words parse with the CLI's own parser (options, types, required
    arguments), as the shell would split them; nothing runs."""
    words = shlex.split(command)
    assert words[0] == "tutti"
    group = typer.main.get_command(app)
    with group.make_context("tutti", words[1:2] + ["--help"], resilient_parsing=True) as ctx:
        sub = group.get_command(ctx, words[1])
    assert sub is not None, words[1]
    sub.make_context(words[1], words[2:])  # raises on an unknown option or a bad value


def _with_dead(report: dict) -> dict:
    """`report` with a specialty card and the Amati tile offered often and never taken."""
    report = copy.deepcopy(report)
    for r in report["cards"]["rows"]:
        if r["card_id"] in ("virtuoso", "amati"):
            r.update(offered=5000, pick_rate=0.0)
    return report


def test_every_card_finding_carries_a_value_and_a_command_that_parses(loose) -> None:
    report = _with_dead(loose)
    found = findings.card_findings(report) + findings.dead_card_findings(report)
    assert {f["kind"] for f in found} == {"card", "dead_card"}
    for f in found:
        a = f["advice"]
        assert a is not None and f["command"] == a["command"]
        assert a["low"] is not None and a["high"] is not None and a["current"] is not None
        assert f"`{a['command']}`" in f["text"] and f"{a['low']}..{a['high']}" in f["text"]
        assert "FIELD" not in a["command"] and "VALUE" not in a["command"]
        assert "--seed 7" in a["command"] and "--players 4" in a["command"]
        _parses(a["command"])
        if f["kind"] == "card":
            assert a["command"].startswith("tutti balance --vary ")
            assert f"={a['low']}..{a['high']}" in a["command"]
            assert float(a["low"]) <= float(a["current"]) <= float(a["high"])
            assert "confirm with" not in f["text"]
        else:
            assert a["command"].startswith("tutti sweep ") and float(a["low"]) > float(a["current"])


def test_a_range_follows_the_flag_and_the_effect(loose) -> None:
    advisor = card_advice.Advisor(loose)
    row = copy.deepcopy(next(r for r in loose["cards"]["rows"] if r["card_id"] == "cello"))
    row.update(flag="stronger", adj_diff=0.03)  # 3 points: ceil(3 / 1) = 3 steps down
    a = advisor.advise(row)
    current = int(a["current"])
    assert (a["action"], a["low"], a["high"]) == ("lower", str(max(0, current - 3)), str(current))
    row.update(flag="weaker", adj_diff=-0.01)
    a = advisor.advise(row)
    assert (a["action"], a["low"], a["high"]) == ("raise", str(current), str(current + 1))
    row.update(ablation={"verdict": "not confirmed", "delta": 0.0, "low": -0.01, "high": 0.01})
    a = advisor.advise(row)  # --confirm's verdict replaces the advice it settles
    assert a["action"] == "keep" and "did not confirm" in a["text"]
    _parses(a["command"])


def test_a_stated_number_says_so_and_allows_it(loose) -> None:
    violin = next(r for r in loose["cards"]["rows"] if r["card_id"] == "violin")
    a = card_advice.Advisor(loose).advise(dict(violin, flag="stronger", adj_diff=0.04))
    assert a["stated"] and "the rulebook states this number" in a["text"]
    assert a["command"].endswith(" --allow-stated")
    _parses(a["command"])


def test_a_goal_range_stays_within_what_the_card_rules_allow(loose) -> None:
    """A goal's top level may not drop below the level before: the range is narrowed."""
    row = next(r for r in loose["cards"]["rows"] if r["card_id"] == "g1")
    a = card_advice.Advisor(loose).advise(dict(row, flag="stronger", adj_diff=0.40))
    assert a["target"] == "goals.g1.levels.2.prestige" and int(a["low"]) >= 4


def test_tutti_card_prints_a_flagged_and_an_unflagged_card(run4) -> None:
    report = build_report(run4)
    flagged = next(r for r in report["cards"]["rows"] if r["flag"] in ("stronger", "weaker"))
    other = next(r for r in report["cards"]["rows"] if r["flag"] == "undecided")
    files = {"instrument": "instruments", "patron": "patrons", "repair": "repairs",
             "goal": "goals", "performance": "performances", "specialty": "specialty",
             "family": "families"}  # fmt: skip
    for row, said in ((flagged, f"flagged {flagged['flag']}"), (other, "not flagged")):
        key = f"{files[row['kind']]}.{row['card_id']}"
        result = runner.invoke(app, ["card", str(run4), key])
        assert result.exit_code == 0, result.output
        out = result.output
        assert row["card"] in out and said in out
        assert "effect (adjusted)" in out and ", raw " in out and "pick rate:" in out
        assert f"({row['n']:,} holder seat-games)" in out
        command = out.strip().splitlines()[-1].strip()
        assert command.startswith("tutti balance ")
        _parses(command)
        result = runner.invoke(app, ["card", str(run4), key, "--json"])
        assert result.exit_code == 0
        found = json.loads(result.output)["rows"][0]
        assert found["card_id"] == row["card_id"] and found["adj_diff"] == pytest.approx(
            row["adj_diff"]
        )
        assert found["flagged"] == (row is flagged) and found["advice"]["command"] == command


def test_tutti_card_refuses_an_unknown_card_with_a_suggestion(run4) -> None:
    result = runner.invoke(app, ["card", str(run4), "instruments.violn"])
    err = result.exception
    assert isinstance(err, TuttiError) and err.exit_code == 2
    assert "no card 'instruments.violn'" in str(err) and 'did you mean "instruments.violin"' in str(
        err
    )
    assert "\n" not in str(err)
