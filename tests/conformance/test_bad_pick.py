"""An out-of-range strategy pick is an invariant violation in every game: the engine plays
option 0 instead (a strategy bug must not corrupt the game) and sets the game's bad-pick
bit of games.violations (it must not pass unseen either).

The pick is made bad where every game makes its picks: the strategy dispatch kernels its
registration binds into the engine (`Game.dispatch`, `dispatch_kernels`; those named
"choose" pick an option). In a fresh interpreter with NUMBA_DISABLE_JIT=1, so that the
patched dispatch is plain Python, compiles nothing and caches nothing: the first pick is
-1, the second one past any options buffer, every later one the strategy's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from simcore.games.api import invariant_names

SCRIPT = """
import json, sys, warnings
from importlib import import_module
from simcore import games
warnings.filterwarnings("ignore", "overflow", RuntimeWarning)
game = games.get(sys.argv[1])
bad = [-1, 1 << 20]  # the next picks to make, before the strategies' own

def spoiled(choose):
    def pick(*args):
        return bad.pop(0) if bad else choose(*args)
    return pick

for module in game.dispatch:
    engine = import_module(module)  # binds the dispatch kernels into it
    for name in game.dispatch_kernels(module):
        if "choose" in name:
            setattr(engine, name, spoiled(getattr(engine, name)))
cards = game.load_cards()
players = min(game.player_counts)
played = game.play_game(cards, players, 5, game.parse_seats("random", players))
print(json.dumps({"violations": int(played.game["violations"]), "unmade": len(bad)}))
"""


def _bad_pick_bit(game) -> int:
    (bit,) = [b for b, name in invariant_names(game).items() if "pick" in name]
    return bit


def test_an_out_of_range_pick_is_a_violation(game):
    bit = _bad_pick_bit(game)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, game.name],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["unmade"] == 0, "the game made fewer than two picks"
    assert got["violations"] == bit, f"violations {got['violations']}: expected only {bit}"
