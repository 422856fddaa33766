"""The conformance suite every registered game passes (in the spirit of pgx's api_test):
games end, the engine's invariants hold, random play is always legal, results do not
depend on threads or chunking, the same seed replays the same transcript, the tables carry
the common columns, and plain Python (no JIT) plays the same game."""

from __future__ import annotations

import os
import subprocess
import sys

import pyarrow as pa
import pytest

COMMON = {
    "games": ("game", "seed", "players", "winner_seats", "shared_win", "end_trigger", "violations"),
    "seats": ("game", "seat", "start_order", "strategy", "rank", "win"),
    "cards": ("game", "seat", "kind", "card_id", "card", "event", "round"),
}
N = 24


def _tables(game, players, seats, first=0, n=N, threads=None, seed=7):
    cards = game.load_cards()
    batch = game.play_batch(cards, players, seed, seats, first, n, None, threads)
    return game.result_tables(cards, batch, players, seats)


def _heuristic(game) -> str:
    return next((name for name in game.strategies() if name != "random"), "random")


def test_random_games_end_legally_with_the_common_columns(game):
    for players in game.player_counts:
        seats = game.parse_seats("random", players)
        tables = _tables(game, players, seats)
        for name, columns in COMMON.items():
            needed = set(columns) | ({game.score} if name == "seats" else set())
            assert needed <= set(tables[name].column_names), name
        g = tables["games"].to_pydict()
        assert g["game"] == list(range(N))
        assert set(g["violations"]) == {0}, "an invariant failed"
        assert None not in g["end_trigger"] and "none" not in g["end_trigger"], "how it ended"
        assert all(len(w) >= 1 for w in g["winner_seats"]), "every game ends with a winner"
        s = tables["seats"]
        assert s.num_rows == N * players
        wins = pa.compute.sum(s["win"]).as_py()
        assert wins == pytest.approx(N), "a game's wins add up to 1"


def test_threads_and_chunking_give_the_same_games(game):
    players = max(game.player_counts)
    seats = game.parse_seats(_heuristic(game), players)
    whole = _tables(game, players, seats, threads=1)
    parallel = _tables(game, players, seats, threads=2)
    halves = [_tables(game, players, seats, first=f, n=N // 2, threads=2) for f in (0, N // 2)]
    for name in ("seats", "cards"):
        assert whole[name].equals(parallel[name]), name
        assert whole[name].equals(pa.concat_tables([h[name] for h in halves])), name


def test_the_same_seed_replays_the_same_transcript(game):
    players = min(game.player_counts)
    cards = game.load_cards()
    seats = game.parse_seats(_heuristic(game), players)
    first = game.transcript(cards, game.play_game(cards, players, 3, seats), [])
    again = game.transcript(cards, game.play_game(cards, players, 3, seats), [])
    other = game.transcript(cards, game.play_game(cards, players, 4, seats), [])
    assert first == again and first != other


SCRIPT = """
import sys, warnings
from simcore import games
warnings.simplefilter("error", RuntimeWarning)
warnings.filterwarnings("ignore", "overflow", RuntimeWarning, "simcore.kernels.rng_nb")
game = games.get(sys.argv[1])
cards = game.load_cards()
players = min(game.player_counts)
seats = game.parse_seats(sys.argv[2], players)
sys.stdout.write(game.transcript(cards, game.play_game(cards, players, 5, seats), []))
"""


def test_plain_python_plays_the_same_game(game):
    strategy = _heuristic(game)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, game.name, strategy],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    cards = game.load_cards()
    players = min(game.player_counts)
    seats = game.parse_seats(strategy, players)
    assert proc.stdout == game.transcript(cards, game.play_game(cards, players, 5, seats), [])


def test_the_card_data_block_describes_the_shipped_cards(game, tmp_path):
    """What balance, `tutti cards` and the report read of a game's cards: the records line up
    with the ids, every kind has fields and tables, an unknown kind is one line, and a card
    written where `card_entry` says overrides it when the directory is loaded back."""
    from reports.experiments.balance_out import dumps
    from simcore.errors import TuttiError

    cards = game.load_cards()
    assert set(game.card_roles.files.values()) <= set(game.card_files)
    assert isinstance(game.card_summary(cards), str) and "\n" not in game.card_summary(cards)
    assert game.card_bits is None or game.card_bits > 0
    for kind in game.card_files:
        ids = game.card_ids(cards, kind)
        records = game.card_records(cards, kind)
        assert [r["id"] for r in records] == ids and ids, kind
        fields = game.card_fields(kind)
        assert fields == tuple(sorted(fields)) and "id" not in fields and "source" not in fields
        assert sum(len(rows) for _, _, rows in game.card_tables(cards, kind)) == len(ids)
    with pytest.raises(TuttiError, match="unknown card kind") as err:
        game.card_fields("nonsense")
    assert "\n" not in str(err.value)
    # the first card with a whole-number field that is not stated (Luthier: the cello's
    # prestige, Maestro: Milhaud's printed value), one more, written as its file holds it
    kind, card_id, field, value = next(
        (k, r["id"], f, r[f])
        for k in game.card_files
        for r in game.card_records(cards, k)
        for f in game.card_fields(k)
        if type(r.get(f)) is int and game.stated_number(k, r["id"], (f,)) is None
    )
    section, ident = game.card_entry(cards, kind, card_id)
    entry = {**ident, field: value + 1} if ident is not None else {field: value + 1}
    doc = {section: [entry] if ident is not None else entry}
    (tmp_path / f"{kind}.toml").write_text(dumps(doc))
    loaded = game.load_cards(tmp_path)
    i = game.card_ids(loaded, kind).index(card_id)
    assert game.card_records(loaded, kind)[i][field] == value + 1
