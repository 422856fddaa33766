"""`tutti balance`: one-line refusals, the JSON and --out plumbing, the planted imbalance,
and what the search returns said alike in the progress, the table and the JSON."""

from __future__ import annotations

import json
import re

import pytest

from tests.cli.test_usage_errors import assert_one_line
from tests.main import tutti

TINY = ["--budget", "1200", "--population", "4", "--confirm-games", "120", "--players", "2"]
VARY = ["--vary", "instruments.cello.prestige=2..6"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "instruments.fiddle.prestige=1..3"], "no instruments card with id fiddle"),
        (["--vary", "instruments.cello.prestig=1..3"], 'did you mean "prestige"'),
        (["--vary", "instrumnts.cello.prestige=1..3"], 'did you mean "instruments"'),
        (["--vary", "instruments.cello.prestige=3..1"], "LO 3 is above HI 1"),
        (["--vary", "instruments.cello.family=1..3"], "is not a number"),
        (["--vary", "instruments.cello.prestige=1..x"], "expected KIND.CARD.FIELD=LO..HI"),
        (["--vary", "instruments.cello.prestige"], "expected KIND.CARD.FIELD=LO..HI"),
        (["--vary", "instruments.violin.prestige=0..6"], "the rulebook states this number"),
        (["--vary", "repairs.*.prestige=-9..0"], "the cards are invalid"),
        ([*VARY, *VARY], "already varied"),
    ],
)
def test_bad_varies_exit_2_with_one_line(args, message):
    assert_one_line(*tutti("balance", *args, "--objective", "seat-spread", *TINY), message)


@pytest.mark.parametrize(
    ("objective", "message"),
    [
        ("seat-sprad", "unknown objective 'seat-sprad'"),
        ("strategy-spread", "strategy-spread needs at least two"),
        ("card:instruments.fiddle", "no instruments card with id fiddle"),
        ("two*seat-spread", "expected NAME or WEIGHT*NAME"),
    ],
)
def test_bad_objectives_exit_2_with_one_line(objective, message):
    assert_one_line(*tutti("balance", *VARY, "--objective", objective, *TINY), message)


def test_a_budget_too_small_and_an_unwritable_out_are_refused(tmp_path):
    assert_one_line(
        *tutti("balance", *VARY, "--objective", "seat-spread", "--budget", "100"), "too small"
    )
    (tmp_path / "notes.txt").write_text("mine")
    assert_one_line(
        *tutti("balance", *VARY, "--objective", "seat-spread", *TINY, "--out", str(tmp_path)),
        "not written by tutti balance",
    )


def _favour_a_lower_point_estimate(monkeypatch) -> None:
    """The check favours any candidate with a lower objective than the current values (not
    beyond doubt): a tiny search then finds one, and --out has a folder to write."""
    import reports.experiments.balance

    monkeypatch.setattr(
        reports.experiments.balance, "better", lambda value, current, diff: value < current
    )


@pytest.mark.slow  # a minute on 2 cores; the thread-count test covers balance's determinism
def test_json_out_and_determinism(tmp_path, monkeypatch):
    _favour_a_lower_point_estimate(monkeypatch)
    args = [*VARY, "--vary", "repairs.*.prestige=-1..1", "--objective", "seat-spread"]
    args += ["--objective", "0.5*card:instruments.cello", *TINY, "--seed", "5"]
    code, out, err = tutti("balance", *args, "--json", str(tmp_path / "a.json"),
                           "--out", str(tmp_path / "cards"))  # fmt: skip
    assert code == 0, err
    assert "difference (returned - current)" in out and "generation 1/" in err
    so_far = [float(x) for x in re.findall(r"best so far ([0-9.]+)", err)]
    assert len(so_far) >= 2 and so_far == sorted(so_far, reverse=True)
    first = json.loads((tmp_path / "a.json").read_text())
    assert set(first["best"]) == {"instruments.cello.prestige", "repairs.*.prestige"}
    for key in ("best", "current", "best_interval", "current_interval", "difference_interval"):
        assert key in first["objective"]
    assert first["seed"] == 5 and first["command"].startswith("tutti balance --vary")
    assert first["improvement_found"] and first["keep"] == []
    code, again, err = tutti("balance", *args, "--json", "-")
    assert code == 0, err
    second = json.loads(again)
    assert (second["best"], second["objective"]) == (first["best"], first["objective"])
    # the written card directory is what --cards takes: it gives the found values
    from simcore.games.luthier.carddata.cards import load_cards

    found = load_cards(tmp_path / "cards")
    best = first["best"]["instruments.cello.prestige"]
    assert found.records["instruments"][found.index("instruments", "cello")]["prestige"] == best
    code, out, err = tutti("whatif", "--cards", str(tmp_path / "cards"), "-n", "50",
                           "--set", "instruments.cello.prestige=3", "--players", "2")  # fmt: skip
    assert code == 0, err
    code, out, err = tutti("simulate", "--cards", str(tmp_path / "cards"), "--games", "20",
                           "--players", "2", "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 0, err
    # a second run may write over the first's directory
    code, _, err = tutti("balance", *args, "--out", str(tmp_path / "cards"))
    assert code == 0, err


def _check_block(text: str) -> list[str]:
    """The check's lines in `text`: from its header to what the search returns."""
    lines = text.splitlines()
    first = next(i for i, x in enumerate(lines) if x.startswith("check of the "))
    last = next(i for i, x in enumerate(lines) if x.startswith(("returned: ", "no improvement")))
    return lines[first : last + 1]


def _table(out: str) -> dict[str, list[str]]:
    """The printed table's rows: vary -> [range, current, returned]."""
    rows = [[c.strip() for c in x.split("│")[1:-1]] for x in out.splitlines() if "│" in x]
    return {r[0]: r[1:] for r in rows}


@pytest.mark.parametrize("rule", ["shipped", "point estimate", "never", "worse"])
def test_progress_table_and_json_agree_on_what_is_returned(tmp_path, monkeypatch, rule):
    """Whatever the check decides (the shipped rule; any lower point estimate wins; nothing
    wins; a broken rule that favours higher objectives), the progress, the table, the --set
    or keep lines, the JSON and the written cards say the same; the returned values never
    score worse than the current ones on the check, and balance never writes a value its
    check disfavours: when it favours no candidate it says "keep" and writes nothing."""
    import reports.experiments.balance

    if rule == "point estimate":
        monkeypatch.setattr(
            reports.experiments.balance, "better", lambda value, current, diff: value < current
        )
    elif rule == "never":
        monkeypatch.setattr(
            reports.experiments.balance, "better", lambda value, current, diff: False
        )
    elif rule == "worse":
        monkeypatch.setattr(
            reports.experiments.balance, "better", lambda value, current, diff: value > current
        )
    seed = "12" if rule == "worse" else "3"  # seed 12's check has a candidate above the current
    args = [*VARY, "--objective", "card:instruments.cello", *TINY, "--seed", seed]
    code, out, err = tutti("balance", *args, "--json", str(tmp_path / "b.json"),
                           "--out", str(tmp_path / "cards"))  # fmt: skip
    assert code == 0, err
    data = json.loads((tmp_path / "b.json").read_text())
    assert _check_block(out) == _check_block(err)  # the progress notes are the printed lines
    rows = data["confirmed"]
    (returned,) = [r for r in rows if r["returned"]]
    (current,) = [r for r in rows if r["current"]]
    key = "instruments.cello.prestige"
    assert returned["values"] == data["best"] and current["values"] == data["current"]
    assert _table(out)[key] == ["2..6", str(data["current"][key]), str(data["best"][key])]
    assert data["improvement_found"] is (returned is not current)
    assert data["objective"]["best"] == returned["objective"]
    assert data["objective"]["current"] == current["objective"]
    assert data["objective"]["difference"] <= 0  # never worse than the current values
    assert [r["objective"] for r in rows] == sorted(r["objective"] for r in rows)
    assert all(r["search_games"] > 0 for r in rows if not r["current"])
    from simcore.games.luthier.carddata.cards import load_cards

    if data["improvement_found"]:
        assert returned["objective"] < current["objective"]  # the check favours it
        written = load_cards(tmp_path / "cards")
        assert written.records["instruments"][written.index("instruments", "cello")][
            "prestige"
        ] == data["best"][key]  # fmt: skip
        assert data["out"]["folder"] == str(tmp_path / "cards")
        assert data["sets"] == [f"{key}={data['best'][key]}"] and data["keep"] == []
        assert f"as --set: {key}={data['best'][key]}" in out and "keep " not in out
        assert f"wrote {tmp_path / 'cards'} (use it as --cards)" in " ".join(out.split())
        assert _check_block(out)[-1] == f"returned: {key}={data['best'][key]}"
        if rule == "shipped":
            assert data["objective"]["difference_interval"][1] < 0
    else:
        assert data["sets"] == [] and "as --set" not in out and data["best"] == data["current"]
        assert data["keep"] == [f"{key}={data['current'][key]}"]
        assert f"\nkeep {key}={data['current'][key]}\n" in out
        assert not (tmp_path / "cards").exists() and data["out"] is None  # nothing written
        assert "wrote nothing to " in out
        assert _check_block(out)[-1].startswith("no improvement found: ")
    if rule == "never":
        assert not data["improvement_found"]
    if rule == "point estimate":  # this seed's check has a lower candidate
        assert data["improvement_found"]
    if rule == "worse":  # the rule picks a higher objective: balance keeps the current values
        assert any(r["objective"] > current["objective"] for r in rows)
        assert not data["improvement_found"]


def test_the_out_directory_carries_the_users_own_cards(tmp_path, monkeypatch):
    _favour_a_lower_point_estimate(monkeypatch)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "instruments.toml").write_text('[[instrument]]\nid = "cello"\nprestige = 9\n')
    (mine / "repairs.toml").write_text('[[repair]]\nid = "r1"\nprestige = 5\n')
    code, _, err = tutti("balance", "--vary", "instruments.viola.rough.wood=1..3",
                         "--objective", "seat-spread", *TINY, "--cards", str(mine),
                         "--seed", "3",  # seed 3's check has a lower candidate
                         "--out", str(tmp_path / "out"),
                         "--json", str(tmp_path / "o.json"))  # fmt: skip
    assert code == 0, err
    assert json.loads((tmp_path / "o.json").read_text())["improvement_found"]
    from simcore.games.luthier.carddata.cards import load_cards

    cards = load_cards(tmp_path / "out")
    assert cards.records["instruments"][cards.index("instruments", "cello")]["prestige"] == 9
    assert cards.records["repairs"][cards.index("repairs", "r1")]["prestige"] == 5


@pytest.mark.slow
def test_a_planted_violin_is_brought_back(tmp_path):
    """Issue 19: plant violin prestige 12, vary it over 0..12 against its card effect,
    with the default field of the four archetypes: the search returns the stated 2
    within 1 (rules version 5; at 2 the violin's holders win about as often as
    comparable seats, so its adjusted effect crosses 0 between 2 and 3)."""
    (tmp_path / "instruments.toml").write_text('[[instrument]]\nid = "violin"\nprestige = 12\n')
    code, out, err = tutti("balance", "--vary", "instruments.violin.prestige=0..12",
                           "--objective", "card:instruments.violin", "--cards", str(tmp_path),
                           "--allow-stated", "--budget", "100000", "--seed", "1",
                           "--strategies", "crafter,performer,restorer,courtier",
                           "--json", "-")  # fmt: skip
    assert code == 0, err
    result = json.loads(out)
    best = result["best"]["instruments.violin.prestige"]
    assert abs(best - 2) <= 1, result["search"]["history"]
    assert result["objective"]["difference_interval"][1] < 0  # better than the planted 12


def test_usage_errors_point_to_the_help():
    assert_one_line(*tutti("balance"), "(see tutti balance --help)")
    assert_one_line(
        *tutti("balance", *VARY, "--objective", "seat-spread", "--budget", "x"), "--budget"
    )


# ---- any game: Maestro through the game interface ----

MAESTRO = ["--game", "maestro", "--budget", "1200", "--population", "4",
           "--confirm-games", "120", "--players", "3"]  # fmt: skip
APPLAUSE = ["--vary", "rules.applause.value=10..18"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "rwos.debussy.value=1..9"], "unknown card kind 'rwos'; did you mean \"rows\"?"),
        (["--vary", "rows.debusy.value=1..9"], "no rows card with id debusy; did you mean debussy"),
        (["--vary", "rows.debussy.valu=1..9"], 'did you mean "value"'),
        (["--vary", "rules.scoring.value=1..3"], "is not a number ('appraisal')"),
        (["--vary", "rules.contiguous.value=0..1"], "is not a number (True)"),
        (["--vary", "rules.applause.value=0..9"], "at 0 the cards are invalid"),
        (["--vary", "instruments.viola.tiles=1..9"], "at 1 the cards are invalid"),
        (["--vary", "rules.critic_bonus.value=0..20"], "the rulebook states this number"),
        (["--vary", "rules.applause.value=10..x"], "tutti cards list KIND --game maestro"),
        (["--vary", "rules.applause.value=10.5..12"], "is a whole number"),
    ],
)
def test_bad_maestro_varies_exit_2_with_one_line(args, message):
    assert_one_line(*tutti("balance", *args, "--objective", "seat-spread", *MAESTRO), message)


@pytest.mark.parametrize(
    ("objective", "message"),
    [
        ("family-spread", "Maestro seats have no family to spread over; its objectives: "
         "seat-spread, strategy-spread, card:KIND.CARD"),
        ("card:rules.applause", "expected card:KIND.CARD with KIND one of rows, instruments"),
        ("card:rows.debusy", "no rows card with id debusy"),
        ("seat-sprad", "unknown objective 'seat-sprad'"),
    ],
)  # fmt: skip
def test_bad_maestro_objectives_exit_2_with_one_line(objective, message):
    assert_one_line(*tutti("balance", *APPLAUSE, "--objective", objective, *MAESTRO), message)


@pytest.mark.slow  # 18 s on 2 cores; Maestro's whatif and sweep tests cover its card searches
def test_a_maestro_balance_runs_end_to_end_and_repeats(tmp_path, monkeypatch):
    """A rule number (the applause count: game length) and an offset on every row's
    printed value, against the seat spread and a row's holder effect; the found values
    are a Maestro card directory that --cards takes."""
    _favour_a_lower_point_estimate(monkeypatch)
    args = [*APPLAUSE, "--vary", "rows.*.value=-2..2", "--objective", "seat-spread",
            "--objective", "0.5*card:rows.debussy", "--strategies", "greedy,rusher,rusher",
            *MAESTRO, "--seed", "2"]  # fmt: skip
    code, out, err = tutti("balance", *args, "--json", str(tmp_path / "a.json"),
                           "--out", str(tmp_path / "board"))  # fmt: skip
    assert code == 0, err
    assert "generation 1/" in err and "difference (returned - current)" in out
    first = json.loads((tmp_path / "a.json").read_text())
    assert first["game"] == "maestro" and first["current"]["rules.applause.value"] == 14
    assert set(first["best"]) == {"rules.applause.value", "rows.*.value"}
    assert 10 <= first["best"]["rules.applause.value"] <= 18
    assert set(first["objective"]["terms"]) == {"seat-spread", "card:rows.debussy"}
    code, again, err = tutti("balance", *args, "--json", "-")
    assert code == 0, err
    second = json.loads(again)
    assert (second["best"], second["objective"], second["search"]["history"]) == (
        first["best"], first["objective"], first["search"]["history"],
    )  # fmt: skip
    # the written directory holds the found values and plays as --cards
    from simcore.games.maestro.carddata.cards import load_cards

    board = load_cards(tmp_path / "board")
    assert board.rules["applause"] == first["best"]["rules.applause.value"]
    offset = first["best"]["rows.*.value"]
    assert [int(v) for v in board.table.row_value[: board.table.n_rows]] == [5 + offset] * 10
    run = ["--games", "20", "--players", "3", "--out", str(tmp_path / "run")]
    code, _, err = tutti("simulate", "--game", "maestro", "--cards", str(tmp_path / "board"), *run)
    assert code == 0, err


def test_a_stated_maestro_rule_is_varied_only_when_allowed():
    args = ["--vary", "rules.critic_bonus.value=0..20", "--objective", "seat-spread", *MAESTRO]
    code, out, err = tutti("balance", *args, "--allow-stated", "--json", "-")
    assert code == 0, err
    assert 0 <= json.loads(out)["best"]["rules.critic_bonus.value"] <= 20
