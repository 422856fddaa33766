"""User strategies from a Python file (`--strategy-module my_strategies.py`).

A user module decorates jitted decision functions with `@strategy(...)`:

    from numba import njit
    from strategies.luthier.user import strategy

    @strategy("first", "Always takes the first legal option.")
    @njit
    def first(params, cards, g, s, p, opts, n):
        return 0

A strategy decides only from what its seat's player could see at the table, and
draws randomness only from `Stream.STRATEGY` (never working back to the seed): it never
reads the fields in `simcore.games.luthier.state.view_nb.HIDDEN_FIELDS`, nor an opponent's
`OWN_FIELDS` (goals, hand, pick-rate bits), and it sees opponents' face-down chips
through `view_nb.visible_skill_nb`. tests/strategies/test_public_information.py is the
contract (docs/guide/strategies.md, "What a strategy may read").

Loading the module RUNS ITS CODE, like any Python import: load only files you trust.

The engine calls strategies from compiled kernels, so a user function is bound
into the dispatch slots of `dispatch_nb` before any kernel compiles, and the
kernel cache keys the strategy dispatch, and every kernel that calls it, on the
module's source as well (`simcore/kernels/jitcache.py`): the first run with a new or
edited module compiles those kernels, later runs load them from the cache.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path

from simcore.errors import TuttiError
from strategies.luthier.registry import MAX_PARAMS, STRATEGIES, StrategySpec

_pending: list[tuple[str, str, dict[str, float], Callable]] = []
_loaded: dict[str, str] = {}  # resolved path -> sha256 of the module loaded in this process


def strategy(
    name: str, description: str, params: dict[str, float] | None = None
) -> Callable[[Callable], Callable]:
    """Register the decorated jitted function as strategy `name`.

    `params` maps parameter names to defaults, in the order the function reads
    them from its float vector (params[0], params[1], ...).
    """

    def register(fn: Callable) -> Callable:
        _pending.append((name, description, dict(params or {}), fn))
        return fn

    return register


def module_hash(path: str | Path) -> str:
    from simcore.runs.trust import file_hash

    return file_hash(path)


def _kernels_imported() -> list[str]:
    return [
        name
        for name in sys.modules
        if name.startswith(("simcore.", "strategies.")) and name.endswith("_nb")
    ]


def _is_jitted(fn) -> bool:
    from numba.core.registry import CPUDispatcher

    return isinstance(fn, CPUDispatcher) or os.environ.get("NUMBA_DISABLE_JIT") == "1"


def load_strategy_module(path: str | Path) -> list[StrategySpec]:
    """Import a user strategy module and register its strategies; returns their specs.

    Must run before any kernel module is imported (the CLI does it first thing).
    Loading the same file again in one process is a no-op.
    """
    from simcore.kernels.jitcache import bind_extra

    path = Path(path)
    if not path.is_file() or path.suffix != ".py":
        raise TuttiError(f"--strategy-module {path}: no such Python file")
    key = str(path.resolve())
    digest = module_hash(path)
    if key in _loaded:
        if _loaded[key] != digest:
            raise TuttiError(f"{path} changed since it was loaded; restart to load it again")
        return [s for s in STRATEGIES.values() if s.module == key]
    if _loaded:
        raise TuttiError("only one --strategy-module can be loaded per process")
    if _kernels_imported():
        raise TuttiError(
            "a strategy module must be loaded before any kernel is imported "
            "(in Python, call load_strategy_module first in a fresh session)"
        )
    bind_extra("strategies.luthier.dispatch_nb", path)
    name = f"tutti_user_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise TuttiError(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    # Registered like an import: numba's cache finds compiled code's globals by module name.
    sys.modules[name] = module
    _pending.clear()
    try:
        spec.loader.exec_module(module)
    except Exception as err:  # the user's code: report it in one line
        del sys.modules[name]
        raise TuttiError(f"{path}: loading failed: {type(err).__name__}: {err}") from None
    found = list(_pending)
    _pending.clear()
    specs = _register(path, key, found)
    _loaded[key] = digest
    return specs


def _register(path: Path, key: str, found) -> list[StrategySpec]:
    from strategies.luthier import dispatch_nb

    if not found:
        raise TuttiError(f"{path}: no strategy found (decorate a function with @strategy)")
    if len(found) > dispatch_nb.USER_SLOTS:
        raise TuttiError(
            f"{path}: {len(found)} strategies; at most {dispatch_nb.USER_SLOTS} per module"
        )
    specs = []
    for slot, (name, description, params, fn) in enumerate(found):
        if name in STRATEGIES:
            raise TuttiError(f"{path}: strategy name {name!r} is taken; choose another")
        if not name.isidentifier():
            raise TuttiError(f"{path}: strategy name {name!r} must be an identifier")
        if not _is_jitted(fn):
            raise TuttiError(f"{path}: strategy {name!r} must be compiled: decorate it with @njit")
        if len(params) > MAX_PARAMS:
            raise TuttiError(f"{path}: strategy {name!r} has more than {MAX_PARAMS} parameters")
        setattr(dispatch_nb, f"user{slot}_nb", fn)
        spec = StrategySpec(
            name,
            dispatch_nb.USER_BASE + slot,
            description,
            tuple(params),
            tuple(float(v) for v in params.values()),
            module=key,
        )
        STRATEGIES[name] = spec
        specs.append(spec)
    return specs
