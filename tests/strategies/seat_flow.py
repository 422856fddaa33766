"""The structural half of tests/strategies/test_public_information.py: where a strategy
reads what, on the syntax trees of the strategy modules and of the engine kernels they call.

Rules (the game's view module names the fields: HIDDEN_FIELDS, OWN_FIELDS):

- A hidden field (the seed, the random streams, undrawn decks, face-down chips, ...) is
  never read as `x.field` or named as a string; the random streams only as
  `f(x.rng, Stream.STRATEGY, ...)` where f is a function of simcore.kernels.rng_nb (in a module
  of every game: `f(x.rng, STRATEGY_STREAM, ...)`, simcore.kernels.rng_nb's index of every game's
  strategy stream, its last: tests/strategies/test_random.py).
- An own-seat field (goals, hand, pick-rate bits, ...) only as `x[q].field` where q is
  provably the deciding seat: a parameter of the function that is never assigned in it,
  and that every call of the function passes the deciding seat to. The entry points (the
  dispatch kernels and the user strategies) receive the deciding seat as `p`; a helper
  called anywhere with another seat (or through an alias, or passed as a value) proves
  nothing, so its own-seat reads are flagged. `x[1].goals`, `x[q].hand` for an opponent q,
  `me = s[p]; me.goals` are all flagged.
- An engine kernel a strategy calls may read no own-seat field at all (it does not know
  whose seat it is given) and no hidden one; the view module's accessors are the audited
  exception.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RNG_MODULE = "simcore.kernels.rng_nb"


@dataclass
class Function:
    name: str  # module.function
    module: str
    node: ast.FunctionDef
    params: list[str]
    stored: set[str]  # names assigned anywhere in the function


@dataclass
class Site:
    caller: str
    callee: str
    args: dict[str, ast.expr | None]  # callee parameter -> the expression passed (None: unknown)


@dataclass
class Program:
    """Strategy modules parsed together: their functions, the calls between them and, for
    each function, the parameters that provably hold the deciding seat."""

    paths: list[Path]
    roots: dict[str, int]  # entry point -> position of its deciding-seat parameter
    sources: dict[Path, str] = field(default_factory=dict)  # instead of the file (tests)
    functions: dict[str, Function] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)  # module -> local -> target
    trees: dict[str, ast.Module] = field(default_factory=dict)
    deciders: dict[str, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for path in self.paths:
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            tree = ast.parse(self.sources.get(path) or path.read_text())
            self.trees[module] = tree
            self.names[module] = local = {}
            for node in tree.body:
                if isinstance(node, ast.FunctionDef):
                    name = f"{module}.{node.name}"
                    params = [a.arg for a in node.args.posonlyargs + node.args.args]
                    params += [a.arg for a in node.args.kwonlyargs]
                    stored = {
                        n.id
                        for n in ast.walk(node)
                        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
                    }
                    for n in ast.walk(node):
                        if isinstance(n, ast.Global | ast.Nonlocal):
                            stored |= set(n.names)
                    self.functions[name] = Function(name, module, node, params, stored)
                    local[node.name] = name
                    if _decorated_strategy(node):
                        self.roots[name] = 4  # (params, cards, g, s, p, opts, n)
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    for alias in node.names:
                        local[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        local[alias.asname or alias.name.split(".")[0]] = alias.name
            for node in tree.body:  # module-level aliases: user0_nb = random_choose_nb
                if (
                    isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Name)
                    and node.value.id in local
                ):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            local[target.id] = local[node.value.id]
        self.deciders = self._deciders()

    def resolve(self, module: str, node: ast.expr) -> str | None:
        """What a name (`f`) or a module attribute (`mod.f`) in `module` refers to."""
        if isinstance(node, ast.Name):
            return self.names[module].get(node.id, f"{module}.{node.id}")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            base = self.names[module].get(node.value.id)
            return f"{base}.{node.attr}" if base else None
        return None

    def _sites(self) -> tuple[list[Site], set[str]]:
        """Every call between the functions, and the functions that escape: referred to
        other than by a direct call (a local alias, an argument, a table), so called with
        anything. A module-level alias (user0_nb = random_choose_nb) is resolved instead."""
        sites, escaped = [], set()
        for fn in self.functions.values():
            for node in ast.walk(fn.node):
                if isinstance(node, ast.Call):
                    target = self.resolve(fn.module, node.func)
                    if target in self.functions:
                        sites.append(Site(fn.name, target, self._bind(node, target)))
        for module, tree in self.trees.items():
            called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
            aliases = {
                id(n.value)
                for n in tree.body
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name)
            }
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Name | ast.Attribute)
                    and isinstance(node.ctx, ast.Load)
                    and id(node) not in called | aliases
                ):
                    target = self.resolve(module, node)
                    if target in self.functions:
                        escaped.add(target)
        return sites, escaped

    def _reachable(self, sites: list[Site]) -> set[str]:
        """The functions the entry points call, directly or not."""
        seen = set(self.roots)
        todo = list(self.roots)
        while todo:
            name = todo.pop()
            for site in sites:
                if site.caller == name and site.callee not in seen:
                    seen.add(site.callee)
                    todo.append(site.callee)
        return seen

    def _bind(self, call: ast.Call, target: str) -> dict[str, ast.expr | None]:
        params = self.functions[target].params
        args: dict[str, ast.expr | None] = {}
        for i, a in enumerate(call.args):
            if isinstance(a, ast.Starred):
                return {}  # unknown from here on: nothing is proved
            if i < len(params):
                args[params[i]] = a
        for kw in call.keywords:
            if kw.arg is None:
                return {}
            args[kw.arg] = kw.value
        return args

    def _deciders(self) -> dict[str, set[str]]:
        """The greatest assignment of deciding-seat parameters consistent with every call:
        a parameter holds the deciding seat if every call passes it a parameter of the
        caller that does (and that the caller never assigns)."""
        sites, escaped = self._sites()
        reachable = self._reachable(sites)
        out = {}
        for name, fn in self.functions.items():
            if name in self.roots:
                out[name] = {fn.params[self.roots[name]]} - fn.stored
            elif name in reachable and name not in escaped:
                out[name] = set(fn.params) - fn.stored
            else:
                out[name] = set()
        changed = True
        while changed:
            changed = False
            for site in sites:
                if site.callee in self.roots:
                    continue
                keep = {
                    x
                    for x in out[site.callee]
                    if isinstance(site.args.get(x), ast.Name)
                    and site.args[x].id in out[site.caller]
                }
                if keep != out[site.callee]:
                    out[site.callee] = keep
                    changed = True
        return out

    def reads(self, hidden: set[str], own: set[str]) -> list[str]:
        """Every forbidden read, as 'module:line: what'."""
        found = []
        for module, tree in self.trees.items():
            owner = {}  # node -> the function it is in
            for fn in self.functions.values():
                if fn.module == module:
                    for node in ast.walk(fn.node):
                        owner[id(node)] = fn.name
            hits = forbidden(
                tree,
                hidden,
                own,
                lambda node, owner=owner: self._seats(owner, node),
                lambda func, module=module: self.resolve(module, func),
            )
            found += [f"{module}:{hit}" for hit in hits]
        return found

    def _seats(self, owner: dict, node: ast.AST) -> set[str]:
        return self.deciders.get(owner.get(id(node), ""), set())


def _decorated_strategy(node: ast.FunctionDef) -> bool:
    """A user strategy: decorated with @strategy(...) (strategies/luthier/user.py)."""
    for d in node.decorator_list:
        call = d.func if isinstance(d, ast.Call) else d
        if isinstance(call, ast.Name) and call.id == "strategy":
            return True
    return False


def _rng_call(node: ast.Attribute, parent: ast.AST | None, resolve) -> bool:
    """True for `x.rng` passed as f(x.rng, Stream.STRATEGY, ...) (or STRATEGY_STREAM of
    simcore.kernels.rng_nb) with f of simcore.kernels.rng_nb."""
    if not isinstance(parent, ast.Call) or len(parent.args) < 2 or parent.args[0] is not node:
        return False
    stream = parent.args[1]
    if (
        not (
            isinstance(stream, ast.Attribute)
            and isinstance(stream.value, ast.Name)
            and stream.value.id == "Stream"
            and stream.attr == "STRATEGY"
        )
        and resolve(stream) != f"{RNG_MODULE}.STRATEGY_STREAM"
    ):
        return False
    target = resolve(parent.func)
    return target is not None and target.startswith(RNG_MODULE + ".")


def forbidden(tree, hidden, own, seats, resolve) -> list[str]:
    """Forbidden reads in a syntax tree, as 'line N: what'. seats(node): the names that
    provably hold the deciding seat where `node` is (an empty set: none); resolve(expr):
    what a called name refers to ('module.function'), or None."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        what = None
        if isinstance(node, ast.Attribute):
            v = node.value
            if isinstance(v, ast.Name) and v.id == "cards":  # the card data: public
                continue
            if node.attr == "rng" and _rng_call(node, parents.get(node), resolve):
                continue
            if node.attr in hidden:
                what = f".{node.attr}"
            elif node.attr in own and not (
                isinstance(v, ast.Subscript)
                and isinstance(v.slice, ast.Name)
                and v.slice.id in seats(node)
            ):
                what = f".{node.attr} of a seat not proved to be the decider's"
            elif isinstance(v, ast.Name) and v.id == "Stream" and node.attr != "STRATEGY":
                what = f"Stream.{node.attr}"
        elif isinstance(node, ast.Constant) and node.value in hidden | own:
            what = f"field name {node.value!r}"
        if what:
            found.append(f"line {node.lineno}: {what}")
    return found


def kernel_leaks(fn, seen: set, hidden, own, view_module: str) -> list[str]:
    """Forbidden reads of an engine kernel and of every engine kernel it calls, no seat
    proved (the view module's accessors excepted: the audited way to hidden state)."""
    py = getattr(fn, "py_func", fn)
    mod = getattr(py, "__module__", "") or ""
    if not inspect.isfunction(py) or py in seen or not mod.startswith("simcore."):
        return []
    seen.add(py)
    if mod == view_module or not mod.endswith("_nb"):
        return []
    tree = ast.parse(textwrap.dedent(inspect.getsource(py)))

    def resolve(func: ast.expr) -> str | None:
        target = py.__globals__.get(func.id) if isinstance(func, ast.Name) else None
        target = getattr(target, "py_func", target)
        return f"{target.__module__}.{target.__name__}" if inspect.isfunction(target) else None

    hits = forbidden(tree, hidden, own, lambda node: set(), resolve)
    leaks = [f"{mod}.{py.__name__} {hit}" for hit in hits]
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in py.__globals__:
            leaks += kernel_leaks(py.__globals__[node.id], seen, hidden, own, view_module)
    return leaks


def program_leaks(program: Program, hidden, own, view_module: str) -> list[str]:
    """Forbidden reads of the strategy modules and of the engine kernels they import."""
    leaks = program.reads(set(hidden), set(own))
    seen: set = set()
    for module, tree in program.trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("simcore."):
                imported = importlib.import_module(node.module)
                for alias in node.names:
                    obj = getattr(imported, alias.name)
                    hits = kernel_leaks(obj, seen, set(hidden), set(own), view_module)
                    leaks += [f"{module} -> {hit}" for hit in hits]
    return leaks
