"""One card, one answer (issue 34 item 1): the same card in the same run has the same
adjusted effect in the report, `tutti card`, `whatif`, `sweep` and `balance`'s objective,
and the report's Summary and Family section agree on the families."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from reports.drift.drift_window import window_from_tables
from reports.experiments import balance_objectives as objectives
from reports.experiments.whatif import sweep, whatif
from reports.run.load import open_run
from tests.reports.conftest import GAMES_4P

VIOLIN = "instruments.violin"


def _report_row(written4) -> dict:
    (row,) = [
        r for r in written4["json"]["cards"]["rows"]
        if r["kind"] == "instrument" and r["card_id"] == "violin"
    ]  # fmt: skip
    return row


def test_the_violin_reads_the_same_everywhere(run4, written4, cards) -> None:
    from cli.app import app

    want = _report_row(written4)["adj_diff"]
    out = CliRunner().invoke(app, ["card", str(run4), VIOLIN, "--json"])
    assert out.exit_code == 0, out.output
    (looked_up,) = json.loads(out.output)["rows"]
    assert looked_up["adj_diff"] == pytest.approx(want, abs=1e-9)

    prestige = 2  # the violin's printed prestige (data/instruments.toml): a no-op variant
    same = {"players": 4, "games": GAMES_4P, "seed": 7}
    (effect,) = whatif([f"{VIOLIN}.prestige={prestige}"], **same)["card_effects"]
    assert effect["baseline"] == pytest.approx(want, abs=1e-9)
    assert effect["candidate"] == pytest.approx(want, abs=1e-9)

    (point,) = sweep(f"{VIOLIN}.prestige", [str(prestige)], **same)["points"]
    assert point["card_effect"][0]["candidate"] == pytest.approx(want, abs=1e-9)

    run = open_run(run4)
    window = window_from_tables(run.scan("seats").collect(), run.scan("cards").collect())
    (term,) = objectives.parse_terms([f"card:{VIOLIN}"], cards, ["random"] * 4)
    data = objectives.seat_data([window], 0, [term])
    assert objectives.values([term], data, np.ones(data.games)) == [pytest.approx(abs(want))]


def test_summary_and_family_section_name_the_same_families(written4) -> None:
    """The Summary's family finding and the Family section rank the tiles by one measure
    (adjusted), even where the raw win rates would order them otherwise."""
    import copy

    from reports.cardbalance import findings
    from reports.render import text

    report = copy.deepcopy(written4["report"])
    tiles = [r for r in report["cards"]["rows"] if r["kind"] == "family"]
    raw = {r["family"]: r for r in report["families"]["by_family"]}
    by_raw = sorted(tiles, key=lambda r: raw[r["card_id"]]["win_rate"])
    for i, r in enumerate(by_raw):  # adjusted: the raw order reversed, far apart, narrow
        r.update(tested=True, adj_diff=0.2 - 0.05 * i, adj_diff_low=0.19 - 0.05 * i)
        r["adj_diff_high"] = 0.21 - 0.05 * i
    (found,) = findings.tile_findings(report)
    strong, weak = text.ranked_tiles(report)
    assert (strong["card_id"], weak["card_id"]) == (by_raw[0]["card_id"], by_raw[-1]["card_id"])
    (g,) = report["groupings"]
    sentence = text.grouping_sentence(report, g)
    for row, word in ((strong, "strongest"), (weak, "weakest")):
        assert f"{word} {row['card']} effect (adjusted)" in found["text"]
        assert f"{word.capitalize() if word == 'strongest' else word}" in sentence
    assert sentence.index(text.tile_name(report, g, strong["card_id"])) < sentence.index(
        text.tile_name(report, g, weak["card_id"])
    )
    assert sentence.startswith(f"Strongest family: {text.tile_name(report, g, strong['card_id'])}")
    assert f"weakest: {text.tile_name(report, g, weak['card_id'])}, effect (adjusted)" in sentence


def test_the_family_section_shows_the_adjusted_effect(written4) -> None:
    assert "Effect (adjusted)" in written4["md"] and "Win rate (raw)" in written4["md"]
    assert "Strongest family: " in written4["html"]
