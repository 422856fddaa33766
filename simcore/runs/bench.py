"""Throughput benchmark: games per second including Parquet, and the cold compile time."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.errors import TuttiError

COMPILE_SNIPPET = """
import time
t = time.perf_counter()
from simcore import games
game = games.get({game!r})
cards = game.load_cards()
seats = game.parse_seats({strategies!r}, {players})
game.play_game(cards, {players}, 1, seats)
game.result_tables(cards, game.play_batch(cards, {players}, 1, seats, 0, 1), {players}, seats)
print(time.perf_counter() - t)
"""


@dataclass(frozen=True)
class BenchResult:
    machine: str
    threads: int
    players: int
    strategies: str
    games: int
    seconds: float  # simulate(), including Parquet writing

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def machine() -> str:
    """CPU model, cores and memory of this machine."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        mem_kb = next(
            int(line.split()[1])
            for line in Path("/proc/meminfo").read_text().splitlines()
            if line.startswith("MemTotal")
        )
        memory = f", {mem_kb / 2**20:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        memory = ""
    return f"{model}, {os.cpu_count()} cores{memory}, Python {platform.python_version()}"


def _fresh_python(args: list[str], cache: str | None, what: str) -> tuple[float, str]:
    """(wall seconds, stdout) of a fresh Python process (`cache`: its kernel cache)."""
    env = {**os.environ}
    if cache is not None:
        env["TUTTI_CACHE_DIR"] = cache
    start = time.perf_counter()
    out = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise TuttiError(f"the {what} measurement failed: {last}")
    return seconds, out.stdout


def _timed_subprocess(args: list[str], cache: str | None, what: str) -> float:
    return _fresh_python(args, cache, what)[0]


PLAY_ARGS = ["-c", "from cli.app import console; console()"]
PLAY_ARGS += ["play", "--players", "4", "--seed", "1"]


def _play_args(game: str | None) -> list[str]:
    """`tutti play --players 4 --seed 1`, of `game` where one is named."""
    return PLAY_ARGS if game is None else [*PLAY_ARGS, "--game", game]


def cold_compile_seconds(players: int, strategies: str, game: str | None = None) -> float:
    """Compile every kernel a run and `tutti play` need into an empty cache, in a fresh
    process (the time the snippet measures itself, so Python's start-up is left out)."""
    code = COMPILE_SNIPPET.format(players=players, strategies=strategies, game=game)
    with tempfile.TemporaryDirectory(prefix="tutti-bench-cache-") as cache:
        _, stdout = _fresh_python(["-c", code], cache, "cold-compile")
        return float(stdout.strip().splitlines()[-1])


def cold_play_seconds(game: str | None = None) -> float:
    """`tutti play --players 4 --seed 1` on an empty kernel cache, start to finish."""
    with tempfile.TemporaryDirectory(prefix="tutti-bench-cache-") as cache:
        return _timed_subprocess(_play_args(game), cache, "cold `tutti play`")


def warm_start_seconds(game: str | None = None) -> float:
    """`tutti play --players 4 --seed 1` with this machine's kernel cache warm (best of 3)."""
    args = _play_args(game)
    _timed_subprocess(args, None, "warm `tutti play`")  # make sure it is warm
    return min(_timed_subprocess(args, None, "warm `tutti play`") for _ in range(3))


def run_bench(
    games: int = 200_000,
    players: int = 4,
    strategies: str = "random",
    threads: int | None = None,
    game: str | None = None,
) -> BenchResult:
    """Simulate `games` games into a temporary run directory on `threads` threads."""
    from simcore.kernels.threads import max_threads
    from simcore.runs.simulate import simulate

    with tempfile.TemporaryDirectory(prefix="tutti-bench-") as tmp:
        result = simulate(
            players=players,
            games=games,
            seed=2026,
            out=Path(tmp) / "run",
            strategies=strategies,
            threads=threads,
            game=game,
        )
    return BenchResult(
        machine(),
        threads or max_threads(),
        players,
        strategies,
        games,
        result.seconds,
    )


START, END = "<!-- bench:start -->", "<!-- bench:end -->"
ROWS = (  # (key, what, unit)
    ("cold_compile_s", "cold compile of every kernel (empty cache)", "s"),
    (
        "cold_play_s",
        "`tutti play --players 4 --seed 1`, empty cache (plain Python), start to end",
        "s",
    ),
    ("warm_start_s", "`tutti play --players 4 --seed 1`, warm cache, start to end", "s"),
    ("random_games_per_s_per_thread", "4 players, `random`, one thread", "games/s"),
    ("random_games_per_s", "4 players, `random`, every thread", "games/s"),
    ("random_games_per_s_per_core", "4 players, `random`, every thread, per core", "games/s"),
    ("field_games_per_s_per_thread", "4 players, the four archetypes, one thread", "games/s"),
    ("field_games_per_s", "4 players, the four archetypes, every thread", "games/s"),
    (
        "field_games_per_s_per_core",
        "4 players, the four archetypes, every thread, per core",
        "games/s",
    ),
    ("check_s", "`tutti check` of a 20,000-game baseline (heuristics)", "s"),
)


def check_markers(path: Path) -> None:
    """Refuse (before measuring) a Markdown file without the two marker lines."""
    try:
        text = path.read_text()
    except OSError as err:
        raise TuttiError(f"--readme {path}: cannot read it ({err.strerror})") from None
    if START not in text or END not in text or text.index(START) > text.index(END):
        raise TuttiError(f"--readme {path}: needs a line {START} before a line {END}")


def markdown_figures(figures: dict) -> str:
    """The bench figures as a Markdown table, with the machine and the thread count."""
    lines = [
        f"Measured by `make bench` on {figures['machine']}, {figures['threads']} threads "
        "(Parquet writing included in every games/s figure; each the fastest of "
        f"{figures.get('repeat', 1)} runs).",
        "",
        "| measure | figure |",
        "|---|---|",
    ]
    for key, what, unit in ROWS:
        if key in figures:
            value = figures[key]
            shown = f"{value:,.0f}" if unit == "games/s" or value >= 10 else f"{value:.1f}"
            lines.append(f"| {what} | {shown} {unit} |")
    lines += [f"| {what} | {shown} |" for what, shown in compared_rows(figures)]
    return "\n".join(lines)


def compared_game(entry: str, players: int) -> tuple[str, Any, int]:
    """`--compare NAME` or `NAME:PLAYERS`: (its figures' key, the game, its player count);
    a one-line TuttiError for an unknown game or a count that is not a number."""
    from simcore import games as registry

    name, _, count = entry.partition(":")
    if not count:
        return name, registry.get(name), players
    if not count.isdigit():
        raise TuttiError(f"--compare {entry}: expected NAME or NAME:PLAYERS, e.g. NAME:9")
    return f"{name}_{int(count)}p", registry.get(name), int(count)


def compared_rows(figures: dict) -> list[tuple[str, str]]:
    """One table row for each game `tutti bench --compare` measured beside the game's field:
    its games/s on one thread and on every thread, each with its ratio to the game's field
    of the same run (same machine)."""
    rows = []
    for entry in figures.get("compared", ()):
        name, _, count = entry.partition(":")
        key = f"{name}_{int(count)}p_field" if count else f"{name}_field"
        at = int(count) if count else figures.get("players", 4)
        parts = []
        for suffix, where in (("_per_thread", "one thread"), ("", "every thread")):
            value = figures.get(f"{key}_games_per_s{suffix}")
            if value is None:
                continue
            ratio = figures.get(f"{key}_ratio{suffix}")
            times = f" ({ratio:.2f}x)" if ratio is not None else ""
            parts.append(f"{value:,.0f}{times} {where}")
        if parts:
            what = f"{at} players, {name}'s heuristic field (x: the four archetypes' games/s)"
            rows.append((what, "; ".join(parts) + ", games/s"))
    return rows


def write_markdown_figures(path: Path, figures: dict) -> None:
    """Replace what stands between the marker lines of `path` with the figures' table."""
    check_markers(path)
    text = path.read_text()
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{START}\n{markdown_figures(figures)}\n{END}{tail}")
