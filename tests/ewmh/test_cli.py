"""The commands every registered game gets, for Early Western Music History: `games`,
`play` (readable, with state blocks, and --jsonl), `simulate`, `report` (its first line
under the title: the estimates), `whatif`/`ablate`/`sweep`/`balance` over cards and rules
(stated numbers refused), `drift`, and bad input as one line with exit code 2."""

from __future__ import annotations

import json

import pytest

from tests.main import tutti

G = ("--game", "ewmh")


def test_games_lists_it():
    code, out, _ = tutti("games")
    assert code == 0 and "ewmh" in out and "Early Western Music" in out and "2-9" in out


def test_play_writes_a_readable_transcript_with_state_blocks():
    code, out, err = tutti("play", *G, "--players", "3", "--seed", "4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Early Western Music History: 3 players, seed 4")
    rounds = sum(1 for line in lines if line.startswith("-- round ") and ", turn " in line)
    assert rounds > 3
    assert out.count(".. state, start of round ") >= rounds // 3
    assert ".. state, the end, before the final scores:" in out
    for seat in ("Red", "Blue", "Yellow"):
        assert f".. {seat} " in out and f"{seat}: " in out
    for word in ("takes the vocation", "keeps ", "rolls ", "produces ", "== the game ends"):
        assert word in out


def test_play_jsonl_is_one_json_object_a_line(tmp_path):
    path = tmp_path / "game.jsonl"
    code, _, err = tutti("play", *G, "--players", "4", "--seed", "2", "--jsonl", str(path))
    assert code == 0, err
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows[0]["event"] == "game" and rows[0]["players"] == 4
    states = [r for r in rows if r["event"] == "state"]
    assert states and all(len(r["seats"]) == 4 for r in states)
    events = [r for r in rows if "i" in r]
    assert [r["i"] for r in events] == list(range(len(events)))
    final = [r for r in events if r["event"] == "final"]
    assert len(final) == 4 and sum(r["winner"] for r in final) >= 1
    produced = [r for r in events if r["event"] == "produce"]
    assert produced and all("#" in r["composition"] and r["age"] for r in produced)


def test_every_event_has_named_fields_and_words():
    from simcore.games.ewmh.output.transcript import event_line
    from simcore.games.ewmh.output.transcript_jsonl import FIELDS
    from simcore.games.ewmh.state.codes import Ev

    assert set(FIELDS) == set(Ev)
    ids = {"vocations": ["v"], "tiles": ["t"], "abilities": ["ab"]}
    for code in Ev:
        line = event_line(ids, str, str, 1, 0, code, 0, 0, 0, 0)
        assert line != f"Red: {code.name.lower()} 0 0 0 0", code  # worded, not the fallback


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("ewmh") / "run"
    code, _, err = tutti("simulate", *G, "--players", "4", "--games", "600", "--seed", "5",
                         "--out", str(out))  # fmt: skip
    assert code == 0, err
    return out


def test_report_opens_with_the_estimates_and_shows_the_groupings(small_run, tmp_path):
    md = tmp_path / "r.md"
    code, _, err = tutti("report", str(small_run), "--markdown", str(md))
    assert code == 0, err
    text = md.read_text()
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0].startswith("# Early Western Music History")
    assert "composition deck and the path are estimates" in lines[1]
    for heading in ("## Seat order", "## Vocations", "## Arrival order", "## Game arc"):
        assert heading in text, heading
    assert "Award levels" not in text  # no outcome rows in this game
    assert "effects." in text or "compositions." in text  # per-card effects by --set name


def test_drift_between_two_runs_of_the_same_games(small_run, tmp_path):
    code, out, err = tutti("drift", str(small_run), str(small_run))
    assert code == 0, err + out
    assert "vocation" in out


def test_whatif_and_ablate_and_sweep_over_cards_and_rules(tmp_path):
    n = ("--players", "4", "--games", "300", "--seed", "1")
    code, out, err = tutti("whatif", *G, *n, "--set", "effects.guido.params.n=3")
    assert code == 0, err
    assert "card effects.guido" in out and "mean final points" in out and "vocation" in out
    code, out, err = tutti("ablate", *G, *n, "effects", "--only", "guido", "--out",
                           str(tmp_path / "ab"))  # fmt: skip
    assert code == 0, err
    assert "points effect" in out and "guido" in out
    code, out, err = tutti("sweep", *G, "--players", "4", "-n", "300", "rules.path_length.value",
                           "--values", "24,36", "--out", str(tmp_path / "sw"))  # fmt: skip
    assert code == 0, err


def test_balance_refuses_a_stated_number_without_allow_stated():
    code, _, err = tutti("balance", *G, "--vary", "rules.hand_limit.value=5..9",
                         "--objective", "seat-spread")  # fmt: skip
    assert code == 2 and "the rulebook states this number" in err and "--allow-stated" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("play", *G, "--players", "12"), "2-9 players"),
        (("simulate", *G, "--players", "1", "--games", "5", "--out", "runs/x"), "2-9 players"),
        (("whatif", *G, "--set", "effects.nobody.copies=2", "--games", "10"), "nobody"),
        (("whatif", *G, "--set", "rules.age.value=baroque", "--games", "10"), "baroque"),
        (("ablate", *G, "rules", "--games", "10"), "cannot ablate"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, words):
    code, _, err = tutti(*args)
    assert code == 2, err
    assert words in err and "Traceback" not in err
