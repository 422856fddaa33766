"""tutti's engine: card data -> state arrays -> jitted kernels -> results.

`simcore.simulate(...)` is the Python twin of `tutti simulate`; see
`help(simcore.simulate)`. It is imported on first use, so `import simcore`
stays light (no numba, numpy or pyarrow until a run is asked for).
"""

__all__ = ["simulate"]


def __getattr__(name: str):
    """`simcore.simulate` is `simcore.runs.simulate.simulate` itself: its signature and docs."""
    if name == "simulate":
        from simcore.runs.simulate import simulate

        globals()["simulate"] = simulate  # later look-ups skip this function
        return simulate
    raise AttributeError(f"module 'simcore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
