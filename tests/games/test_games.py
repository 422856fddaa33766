"""The game registry and interface (simcore/games/__init__.py, api.py) and `tutti games`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from simcore import games
from simcore.errors import TuttiError
from simcore.games import api
from simcore.games.api import (
    REQUIRED,
    CardData,
    Description,
    Engine,
    Game,
    NoCards,
    ReportSpec,
    Strategies,
    missing_members,
)
from simcore.seats import StrategySpec
from tests.main import tutti

PROTOCOLS = (Description, Engine, Strategies, CardData, ReportSpec)


def test_every_registered_game_satisfies_the_interface():
    assert games.names()[0] == games.DEFAULT
    for name in games.names():
        game = games.get(name)
        assert isinstance(game, Game) and missing_members(game) == []
        assert all(isinstance(game, protocol) for protocol in PROTOCOLS)
        assert game.name == name
        assert game.player_counts and len(game.seat_names) >= max(game.player_counts)
        assert game.default_players in game.player_counts
        assert "random" in game.strategies()
        # what the reports read is declared, not looked up: each kind's data file is a card
        # file, and the roles the drift check counts come from the same kinds
        assert {k.file for k in game.card_kinds} <= set(game.card_files)
        assert set(game.card_roles.held) == {k.kind for k in game.card_kinds if k.held_events}
        assert game.score_sources and all(s in (1, -1) for s in game.score_sources.values())


def test_the_required_members_are_exactly_those_without_a_default():
    declared: set[str] = set()
    defaults: set[str] = set()
    for protocol in PROTOCOLS:
        declared |= set(protocol.__annotations__)
        defaults |= {m for m in vars(protocol) if not m.startswith("_")}
    required = (declared - defaults) | set(Game.__abstractmethods__)
    assert required == set(REQUIRED)
    assert "required members" in api.__doc__ and all(m in api.__doc__ for m in REQUIRED)


# ---------------------------------------------------------------- a minimal game


class Bare(Game):
    """A game with the required members only: everything else comes from the defaults."""

    name = "bare"
    rules_version = 1
    player_counts = (2, 3)
    kernel = ("tests.games.test_games", "play_nb")

    def play_batch(self, cards, players, seed, seats, first, n_games, params=None, threads=None, into=None):  # fmt: skip  # noqa: E501
        raise AssertionError("not played here")

    def result_tables(self, cards, batch, players, seats):
        raise AssertionError("not played here")

    def play_game(self, cards, players, seed, seats, params=None):
        raise AssertionError("not played here")

    def transcript(self, cards, played, header):
        return "\n".join(header)

    def strategies(self):
        return {"random": StrategySpec("random", 0, "uniform over the legal options")}


GAME = Bare()  # registered by the `bare` fixture


def test_a_game_with_the_required_members_gets_the_documented_defaults():
    game = Bare()
    assert missing_members(game) == [] and isinstance(game, Game)
    assert game.title == "Bare" and game.score == "score"
    assert game.default_players == 3 and game.seat_names == ("P1", "P2", "P3")
    game.check_players(2)
    with pytest.raises(TuttiError, match="^Bare is played by 2-3 players, not 4$"):
        game.check_players(4)
    assert [s.name for s in game.parse_seats(None, 2)] == ["random", "random"]
    with pytest.raises(TuttiError, match="unknown strategy 'x'"):
        game.parse_seats("x", 2)
    with pytest.raises(TuttiError, match="takes no user strategy modules"):
        game.load_strategy_module(Path("mine.py"))
    with pytest.raises(TuttiError, match="no JSON lines"):
        game.transcript_jsonl(NoCards(), None, {})  # type: ignore[arg-type]
    assert game.self_play is None and game.dispatch == {} and game.dispatch_kernels("m") == {}
    with pytest.raises(TuttiError, match="no self-play heuristic"):
        api.require_self_play(game)
    assert game.invariant_names is None and api.invariant_names(game) == {}
    assert api.invariant_name({}, 4) == "invariant bit 4"
    # the report spec: nothing declared
    assert game.card_kinds == () and game.score_sources == {} and game.score_by_round is None
    assert game.end_triggers == () and game.drift_groups == () and game.ladder_ratio is None
    assert game.card_bits is None and game.card_roles == api.CardRoles({}, {})


def test_a_game_without_card_data_refuses_card_edits_in_one_line():
    game = Bare()
    cards = game.load_cards()
    assert isinstance(cards, NoCards) and cards.source_dir is None and cards.data_hash
    assert game.card_files == () and game.card_kind("rows") == "rows"
    assert game.card_key("rows", "r1") == "rows/r1" and game.card_label(cards, "rows/r1")
    refusals = [
        lambda: game.load_cards(Path("mycards")),
        lambda: game.load_cards(None, ["rows.r1.value=3"]),
        lambda: game.patch_target("rows.r1.value=3"),
        lambda: game.card_ids(cards, "rows"),
        lambda: game.card_records(cards, "rows"),
        lambda: game.card_fields("rows"),
        lambda: game.card_summary(cards),
        lambda: game.neutral_text(cards, "rows"),
        lambda: api.require_card_data(game, "tutti balance"),
    ]
    for refuse in refusals:
        with pytest.raises(TuttiError, match="^Bare has no card data: ") as err:
            refuse()
        assert "\n" not in str(err.value)


class Carded(Bare):
    """The minimal game with card data: load_cards, card_files and card_records."""

    name = "carded"
    card_files = ("rows", "rules")
    card_kinds = (api.CardKind("row", "rows", held_events=("placed",)),)
    RECORDS = {
        "rows": [
            {"id": "debussy", "name": "Debussy", "value": 3, "instruments": ["harp", "flute"]},
            {"id": "ravel", "name": "Ravel", "value": 4, "source": "estimate"},
        ],
        "rules": [{"id": "target", "value": 100}],
    }

    def load_cards(self, directory=None, patches=()):
        return NoCards(data_hash="abc")

    def card_records(self, cards, kind):
        return self.RECORDS[kind]


def test_a_game_with_card_data_gets_the_card_members_from_its_records():
    game = Carded()
    cards = game.load_cards()
    assert game.card_ids(cards, "rows") == ["debussy", "ravel"]
    assert game.card_name(cards, "rows", "ravel") == "Ravel"
    assert game.card_name(cards, "rules", "target") == "target"
    with pytest.raises(TuttiError, match='no rows card with id ravl; did you mean "ravel"'):
        game.card_name(cards, "rows", "ravl")
    assert game.card_fields("rows") == ("instruments", "name", "value")
    with pytest.raises(TuttiError, match="unknown card kind 'row'; did you mean \"rows\""):
        game.card_fields("row")
    assert game.card_kind("row") == "rows"  # the cards table's kind names its file
    assert game.patch_target("row.debussy.value=5") == ("rows", "debussy")
    for bad in ("rows.debussy=5", "rows.debussy.value", "roes.debussy.value=5"):
        with pytest.raises(TuttiError, match=r"^--set '.*': (expected|unknown card kind)"):
            game.patch_target(bad)
    assert game.card_key("rows", "ravel") == "row/ravel"
    assert game.card_label(cards, "row/ravel") == "rows.ravel"
    assert game.card_summary(cards) == "2 rows, 1 rules"
    (title, columns, rows), *rest = game.card_tables(cards, "rows")
    assert not rest and columns == ["id", "name", "value", "instruments", "source"]
    assert rows[0][3] == "harp, flute" and rows[1][4] == "estimate"
    assert game.card_entry(cards, "rows", "ravel") == ("rows", {"id": "ravel"})
    assert game.stated_number("rows", "ravel", ("value",)) is None
    with pytest.raises(TuttiError, match="cannot ablate 'rows': Carded declares no neutral"):
        game.neutral_patches(cards, "rows", "ravel")
    assert game.card_roles.held == {"row": ("placed",)} and game.card_roles.files == {"row": "rows"}


def test_a_class_that_misses_a_required_member_cannot_be_made():
    class NoTranscript(Game):
        name = "x"

    assert set(missing_members(NoTranscript)) >= {"rules_version", "transcript", "play_batch"}
    with pytest.raises(TypeError, match="abstract"):
        NoTranscript()  # type: ignore[abstract]


# ---------------------------------------------------------------- the commands


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setitem(games.GAMES, "bare", __name__)
    return GAME


@pytest.mark.parametrize(
    ("args", "needs"),
    [
        (("cards", "validate"), "tutti cards"),
        (("cards", "list", "rows"), "tutti cards"),
        (("whatif", "--set", "rows.r1.value=3"), "--set"),
        (("sweep", "rows.r1.value", "--values", "1,2"), "--set"),
        (("ablate", "rows"), "tutti ablate"),
        (("balance", "--vary", "rows.r1.value=1..3", "--objective", "spread"), "tutti balance"),
    ],
)
def test_commands_that_edit_card_data_refuse_a_game_without_it(bare, args, needs):
    code, out, err = tutti(*args, "--game", "bare")
    assert code == 2, (out, err)
    message = f"error: Bare has no card data: {needs} needs card data to read or change"
    assert err.strip().splitlines() == [message]


def test_commands_that_need_no_card_data_take_a_game_without_it(bare):
    code, out, err = tutti("games")
    assert code == 0 and "bare" in out and "2-3 (default 3)" in out, err
    code, out, err = tutti("strategies", "list", "--game", "bare")
    assert code == 0 and "random" in out, err


# ---------------------------------------------------------------- the registry


def test_an_unknown_game_is_one_line_and_exit_2():
    with pytest.raises(TuttiError, match="unknown game 'chess'"):
        games.get("chess")
    code, out, err = tutti("play", "--game", "chess")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "error: unknown game 'chess' (known: luthier, apiacere, dicemining, ewmh, maestro, pig)"
    ]


def test_games_lists_name_players_and_rules_version():
    code, out, _ = tutti("games")
    assert code == 0
    row = next(line for line in out.splitlines() if "luthier" in line)
    game = games.get("luthier")
    assert "2-4" in row and str(game.rules_version) in row


def test_a_run_records_its_game(tmp_path):
    out = tmp_path / "run"
    code, _, err = tutti("simulate", "--game", "luthier", "-n", "8", "-p", "2", "-o", str(out))
    assert code == 0, err
    assert json.loads((out / "manifest.json").read_text())["config"]["game"] == "luthier"


@pytest.mark.parametrize("name", games.names())
def test_the_declared_score_sources_add_up_to_the_score(name):
    game = games.get(name)
    cards = game.load_cards()
    seats = game.parse_seats(None, 2)
    batch = game.play_batch(cards, 2, seed=3, seats=seats, first=0, n_games=16, threads=1)
    table = game.result_tables(cards, batch, 2, seats)["seats"].to_pandas()
    total = sum(sign * table[column] for column, sign in game.score_sources.items())
    assert (total == table[game.score]).all()
    if game.score_by_round is not None:  # the score after each round, from round 1 on
        by_round = [game.score_by_round.format(round=r) for r in (1, 2)]
        assert set(by_round) <= set(table.columns) and by_round[0] != by_round[1]
