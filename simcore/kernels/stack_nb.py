"""Small scratch arrays on a kernel's stack instead of the heap.

`np.empty(3)` in a kernel is a heap allocation, a memory-owner record and an atomic
reference count, freed again when the array dies: in the heuristic field that cost
about an eighth of the run time, for arrays of 3 to 300 elements that never leave the
kernel that made them. `stack_empty(N, dtype)` returns an uninitialised 1-d C array of
N elements (N a compile-time constant: a literal or a module-level int) that lives in
the calling kernel's stack frame. `stack_empty_2d(R, C, dtype)` is the same as a 2-d C
array (R and C constants): a reshape of a 1-d stack array calls numba's reshape helper at
run time, about 2% of the heuristic field's time where decisions make their tables.

The rule for callers: the array must not outlive the kernel that created it: never
return it, store it in a record or in another array, or keep a view of it after the
kernel returns. Passing it down to callees is fine. Fill it before reading it, as with
np.empty. With NUMBA_DISABLE_JIT=1 it is np.empty.

`borrowed(a)` is the same array without its memory owner, as a stack array has none:
passing it down the kernel tree costs no atomic reference counting (an array from
Python, or a view of one, is counted at every call that takes it). The same rule
holds: the caller must keep `a` alive while the borrowed view is used (an argument
of the kernel Python called is), and the view must not outlive that.
"""

from __future__ import annotations

import numpy as np
from numba.core import cgutils, config, types
from numba.core.errors import TypingError
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array


@intrinsic
def _stack_empty(typingctx, size, dtype):
    if not isinstance(size, types.IntegerLiteral):
        raise TypingError("stack_empty needs a compile-time constant size")
    if not isinstance(dtype, (types.NumberClass, types.DType)):
        raise TypingError("stack_empty needs a numpy scalar type, e.g. np.int64")
    elem = dtype.dtype if isinstance(dtype, types.DType) else dtype.instance_type
    n = size.literal_value
    if n <= 0:
        raise TypingError("stack_empty needs a positive size")
    array_type = types.Array(elem, 1, "C")

    def codegen(context, builder, signature, args):
        data_type = context.get_data_type(elem)
        data = cgutils.alloca_once(builder, data_type, size=n)
        itemsize = context.get_abi_sizeof(data_type)
        ary = make_array(array_type)(context, builder)
        populate_array(
            ary,
            data=data,
            shape=[context.get_constant(types.intp, n)],
            strides=[context.get_constant(types.intp, itemsize)],
            itemsize=context.get_constant(types.intp, itemsize),
            meminfo=None,
        )
        return ary._getvalue()

    return array_type(size, dtype), codegen


@intrinsic
def _stack_empty_2d(typingctx, rows, cols, dtype):
    if not isinstance(rows, types.IntegerLiteral) or not isinstance(cols, types.IntegerLiteral):
        raise TypingError("stack_empty_2d needs compile-time constant rows and columns")
    if not isinstance(dtype, (types.NumberClass, types.DType)):
        raise TypingError("stack_empty_2d needs a numpy scalar type, e.g. np.int64")
    elem = dtype.dtype if isinstance(dtype, types.DType) else dtype.instance_type
    n_rows, n_cols = rows.literal_value, cols.literal_value
    if n_rows <= 0 or n_cols <= 0:
        raise TypingError("stack_empty_2d needs positive rows and columns")
    array_type = types.Array(elem, 2, "C")

    def codegen(context, builder, signature, args):
        data_type = context.get_data_type(elem)
        data = cgutils.alloca_once(builder, data_type, size=n_rows * n_cols)
        itemsize = context.get_abi_sizeof(data_type)
        ary = make_array(array_type)(context, builder)
        populate_array(
            ary,
            data=data,
            shape=[context.get_constant(types.intp, n) for n in (n_rows, n_cols)],
            strides=[context.get_constant(types.intp, x) for x in (n_cols * itemsize, itemsize)],
            itemsize=context.get_constant(types.intp, itemsize),
            meminfo=None,
        )
        return ary._getvalue()

    return array_type(rows, cols, dtype), codegen


@intrinsic
def _borrowed(typingctx, ary):
    if not isinstance(ary, types.Array):
        raise TypingError("borrowed needs an array")

    def codegen(context, builder, signature, args):
        view = make_array(ary)(context, builder, value=args[0])
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        return view._getvalue()

    return ary(ary), codegen


if config.DISABLE_JIT:

    def stack_empty(size, dtype):
        return np.empty(size, dtype)

    def stack_empty_2d(rows, cols, dtype):
        return np.empty((rows, cols), dtype)

    def borrowed(ary):
        return ary

else:
    stack_empty = _stack_empty
    stack_empty_2d = _stack_empty_2d
    borrowed = _borrowed
