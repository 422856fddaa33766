"""Writing option rows (state/codes.Opt) into the decision buffer w.opts."""

from __future__ import annotations

from simcore.games.apiacere.state.codes import Violation
from simcore.kernels.jit import kernel


@kernel
def add_opt_nb(g, w, n, kind, a, b, c, d):
    """Write option row n (kind, a, b, c, d, e = -1) and return n + 1."""
    return add_opt_e_nb(g, w, n, kind, a, b, c, d, -1)


@kernel
def add_opt_e_nb(g, w, n, kind, a, b, c, d, e):
    """Write option row n (kind, a, b, c, d, e) and return n + 1; a full buffer drops the
    option and sets Violation.OPTIONS (the buffer is sized so that this never happens)."""
    if n >= w.opts.shape[0]:
        g.violations |= Violation.OPTIONS
        return n
    row = w.opts[n]
    row[0] = kind
    row[1] = a
    row[2] = b
    row[3] = c
    row[4] = d
    row[5] = e
    return n + 1
