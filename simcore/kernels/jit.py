"""The `kernel` decorator: how every jitted function of tutti is compiled and cached.

Plain `numba.njit` made a cold compile of the engine take minutes, for two reasons
this module removes:

1. Numba compiles every function it types to machine code on its own, with every
   function it calls linked in and optimized again. A kernel called only from other
   kernels never needs its own machine code, so the engine's ~190 kernels cost the
   optimization and code generation of the whole call tree once per level of
   nesting. Here a kernel compiled while another kernel is being compiled (a nested
   compile) is typed and lowered to LLVM IR only: its IR is linked into its caller,
   and only the kernel that Python calls (`play_games_nb`, for runs and single games, or a
   kernel a test calls directly) is optimized and turned into machine code, once,
   and saved in the kernel cache (`simcore/kernels/jitcache.py`).
2. Numba compiles a function once per distinct tuple of argument types: a seat
   index read from an int8 field, a loop counter and the literal 0 made three copies
   of the whole decision subtree. Here integer, enum and boolean arguments of a
   kernel-to-kernel call are widened to int64 (booleans to bool) before the callee
   is typed, so each kernel has one signature; the caller converts the values.
   Numba already computes integer arithmetic on intp (int64), so the values a
   kernel computes do not change (tests/games/test_golden_games.py proves identical games).

3. The kernels linked into the kernel Python calls get internal linkage before it is
   optimized (_internalize), and once numba's refcount pruning is done, the
   reference counting calls it left are inlined (_INLINE_REFCOUNT_IR): most were on
   array fields of the game records, which own no memory, so they fold away. Small
   scratch arrays live on the stack (`simcore/kernels/stack_nb.py`). Those two and a raised
   inlining threshold first gave about 1.4x the games per second of random play
   (tests/kernels/test_jit_codegen.py checks that heap arrays are still freed exactly once).
   Numba links the kernels as linkonce_odr, which LLVM must treat as replaceable, so
   it never removed an unused argument, specialised a signature or gave a function
   with a single call site the inliner's bonus; numba passes an array as ~9 scalars
   and a record of arrays as dozens, and that passing was the largest cost left.
   Internal linkage gave random play and the heuristic field about 1.45x the games
   per second for the same compile time, and made the raised inlining threshold
   (3000, for those arguments) useless: LLVM's own (INLINE_THRESHOLD) is as fast and
   compiles a little faster.

Kernels use numpy's error model: a division by zero gives inf (or 0 for integers)
instead of raising, which saves a check and an exception path at every division of the
strategies' valuations (about a third of the heuristic field's time). Validated card
data never divides by zero (`cards_rules.py` gives every rule number a range), and a
game that did would still fail its invariant checks.

This leans on numba internals (a `_FunctionCompiler` subclass, the compile flag
`no_compile`, a `JITCodeLibrary` subclass whose `finalize` only links), so
pyproject.toml pins numba to the minor version it was written and tested against
(0.68); tests/games/test_golden_games.py and the whole suite check a new version before the
pin moves. A kernel still runs as plain Python with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable

import numpy as np
from llvmlite import binding as llvm
from numba.core import compiler, config, sigutils, types
from numba.core.caching import CompileResultCacheImpl, FunctionCache
from numba.core.codegen import JITCodeLibrary, _parse_refprune_flags
from numba.core.dispatcher import _FunctionCompiler
from numba.core.registry import CPUDispatcher

from simcore.kernels import jitnotice
from simcore.kernels.jitcache import KernelLocator

# LLVM's inlining threshold for the optimization of a whole kernel tree: its O3 default.
# 3000 paid off while the linked-in kernels kept their dozens of scalar arguments; with
# internal linkage (_internalize) 250 was as fast or ~1-2% faster (random play, the
# heuristic field) and the cold compile ~1.4 s shorter; 10000 was ~6% slower.
INLINE_THRESHOLD = 250
_compiling = threading.local()  # .stack: one bool per Dispatcher.compile under way


def _stack() -> list[bool]:
    stack = getattr(_compiling, "stack", None)
    if stack is None:
        stack = _compiling.stack = []
    return stack


class _LinkOnly:
    """Stands for the machine code a nested kernel never gets (numba keys calls on it)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"<kernel {self.name}: IR linked into its callers only>"


class _LinkOnlyLibrary(JITCodeLibrary):
    """A nested kernel's code: its IR and its callees' IR, linked into every caller and
    optimized there; never optimized or turned into machine code on its own."""

    def finalize(self):
        seen = set()
        for library in self._linking_libraries:
            if library not in seen:
                seen.add(library)
                self._reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._finalized = True


# Numba's reference counting helpers, as numba defines them (numba/core/runtime/
# nrtdynmod.py: a null check, then an atomic add or subtract; the destructor when the
# count reaches 0), but inlinable. Numba keeps its own copies out of line so that its
# refcount pruning pass can find the calls; the pairs that pass cannot prune stay calls,
# and in the kernels most of them are on arrays without a memory owner (the array
# fields of the game records: a null pointer). Linked in after pruning, these bodies
# are inlined, the null checks on those arrays fold away, and the rest lose the call.
_INLINE_REFCOUNT_IR = r"""
declare void @NRT_MemInfo_call_dtor(i8*)

define void @NRT_incref(i8* %ptr) alwaysinline {
entry:
  %null = icmp eq i8* %ptr, null
  br i1 %null, label %done, label %add
add:
  %word = bitcast i8* %ptr to i64*
  %old = atomicrmw add i64* %word, i64 1 monotonic
  br label %done
done:
  ret void
}

define void @NRT_decref(i8* %ptr) alwaysinline {
entry:
  %null = icmp eq i8* %ptr, null
  br i1 %null, label %done, label %sub
sub:
  fence release
  %word = bitcast i8* %ptr to i64*
  %old = atomicrmw sub i64* %word, i64 1 monotonic
  %last = icmp eq i64 %old, 1
  br i1 %last, label %free, label %done
free:
  fence acquire
  call void @NRT_MemInfo_call_dtor(i8* %ptr)
  br label %done
done:
  ret void
}
"""


def _internalize(module) -> None:
    """Give the linked-in functions of a kernel's final module internal linkage.

    Numba links every library a kernel calls in as linkonce_odr (codegen
    `_get_module_for_linking`): a definition that another module may replace, so LLVM
    keeps its signature. The entry points Python and the cache look up by name (the
    kernel's own function and its cpython and cfunc wrappers) come from the kernel's own
    module and are external; NRT_incref and NRT_decref are replaced after the passes
    (see _INLINE_REFCOUNT_IR) and stay as they are.
    """
    for fn in module.functions:
        if (
            not fn.is_declaration
            and fn.linkage == llvm.Linkage.linkonce_odr
            and not fn.name.startswith("NRT_")
        ):
            fn.linkage = "internal"


class _KernelLibrary(JITCodeLibrary):
    """The code of a kernel that Python calls: numba's optimization, then the reference
    counting that pruning left is inlined (see _INLINE_REFCOUNT_IR)."""

    def _pass_manager(self, cheap: bool):
        tuning = llvm.create_pipeline_tuning_options()
        if cheap:  # numba's cheap pass (O0 unless NUMBA_OPT=max)
            tuning.speed_level = self._codegen._opt_level
            tuning.loop_vectorization = self._codegen._loopvect
            tuning.slp_vectorization = False
        else:
            tuning.speed_level = int(config.OPT)
            tuning.loop_vectorization = bool(config.LOOP_VECTORIZE)
            tuning.slp_vectorization = bool(config.SLP_VECTORIZE)
        tuning.inlining_threshold = INLINE_THRESHOLD
        builder = llvm.create_pass_builder(self._codegen._tm, tuning)
        manager = builder.getModulePassManager()
        if cheap:  # as numba's cheap pass: loops rotated early, combined, threaded
            manager.add_loop_rotate_pass()
            manager.add_instruction_combine_pass()
            manager.add_jump_threading_pass()
        if config.LLVM_REFPRUNE_PASS:
            manager.add_refprune_pass(_parse_refprune_flags())
        return manager, builder

    def _optimize_final_module(self):
        # the linked-in kernels are local to this module (see _internalize)
        _internalize(self._final_module)
        # numba's two module passes (a cheap one so that refcount pruning sees inlined
        # code, then the full one), with INLINE_THRESHOLD
        for cheap in (True, False):
            manager, builder = self._pass_manager(cheap)
            manager.run(self._final_module, builder)
        module = self._final_module
        defined = {f.name for f in module.functions if not f.is_declaration}
        if not {"NRT_incref", "NRT_decref"} <= defined:
            return
        helpers = llvm.parse_assembly(_INLINE_REFCOUNT_IR)
        helpers.triple = module.triple
        helpers.data_layout = module.data_layout
        module.link_in(helpers)  # a strong definition replaces the linked-in linkonce one
        for name in ("NRT_incref", "NRT_decref"):
            module.get_function(name).linkage = "internal"
        pb = llvm.create_pass_builder(self._codegen._tm, llvm.create_pipeline_tuning_options())
        pm = llvm.create_new_module_pass_manager()
        pm.add_always_inliner_pass()
        pm.add_instruction_combine_pass()
        pm.add_simplify_cfg_pass()
        pm.add_dead_code_elimination_pass()
        pm.add_global_dead_code_eliminate_pass()
        pm.run(module, pb)


class _KernelCompiler(_FunctionCompiler):
    def _compile_core(self, args, return_type):
        if len(_stack()) > 1:  # nested: numba's own path (no machine code, see below)
            return super()._compile_core(args, return_type)
        flags = compiler.Flags()
        self.targetdescr.options.parse_as_flags(flags, self.targetoptions)
        flags = self._customize_flags(flags)
        target = self.targetdescr.target_context
        library = target.codegen().create_library(self.py_func.__qualname__)
        library.__class__ = _KernelLibrary
        library.enable_object_caching()
        cres = compiler.compile_extra(
            self.targetdescr.typing_context,
            target,
            self.py_func,
            args=args,
            return_type=return_type,
            flags=flags,
            locals=self.locals,
            library=library,
            pipeline_class=self.pipeline_class,
        )
        if cres.typing_error is not None and not flags.enable_pyobject:
            raise cres.typing_error
        return cres

    def _customize_flags(self, flags):
        if len(_stack()) > 1:  # nested: IR for the caller only, no wrappers, no machine code
            flags.no_compile = True
            flags.no_cpython_wrapper = True
            flags.no_cfunc_wrapper = True
        return flags


class _KernelCacheImpl(CompileResultCacheImpl):
    _locator_classes = [KernelLocator, *CompileResultCacheImpl._locator_classes]


class _KernelCache(FunctionCache):
    _impl_class = _KernelCacheImpl

    def save_overload(self, sig, data):
        if data.entry_point is None:  # a link-only compile has no machine code to keep
            return
        super().save_overload(sig, data)


def _widen(ty):
    """The one type a kernel is compiled for, whatever integer type a caller passes."""
    ty = types.unliteral(ty)
    if isinstance(ty, types.IntEnumMember):
        return types.int64
    if isinstance(ty, types.Integer) and ty.bitwidth < 64:
        return types.int64
    return ty


class KernelDispatcher(CPUDispatcher):
    """A CPU dispatcher that links nested kernels as IR and widens integer arguments."""

    def __init__(self, py_func, locals=None, targetoptions=None):
        super().__init__(py_func, locals=locals or {}, targetoptions=targetoptions or {})
        self._compiler = _KernelCompiler(
            py_func,
            self.targetdescr,
            targetoptions or {},
            locals or {},
            self._compiler.pipeline_class,
        )

    def enable_caching(self):
        self._cache = _KernelCache(self.py_func)

    def get_call_template(self, args, kws):
        args = tuple(_widen(a) for a in args)
        kws = {k: _widen(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)

    def compile(self, sig):
        stack = _stack()
        if not stack:  # called from Python: it needs machine code, not a link-only build
            args, _ = sigutils.normalize_signature(sig)
            existing = self.overloads.get(tuple(args))
            if existing is not None and isinstance(existing.entry_point, _LinkOnly):
                del self.overloads[tuple(args)]
        stack.append(True)
        try:
            return super().compile(sig)
        finally:
            stack.pop()

    def direct(self, *args) -> Callable:
        """The machine code compiled for arguments of these types, to call without this
        dispatcher's per-call type matching: numba types a record array in Python on every
        call (about 30 us, holding the GIL), and a batch calls its kernel once per block
        from every thread. Not compiled yet: the dispatcher itself."""
        signature = tuple(_widen(self.typeof_pyval(a)) for a in args)
        compiled = self.overloads.get(signature)
        if compiled is None or isinstance(compiled.entry_point, _LinkOnly):
            return self
        return compiled.entry_point

    def add_overload(self, cres):
        if cres.entry_point is not None:
            super().add_overload(cres)
            return
        stand_in = _LinkOnly(self.py_func.__qualname__)
        cres.library.__class__ = _LinkOnlyLibrary
        self.targetctx.insert_user_function(stand_in, cres.fndesc, [cres.library])
        self.overloads[tuple(cres.signature.args)] = cres._replace(entry_point=stand_in)


jitnotice.install_if_enabled()


def _plain(f: Callable) -> Callable:
    """`f` as plain Python, its small integer arguments widened to int64 as a compiled
    kernel's are (see `_widen`): numpy computes int8 * int in int8 and would overflow where
    a kernel computes in int64."""

    @functools.wraps(f)
    def plain(*args):
        return f(*[np.int64(a) if type(a) in _NARROW else a for a in args])

    plain.py_func = f
    return plain


_NARROW = {np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32}


def direct(fn: Callable, *args) -> Callable:
    """`fn` (a kernel) to call many times with arguments of the types of `args`: its machine
    code once compiled (KernelDispatcher.direct), else `fn` itself (also as plain Python)."""
    return fn.direct(*args) if isinstance(fn, KernelDispatcher) else fn


def kernel(fn: Callable | None = None, *, parallel: bool = False, nogil: bool = False):
    """Compile `fn` as a cached nopython kernel (`@kernel` or `@kernel(nogil=True)`)."""

    def wrap(f: Callable):
        if config.DISABLE_JIT:
            return _plain(f)
        options = {"nopython": True, "error_model": "numpy"}
        if parallel:
            options["parallel"] = True
        if nogil:
            options["nogil"] = True
        dispatcher = KernelDispatcher(f, targetoptions=options)
        dispatcher.enable_caching()
        return dispatcher

    return wrap if fn is None else wrap(fn)
