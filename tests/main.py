"""`tutti ARGS` through cli.app.main in this process, as the console script runs it."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout


def tutti(*args: str) -> tuple[int, str, str]:
    """Run `tutti ARGS` through cli.app.main in this process: (exit code, stdout, stderr)."""
    from cli.app import main

    out, err = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = ["tutti", *args]
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.argv = argv
    return code, out.getvalue(), err.getvalue()
