"""tutti's engine: card data -> state arrays -> jitted kernels -> results."""


def simulate(*args, **kwargs):
    """Run a batch simulation into a run directory; see `simcore.runs.simulate.simulate`."""
    from simcore.runs.simulate import simulate as run

    return run(*args, **kwargs)
