"""`--help` of every command reads at 80 columns and in a pipe (issue 34): every option
name whole, no line wider than the terminal, no `<bool>` after a flag, no help cut short,
and the `--strategies` default named."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from cli.app import app
from cli.kit.help import first_sentence

runner = CliRunner()


def command_paths() -> list[tuple[str, ...]]:
    """Every command and group of `tutti`, as the words that name it."""
    paths: list[tuple[str, ...]] = []

    def walk(cmd, path: tuple[str, ...]) -> None:
        paths.append(path)
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return paths


def command(path: tuple[str, ...]):
    cmd = typer.main.get_command(app)
    for name in path:
        cmd = cmd.commands[name]
    return cmd


def help_text(path: tuple[str, ...], columns: str | None) -> str:
    env = {"COLUMNS": columns} if columns else {}
    result = runner.invoke(app, [*path, "--help"], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_tree_is_walked() -> None:
    names = {" ".join(p) for p in command_paths()}
    assert {"", "simulate", "sweep", "balance", "cards list", "strategies list"} <= names


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "tutti")
@pytest.mark.parametrize("columns", ["80", None], ids=["80 columns", "a pipe"])
def test_help_holds_every_option_whole_at_80_columns(path, columns) -> None:
    text = help_text(path, columns)
    widest = max(text.splitlines(), key=len)
    assert len(widest) <= 80, widest
    tokens = set(re.findall(r"(?<![\w-])--?[\w][\w-]*", text))
    for param in command(path).params:
        if getattr(param, "hidden", False):
            continue
        for name in [*param.opts, *param.secondary_opts]:
            if name.startswith("-"):
                assert name in tokens, f"{name} is not whole in:\n{text}"
    assert "<bool>" not in text and "…" not in text
    assert not re.search(r"\w\.\.\.$", text, re.M), text  # no help cut short ("word...")
    assert "\u2011" not in text  # the no-break hyphens used for wrapping are undone


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "tutti")
def test_help_never_breaks_a_word_at_a_hyphen(path) -> None:
    """An option named in a help text (`--strategy-module`) is never split over lines."""
    text = help_text(path, "80")
    assert not re.search(r"\w-\n", text), text


def test_a_groups_list_shows_whole_first_sentences() -> None:
    text = help_text((), "80")
    assert "balance     Search the --vary ranges for the values that minimise the\n" in text
    assert first_sentence("One thing. Another thing.") == "One thing."
    assert first_sentence("Short help (e.g. this): more.\n\nLater.") == (
        "Short help (e.g. this): more."
    )


def test_syntax_and_defaults_are_shown() -> None:
    balance = " ".join(help_text(("balance",), "80").split())
    assert "--vary RANGE KIND.CARD.FIELD=LO..HI (e.g. instruments.cello.prestige=2..6," in (balance)
    assert "KIND.*.FIELD=LO..HI" in balance
    for path in (("simulate",), ("play",), ("whatif",), ("balance",)):
        text = " ".join(help_text(path, "80").split())
        assert "(default: random in every seat;" in text, path
    simulate = " ".join(help_text(("simulate",), "80").split())
    assert "--resume Finish the interrupted run" in simulate  # a flag, no type after it
    assert "([strategy] name = value)" in simulate  # brackets are text, not markup
    sweep = help_text(("sweep",), "80")
    assert "tutti sweep [OPTIONS] {TARGET}" in sweep and "--band" in sweep
    assert "--target" not in sweep  # the band's old name still works, unlisted
    assert "whatif.html" in help_text(("whatif",), "80")


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "tutti")
def test_players_help_names_no_fixed_range(path) -> None:
    """Issue 35: every game has its own player counts; `--players` points to `tutti games`."""
    if not any("--players" in param.opts for param in command(path).params):
        return
    text = " ".join(help_text(path, "80").split())
    assert not re.search(r"2, 3 or 4|2-4|default 4\b", text), text
    if path in (("simulate",), ("play",)):
        assert "Number of players (each game's range and default: `tutti games`)" in text
