"""The numba tooling: compiling and caching kernels, the JIT notice, threads, the shared
random streams and stack, plain-Python interpretation, kernel errors."""
