"""STYLE.md: every kernel also runs as plain Python (NUMBA_DISABLE_JIT=1), for debugging
and for `tutti play` on a cold kernel cache (simcore/kernels/interpret.py).

The same seed must give the same game either way, event for event, for every built-in
strategy: plain numpy computes small integers in their own width where a kernel computes
in int64 (simcore/kernels/jit.py widens a plain kernel's arguments; a value read from an int8
field must be widened where it is multiplied), and a warning about an overflow is an
error here.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from simcore.games.luthier.play.engine import play_game
from strategies.luthier.registry import parse_seats

GAMES = (
    (2, 11, "random"),
    (4, 12, "random"),
    (2, 3, "balanced,restorer"),
    (3, 4, "crafter,performer,courtier"),
    (4, 1, "crafter,performer,restorer,courtier"),
    (4, 7, "balanced,random,courtier,crafter"),
)

SCRIPT = """
import hashlib, json, sys, warnings
from simcore.games.luthier.carddata.cards import load_default_cards
from simcore.games.luthier.play.engine import play_game
from strategies.luthier.registry import parse_seats
warnings.simplefilter("error", RuntimeWarning)  # an overflow is a different game
# the random streams wrap on purpose
warnings.filterwarnings("ignore", "overflow", RuntimeWarning, "simcore.kernels.rng_nb")
out = []
for players, seed, strategies in json.loads(sys.argv[1]):
    pg = play_game(load_default_cards(), players, seed, parse_seats(strategies, players))
    out.append({"log": hashlib.sha256(pg.log.tobytes()).hexdigest(),
                "prestige": pg.seats["prestige"].tolist()})
print(json.dumps(out))
"""


def test_plain_python_plays_the_same_games(cards):
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(GAMES)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    plain = json.loads(proc.stdout.strip().splitlines()[-1])
    for (players, seed, strategies), got in zip(GAMES, plain, strict=True):
        jitted = play_game(cards, players, seed, parse_seats(strategies, players))
        assert got["prestige"] == jitted.seats["prestige"].tolist(), (players, seed, strategies)
        assert got["log"] == hashlib.sha256(jitted.log.tobytes()).hexdigest()
