"""STYLE.md: every kernel also runs as plain Python (NUMBA_DISABLE_JIT=1), for debugging.

The same seed must give the same game either way, event for event.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from simcore.games.luthier.engine import play_game
from strategies.luthier.registry import parse_seats

SCRIPT = """
import hashlib, json, numpy as np
from simcore.games.luthier.cards import load_default_cards
from simcore.games.luthier.engine import play_game
from strategies.luthier.registry import parse_seats
with np.errstate(over="ignore"):  # plain-Python uint64 arithmetic wraps as numba's does
    pg = play_game(load_default_cards(), {players}, {seed}, parse_seats("random", {players}))
print(json.dumps({{"log": hashlib.sha256(pg.log.tobytes()).hexdigest(),
                  "prestige": pg.seats["prestige"].tolist()}}))
"""


def test_plain_python_plays_the_same_game(cards):
    for players, seed in ((2, 11), (4, 12)):
        env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
        proc = subprocess.run(
            [sys.executable, "-c", SCRIPT.format(players=players, seed=seed)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        plain = json.loads(proc.stdout.strip().splitlines()[-1])
        jitted = play_game(cards, players, seed, parse_seats("random", players))
        assert plain["prestige"] == jitted.seats["prestige"].tolist()
        assert plain["log"] == hashlib.sha256(jitted.log.tobytes()).hexdigest()
