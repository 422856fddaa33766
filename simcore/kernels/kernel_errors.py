"""Errors raised inside a game's kernels, as one line that names the likely cause."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from simcore.errors import TuttiError


@contextmanager
def data_errors(what: str, cause: str) -> Iterator[None]:
    """Turn any error raised inside a kernel into one TuttiError line: "the engine failed
    while playing `what` (...); the likely cause is `cause`".

    Validated data should never make a kernel fail; when one does, the data is the likely
    cause (a value the schema let through), not the user's command. Compile errors and
    our own errors pass through (a compile error is the code's, e.g. a strategy module's).
    """
    from numba.core.errors import NumbaError

    try:
        yield
    except (TuttiError, NumbaError):
        raise
    except Exception as err:  # numba raises SystemError, ZeroDivisionError, IndexError, ...
        lines = str(err).strip().splitlines()
        detail = f"{type(err).__name__}: {lines[0]}" if lines else type(err).__name__
        raise TuttiError(
            f"the engine failed while playing{what} ({detail}); the likely cause is {cause}"
        ) from err
