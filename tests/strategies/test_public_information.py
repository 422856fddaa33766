"""Strategies decide from public information only (issue 17, item 1).

Two checks. Structurally, no module of strategies/luthier/ (nor the user-module
example), and no engine kernel they call, reads a field of view_nb.HIDDEN_FIELDS, an
opponent's field of view_nb.OWN_FIELDS, or a random stream but the strategy's own; the
accessors of view_nb are the one way to them. Behaviourally, the information-set test:
at over a thousand decision points of real games, dealing again everything the
deciding seat cannot see never changes the option its strategy takes.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from simcore.games.luthier import view_nb
from simcore.games.luthier.enums import Location
from simcore.games.luthier.view_nb import HIDDEN_FIELDS, OWN_FIELDS
from tests.luthier.state import BLUE, RED, Table
from tests.strategies.decision_points import REDEALS, choose, record_game, redeal

ROOT = Path(__file__).resolve().parents[2]
# The modules that decide at the table: the kernels (*_nb.py). The Python tooling beside
# them (tune, exploit, arena, field_tune) seats strategies and picks seeds, by design.
STRATEGY_FILES = sorted((ROOT / "strategies" / "luthier").glob("*_nb.py"))
EXAMPLES = [ROOT / "examples" / "my_strategies.py"]

# Real games: 2, 3 and 4 players, every built-in heuristic archetype.
GAMES = [
    (["balanced", "crafter"], 11),
    (["performer", "courtier"], 12),
    (["restorer", "balanced", "performer"], 13),
    (["courtier", "crafter", "restorer"], 14),
    (["balanced", "crafter", "performer", "restorer"], 15),
    (["courtier", "restorer", "crafter", "performer"], 16),
    (["restorer", "courtier"], 17),
    (["crafter", "performer", "balanced"], 18),
    (["performer", "balanced", "courtier", "restorer"], 19),
]
MIN_POINTS = 1000
REDEALS_PER_POINT = 2


# --- structure: where a strategy may read what


def _strategy_stream(node: ast.Attribute, parent: ast.AST | None) -> bool:
    """True for `x.rng` passed as f(x.rng, Stream.STRATEGY, ...)."""
    if not isinstance(parent, ast.Call) or len(parent.args) < 2 or parent.args[0] is not node:
        return False
    stream = parent.args[1]
    return (
        isinstance(stream, ast.Attribute)
        and isinstance(stream.value, ast.Name)
        and stream.value.id == "Stream"
        and stream.attr == "STRATEGY"
    )


def _names(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _own(node: ast.Attribute, seat: str | None) -> bool:
    """True for `x[seat].field`: the deciding seat's own record."""
    v = node.value
    return (
        seat is not None
        and isinstance(v, ast.Subscript)
        and isinstance(v.slice, ast.Name)
        and v.slice.id == seat
    )


def hidden_reads(tree: ast.AST, seat: str | None = "p") -> list[str]:
    """Hidden reads in a syntax tree, as 'line N: what'. `seat` names the deciding seat,
    whose own private fields may be read as s[seat].field (None: nowhere)."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        what = None
        if isinstance(node, ast.Attribute):
            if _names(node.value, "cards"):  # the card data: public, whatever its names
                continue
            if node.attr == "rng" and _strategy_stream(node, parents.get(node)):
                continue
            if node.attr in HIDDEN_FIELDS:
                what = f".{node.attr}"
            elif node.attr in OWN_FIELDS and not _own(node, seat):
                what = f".{node.attr} of a seat that may not be the decider's"
            elif _names(node.value, "Stream") and node.attr != "STRATEGY":
                what = f"Stream.{node.attr}"
        elif isinstance(node, ast.Constant) and node.value in HIDDEN_FIELDS | OWN_FIELDS:
            what = f"field name {node.value!r}"
        if what:
            found.append(f"line {node.lineno}: {what}")
    return found


def _kernel_leaks(fn, seen: set) -> list[str]:
    """hidden_reads of an engine kernel and of every engine kernel it calls (view_nb's
    accessors excepted: they are the audited way to hidden state)."""
    py = getattr(fn, "py_func", fn)
    mod = getattr(py, "__module__", "") or ""
    if not inspect.isfunction(py) or py in seen or not mod.startswith("simcore."):
        return []
    seen.add(py)
    if mod == view_nb.__name__ or not mod.endswith("_nb"):
        return []
    tree = ast.parse(textwrap.dedent(inspect.getsource(py)))
    leaks = [f"{mod}.{py.__name__} {hit}" for hit in hidden_reads(tree, seat=None)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in py.__globals__:
            leaks += _kernel_leaks(py.__globals__[node.id], seen)
    return leaks


def module_leaks(path: Path) -> list[str]:
    """Hidden reads of a strategy module and of the engine kernels it imports (at the
    top or inside a function)."""
    tree = ast.parse(path.read_text())
    leaks = [f"{path.name} {hit}" for hit in hidden_reads(tree)]
    seen: set = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("simcore."):
            module = importlib.import_module(node.module)
            for alias in node.names:
                obj = getattr(module, alias.name)
                leaks += [f"{path.name} -> {hit}" for hit in _kernel_leaks(obj, seen)]
    return leaks


@pytest.mark.parametrize("path", STRATEGY_FILES + EXAMPLES, ids=lambda p: p.name)
def test_strategy_modules_read_no_hidden_field(path):
    """Hidden state only through view_nb: see view_nb.HIDDEN_FIELDS and OWN_FIELDS."""
    assert module_leaks(path) == []


def test_the_structural_check_finds_hidden_reads():
    """The check above can fail: it flags each kind of hidden read, and the engine's
    exact skill (the heuristics' reading of face-down chips until issue 17)."""
    source = """
def leaky(params, cards, g, s, p, opts, n):
    a = g.pl_chip[0] + g.decks[1, 0] + s[1].goals[0] + s[p].hand[0]
    return a + randint_nb(g.rng, Stream.DICE, n) + randint_nb(g.rng, Stream.STRATEGY, n)
"""
    hits = {h.split(": ")[1].split()[0] for h in hidden_reads(ast.parse(source))}
    assert hits == {".pl_chip", ".decks", ".goals", ".rng", "Stream.DICE"}
    assert len(hidden_reads(ast.parse(source), seat=None)) == 6  # s[p].hand too
    from simcore.games.luthier.priority_nb import skill_nb

    assert any(".pl_chip" in hit for hit in _kernel_leaks(skill_nb, set()))
    assert _kernel_leaks(view_nb.visible_skill_nb, set()) == []


# --- the accessor


def test_visible_skill_exact_for_own_and_revealed_chips_expected_for_face_down(cards):
    t = Table(cards, n_players=2)
    g, s = t.g, t.s
    for p in (RED, BLUE):
        s[p]["chip_free"][:] = s[p]["chip_owned"]
    mine = t.place(RED, Location.GUILD, 3)
    five = t.place(BLUE, Location.GUILD, 5, apprentices=2)
    one = t.place(BLUE, Location.SALON, 1)
    s[BLUE]["chip_free"][[0, 4]] = 0  # chips 1 and 5 left BLUE's hand; 3 is still in it
    s[RED]["chip_free"][2] = 0
    table = cards.table
    assert view_nb.visible_skill_nb(table, g, s, RED, mine) == 3.0
    assert view_nb.visible_skill_nb(table, g, s, BLUE, five) == 7.0  # its owner knows
    assert view_nb.visible_skill_nb(table, g, s, RED, five) == 3.0 + 2  # (1 + 5) / 2 + 2
    assert view_nb.visible_skill_nb(table, g, s, RED, one) == 3.0
    assert view_nb.face_down_chips_nb(g, s, BLUE) == 0b10001
    g["pl_done"][mine] = 1  # the Guild was activated: every chip there is face up
    assert view_nb.visible_skill_nb(table, g, s, RED, five) == 7.0
    assert view_nb.visible_skill_nb(table, g, s, RED, one) == 1.0  # the only one face down


def test_a_face_down_chip_value_does_not_change_the_heuristic(cards):
    """The bug of issue 17: chips_ahead_nb counted an opponent's face-down 5 as a 5.
    BLUE's chips 1 and 5 lie face down at the Guild and the Salon, in either order: the
    exact skill tells the orders apart, what RED decides by does not."""
    from simcore.games.luthier.dtypes import new_state
    from simcore.games.luthier.priority_nb import skill_nb
    from simcore.games.luthier.round_nb import place_options_nb
    from strategies.luthier.heuristic_nb import MEMO_SIZE, chips_ahead_nb
    from tests.strategies.decision_points import Point

    table = cards.table
    states = []
    for guild, salon in ((5, 1), (1, 5)):
        t = Table(cards, n_players=2)
        t.plays(RED, "balanced")
        t.s[RED]["chip_free"][:] = t.s[RED]["chip_owned"]
        t.s[RED]["apprentices"] = 1
        t.place(BLUE, Location.GUILD, guild)
        t.place(BLUE, Location.SALON, salon)
        t.s[BLUE]["chip_free"][2] = 1  # BLUE still holds its 3
        states.append(t)
    exact = []
    for t in states:
        ahead = [skill_nb(table, t.g, t.s, i) >= 3 for i in range(t.g["pl_n"])]
        exact.append(sum(a for i, a in enumerate(ahead) if t.g["pl_loc"][i] == Location.GUILD))
        seen = chips_ahead_nb(table, t.g, t.s, RED, Location.GUILD, 3, np.full(MEMO_SIZE, np.nan))
        assert seen == 1  # an expected (1 + 5) / 2 = 3 is not below 3
    assert exact == [1, 0]  # what the heuristics read before: the test can tell

    picks = []
    for t in states:
        n = place_options_nb(table, t.g, t.s, t.w.opts, RED)
        games, seats = new_state(1)
        games[0], seats[0] = t.g, t.s
        point = Point("place", games, seats, t.w.opts[:n].copy(), RED, None, t.w.params)
        picks.append(choose(cards, point, games, seats))
    assert picks[0] == picks[1]


# --- the information-set invariance test


@pytest.fixture(scope="module")
def points(cards):
    out = []
    for names, seed in GAMES:
        out += [(names, pt) for pt in record_game(cards, names, seed)]
    return out


def test_decisions_do_not_depend_on_what_the_seat_cannot_see(cards, points):
    """Dealing again every hidden thing (view_nb.HIDDEN_FIELDS, OWN_FIELDS) consistently
    with what the deciding seat sees never changes the option its strategy takes."""
    start = time.perf_counter()
    rng = np.random.default_rng(17)
    kinds = {}
    chips_moved = 0
    failures = []
    for names, pt in points:
        base = choose(cards, pt, pt.games, pt.seats)
        if pt.chosen >= 0:
            assert base == pt.chosen, "a decision point does not replay as the engine took it"
        kinds[pt.what] = kinds.get(pt.what, 0) + 1
        for _ in range(REDEALS_PER_POINT):
            games, seats = redeal(pt, rng)
            chips_moved += not np.array_equal(games["pl_chip"], pt.games["pl_chip"])
            if choose(cards, pt, games, seats) != base:
                which = [  # what alone changes the decision, in a few tries
                    name
                    for name in REDEALS
                    if any(choose(cards, pt, *redeal(pt, rng, (name,))) != base for _ in range(5))
                ]
                failures.append((names, pt.what, pt.p, int(pt.games["round_no"][0]), which))
    assert failures == []
    assert len(points) >= MIN_POINTS
    assert set(kinds) == {"place", "turn", "act", "market"}, kinds
    assert chips_moved >= 200  # the redeals did move opponents' face-down chips
    print(f"{len(points)} decision points {kinds}, {time.perf_counter() - start:.1f} s")
