"""Speed work never changes a game: fixed seeds give the same event logs and final states.

The fingerprints in tests/data/golden_games.json were taken before the kernel-speed
changes (see tests/golden_games.py); a deliberate rules change regenerates them with a
RULES_VERSION bump.
"""

from __future__ import annotations

import json

from tests.golden_games import GOLDEN, fingerprints


def test_fixed_games_are_identical_for_2_3_and_4_players_and_every_strategy():
    expected = json.loads(GOLDEN.read_text())
    got = fingerprints()
    assert got.keys() == expected.keys()
    changed = sorted(case for case in expected if got[case] != expected[case])
    assert not changed, f"games changed: {changed}"
