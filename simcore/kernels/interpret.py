"""Play one game as plain Python while the kernel cache is cold.

A cold compile of the engine and its strategies takes about a minute on 2 cores; one
game played by the same functions as plain Python (NUMBA_DISABLE_JIT) takes about a
second. `tutti play` plays a single game, so on a cold cache it interprets it rather
than compiling: the same code, the same game event for event
(tests/luthier/test_interpret.py), and the next run of a command that needs speed
(`simulate`, `report --confirm`, ...) compiles the kernels once for every later start.

The choice is made before any kernel module is imported (numba reads DISABLE_JIT when a
kernel is decorated) and applies to the whole process, so only the `tutti` console script
allows it (`allow`), never a process that goes on to other work.
"""

from __future__ import annotations

import os
import sys
import warnings

from simcore.kernels.jitcache import cache_dir, module_key

_allowed = False


def allow() -> None:
    """Let `interpret_if_cold` switch this process to plain Python (cli.app.console)."""
    global _allowed
    _allowed = True


def is_compiled(module: str, function: str) -> bool:
    """Whether the kernel cache holds machine code of `module`.`function` for today's
    sources (numba's index file in the module's cache folder, see jitcache.py)."""
    folder = cache_dir() / f"{module}-{module_key(module)}"
    return any(folder.glob(f"*.{function}-*.nbi"))  # numba: <module>.<function>-<line>


def interpret_if_cold(module: str, function: str) -> bool:
    """Run every kernel as plain Python from now on if `module`.`function` is not
    compiled yet; True if so. Refuses (False) unless `allow`ed, once any project kernel
    is imported, or when the user already disabled compiling (then nothing changes)."""
    from numba.core import config

    if not _allowed or config.DISABLE_JIT or is_compiled(module, function):
        return False
    project = (name for name in sys.modules if name.startswith(("simcore.", "strategies.")))
    if any(name.endswith("_nb") for name in project):
        return False  # too late: decorated kernels stay compiled kernels
    os.environ["NUMBA_DISABLE_JIT"] = "1"  # numba re-reads its config from the environment
    config.DISABLE_JIT = True
    # the random number streams wrap uint64 on purpose, as a compiled kernel does silently
    warnings.filterwarnings("ignore", "overflow", RuntimeWarning, "simcore.kernels.rng_nb")
    return True
