"""Every decision point of real games, taken again with what the deciding seat cannot see
dealt again, option list included: the behavioural half of
tests/strategies/test_public_information.py, for both games.

The games run as plain Python (NUMBA_DISABLE_JIT=1, so in a process of their own:
`python -m tests.strategies.decision_points luthier 1 balanced,crafter:11 ...` prints a
JSON summary), which lets this module watch the engine's own functions and run them again:

- Every call of a game's decide kernels is a decision point, a lone option included; its
  context is the call site ('module.function:line'; decision_sites lists them all). The
  recorder notes the deciding seat, the option list and the option taken.
- At each decision point the engine's code is run again up to that decision from the
  entry of a function on the stack, on copies of the state as it was at that entry (the
  re-run point): once as it was, which must give the same options and choice (the harness
  checks itself), then for each of the game's redraw groups (everything hidden; the
  undrawn decks alone) `repeats` times after dealing again what the deciding seat cannot
  see. The engine thus builds the option list again from the redealt state, and the
  strategy decides on it; any change of the options or of the choice is a failure.
- The re-run point is the outermost function entered since the previous decision (the
  arguments it was given were computed before anything was decided, and no other decision
  lies on the way); if none was, the function that called decide, when every decision
  taken since its entry was the same seat's (a market visit, a Maestro turn: those
  decisions are taken again on the way and must not change either); if the seats took
  turns since (the planning and resolution loops), the option kernel that loop calls
  (the game's `builders`), at the decision.
- What is dealt again is consistent with what the deciding seat sees at the decision and
  with what happened between the re-run point and the decision (a card drawn on the way
  is not dealt again): the undrawn part of every deck and pool, in a new order; opponents'
  hands exchanged with the deck, each card for one of the same back; opponents' face-down
  chips; opponents' goals and family tiles (their pick-rate bits renamed alike) exchanged
  with the undealt ones; the game seed and every random stream not used on the way, the
  strategy stream excepted.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]


class Reached(Exception):  # noqa: N818 - control flow, not an error
    """A re-run arrived at its target decision: the options and the choice there."""

    def __init__(self, opts: np.ndarray, k: int):
        self.opts, self.k = opts, k


class DivergedError(Exception):
    """A re-run took another way before its target decision."""


@dataclass
class Decision:
    index: int
    p: int  # the deciding seat
    context: str  # the decide call: 'module.function:line'
    opts: np.ndarray  # int16[n, OPT_W]
    k: int  # the option taken


@dataclass
class Snapshot:
    """A function's entry: the function and its arguments, remapped onto copies of the roots."""

    fn: Any
    recipe: list  # per argument: how to rebuild it on fresh copies of the roots
    roots: list  # copies of the root arrays at the entry
    entered_at: int  # decisions taken before the entry


# --- copying a function's arguments onto copies of the game's arrays


def _address(a) -> int:
    return np.asarray(a).__array_interface__["data"][0]


class Copier:
    """Copies argument tuples, keeping views into the game's root arrays (state, options,
    events) views into copies of those roots, so writes through one are seen by others."""

    def __init__(self, roots: list[np.ndarray], shared: list[Any]):
        self.roots = roots
        self.spans = [(_address(r), _address(r) + r.nbytes) for r in roots]
        self.shared = {id(x) for x in shared}  # read-only inputs (card tables): not copied

    def root_of(self, a) -> tuple[int, int]:
        ptr = _address(a)
        for i, (lo, hi) in enumerate(self.spans):
            if lo <= ptr < hi:
                return i, ptr - lo
        return -1, 0

    def recipe(self, value) -> tuple:
        if id(value) in self.shared:
            return ("value", value)
        if isinstance(value, tuple) and hasattr(value, "_fields"):  # Work
            return ("tuple", type(value), [self.recipe(v) for v in value])
        if isinstance(value, np.void):  # a record (np.record): g, s[p], cards
            i, off = self.root_of(value)
            if i >= 0:
                return ("record", i, off, value.dtype)
            return ("record_copy", value.copy())
        if isinstance(value, np.ndarray):
            i, off = self.root_of(value)
            if i >= 0 and value.size > 0:
                return ("view", i, off, value.shape, value.dtype, value.strides, type(value))
            return ("copy", value.copy())
        return ("value", value)

    @staticmethod
    def build(item: tuple, roots: list[np.ndarray]):
        kind = item[0]
        if kind == "value":
            return item[1]
        if kind == "tuple":
            return item[1](*[Copier.build(x, roots) for x in item[2]])
        if kind == "record":
            _, i, off, dtype = item
            a = np.ndarray((1,), dtype, buffer=roots[i], offset=off).view(np.recarray)
            return a[0]
        if kind == "record_copy":
            return item[1].copy()
        if kind == "view":
            _, i, off, shape, dtype, strides, cls = item
            a = np.ndarray(shape, dtype, buffer=roots[i], offset=off, strides=strides)
            return a.view(cls) if cls is not np.ndarray else a
        return item[1].copy()

    def snapshot(self, fn, args: tuple, entered_at: int) -> Snapshot:
        return Snapshot(
            fn, [self.recipe(a) for a in args], [r.copy() for r in self.roots], entered_at
        )

    @staticmethod
    def instantiate(snap: Snapshot) -> tuple[list[np.ndarray], list]:
        roots = [r.copy() for r in snap.roots]
        return roots, [Copier.build(item, roots) for item in snap.recipe]


# --- the games


def _shuffle_kept(e: np.ndarray, t: np.ndarray, n_e: int, n_t: int, rng) -> bool:
    """Shuffle e[:n_t], the part of a pile (drawn from its end) still undrawn at the decision,
    if it is the same at the entry (e) and at the decision (t); True if anything moved."""
    if n_t > n_e or n_t < 2 or not np.array_equal(e[:n_t], t[:n_t]):
        return False
    before = e[:n_t].copy()
    rng.shuffle(e[:n_t])
    return not np.array_equal(before, e[:n_t])


def _reseed(ge, gt, streams, rng) -> bool:
    """A new game seed, and new states for the random streams `streams` not used between
    the entry and the decision (the strategy stream is never among them)."""
    ge["seed"] = int(rng.integers(2**62))
    moved = False
    for k in streams:
        if ge["rng"][k] == gt["rng"][k]:
            ge["rng"][k] = rng.integers(2**63, dtype=np.uint64)
            moved = True
    return moved


class Luthier:
    """Luthier: what a seat cannot see (view_nb.HIDDEN_FIELDS, OWN_FIELDS) and how to deal
    it again."""

    name = "luthier"
    package = "simcore.games.luthier"
    decide_names = ("decide_nb", "decide_card_nb", "decide_planned_nb")
    P, N, OPTS = 5, 6, 3  # argument positions of the seat, the option count and the options

    def __init__(self):
        from simcore.games.luthier.carddata.cards import load_default_cards
        from simcore.games.luthier.play.round_nb import place_options_nb, turn_options_nb
        from simcore.games.luthier.state.dtypes import Stream

        self.cards = load_default_cards()
        self.streams = (Stream.SETUP, Stream.DICE, Stream.DECK)
        # the loops where seats take turns: no re-run point reaches them without replaying
        # other seats' decisions, so their option lists are built again by these
        self.builders = {
            "simcore.games.luthier.play.round_nb.planning_steps_nb": place_options_nb,
            "simcore.games.luthier.play.round_nb.resolution_steps_nb": turn_options_nb,
        }
        self.redraws = {  # in this order: each compares the piles it deals with the decision's
            "hands": self.deal_hands,
            "deck order": self.shuffle_decks,
            "face-down chips": self.shuffle_chips,
            "goals and families": self.deal_goals_and_families,
            "seed and random streams": lambda ge, se, gt, st, p, acting, rng: _reseed(
                ge, gt, self.streams, rng
            ),
        }
        self.groups = {"everything hidden": tuple(self.redraws), "undrawn decks": ("deck order",)}

    def options(self, args) -> np.ndarray:
        return args[self.OPTS][: args[self.N]].copy()

    def with_options(self, args, opts: np.ndarray, n: int) -> tuple:
        args = list(args)
        args[self.OPTS], args[self.N] = opts, n
        return tuple(args)

    def new_game(self, names: list[str], seed: int):
        """(function, arguments, roots, shared) that play game `seed` with seats `names`."""
        from simcore.games.luthier.play.engine import params_matrix
        from simcore.games.luthier.play.game_nb import play_game_nb
        from simcore.games.luthier.state.dtypes import new_state
        from simcore.games.luthier.state.work import new_work, snapshot_buffers
        from strategies.luthier.registry import get

        specs = [get(n) for n in names]
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p]["strategy"] = spec.id
        w = new_work(params_matrix(specs, None))
        snap_g, snap_s = snapshot_buffers(0)
        table = self.cards.table
        args = (table, games[0], seats[0], w, snap_g, snap_s, len(names), seed, 0)
        return play_game_nb, args, [games, seats, w.opts, w.cev], [table, w.params]

    @staticmethod
    def when(g) -> str:
        return f"round {int(g['round_no'])}"

    @staticmethod
    def acting(stack) -> int:
        """The location being activated at the decision (its chips are face up), or -1."""
        for f in stack:
            if f.f_code.co_name == "activate_nb":
                return int(f.f_locals["loc"])
        return -1

    @staticmethod
    def face_down(g, j: int, acting: int) -> bool:
        """Placement j's chip is face down: no chip at its location has acted (for a bench,
        none of its owner's) and that location is not being activated."""
        from simcore.games.luthier.state.enums import Location

        loc = int(g["pl_loc"][j])
        if loc == acting:
            return False
        for k in range(int(g["pl_n"])):
            same = loc < Location.ROUGHING or g["pl_seat"][k] == g["pl_seat"][j]
            if g["pl_loc"][k] == loc and same and g["pl_done"][k]:
                return False
        return True

    @staticmethod
    def shuffle_decks(ge, se, gt, st, p, acting, rng) -> bool:
        moved = False
        for row in range(ge["decks"].shape[0]):
            n_e, n_t = int(ge["deck_n"][row]), int(gt["deck_n"][row])
            moved |= _shuffle_kept(ge["decks"][row], gt["decks"][row], n_e, n_t, rng)
        for pile in ("market_deck", "royal_deck", "family_pool", "goal_pool"):
            n_e, n_t = int(ge[pile + "_n"]), int(gt[pile + "_n"])
            moved |= _shuffle_kept(ge[pile], gt[pile], n_e, n_t, rng)
        for d in range(ge["specialty_deck"].shape[0]):
            n_e, n_t = int(ge["specialty_deck_n"][d]), int(gt["specialty_deck_n"][d])
            moved |= _shuffle_kept(ge["specialty_deck"][d], gt["specialty_deck"][d], n_e, n_t, rng)
        return moved

    def deal_hands(self, ge, se, gt, st, p, acting, rng) -> bool:
        """Opponents' hands and the undrawn instrument deck dealt again among themselves,
        each card into a place that held a card of the same back (its family, ruling 20):
        backs are public."""
        from simcore.games.luthier.state.enums import CardRow

        row = CardRow.INSTRUMENTS
        n_t = int(gt["deck_n"][row])
        if n_t > int(ge["deck_n"][row]) or not np.array_equal(
            ge["decks"][row, :n_t], gt["decks"][row, :n_t]
        ):
            return False
        places = [(ge["decks"][row], k) for k in range(n_t)]
        for q in range(int(ge["n_players"])):
            hand_e, hand_t = se[q]["hand"], st[q]["hand"]
            if q != p:
                places += [
                    (hand_e, k) for k in range(hand_e.shape[0]) if 0 <= hand_e[k] == hand_t[k]
                ]
        family = self.cards.arrays.inst_family
        hands = [se[q]["hand"].copy() for q in range(int(ge["n_players"]))]
        for key in {int(family[a[k]]) for a, k in places}:
            mine = [(a, k) for a, k in places if family[a[k]] == key]
            new = rng.permutation(np.array([a[k] for a, k in mine]))
            for (a, k), c in zip(mine, new, strict=True):
                a[k] = c
        return any(not np.array_equal(h, se[q]["hand"]) for q, h in enumerate(hands))

    def shuffle_chips(self, ge, se, gt, st, p, acting, rng) -> bool:
        """Each opponent's face-down chips take any order among their placements."""
        moved = False
        n = min(int(ge["pl_n"]), int(gt["pl_n"]))
        for q in range(int(ge["n_players"])):
            if q == p:
                continue
            hidden = [
                j
                for j in range(n)
                if gt["pl_seat"][j] == q
                and self.face_down(gt, j, acting)
                and ge["pl_chip"][j] == gt["pl_chip"][j]
            ]
            before = ge["pl_chip"][hidden].copy()
            ge["pl_chip"][hidden] = rng.permutation(before)
            moved |= not np.array_equal(before, ge["pl_chip"][hidden])
        return moved

    def deal_goals_and_families(self, ge, se, gt, st, p, acting, rng) -> bool:
        """Opponents' goals (dealt and kept) and family tiles dealt but not kept, exchanged
        with the undealt ones by renaming card ids (one bijection per kind, fixing every id
        seat p sees); opponents' pick-rate bits of those kinds follow the same renaming."""
        from simcore.games.luthier.state.codes import CardKind
        from simcore.games.luthier.state.dtypes import CARD_BITS

        opponents = [q for q in range(int(ge["n_players"])) if q != p]
        moved = False
        for kind, pool, fields, seen in (
            (
                CardKind.GOAL,
                "goal_pool",
                ("goals_dealt", "goals"),
                {*st[p]["goals_dealt"], *st[p]["goals"]},
            ),
            (
                CardKind.FAMILY,
                "family_pool",
                ("family_dealt",),
                {*st[p]["family_dealt"], *(st[q]["family"] for q in range(len(st)))},
            ),
        ):
            arrays = [ge[pool][: int(ge[pool + "_n"])]]
            arrays += [se[q][f] for q in opponents for f in fields]
            ids = sorted({int(c) for a in arrays for c in np.atleast_1d(a) if c >= 0})
            ids = [c for c in ids if c not in {int(x) for x in seen}]
            new = dict(zip(ids, (int(x) for x in rng.permutation(ids)), strict=True))
            moved |= any(a != b for a, b in new.items())
            for a in arrays:
                a = np.atleast_1d(a)
                for k in range(a.shape[0]):
                    if int(a[k]) in new:
                        a[k] = new[int(a[k])]
            for q in opponents:
                for bits in (se[q]["offered"], se[q]["picked"]):
                    flat = np.unpackbits(bits, bitorder="little")
                    block = flat[kind * CARD_BITS : (kind + 1) * CARD_BITS].copy()
                    for a, b in new.items():
                        flat[kind * CARD_BITS + b] = block[a]
                    bits[:] = np.packbits(flat, bitorder="little")
        return moved


class Maestro:
    """Maestro: the face-down pool (its order and what is left in it) and the seed."""

    name = "maestro"
    package = "simcore.games.maestro"
    decide_names = ("decide_nb",)
    OPTS, P, N = 3, 4, 5  # OPTS: the Work bundle, whose opts the builder fills

    def __init__(self):
        from simcore.games.maestro.carddata.cards import load_default_cards
        from simcore.games.maestro.play.resume_nb import top_options_nb
        from simcore.games.maestro.state.dtypes import Stream

        self.cards = load_default_cards()
        # the game loop, where seats take turns: a placement's options are built again by
        # the kernel that lists them where the loop stops (args: cards, g, s, w, p)
        self.builders: dict[str, Any] = {
            "simcore.games.maestro.play.resume_nb.advance_nb": top_options_nb,
        }
        self.redraws = {
            "pool order": lambda ge, se, gt, st, p, acting, rng: _shuffle_kept(
                ge["pool"], gt["pool"], int(ge["pool_n"]), int(gt["pool_n"]), rng
            ),
            "seed and random streams": lambda ge, se, gt, st, p, acting, rng: _reseed(
                ge, gt, (Stream.SETUP,), rng
            ),
        }
        self.groups = {"everything hidden": tuple(self.redraws), "undrawn decks": ("pool order",)}

    def options(self, args) -> np.ndarray:
        return args[3].opts[: args[self.N]].copy()

    def with_options(self, args, opts, n):
        """decide_nb's arguments with the option count n (opts: the Work, filled)."""
        args = list(args)
        args[self.OPTS], args[self.N] = opts, n
        return tuple(args)

    def new_game(self, names: list[str], seed: int):
        from simcore.games.maestro.play.engine import params_matrix
        from simcore.games.maestro.play.game_nb import play_game_nb
        from simcore.games.maestro.state.dtypes import new_state
        from simcore.games.maestro.state.work import new_work
        from strategies.maestro.registry import get

        specs = [get(n) for n in names]
        games, seats = new_state(1)
        for p, spec in enumerate(specs):
            seats[0, p]["strategy"] = spec.id
        w = new_work(params_matrix(specs, None), 0, 0)
        table = self.cards.table
        args = (table, games[0], seats[0], w, len(names), seed, 0)
        return play_game_nb, args, [games, seats, w.opts], [table, w.params, w.log, w.cev]

    @staticmethod
    def when(g) -> str:
        return f"turn {int(g['turn'])}"

    @staticmethod
    def acting(stack) -> int:
        return -1


GAMES = {"luthier": Luthier, "maestro": Maestro}


def deciding_functions(package: str, decide_names: tuple[str, ...]) -> dict[str, Any]:
    """Every engine kernel of `package` that calls a decide kernel: 'module.function' ->
    its plain Python function."""
    return {name.rsplit(":", 1)[0]: fn for name, fn in decision_sites(package, decide_names)}


def decision_sites(package: str, decide_names: tuple[str, ...]) -> list[tuple[str, Any]]:
    """Every call of a decide kernel in the engine kernels of `package` (the decision
    contexts), as ('module.function:line', the function's plain Python function)."""
    found = []
    folder = ROOT / package.replace(".", "/")
    for path in sorted(folder.rglob("*_nb.py")):  # the game's kernels, in every subpackage
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef) or node.name in decide_names:
                continue
            for c in ast.walk(node):
                if (
                    isinstance(c, ast.Call)
                    and isinstance(c.func, ast.Name)
                    and c.func.id in decide_names
                ):
                    fn = getattr(importlib.import_module(module), node.name)
                    found.append((f"{module}.{node.name}:{c.lineno}", getattr(fn, "py_func", fn)))
    return found


# --- the recorder


@dataclass
class Summary:
    points: int = 0
    contexts: Counter = field(default_factory=Counter)  # decision site -> points
    reruns: Counter = field(default_factory=Counter)  # how the options were built again
    redraws: Counter = field(default_factory=Counter)  # redraw group -> redraws
    moved: Counter = field(default_factory=Counter)  # redraw -> redraws that changed it
    failures: list = field(default_factory=list)
    harness: list = field(default_factory=list)  # re-runs that did not replay the game


_current: Recorder | None = None  # the recorder the patched decide kernels report to


def _hook(orig):
    def decide(*args):
        return _current.decide(orig, args)

    return decide


SAME = ("same", "same")


class Recorder:
    """Plays one game as plain Python, checking every decision point as it comes."""

    def __init__(self, game, names: list[str], seed: int, repeats: int, rng, out: Summary):
        from simcore.kernels import jit

        self.game, self.names, self.seed = game, names, seed
        self.repeats, self.rng, self.out = repeats, rng, out
        self.plain_code = jit._plain(lambda: 0).__code__
        self.context_of = {
            fn.__code__: name
            for name, fn in deciding_functions(game.package, game.decide_names).items()
        }
        self.kernels: dict = {}  # code -> plain function, every kernel of the game (play)
        self.decisions: list[Decision] = []
        self.snaps: dict[Any, Snapshot] = {}  # wrapper frame -> its function's entry
        self.anchor: set = set()  # the frames alive at the last decision
        self.target: int | None = None  # in a re-run: the decision to stop at
        self.start = 0  # in a re-run: decisions taken before its re-run point
        self.count = 0  # in a re-run: decisions taken so far

    def play(self) -> None:
        fn, args, roots, shared = self.game.new_game(self.names, self.seed)
        for name, module in list(sys.modules.items()):
            if name.startswith(self.game.package + "."):
                for obj in vars(module).values():
                    py = getattr(obj, "py_func", None)
                    if inspect.isfunction(py):
                        self.kernels[py.__code__] = py
        self.copier = Copier(roots, shared)
        self.patch()
        self.anchor = {sys._getframe()}  # the game's own function is a re-run point too
        sys.settrace(self.trace)
        try:
            fn(*args)
        finally:
            sys.settrace(None)

    # the two hooks: function entries, and the decide kernels

    def trace(self, frame, event, arg):
        """Keep the entry of every kernel called by a function alive at the last decision,
        and of every kernel that decides (the re-run points)."""
        if event == "call":
            code = frame.f_code
            if code in self.kernels:
                wrapper = frame.f_back  # simcore.kernels.jit._plain's wrapper of the kernel
                if wrapper.f_code is self.plain_code and (
                    wrapper.f_back in self.anchor or code in self.context_of
                ):
                    names = code.co_varnames[: code.co_argcount]
                    args = tuple(frame.f_locals[v] for v in names)
                    fn = self.kernels[code]
                    self.snaps[wrapper] = self.copier.snapshot(fn, args, len(self.decisions))
        return None

    def patch(self) -> None:
        """Every engine module's decide kernels go through the current recorder's `decide`
        (the decide module's own calls stay as they are: decide_card_nb calls decide_nb)."""
        global _current
        _current = self
        own = f"{self.game.package}.play.decide_nb"  # every game's decide kernels
        originals = {n: getattr(sys.modules[own], n) for n in self.game.decide_names}
        for name, module in list(sys.modules.items()):
            if not name.startswith(self.game.package + ".") or name == own:
                continue
            for n, fn in originals.items():
                if getattr(module, n, None) is fn:
                    setattr(module, n, _hook(fn))

    def decide(self, orig, args):
        if self.target is not None:
            return self.replay(orig, args)
        caller = sys._getframe(2)
        site = self.context_of.get(caller.f_code, caller.f_code.co_name)
        index = len(self.decisions)
        at_decision = self.copier.snapshot(orig, args, index)
        k = int(orig(*args))
        p = int(args[self.game.P])
        d = Decision(index, p, f"{site}:{caller.f_lineno}", self.game.options(args), k)
        self.decisions.append(d)
        stack = []
        f = caller
        while f is not None:
            stack.append(f)
            f = f.f_back
        sys.settrace(None)
        try:
            self.check(d, stack, at_decision)
        finally:
            sys.settrace(self.trace)
        self.anchor = set(stack)
        self.snaps = {f: s for f, s in self.snaps.items() if f in self.anchor}
        return k

    def replay(self, orig, args):
        """A decide kernel called in a re-run: the decisions before the target are taken
        again and must come out as they did; the target stops the re-run."""
        index = self.start + self.count
        self.count += 1
        k = int(orig(*args))
        if index == self.target:
            raise Reached(self.game.options(args), k)
        want = self.decisions[index]
        if k != want.k or not np.array_equal(self.game.options(args), want.opts):
            raise DivergedError(f"decision {index} ({want.context}) changed on the way")
        return k

    # the checks of one decision point

    def rerun_point(self, d: Decision, stack: list) -> tuple[str, Snapshot | None] | None:
        """Where decision d's options are built again from: the outermost function entered
        since the previous decision; else the function that called decide, if every decision
        since its entry was d's seat's; else the game's option builder (None: none)."""
        entered = [f for f in stack if f in self.snaps and self.snaps[f].entered_at == d.index]
        if entered:
            return "entered since the previous decision", self.snaps[entered[-1]]
        own = self.snaps.get(stack[0].f_back)
        if own is not None and all(x.p == d.p for x in self.decisions[own.entered_at : d.index]):
            return "the caller, replaying the seat's own decisions", own
        if d.context.rsplit(":", 1)[0] in self.game.builders:
            return "option builder", None
        return None

    def check(self, d: Decision, stack: list, at_decision: Snapshot) -> None:
        out = self.out
        out.points += 1
        out.contexts[d.context] += 1
        point = self.rerun_point(d, stack)
        if point is None:
            out.harness.append(f"{d.context}: no re-run point and no option builder")
            return
        how, snap = point
        out.reruns[how] += 1
        acting = self.game.acting(stack)
        got = self.rerun(d, snap, at_decision, (), 0, acting)
        if got != SAME:
            out.harness.append(f"{d.context} from {how}: the plain re-run gave {got}")
            return
        for group, names in self.game.groups.items():
            for _ in range(self.repeats):
                seed = int(self.rng.integers(2**62))
                got = self.rerun(d, snap, at_decision, names, seed, acting)
                out.redraws[group] += 1
                if got == SAME:
                    continue
                alone = [  # what alone changes the decision, in a few tries
                    name
                    for name in names
                    if any(
                        self.rerun(d, snap, at_decision, (name,), seed + j, acting) != SAME
                        for j in range(4)
                    )
                ]
                out.failures.append(
                    {
                        "game": self.game.name,
                        "seats": ",".join(self.names),
                        "seed": self.seed,
                        "decision": d.index,
                        "seat": d.p,
                        "context": d.context,
                        "when": self.game.when(at_decision.roots[0][0]),
                        "rebuilt from": how,
                        "redrawn": group,
                        "options": got[0],
                        "choice": got[1],
                        "by": alone,
                    }
                )
                return

    def rerun(self, d: Decision, snap, at_decision: Snapshot, names, seed: int, acting):
        """(options, choice), each 'same' or what changed, of decision d taken again from
        `snap` (None: the option builder, at the decision) after dealing again `names`
        (redraws of the game) with random seed `seed`."""
        roots, args = Copier.instantiate(snap if snap is not None else at_decision)
        rng = np.random.default_rng(seed)
        t = at_decision.roots
        for name in names:
            redraw = self.game.redraws[name]
            if redraw(roots[0][0], roots[1][0], t[0][0], t[1][0], d.p, acting, rng):
                self.out.moved[name] += 1
        if snap is None:
            build = self.game.builders[d.context.rsplit(":", 1)[0]]
            opts = args[self.game.OPTS]
            n = build(args[0], args[1], args[2], opts, d.p)
            rebuilt = self.game.with_options(args, opts, n)
            k = int(at_decision.fn(*rebuilt))
            got_opts = self.game.options(rebuilt)
        else:
            self.target, self.start, self.count = d.index, snap.entered_at, 0
            try:
                snap.fn(*args)
                return ("not reached", "not reached")
            except Reached as r:
                got_opts, k = r.opts, r.k
            except DivergedError as e:
                return (str(e), "")
            finally:
                self.target = None
        if np.array_equal(got_opts, d.opts):
            options = "same"
        else:
            options = f"{len(d.opts)} options -> {len(got_opts)}, other rows"
        return (options, "same" if k == d.k else f"option {d.k} -> {k}")


def run(game_name: str, specs: list[str], repeats: int, seed: int = 17) -> dict:
    """Check every decision point of the games `specs` ('seat,seat,...:seed'), each redraw
    group `repeats` times per point; a summary (JSON-ready)."""
    from simcore.kernels.jit import config

    assert config.DISABLE_JIT, "run with NUMBA_DISABLE_JIT=1"
    game = GAMES[game_name]()
    out = Summary()
    rng = np.random.default_rng(seed)
    for spec in specs:
        names, game_seed = spec.split(":")
        Recorder(game, names.split(","), int(game_seed), repeats, rng, out).play()
    sites = {name for name, _ in decision_sites(game.package, game.decide_names)}
    return {
        "points": out.points,
        "contexts": dict(out.contexts),
        "sites": sorted(sites),
        "reruns": dict(out.reruns),
        "redraws": dict(out.redraws),
        "moved": dict(out.moved),
        "failures": out.failures,
        "harness": out.harness[:20],
    }


def main(argv: list[str]) -> None:
    """python -m tests.strategies.decision_points GAME REPEATS SEATS:SEED ... (JSON out)."""
    import warnings

    warnings.filterwarnings("ignore", "overflow", RuntimeWarning, "simcore.kernels.rng_nb")
    game_name, repeats, *specs = argv
    print(json.dumps(run(game_name, specs, int(repeats))))


if __name__ == "__main__":
    main(sys.argv[1:])
