"""What simcore/kernels/jit.py and simcore/kernels/stack_nb.py change in generated code
keeps its meaning: heap arrays are still freed once (the inlined reference counts), stack
arrays behave as arrays, and the stack helper refuses what it cannot do."""

from __future__ import annotations

import numpy as np
import pytest
from numba.core.errors import TypingError
from numba.core.runtime import _nrt_python as _nrt
from numba.core.runtime import rtsys

from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import borrowed, stack_empty, stack_empty_2d

N = 7


@kernel
def _total_nb(a):
    t = 0.0
    for i in range(a.shape[0]):
        t += a[i]
    return t


@kernel
def _heap_churn_nb(rounds):
    """Heap arrays made, viewed, passed down and dropped in a loop; one is returned."""
    keep = np.zeros(3)
    for r in range(rounds):
        a = np.arange(r + 2) * 1.0
        view = a[1:]
        keep[r % 3] += _total_nb(view)
        if r % 5 == 0:
            keep = keep.copy()
    return keep


@kernel
def _stack_nb(x):
    a = stack_empty(N, np.float64)
    a[:] = x
    b = stack_empty(3, np.int16).reshape((3, 1))
    for i in range(3):
        b[i, 0] = i
    return _total_nb(a) + b.sum()


@kernel
def _stack_in_loop_nb(rounds):
    t = 0.0
    for r in range(rounds):
        a = stack_empty(4, np.int64)
        for i in range(4):
            a[i] = r + i
        t += a.sum()
    return t


@kernel
def _borrowed_nb(a, rounds):
    """A borrowed view of an argument, written through, passed down and sliced."""
    b = borrowed(a)
    t = 0.0
    for r in range(rounds):
        b[r % b.shape[0]] += 1.0
        t += _total_nb(b[1:])
    return t


@kernel
def _bad_size_nb(n):
    return stack_empty(n, np.float64)


@pytest.fixture(autouse=True)
def _allocation_stats():
    _nrt.memsys_enable_stats()
    yield
    _nrt.memsys_disable_stats()


def test_heap_arrays_are_freed_exactly_once():
    _heap_churn_nb(3)  # compile first: the runtime's own allocations are not ours
    before = rtsys.get_allocation_stats()
    out = _heap_churn_nb(200)
    expect = np.zeros(3)
    for r in range(200):
        expect[r % 3] += sum(range(1, r + 2))
    np.testing.assert_allclose(out, expect)
    del out
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc > 200  # the loop did allocate
    assert after.alloc - before.alloc == after.free - before.free
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


def test_stack_arrays_act_as_arrays():
    assert _stack_nb(1.5) == 1.5 * N + 3
    assert _stack_in_loop_nb(10) == sum(4 * r + 6 for r in range(10))


def test_stack_arrays_allocate_nothing_on_the_heap():
    _stack_in_loop_nb(1)
    before = rtsys.get_allocation_stats()
    _stack_in_loop_nb(1000)
    assert rtsys.get_allocation_stats().alloc == before.alloc


def test_borrowed_views_share_the_memory_and_keep_the_owner_alive():
    a = np.zeros(4)
    expect, plain = 0.0, np.zeros(4)
    for r in range(8):
        plain[r % 4] += 1.0
        expect += plain[1:].sum()
    assert _borrowed_nb(a, 8) == expect
    np.testing.assert_array_equal(a, [2.0, 2.0, 2.0, 2.0])
    before = rtsys.get_allocation_stats()
    _borrowed_nb(a, 100)
    after = rtsys.get_allocation_stats()
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free
    assert a.sum() == 108.0


def test_stack_empty_needs_a_constant_size():
    with pytest.raises(TypingError, match="compile-time constant"):
        _bad_size_nb(3)


RECORD = np.dtype([("a", np.int64), ("b", np.float64)])


@kernel
def _record_sum_nb(rows, k):
    t = 0.0
    for i in range(rows.shape[0]):
        t += rows[i].a * k + rows[i].b
    return t


def test_direct_calls_the_compiled_code_with_the_same_result():
    """simcore.kernels.jit.direct: before the first compile it is the dispatcher; after, the
    machine code for those argument types, which gives what the dispatcher gives."""
    from simcore.kernels.jit import direct

    rows = np.zeros(4, RECORD).view(np.recarray)
    rows.a[:] = [1, 2, 3, 4]
    rows.b[:] = 0.5
    if not hasattr(_record_sum_nb, "overloads"):  # NUMBA_DISABLE_JIT: plain Python
        assert direct(_record_sum_nb, rows, 2) is _record_sum_nb
        return
    assert direct(_record_sum_nb, rows, 2) is _record_sum_nb  # not compiled yet
    assert _record_sum_nb(rows, 2) == 22.0
    fast = direct(_record_sum_nb, rows, np.int8(2))  # integers widen as the dispatcher's do
    assert fast is not _record_sum_nb
    assert fast(rows, 3) == 32.0 == _record_sum_nb(rows, 3)


@kernel
def _stack_2d_nb(x):
    a = stack_empty_2d(3, 4, np.float64)
    for i in range(3):
        for j in range(4):
            a[i, j] = x * i + j
    return a.sum() + a[2, 3] * 100 + a.shape[0] * 1000 + a.shape[1] * 10000


def test_stack_arrays_in_two_dimensions():
    """stack_empty_2d: a C-ordered rows x columns array (shape, indexing, whole-array ops)."""
    expected = np.add.outer(np.arange(3) * 2.0, np.arange(4))
    assert _stack_2d_nb(2.0) == expected.sum() + expected[2, 3] * 100 + 3000 + 40000
