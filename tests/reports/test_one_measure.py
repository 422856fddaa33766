"""One card, one answer (issue 34 item 1): the same card in the same run has the same
adjusted effect in the report, `tutti card`, `whatif`, `sweep` and `balance`'s objective,
and the report's Summary and Family section agree on the families."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from reports import balance_objectives as objectives
from reports.drift_window import window_from_tables
from reports.load import open_run
from reports.whatif import sweep, whatif
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
