"""Fingerprints of fixed games, to prove that speed work keeps every game identical.

`python -m tests.golden_games --update` rewrites tests/data/golden_games.json; do it
only with a deliberate change of the games (a RULES_VERSION bump, or new built-in
strategies or weights, each with a CHANGELOG.md section), never to make a
failing speed change pass.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

GOLDEN = Path(__file__).parent / "data" / "golden_games.json"
FIELDS = ("random", "balanced", "crafter", "performer", "restorer", "courtier")
SEEDS = (1, 2, 3)
BATCH_GAMES = 48


# Record fields that only report what happened (read by no kernel decision), added
# after the fingerprints were taken: left out, so adding a result column needs no
# regeneration (tests/luthier/test_transcript_state.py checks prestige_round,
# tests/reports/test_picks.py the offered/picked bitmaps).
REPORT_ONLY = frozenset({"prestige_round", "offered", "picked"})
# Where the game loop stands and the planning memo, kept in the state since the game
# resumes from a decision (issue 33, simcore/games/luthier/play/resume_nb.py): engine scratch
# that was on the stack when the fingerprints were taken, left out likewise.
RESUME_STATE = frozenset({"cursor", "pass_moved", "plan_memo"})
LEFT_OUT = REPORT_ONLY | RESUME_STATE
# Fields widened after the fingerprints were taken (issue 32: sums of gains int16 ->
# int32, dtypes.py), hashed at the width they had then: a game whose values fit that
# width hashes as before, so widening a field changes no fingerprint of an unchanged game.
TAKEN_AT = {"inspiration": "i2", "prestige": "i2", "prestige_src": "i2", "n_discarded": "i2"}


def _as_taken(a: np.ndarray) -> np.ndarray:
    """`a` without the LEFT_OUT fields and with the TAKEN_AT fields at their old width,
    packed as the record was when the fingerprints were taken."""
    names = [n for n in a.dtype.names if n not in LEFT_OUT]
    fields = []
    for n in names:
        base, shape = a.dtype[n].base, a.dtype[n].shape
        fields.append((n, np.dtype(TAKEN_AT.get(n, base)), shape))
    out = np.empty(a.shape, np.dtype(fields))
    for n in names:
        out[n] = a[n]
        assert (out[n] == a[n]).all(), f"{n} does not fit the width it was fingerprinted at"
    return out


def _digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.asarray(a)
        if a.dtype.names and (LEFT_OUT | set(TAKEN_AT)) & set(a.dtype.names):
            a = _as_taken(a)
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:20]


def fingerprints() -> dict[str, str]:
    """{case: digest} of event logs (single games) and final states (batches)."""
    from simcore.games.luthier.carddata.cards import load_default_cards
    from simcore.games.luthier.play.engine import play_batch, play_game
    from strategies.luthier.registry import parse_seats

    cards = load_default_cards()
    out = {}
    for players in (2, 3, 4):
        for name in FIELDS:
            seats = parse_seats(name, players)
            for seed in SEEDS:
                game = play_game(cards, players, seed, seats)
                out[f"play/{players}p/{name}/{seed}"] = _digest(game.log, game.seats)
        mixed = parse_seats(",".join(FIELDS[1 : players + 1]), players)
        b = play_batch(cards, players, 7, mixed, 100, BATCH_GAMES)
        out[f"batch/{players}p/mixed"] = _digest(b.games, b.seats, b.card_events)
        b = play_batch(cards, players, 7, parse_seats("random", players), 100, BATCH_GAMES)
        out[f"batch/{players}p/random"] = _digest(b.games, b.seats, b.card_events)
    return out | ewmh_fingerprints() | apiacere_fingerprints()


EWMH_FIELDS = ("random",)  # Early Western Music History's strategies (issue 37)


def ewmh_fingerprints() -> dict[str, str]:
    """Early Western Music History's cases, "ewmh/...": single games' event logs and
    batches' final states with their card events, at 2, 4 and 9 players."""
    from simcore.games.ewmh.game import GAME

    cards = GAME.load_cards()
    out = {}
    for players in (2, 4, 9):
        for name in EWMH_FIELDS:
            seats = GAME.parse_seats(name, players)
            for seed in SEEDS:
                game = GAME.play_game(cards, players, seed, seats)
                out[f"ewmh/play/{players}p/{name}/{seed}"] = _digest(game.log, game.seats)
            b = GAME.play_batch(cards, players, 7, seats, 100, BATCH_GAMES)
            out[f"ewmh/batch/{players}p/{name}"] = _digest(b.games, b.seats, b.card_events)
    return out


APIACERE_FIELDS = ("random", "performer", "composer", "traveller")  # issue 39


def apiacere_fingerprints() -> dict[str, str]:
    """A Piacere's cases, "apiacere/...": single games' event logs and batches' final states
    with their card events, at 2 and 5 players (each heuristic against random seats)."""
    from simcore.games.apiacere.game import GAME

    cards = GAME.load_cards()
    out = {}
    for players in (2, 5):
        for name in APIACERE_FIELDS:
            seats = GAME.parse_seats(",".join([name] + ["random"] * (players - 1)), players)
            for seed in SEEDS:
                game = GAME.play_game(cards, players, seed, seats)
                out[f"apiacere/play/{players}p/{name}/{seed}"] = _digest(game.log, game.seats)
            b = GAME.play_batch(cards, players, 7, seats, 100, BATCH_GAMES)
            out[f"apiacere/batch/{players}p/{name}"] = _digest(b.games, b.seats, b.card_events)
    return out


if __name__ == "__main__":
    if "--update" not in sys.argv:
        sys.exit("usage: python -m tests.golden_games --update")
    GOLDEN.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
