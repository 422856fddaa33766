"""Where compiled kernels are kept, and when they must be compiled again.

One cache for every way tutti starts (the make targets, `.venv/bin/tutti`, the
Python API, pytest): `$TUTTI_CACHE_DIR` if set, else `$XDG_CACHE_HOME/tutti/kernels`,
else `~/.cache/tutti/kernels`.

Numba checks a cached function only against its own file: after an edit to a kernel
in another module, a cached caller would silently run the old code. So each kernel
module's compiled code lives in `<cache>/<module>-<key>`, where the key is a hash of
the module's source and of the keys of every project module it imports (constants
included), of the strategy dispatch module its game binds into it (a decision kernel
calls the strategies without importing them: simcore/games/binding.py), and of any user
strategy module bound into that: editing one kernel module recompiles the kernels that
depend on it and nothing else.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import cache
from pathlib import Path

from numba.core.caching import _CacheLocator

ROOT = Path(__file__).resolve().parents[2]  # the repository: simcore/kernels/jitcache.py
PACKAGES = ("simcore", "strategies")
CACHE_VAR = "TUTTI_CACHE_DIR"

BINDING = "simcore.games.binding"  # what a module whose dispatch is bound imports
_extra: dict[str, list[Path]] = {}  # module name -> files compiled into it (user strategies)


def cache_dir() -> Path:
    """The kernel cache directory of this machine (see the module docstring)."""
    if os.environ.get(CACHE_VAR):
        return Path(os.environ[CACHE_VAR])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tutti" / "kernels"


def module_name(path: Path) -> str | None:
    """`simcore.games.luthier.actions.market_nb` for a file of the project's packages, else None."""
    try:
        rel = path.resolve().relative_to(ROOT)
    except ValueError:
        return None
    if not rel.parts or rel.parts[0] not in PACKAGES or rel.suffix != ".py":
        return None
    return ".".join(rel.with_suffix("").parts)


def _file_of(name: str) -> Path | None:
    """The source file of project module `name`, or None (a package, or not the project's)."""
    path = ROOT.joinpath(*name.split("."))
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    return None


def _source_of(name: str) -> Path:
    """The source file of project module `name`, which must have one."""
    path = _file_of(name)
    if path is None:
        raise FileNotFoundError(f"no source file for module {name}")
    return path


# `import a.b` and `from a.b import c, d` (parenthesised lists over several lines too),
# found by a scan of the source: parsing every kernel module's syntax tree at each start
# cost about 0.4 s of `tutti play`. A match inside a string only adds a dependency,
# which can cost a recompile, never a stale kernel.
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)"
    r"|import[ \t]+([^\n]*))",
    re.M,
)


def _names(text: str) -> list[str]:
    names = []
    for part in text.strip("()").replace("\n", ",").split(","):
        part = part.split("#")[0].strip()
        if part:
            names.append(part.split()[0])  # `x as y` -> x
    return names


@cache
def _imports(name: str) -> tuple[str, ...]:
    """Project modules `name` imports (its `from x import module` included), and the
    strategies' dispatch module its game's registration binds into it (simcore/games/
    binding.py: the decision kernels name no strategy module, yet compile one in)."""
    found: set[str] = set()
    for match in _IMPORT.finditer(_source_of(name).read_text()):
        module, imported, plain = match.groups()
        if module is not None:
            candidates = [module] + [f"{module}.{n}" for n in _names(imported)]
        else:
            candidates = _names(plain)
        for candidate in candidates:
            if candidate.split(".")[0] in PACKAGES and _file_of(candidate) is not None:
                found.add(candidate)
    if BINDING in found:  # an engine module whose dispatch the game's registration binds
        from simcore.games.binding import dispatch_module

        bound = dispatch_module(name)
        if bound is not None and _file_of(bound) is not None:
            found.add(bound)
    found.discard(name)
    return tuple(sorted(found))


@cache
def _source_digest(name: str) -> str:
    return hashlib.sha256(_source_of(name).read_bytes()).hexdigest()


def _closure(name: str) -> list[str]:
    """`name` and every project module it imports, directly or not (sorted)."""
    seen = {name}
    todo = [name]
    while todo:
        for dep in _imports(todo.pop()):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return sorted(seen)


@cache
def module_key(name: str, extras: bool = True) -> str:
    """16 hex digits that change when `name` or anything it imports changes (and, with
    `extras`, the data files bound into its closure in this process: bind_extra)."""
    digest = hashlib.sha256()
    for member in _closure(name):
        digest.update(f"{member}:{_source_digest(member)}\n".encode())
        for path in _extra.get(member, ()) if extras else ():  # name too: code refers to it
            digest.update(f"extra:{path.name}:".encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def bind_extra(module: str, path: Path) -> None:
    """Record that `path` (a user strategy module) is compiled into kernel module `module`."""
    _extra.setdefault(module, []).append(Path(path))
    module_key.cache_clear()


def source_hash() -> str:
    """One key for all kernels of this installation (Dask workers must match the client)."""
    digest = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*_nb.py")):
            # the sources alone: which data files are bound depends on what this process
            # imported (a worker may not have loaded a game's registry yet); the shipped
            # data files themselves are hashed below, the same in every process
            digest.update(module_key(module_name(path), extras=False).encode())
        for path in sorted((ROOT / package).rglob("*.toml")):
            digest.update(f"{path.relative_to(ROOT)}:".encode() + path.read_bytes())
    return digest.hexdigest()[:16]


class KernelLocator(_CacheLocator):
    """Numba cache locator for the project's kernels: `<cache>/<module>-<module key>`."""

    def __init__(self, py_func, py_file):
        self._lineno = py_func.__code__.co_firstlineno
        self._name = module_name(Path(py_file))
        self._key = module_key(self._name)
        self._cache_path = str(cache_dir() / f"{self._name}-{self._key}")

    def get_cache_path(self):
        return self._cache_path

    def get_source_stamp(self):
        return self._key

    def get_disambiguator(self):
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file):
        if module_name(Path(py_file)) is None:
            return None
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
        except OSError:  # an unwritable cache: numba tries its other locations
            return None
        return self
