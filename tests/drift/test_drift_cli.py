"""`tutti drift`, `tutti baseline` and `tutti check` end to end: verdicts, exit codes, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tests.drift.conftest import GAMES, tutti


def _json(path: Path) -> dict:
    return json.loads(path.read_text())


def _terminal_rows(out: str) -> list[tuple[str, str]]:
    """(metric, verdict) of each row of the terminal's verdict table."""
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("metric "))
    at = lines[head].index("verdict")
    rows = []
    for line in lines[head + 1 :]:
        if not line or line.startswith(("...", "wrote ", "Every metric")):
            break
        rows.append((line[:at].strip(), line[at:].split()[0]))
    return rows


def _drifted(result: dict) -> set[tuple[str, str]]:
    return {(m["group"], m["key"]) for m in result["metrics"] if m["verdict"] == "drift"}


def test_a_run_against_itself_passes_with_every_difference_zero(run4, tmp_path):
    code, out, err = tutti("drift", str(run4), str(run4), "--json", str(tmp_path / "d.json"))
    result = _json(tmp_path / "d.json")
    assert code == 0, err
    assert out.startswith("tutti drift check: ✅ pass")
    assert "Every metric: --markdown FILE" in out and "<details>" not in out
    rows = _terminal_rows(out)
    assert rows and {v for _, v in rows} == {"pass"}
    assert {f"win rate, start order {k}" for k in range(1, 5)} <= {m for m, _ in rows}
    assert result["verdict"] == "pass" and result["paired"] and result["games_changed"] == 0
    tested = [m for m in result["metrics"] if m["tested"]]
    assert len(tested) > 20
    assert all(m["diff"] == 0 and m["verdict"] == "pass" for m in tested)
    groups = {m["group"] for m in tested}
    assert {"seat", "family", "strategy", "score", "card", "completed"} <= groups


def test_markdown_to_stdout_is_the_full_summary_and_never_with_json_to_stdout(run4):
    code, out, err = tutti("drift", str(run4), str(run4), "--markdown", "-")
    assert code == 0, err
    assert "| metric |" in out and "<details>" in out  # the full Markdown, not the table
    assert not Path("-").exists()
    code, out, err = tutti("drift", str(run4), str(run4), "--markdown", "-", "--json", "-")
    assert code == 2 and out == ""
    assert err.strip() == (
        "error: --markdown - and --json - both want stdout: give one of them a file"
    )


def test_a_baseline_file_holds_the_same_games_as_the_run(run4, tmp_path):
    """A baseline with the run's seed and size pairs with the run directory game by game."""
    base = tmp_path / "b.parquet"
    code, _, err = tutti("baseline", "--out", str(base), "--games", "2000", "--seed", "4")
    assert code == 0, err
    code, out, err = tutti("drift", str(base), str(run4), "--json", "-")
    result = json.loads(out)
    assert code == 0, err
    assert result["paired"] and result["games_changed"] == 0
    assert result["baseline"]["kind"] == "baseline file"
    assert result["candidate"]["kind"] == "run directory"


def test_unchanged_code_and_cards_pass_the_check(baseline4, tmp_path):
    code, out, err = tutti(
        "check", "--baseline", str(baseline4), "--json", str(tmp_path / "c.json")
    )
    result = _json(tmp_path / "c.json")
    assert code == 0, err
    assert result["verdict"] == "pass" and result["games_changed"] == 0
    assert result["games_candidate"] == GAMES
    assert "0 of 8,192 games played out differently" in out


def test_a_violin_worth_6_is_drift_on_the_instrument_metrics(baseline4, violin6, tmp_path):
    md, js = tmp_path / "c.md", tmp_path / "c.json"
    code, out, _ = tutti(
        "check", "--baseline", str(baseline4), "--cards", str(violin6),
        "--markdown", str(md), "--json", str(js),
    )  # fmt: skip
    result = _json(js)
    assert code == 1
    assert result["verdict"] == "drift"
    assert ("completed", "instrument/violin") in _drifted(result)
    assert result["candidate"]["card_hash"] != result["baseline"]["card_hash"]
    # The terminal: the verdict and a short table, drifted metrics first.
    assert out.startswith("tutti drift check: ❌ drift")
    assert f"wrote {md}, {js}" in out and "<details>" not in out
    rows = _terminal_rows(out)
    order = {"drift": 0, "inconclusive": 1, "pass": 2}
    assert rows[0][1] == "drift" and [order[v] for _, v in rows] == sorted(
        order[v] for _, v in rows
    )
    assert ("card instruments.violin: completers' effect (raw)", "drift") in rows
    table = out[out.index("\nmetric ") : out.index("\nwrote ")].splitlines()
    assert len(table) == len(rows) + 3 and all(len(line) <= 100 for line in table)  # a pipe
    # The PR comment: headline, then the drifted metrics first, with every column.
    lines = md.read_text().splitlines()
    assert lines[0].startswith("## tutti drift check: ❌ drift")
    first_table = lines.index(f"### Drifted ({result['counts']['drift']})")
    assert all("### Inconclusive" not in line for line in lines[:first_table])
    violin = next(line for line in lines if "card instruments.violin: completers" in line)
    assert violin.startswith("| drift |") and " to " in violin and "±2.0" in violin


def test_the_sequential_check_stops_at_the_first_look_on_a_clear_case(baseline4, violin6, tmp_path):
    code, _, _ = tutti(
        "check", "--baseline", str(baseline4), "--cards", str(violin6), "--sequential",
        "--json", str(tmp_path / "s.json"),
    )  # fmt: skip
    result = _json(tmp_path / "s.json")
    assert code == 1
    assert result["sequential"] and result["stopped_after"] == GAMES // 2
    assert result["games_candidate"] == GAMES // 2
    assert ("completed", "instrument/violin") in _drifted(result)


def test_tiny_runs_are_inconclusive(tmp_path):
    from simcore import simulate

    for seed in (1, 2):
        simulate(players=3, games=40, seed=seed, out=tmp_path / f"t{seed}", chunk_size=40)
    code, out, _ = tutti("drift", str(tmp_path / "t1"), str(tmp_path / "t2"))
    assert code == 3
    assert out.startswith("tutti drift check: ⚠️ inconclusive")
    assert "Unpaired: the runs used different master seeds (1 and 2)" in out


def _rewrite_config(src: Path, dst: Path, **changes) -> Path:
    table = pq.read_table(src)
    meta = json.loads(table.schema.metadata[b"tutti"])
    meta["config"].update(changes)
    pq.write_table(table.replace_schema_metadata({b"tutti": json.dumps(meta).encode()}), dst)
    return dst


def test_a_baseline_of_another_rules_version_is_refused(baseline4, tmp_path):
    old = _rewrite_config(baseline4, tmp_path / "old.parquet", rules_version=0)
    code, out, err = tutti("check", "--baseline", str(old))
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "made with rules version 0" in err and "make baseline" in err


def test_a_baseline_with_another_player_count_is_refused(baseline4, tmp_path):
    code, _, err = tutti("check", "--baseline", str(baseline4), "--players", "3")
    assert code == 2 and "a 4-player baseline, but --players 3" in err
    from simcore import simulate

    simulate(players=3, games=60, seed=3, out=tmp_path / "r3", chunk_size=60)
    code, _, err = tutti("drift", str(baseline4), str(tmp_path / "r3"))
    assert code == 2 and "4 players" in err and "not comparable" in err


@pytest.mark.parametrize(
    "content", [b"", b"not parquet at all", b"PAR1\x00\x00PAR1"], ids=["empty", "text", "stub"]
)
def test_a_broken_baseline_file_is_refused_in_one_line(tmp_path, content):
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(content)
    code, _, err = tutti("check", "--baseline", str(broken))
    assert code == 2
    assert err.startswith(f"error: {broken}:") and err.count("\n") == 1


def test_a_parquet_file_that_is_not_a_baseline_is_refused(run4):
    part = next((run4 / "seats").glob("*.parquet"))
    code, _, err = tutti("check", "--baseline", str(part))
    assert code == 2 and "not a tutti baseline" in err


def test_the_baseline_file_is_small(baseline4):
    assert baseline4.stat().st_size / GAMES < 100  # bytes per 4-player game
    meta = json.loads(pq.read_schema(baseline4).metadata[b"tutti"])
    assert meta["format"] == "tutti-baseline/2"
    assert meta["config"]["rules_version"] >= 1 and meta["config"]["players"] == 4


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="since issue 17 every heuristic values a violin by its printed prestige: at 6 the "
    "courtier builds violins too, and the crafter's win rate moves about 2.6 points in "
    "12,000 games (55.8% -> 53.3%), not clearly beyond the 2-point tolerance",
)
def test_a_violin_worth_6_moves_the_strategies_win_rates(violin6, tmp_path):
    """Statistical: 12,000 two-player games, crafter against courtier (about 25 s on 2 cores).

    The courtier gains about 4 points of win rate; at the default tolerance of 2 points
    that needs some 10,000 games to be significant after Holm over ~250 metrics.
    """
    base = tmp_path / "h.parquet"
    code, _, err = tutti(
        "baseline", "--out", str(base), "--players", "2", "--games", "12000",
        "--strategies", "crafter,courtier",
    )  # fmt: skip
    assert code == 0, err
    code, _, _ = tutti(
        "check",
        "--baseline",
        str(base),
        "--cards",
        str(violin6),
        "--json",
        str(tmp_path / "h.json"),
    )
    drifted = _drifted(_json(tmp_path / "h.json"))
    assert code == 1
    assert ("strategy", "courtier") in drifted and ("strategy", "crafter") in drifted
    assert any(key.startswith("instrument/violin") for _, key in drifted)


def test_performances_worth_far_more_drift_the_performance_and_strategy_metrics(tmp_path, cards):
    """A change that clearly matters to the strategies: every performance worth 0, 3 or
    6 prestige (low, medium, high). The performer then wins nearly every game against
    the crafter (97.5% against 49% in rules version 7; at 0, 6, 12 the crafter won 2 of
    2,000 games, too few events for a win rate to be tested); fast enough for every CI run,
    where the violin's 2 -> 6 needs the slow test above to move strategy win rates."""
    rich = tmp_path / "rich"
    rich.mkdir()
    (rich / "performances.toml").write_text(
        "".join(
            f'[[performance]]\nid = "{i}"\nprestige = [0, 3, 6]\n\n'
            for i in cards.ids["performances"]
        )
    )
    base = tmp_path / "b.parquet"
    code, _, err = tutti(
        "baseline", "--out", str(base), "--players", "2", "--games", "2000",
        "--strategies", "crafter,performer",
    )  # fmt: skip
    assert code == 0, err
    code, _, _ = tutti(
        "check", "--baseline", str(base), "--cards", str(rich), "--json", str(tmp_path / "c.json")
    )
    drifted = _drifted(_json(tmp_path / "c.json"))
    assert code == 1
    assert ("strategy", "crafter") in drifted and ("strategy", "performer") in drifted
    assert any(group == "card" and key.startswith("performance/") for group, key in drifted)
