"""tutti's engine: card data -> state arrays -> jitted kernels -> results."""

from simcore.jitcache import configure as _configure_jit_cache

_configure_jit_cache()


def simulate(*args, **kwargs):
    """Run a batch simulation into a run directory; see `simcore.runs.simulate.simulate`."""
    from simcore.runs.simulate import simulate as run

    return run(*args, **kwargs)
