"""Games that broke the engine's invariant checks come first in every report (Luthier's
card report and the game report; HTML, Markdown, JSON), and every command a report prints
is shell-quoted: a cards folder named `cards $(touch PWN) dir` runs nothing when pasted."""

from __future__ import annotations

import html
import json
import re
import shlex
import subprocess
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from reports.cardbalance.findings import ablate_command, confirm_command
from reports.report import build_report, render_markdown, write_report
from reports.run.violations import MAX_EXAMPLES
from tests.unsound_runs import unsound_copy

FOLDER = "cards $(touch PWN) dir"  # a folder name that runs `touch PWN` if left unquoted
LUTHIER_BITS = {g: (1 if g % 2 else 2 | 4) for g in range(3, 45, 3)}  # 14 games
MAESTRO_BITS = {4: 1, 9: 128 | 512, 30: 1 << 20}  # bit 2**20: a bit the game does not name


def _simulate(out: Path, cards: Path, **kwargs) -> Path:
    from simcore import simulate

    cards.mkdir()  # an empty card directory: the shipped set, under a hostile name
    simulate(out=out, cards=cards, chunk_size=30, progress=False, **kwargs)
    return out


def _written(where: Path, write, run: Path) -> dict:
    paths = {"html": where / "r.html", "md": where / "r.md", "json": where / "r.json"}
    report = write(run, html=paths["html"], markdown=paths["md"], json_out=paths["json"])
    return {
        "report": report,
        "run": run,
        "html": paths["html"].read_text(),
        "md": paths["md"].read_text(),
        "json": json.loads(paths["json"].read_text()),
    }


@pytest.fixture(scope="module")
def luthier(tmp_path_factory) -> dict:
    """A 3-player Luthier run of 60 games whose cards folder has a hostile name, with 14
    games marked as having broken invariant checks, and its report."""
    where = tmp_path_factory.mktemp("violations")
    run = _simulate(where / "run", where / FOLDER, players=3, games=60, seed=5)
    bad = unsound_copy(run, where / "unsound", LUTHIER_BITS)
    return _written(where, write_report, bad)


@pytest.fixture(scope="module")
def maestro(tmp_path_factory) -> dict:
    where = tmp_path_factory.mktemp("violations_maestro")
    run = _simulate(
        where / "run", where / FOLDER, game="maestro", players=3, games=60, seed=5,
        strategies="greedy,rusher,random",
    )  # fmt: skip
    bad = unsound_copy(run, where / "unsound", MAESTRO_BITS)
    return _written(where, write_report, bad)


def _expected(run: Path, bits: dict[int, int]) -> list[tuple[int, int]]:
    seeds = pl.read_parquet(run / "games" / "*.parquet").select("game", "seed")
    seed = dict(seeds.iter_rows())
    return [(g, seed[g]) for g in sorted(bits)][:MAX_EXAMPLES]


# ---------------------------------------------------------------- counts and placement


def test_a_sound_run_says_so_in_one_calm_line(tiny) -> None:
    report = build_report(tiny)
    assert report["violations"] == {"games": 0, "of": 50, "invariants": [], "examples": []}
    md = render_markdown(report)
    assert "violations" not in md.lower()
    assert md.count("invariant") == 1 and "Engine invariant checks: passed in all 50 games" in md


def test_luthier_report_counts_the_checks_and_lists_the_first_games(luthier) -> None:
    v = luthier["json"]["violations"]
    assert list(luthier["json"])[:3] == ["format", "run", "violations"]
    assert (v["games"], v["of"]) == (len(LUTHIER_BITS), 60)
    odd = sum(g % 2 for g in LUTHIER_BITS)
    assert v["invariants"] == [
        {"bit": 1, "name": "negative resource or prestige", "games": odd},
        {"bit": 2, "name": "storage cap exceeded", "games": len(LUTHIER_BITS) - odd},
        {"bit": 4, "name": "apprentice cap exceeded", "games": len(LUTHIER_BITS) - odd},
    ]
    assert [(x["game"], x["seed"]) for x in v["examples"]] == _expected(
        luthier["run"], LUTHIER_BITS
    )
    first = v["examples"][0]
    assert first["invariants"] == ["negative resource or prestige"]  # game 3: bit 1
    assert shlex.split(first["command"]) == [
        "tutti", "play", "--game", "luthier", "--players", "3", "--seed", str(first["seed"]),
        "--strategies", "random", "--cards", str(luthier["run"].parent / FOLDER),
    ]  # fmt: skip


def test_violations_are_the_first_section_of_every_format(luthier, maestro) -> None:
    for written, first in ((luthier, "## Summary"), (maestro, "## Summary")):
        md, page = written["md"], written["html"]
        v = written["json"]["violations"]
        top = md.index("## Engine invariant violations")
        assert top < md.index(first) and md[:top].count("\n## ") == 0
        assert f"**{v['games']} of {v['of']} games broke the engine's invariant checks.**" in md
        assert page.index("<h2>Engine invariant violations</h2>") < page.index("Summary</h2>")
        for x in v["examples"]:
            assert x["command"] in md
            assert html.escape(x["command"]) in page
        assert f"failed in {v['games']} of {v['of']} games (see the top)" in md


def test_the_game_report_names_the_games_own_checks(maestro) -> None:
    v = maestro["json"]["violations"]
    assert v["invariants"] == [
        {"bit": 1, "name": "tiles", "games": 1},
        {"bit": 128, "name": "options", "games": 1},
        {"bit": 512, "name": "critic", "games": 1},
        {"bit": 1 << 20, "name": f"invariant bit {1 << 20}", "games": 1},
    ]
    assert [x["invariants"] for x in v["examples"]] == [
        ["tiles"], ["options", "critic"], [f"invariant bit {1 << 20}"]
    ]  # fmt: skip
    assert "Replay all 3 (by game index)" in maestro["md"]
    assert all(" --game maestro --players 3 " in x["command"] for x in v["examples"])


def test_a_tally_adds_windows_and_reads_every_bit_of_the_column() -> None:
    """Windows of a replay (`tutti check`) add up; the first games stay the lowest game
    indices; the column's top bit is a bit like any other (an Int32 column holds it as a
    negative number)."""
    from reports.run.violations import Tally

    tally = Tally()
    for first in (20, 0):  # the later window first: the examples are still by game index
        n = 20
        bits = [0 if g % 3 else (1 << 31 if g == 3 else 2) for g in range(first, first + n)]
        window = pl.DataFrame(
            {
                "game": range(first, first + n),
                "seed": [100 + g for g in range(first, first + n)],
                "violations": np.array(bits, np.uint32).view(np.int32),
            }
        )
        tally.add(window)
    bad = [g for g in range(40) if g % 3 == 0]
    assert (tally.games, tally.bad) == (40, len(bad))
    assert tally.per_bit == {2: len(bad) - 1, 1 << 31: 1}
    assert [g for g, _, _ in tally.first] == bad[:MAX_EXAMPLES]
    assert tally.first[1] == (3, 103, 1 << 31)


# ---------------------------------------------------------------- shell quoting


def _commands(written: dict) -> list[str]:
    """Every `tutti ... --option ...` command in the JSON, the Markdown and the HTML."""
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and value.startswith("tutti "):
            found.append(value)

    walk(written["json"])
    md = written["md"]
    found += re.findall(r"`(tutti [^`]*)`", md)
    found += [line for line in md.splitlines() if line.startswith("tutti ")]
    page = written["html"]
    found += [html.unescape(c) for c in re.findall(r"<code>(tutti [^<]*)</code>", page)]
    found += [html.unescape(c) for c in re.findall(r'title="(tutti [^"]*)"', page)]
    for block in re.findall(r"<pre><code>(.*?)</code></pre>", page, re.S):
        found += [x for x in html.unescape(block).splitlines() if x.startswith("tutti ")]
    return [c for c in found if " --" in c]  # not prose such as "`tutti play` seats ..."


def _pasted(command: str, where: Path) -> list[str]:
    """The words `tutti` gets when `command` is pasted into a shell (tutti a stub)."""
    stub = "tutti() { printf '%s\\0' \"$@\"; }; "
    out = subprocess.run(
        ["sh", "-c", stub + command], cwd=where, capture_output=True, text=True, check=True
    )
    return out.stdout.split("\0")[:-1]


@pytest.mark.parametrize("which", ["luthier", "maestro"])
def test_every_printed_command_pastes_as_its_words(which, request, tmp_path) -> None:
    written = request.getfixturevalue(which)
    folder = str(written["run"].parent / FOLDER)
    commands = _commands(written)
    kinds = {shlex.split(c)[1] for c in commands}
    assert len(commands) >= 2 * len(written["json"]["violations"]["examples"])
    assert kinds >= {"play"}
    for command in commands:
        words = _pasted(command, tmp_path)
        assert words == shlex.split(command)[1:], command
        assert words[words.index("--cards") + 1] == folder, command
    assert not (tmp_path / "PWN").exists() and not Path("PWN").exists()


def test_ablate_and_confirm_commands_quote_every_word(tmp_path) -> None:
    run = {
        "players": 2, "seed": 1, "cards_dir": FOLDER, "run_dir": "runs/a b;touch PWN",
        "seats": [{"strategy": "random"}, {"strategy": "it's"}],
    }  # fmt: skip
    kinds = {"kinds": {"instrument": {"file": "instruments"}}}  # the game's card file
    ablate = ablate_command({"run": run, "cards": kinds}, "instrument", "x$(id)")
    assert _pasted(ablate, tmp_path) == [
        "ablate", "instruments", "--only", "x$(id)", "--players", "2", "--seed", "1",
        "--strategies", "random,it's", "--cards", FOLDER,
    ]  # fmt: skip
    confirm = confirm_command({"run": run}, 3)
    assert _pasted(confirm, tmp_path) == ["report", "runs/a b;touch PWN", "--confirm", "3"]
    assert not (tmp_path / "PWN").exists()
