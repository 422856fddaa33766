"""The turn cap is a way a game ends, not a violation (issue 35 item 4): a game that
reaches dtypes.MAX_TURNS ends with End.LIMIT in games.end_trigger and no violation bit.

No sound game of the rules reaches the real cap (dtypes.py), so the game here is played
with the kernels as plain Python (NUMBA_DISABLE_JIT=1, in its own process) and a cap of
a few turns."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json
from simcore.games.maestro.play import resume_nb
resume_nb.MAX_TURNS = 7  # the cap, read by advance_nb at every turn (plain Python here)
from simcore.games.maestro.carddata.cards import load_cards
from simcore.games.maestro.state.codes import End
from simcore.games.maestro.play.engine import play_game
from strategies.maestro.registry import parse_seats

played = play_game(load_cards(), 3, 11, parse_seats("random", 3))
g = played.game
print(json.dumps({"end": int(g.end_trigger), "limit": int(End.LIMIT), "turn": int(g.turn),
                  "violations": int(g.violations)}))
"""


def test_a_game_that_reaches_the_turn_cap_ends_by_it_without_a_violation():
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["end"] == got["limit"] and got["turn"] == 7
    assert got["violations"] == 0
