"""How a game's registration binds its strategies' dispatch into its engine (issue 20).

The engine never imports the strategies package. A decision kernel (Luthier's and
Maestro's `decide_nb`) calls its seat's strategy through module-level placeholders
(`unbound`), and ends with `bind(globals(), __name__)`: the game's registration
(`GAME` in its `game.py`, the one engine module that may import its strategies) names
the dispatch module (`Game.dispatch`, by name) and hands over its kernels
(`Game.dispatch_kernels`), which replace the placeholders. This happens when the
decision module is imported, so before anything compiles, on every path that can
compile (a run, a single game, a test calling a kernel directly, a cluster worker):
numba reads these globals when it compiles the kernels that call them.

The kernel cache (`simcore/kernels/jitcache.py`) keys a module that imports this one on the
declared dispatch module too (and so on what that imports, and on a user strategy
module bound into it): editing a strategy recompiles the engine kernels that call it.
`bind` refuses a kernel other than the declared module's kernel of the placeholder's
name, so what is compiled in is fixed by what the key covers (the declared module and
the decision module's own source).

A placeholder left unbound fails loudly: compiling a call to it is a typing error that
says so, and calling it as plain Python raises, instead of a game played by anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simcore.errors import TuttiError

if TYPE_CHECKING:
    from simcore.games.api import Game


def game_of(module: str) -> Game | None:
    """The registered game whose package holds `module`, or None."""
    from simcore.games import GAMES, get

    for name, registration in GAMES.items():
        if module.startswith(registration.rpartition(".")[0] + "."):
            return get(name)
    return None


def dispatch_module(module: str) -> str | None:
    """The strategies module whose kernels fill engine module `module`'s placeholders, as
    its game's registration declares it (no kernel is imported), or None."""
    game = game_of(module)
    return None if game is None else game.dispatch.get(module)


def _message(module: str, name: str) -> str:
    return (
        f"{module}.{name} is not bound to a strategy dispatch kernel: the game's "
        "registration (Game.dispatch, dispatch_kernels) binds it when the module is "
        "imported, so nothing may compile a decision before that"
    )


def unbound(module: str, name: str) -> Any:
    """A placeholder for dispatch kernel `name` of engine module `module`: compiling a call
    to it is a typing error that says it is unbound; calling it as Python raises."""
    from numba.core.errors import TypingError
    from numba.extending import overload

    message = _message(module, name)

    def placeholder(*args):
        raise TuttiError(message)

    placeholder.__name__ = placeholder.__qualname__ = name
    placeholder.__module__ = module
    placeholder.unbound = True  # type: ignore[attr-defined]

    @overload(placeholder)
    def _typing(*args):
        raise TypingError(message)

    return placeholder


def is_unbound(fn: Any) -> bool:
    return getattr(fn, "unbound", False) is True


def _module_of(fn: Any) -> str:
    py_func = getattr(fn, "py_func", fn)  # a dispatcher, or a plain kernel (DISABLE_JIT)
    return py_func.__module__


def bind(namespace: dict[str, Any], module: str) -> None:
    """Fill the placeholders in `namespace` (engine module `module`'s globals) with the
    dispatch kernels of the game's registration; a one-line TuttiError when the game
    declares no dispatch for `module`, leaves a placeholder unfilled, or hands over another
    kernel than the declared module's of the placeholder's name (the cache key follows
    that one)."""
    game = game_of(module)
    declared = dispatch_module(module)
    if game is None or declared is None:
        raise TuttiError(f"no game registration declares the strategy dispatch of {module}")
    kernels = dict(game.dispatch_kernels(module))
    for name, fn in kernels.items():
        if name not in namespace or not is_unbound(namespace[name]):
            raise TuttiError(f"{module} has no dispatch placeholder {name!r} to bind")
        origin = f"{_module_of(fn)}.{getattr(fn, 'py_func', fn).__name__}"
        if origin != f"{declared}.{name}":
            raise TuttiError(
                f"{module}.{name}: the bound kernel is {origin}, not {declared}.{name} "
                "(the kernel cache key follows the declared module and the name)"
            )
    missing = [n for n, v in namespace.items() if is_unbound(v) and n not in kernels]
    if missing:
        raise TuttiError(f"{module}: dispatch placeholders left unbound: {', '.join(missing)}")
    namespace.update(kernels)
