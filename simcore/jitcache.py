"""Numba's on-disk kernel cache, in a directory keyed by the kernels' source.

Numba checks a cached function only against its own file: after an edit to a
kernel in another module, a cached caller would silently run the old code.
Every kernel module (`*_nb.py`) and every module kernels take constants from
(CONSTANT_MODULES) therefore goes into a hash, and the cache lives in
`<base>/<hash>`: an edit to any of them compiles afresh, while edits elsewhere
(the CLI, reports, the strategy registry's default weights) reuse the cache.
Kernels must take their constants only from those modules. `<base>` is
$NUMBA_CACHE_DIR if set (the Makefile sets `.numba_cache`), else
~/.cache/tutti/numba.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("simcore", "strategies")
CONSTANT_MODULES = ("enums.py", "codes.py", "dtypes.py", "track_steps.py", "work.py", "params.py")
BASE_VAR = "TUTTI_NUMBA_CACHE_BASE"


def source_hash(extra: Sequence[Path] = ()) -> str:
    """sha256 (16 hex digits) of the kernel modules, the modules of their constants,
    and `extra` files (a user strategy module)."""
    digest = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if not (path.name.endswith("_nb.py") or path.name in CONSTANT_MODULES):
                continue
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    for path in extra:  # the file name too: it is the module name compiled code refers to
        digest.update(f"extra:{Path(path).name}:".encode() + Path(path).read_bytes())
    return digest.hexdigest()[:16]


def configure(extra: Sequence[Path] = ()) -> None:
    """Point numba's cache at `<base>/<source hash>` (before any kernel is decorated)."""
    if BASE_VAR not in os.environ:
        default = Path.home() / ".cache" / "tutti" / "numba"
        os.environ[BASE_VAR] = os.environ.get("NUMBA_CACHE_DIR") or str(default)
    cache_dir = str(Path(os.environ[BASE_VAR]) / source_hash(extra))
    os.environ["NUMBA_CACHE_DIR"] = cache_dir
    numba = sys.modules.get("numba")
    if numba is not None:  # numba read its config already: update it in place
        numba.config.CACHE_DIR = cache_dir
