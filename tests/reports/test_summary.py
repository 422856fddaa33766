"""The top summary (at most five findings, first on the page), units, scales and the
one-line card tables (issue 18, items 4, 7 and 9)."""

from __future__ import annotations

import copy
import re

import pytest

from reports.cardbalance import findings
from reports.render.plots import common_xlim
from reports.report import build_report, render_html, render_markdown
from reports.run.settings import Settings

KEYS = {
    "kind", "subject", "text", "size", "low", "high", "unit", "seed", "command", "advice", "weight",
}  # fmt: skip


@pytest.fixture(scope="module")
def loose(run4) -> dict:
    """The 4-player report at margin 0: flagged cards to plant things among."""
    return build_report(run4, Settings(margin=0.0))


def _plant_strategy(report: dict, rate: float = 0.60) -> dict:
    """Two strategies, one winning `rate` of its seat-games (fair share 25%)."""
    report = copy.deepcopy(report)
    n = report["run"]["games"] * 2
    report["strategies"]["by_strategy"] = [
        {"strategy": "restorer", "n": n, "win_rate": rate, "ci_low": rate - 0.01,
         "ci_high": rate + 0.01, "too_uncertain": False},
        {"strategy": "courtier", "n": n, "win_rate": 0.10, "ci_low": 0.09, "ci_high": 0.11,
         "too_uncertain": False},
    ]  # fmt: skip
    return report


def _plant_card(report: dict, delta: float, share: float = 0.75) -> dict:
    """Make one tested card a stronger card with adjusted effect `delta`, held in `share`
    of the run's seat-games (its impact: delta x share)."""
    report = copy.deepcopy(report)
    row = next(r for r in report["cards"]["rows"] if r["tested"] and r["kind"] == "instrument")
    row.update(adj_diff=delta, adj_diff_low=delta - 0.02, adj_diff_high=delta + 0.02)
    row.update(flag="stronger", card="Planted violin", card_id="planted")
    seat_games = report["run"]["games"] * report["run"]["players"]
    row.update(n=round(share * seat_games), impact=delta * share)
    return report


def test_real_summary_findings_have_the_contract(written4, loose) -> None:
    for report in (written4["json"], loose):
        found = report["summary"]
        assert isinstance(found, list) and len(found) <= findings.MAX_FINDINGS
        for f in found:
            assert set(f) == KEYS
            assert f["unit"] == "win-rate points" and "win-rate points" in f["text"]
            assert f["low"] <= f["size"] <= f["high"]  # its interval...
            assert "interval" in f["text"]  # ...said in the sentence
        assert [f["weight"] for f in found] == sorted((f["weight"] for f in found), reverse=True)
    cards = [f for f in loose["summary"] if f["kind"] == "card"]
    assert cards, "margin 0 on 3,000 games flags cards"
    for f in cards:  # each ends with the value to set and the command (test_card_advice.py)
        assert f"`{f['command']}`" in f["text"] and "--seed 7" in f["text"]
        assert f["command"].startswith("tutti balance ") and f["advice"]["command"] == f["command"]
        assert f["seed"] is not None and f"replay seed {f['seed']}" in f["text"]


def test_a_dominating_strategy_is_found_first(loose) -> None:
    report = _plant_strategy(loose)
    found = findings.summary(report)
    assert found[0]["kind"] == "strategy" and found[0]["subject"] == "restorer"
    assert found[0]["size"] == pytest.approx(0.35)
    assert (found[0]["low"], found[0]["high"]) == pytest.approx((0.34, 0.36))
    text = found[0]["text"]
    assert "restorer strategy dominates" in text and "60.0%" in text and "59.0–61.0%" in text
    assert "+35.0 win-rate points above the fair share of 25.0%" in text
    assert "courtier wins 10.0%" in text
    # a strategy just above the fair share is no finding
    assert not findings.strategy_findings(_plant_strategy(loose, rate=0.26))


def test_a_planted_strong_card_leads_the_summary(loose) -> None:
    report = _plant_card(_plant_strategy(loose), delta=0.40)
    found = findings.summary(report)
    assert found[0]["kind"] == "card" and found[0]["subject"] == "Planted violin"
    assert found[0]["size"] == pytest.approx(0.40)
    assert "Planted violin (instrument) is stronger" in found[0]["text"]
    assert "40.0 win-rate points more" in found[0]["text"]
    assert "--only planted" in found[0]["text"]
    assert found[1]["kind"] == "strategy"
    report["summary"] = found
    page, md = render_html(report), render_markdown(report)
    assert page.index("Planted violin (instrument) is stronger") < page.index('id="run"')
    summary_md = md.split("## Summary")[1].split("## Seat order")[0]
    assert summary_md.lstrip().startswith("1. Planted violin (instrument) is stronger")


def test_findings_are_ranked_by_the_games_they_decide(loose) -> None:
    """The same +40-point card held by 5% of the seat-games moves 2 points per seat-game:
    less than a strategy winning 60% in half of them (17.5), so it comes after it."""
    report = _plant_card(_plant_strategy(loose), delta=0.40, share=0.05)
    found = findings.summary(report)
    assert [f["kind"] for f in found[:2]] == ["strategy", "card"]
    assert found[0]["weight"] == pytest.approx(0.35 * 0.5)
    assert found[1]["subject"] == "Planted violin"
    assert found[1]["weight"] == pytest.approx(0.40 * 0.05)


def test_at_most_five_findings_and_three_cards(loose) -> None:
    report = _plant_strategy(loose)
    for r in report["cards"]["rows"]:
        r.update(section=None)  # no section leaning together: eight card findings
    for r in [r for r in report["cards"]["rows"] if r["tested"]][:8]:
        r.update(flag="stronger", adj_diff=0.5, adj_diff_low=0.45, adj_diff_high=0.55)
        r.update(impact=0.25)
    found = findings.summary(report)
    assert len(found) <= 5
    assert sum(f["kind"] == "card" for f in found) == findings.CAPS["card"]
    assert any(f["kind"] == "strategy" for f in found)


def test_dead_cards_come_before_what_moves_less_than_the_margin(loose) -> None:
    """Random players pick every card now and then (no dead card); a row with a card
    offered often and never taken gives a dead-card finding. It weighs as much as the
    margin moved in every seat-game: ahead of a strategy winning 28.5% (1.75 points per
    seat-game), behind one winning 60% (17.5)."""
    assert findings.dead_card_findings(loose) == []
    for rate, first in ((0.285, "dead_card"), (0.60, "strategy")):
        report = _plant_strategy(loose, rate=rate)
        report["settings"]["margin"] = 0.02
        row = next(r for r in report["cards"]["rows"] if r["kind"] == "specialty")
        row.update(offered=5000, pick_rate=0.0)
        found = findings.summary(report)
        assert found[0]["kind"] == first and "strategy" in [f["kind"] for f in found]
        dead = next(f for f in found if f["kind"] == "dead_card")
        assert dead["subject"] == row["card"]
        assert "offered in 5,000 seat-games and never taken" in dead["text"]


def test_nothing_found_says_so(tiny, tmp_path) -> None:
    """50 games: with a margin of 50 points nothing can stand out (at the default 2 points a
    card held in a few dozen seat-games may, by chance)."""
    report = build_report(tiny, Settings(margin=0.5))
    assert report["summary"] == []
    md = render_markdown(report)
    assert "Nothing stands out beyond the margin of ±50 win-rate points" in md
    assert md.index("## Summary") < md.index("## Seat order") < md.index("## Run setup")


def test_summary_first_and_setup_folded_away(written4) -> None:
    page, md = written4["html"], written4["md"]
    assert page.index('<section id="summary">') < page.index('<nav class="toc">')
    assert page.index('<nav class="toc">') < page.index('<section id="run">')
    headings = re.findall(r"^## (.+)$", md, flags=re.M)
    assert headings[0] == "Summary" and headings[-1] == "Run setup"
    # strategy parameters fold away in the HTML (<details>) and go to the end in Markdown
    report = copy.deepcopy(written4["json"])
    for s in report["run"]["seats"]:
        s["params"] = {"instruments": 1.5, "patience": 2.0}
    page, md = render_html(report), render_markdown(report)
    run = page.split('<section id="run">')[1].split("</section>")[0]
    assert "<details><summary>" in run and "instruments = 1.5, patience = 2" in run
    assert "instruments = 1.5" not in md.split("## Run setup")[0]
    assert "instruments = 1.5, patience = 2" in md.split("## Run setup")[1]
    assert "`tutti report " in md.split("## Seat order")[0]  # ablate with the run's params


def test_untested_rows_show_no_interval(tiny) -> None:
    report = build_report(tiny)
    untested = [r for r in report["cards"]["rows"] if r["flag"] == "untested"]
    assert untested
    for r in untested:
        assert r["adjusted"]["low"] is None and r["adjusted"]["high"] is None
        assert r["raw"]["low"] is None and r["raw"]["high"] is None
    page = render_html(report)
    table = page.split('id="card-specialty"')[1].split("</table>")[0]
    for r in untested:
        if r["kind"] == "specialty":
            cells = re.search(rf"<td class=\"l\">{re.escape(r['card'])}</td>(.*?)</tr>", table)
            assert cells and " to " not in cells[1] and "–" in cells[1]


def test_every_difference_says_win_rate_points(written4) -> None:
    page, md = written4["html"], written4["md"]
    headers = re.findall(r"<th[^>]*>([^<]*)</th>", page)
    for h in headers:
        if "Δ" in h or "vs fair" in h:
            assert "win-rate pts" in h, h
    for line in md.splitlines():
        if line.startswith("| ") and ("Δ" in line or "vs fair" in line) and "---" not in line:
            for h in line.strip("| ").split(" | "):
                if "Δ" in h:
                    assert "win-rate pts" in h, h


def test_one_scale_for_every_forest_plot(loose) -> None:
    low, high = common_xlim(loose)
    assert low == -high and round(high * 100) % 5 == 0
    sure = [r for r in loose["cards"]["rows"] if r["tested"] and not r["too_uncertain"]]
    assert all(low <= r["adj_diff_low"] and r["adj_diff_high"] <= high for r in sure)


def test_flagged_table_fits_one_line_per_card(loose) -> None:
    page, md = render_html(loose), render_markdown(loose)
    flagged = page.split('<section id="flagged">')[1].split("</section>")[0]
    assert '<table class="oneline">' in flagged
    assert "<br>" not in flagged.split("<table")[1]  # no wrapped seed lists
    rows = [r for r in loose["cards"]["rows"] if r["flag"] in ("stronger", "weaker")]
    assert any(len(r["examples"]) > 1 for r in rows)
    assert '<details class="seeds">' in flagged  # the other seeds behind a click
    part = md.split("## Strongest and weakest cards")[1].split("## Strategies")[0]
    lines = [x for x in part.splitlines() if x.startswith("| ") and "---" not in x][1:]
    assert len(lines) == len(rows)
    for line in lines:
        assert len(re.findall(r"\b\d{9,}\b", line)) <= 1  # at most one seed per row


def test_a_card_its_ablation_did_not_confirm_goes_down(loose) -> None:
    report = _plant_card(_plant_strategy(loose), delta=0.40)
    planted = next(r for r in report["cards"]["rows"] if r["card_id"] == "planted")
    planted["ablation"] = {"delta": 0.001, "low": -0.01, "high": 0.012, "holders": 500,
                           "verdict": "not confirmed"}  # fmt: skip
    found = findings.summary(report)
    assert found[0]["kind"] == "strategy"
    assert "Planted violin" not in [f["subject"] for f in findings.card_findings(report)]
    words = findings._ablation_words(planted)
    assert "ablated on the run's own games it moves its holders' win rate by +0.1" in words
    assert words.endswith("(-1.0 to +1.2): not confirmed")


def test_impact_is_the_adjusted_difference_over_every_seat_game(loose) -> None:
    """impact = adjusted difference x share of the run's seat-games holding the card;
    the flagged table and the glance rank by it (a widely held card first)."""
    seat_games = loose["run"]["games"] * loose["run"]["players"]
    rows = [r for r in loose["cards"]["rows"] if r["flag"] != "outcome"]
    for r in rows:
        if r["tested"]:
            assert r["impact"] == pytest.approx(r["adj_diff"] * r["n"] / seat_games)
        else:
            assert r["impact"] is None
    stronger = [c["impact"] for c in loose["glance"]["stronger"]]
    assert len(stronger) > 1 and stronger == sorted(stronger, reverse=True)
    flagged = [r for r in rows if r["flag"] in ("stronger", "weaker")]
    md = render_markdown(loose).split("## Strongest and weakest cards")[1].split("\n## ")[0]
    order = sorted(flagged, key=lambda r: -r["impact"])
    positions = [md.index(f"| {r['card']}") for r in order[:5] if md.count(f"| {r['card']}") == 1]
    assert len(positions) > 1 and positions == sorted(positions)


def _plant_section(report: dict, deltas: list[float]) -> tuple[dict, list[dict]]:
    """Give the first len(deltas) tested instruments the section "strings" and the
    adjusted effects `deltas` (flags and impacts to match); every other row no section."""
    report = copy.deepcopy(report)
    rows = [r for r in report["cards"]["rows"] if r["tested"] and r["kind"] == "instrument"]
    for r in report["cards"]["rows"]:
        r["section"] = None
    planted = rows[: len(deltas)]
    for r, d in zip(planted, deltas, strict=True):
        flag = "stronger" if d > 0.03 else "weaker" if d < -0.03 else "balanced"
        r.update(section="strings", adj_diff=d, adj_diff_low=d - 0.01, adj_diff_high=d + 0.01)
        r.update(flag=flag, impact=d / 2)
    report["settings"]["margin"] = 0.02
    return report, planted


def test_a_section_leaning_one_way_is_one_finding(loose) -> None:
    """Four weak strings and one strong: one group finding for the four (ranked as the
    largest of their impacts), the strong one keeps its own card finding."""
    report, planted = _plant_section(loose, [-0.05, -0.06, -0.07, -0.08, 0.10])
    group = findings.group_findings(report)
    assert len(group) == 1 and group[0]["subject"] == "String instruments"
    text = group[0]["text"]
    assert text.startswith("The string instruments are weaker as a group: 4 of the 5 tested")
    assert group[0]["size"] == pytest.approx(sum([-0.05, -0.06, -0.07, -0.08, 0.10]) / 5)
    assert group[0]["weight"] == pytest.approx(0.04)  # the largest leaning impact
    card_subjects = [f["subject"] for f in findings.card_findings(report)]
    assert planted[4]["card"] == card_subjects[0]  # against the group: its own finding
    assert not set(card_subjects) & {r["card"] for r in planted[:4]}
    rows = findings.lean_groups(report)[0]["leaning"]
    assert {r["card_id"] for r in rows} == {r["card_id"] for r in planted[:4]}


def test_no_group_when_too_few_lean_or_the_mean_is_inside_the_margin(loose) -> None:
    # two of four flagged weaker: under the 2/3 the group needs (the mean is beyond)
    report, _ = _plant_section(loose, [-0.09, -0.09, 0.0, 0.0])  # mean -4.5 pts
    assert findings.lean_groups(report) == []
    # all weaker but only two cards
    report, _ = _plant_section(loose, [-0.05, -0.06])
    assert findings.lean_groups(report) == []
    # three flagged weaker, one strong: the mean (-0.0) is inside the margin
    report, _ = _plant_section(loose, [-0.04, -0.04, -0.04, 0.12])
    assert findings.lean_groups(report) == []


def test_instrument_and_repair_rows_carry_their_section(loose) -> None:
    rows = loose["cards"]["rows"]
    by_kind: dict[str, set] = {}
    for r in rows:
        by_kind.setdefault(r["kind"], set()).add(r["section"])
    assert by_kind["instrument"] == {"strings", "winds", "pk"}
    assert by_kind["repair"] <= {"strings", "winds", "pk"} and len(by_kind["repair"]) > 1
    assert by_kind["patron"] == {None} and by_kind["family"] == {None}
    violin = next(r for r in rows if r["card_id"] == "violin")
    assert violin["section"] == "strings"


def test_no_finding_from_a_handful_of_holders_or_a_degenerate_interval() -> None:
    """One rule for every game's Summary (reports.cardbalance.findings.findable): the Maestro
    case of issue 34, an effect from 0.1% of the seat-games with a zero-width interval, is none."""
    from reports.cardbalance.findings import MIN_FINDING_HOLDERS, findable
    from reports.game import game_summary

    run = {"games": 10_000, "players": 4}
    row = {"kind": "row", "card": "Ravel", "event": "any", "q_value": 0.001, "n": 40,
           "adj_diff": -0.348, "adj_diff_low": -0.348, "adj_diff_high": -0.345}  # fmt: skip
    assert not findable(row, run)  # 0.1% of the seat-games
    assert not findable({**row, "n": 4000, "adj_diff_low": -0.348, "adj_diff_high": -0.348}, run)
    assert not findable({**row, "n": MIN_FINDING_HOLDERS - 1}, {"games": 10, "players": 2})
    assert findable({**row, "n": 4000}, run)
    report = {
        "run": run,
        "settings": {"min_sample": MIN_FINDING_HOLDERS},
        "cards": {"kinds": [{"kind": "row"}], "rows": [row]},
    }
    assert game_summary.next_sentence(report).startswith("No row shows")
