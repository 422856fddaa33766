"""The Python API documents itself: `simcore.simulate` is the real function, and
`import simcore` stays light (it must not pull in numba or the run machinery)."""

from __future__ import annotations

import inspect
import pydoc
import subprocess
import sys

import simcore


def test_simulate_has_the_real_signature_and_docstring() -> None:
    from simcore.runs.simulate import simulate

    assert simcore.simulate is simulate
    params = inspect.signature(simcore.simulate).parameters
    assert list(params)[:4] == ["players", "games", "seed", "out"]
    assert {"strategies", "cards", "resume", "progress", "cluster"} <= set(params)
    assert params["games"].default == 100_000
    text = pydoc.render_doc(simcore.simulate, renderer=pydoc.plaintext)
    assert "tutti simulate" in text and "players" in text and "*args" not in text


def test_from_import_and_dir_list_simulate() -> None:
    from simcore import simulate

    assert simulate is simcore.simulate
    assert "simulate" in dir(simcore) and simcore.__all__ == ["simulate"]


def test_unknown_attribute_is_an_attribute_error() -> None:
    try:
        simcore.no_such_thing  # noqa: B018
    except AttributeError as err:
        assert "no_such_thing" in str(err)
    else:
        raise AssertionError("simcore.no_such_thing did not raise")


def test_import_simcore_is_light() -> None:
    code = (
        "import sys, simcore; "
        "heavy = [m for m in ('numba', 'numpy', 'pyarrow', 'polars', 'simcore.runs.simulate')"
        " if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
