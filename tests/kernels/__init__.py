"""Tests of simcore/kernels/: compiling, caching, the JIT notice, threads."""
