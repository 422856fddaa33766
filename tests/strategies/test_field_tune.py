"""Population self-play tuning: styles are kept, the result is reproducible and loadable."""

from __future__ import annotations

import numpy as np
import pytest

from strategies.luthier.field_tune import FIELD, tune_field, write_field
from strategies.luthier.paramfile import read_params
from strategies.luthier.params import NAMES
from strategies.luthier.registry import (
    SOURCES,
    STRATEGIES,
    STYLE_MARGIN,
    STYLES,
    style_projection,
)


def _keeps_style(name: str, vec) -> bool:
    own = vec[NAMES.index(STYLES[name])]
    return all(
        own >= STYLE_MARGIN * vec[NAMES.index(n)] - 1e-9 for n in SOURCES if n != STYLES[name]
    )


@pytest.mark.parametrize("name", list(STYLES))
def test_projection_restores_the_archetypes_emphasis(name):
    project = style_projection(name)
    rng = np.random.default_rng(3)
    for _ in range(50):
        vec = rng.uniform(0, 3, len(NAMES))
        out = project(vec)
        assert _keeps_style(name, out)
        changed = np.flatnonzero(out != vec)
        assert set(changed) <= {NAMES.index(STYLES[name])}  # only its own path moves
        assert np.array_equal(project(out), out)  # already in style: unchanged


def test_balanced_has_no_style_and_every_shipped_archetype_keeps_its_own():
    assert style_projection("balanced") is None
    for name in STYLES:
        assert _keeps_style(name, np.array(STRATEGIES[name].defaults))


def test_tune_field_is_reproducible_and_writes_a_params_file(cards, tmp_path):
    runs = [
        tune_field(cards, 2, 512, 1, seed=5, population=4, eval_games=40, log=lambda _: None)
        for _ in range(2)
    ]
    assert set(runs[0]) == {*FIELD, "balanced"}
    for name in runs[0]:
        assert np.array_equal(runs[0][name], runs[1][name])
        if name in STYLES:
            assert _keeps_style(name, runs[0][name][: len(NAMES)])
    out = tmp_path / "field.toml"
    write_field(out, runs[0], ["test"])
    loaded = read_params(out)
    for name, values in loaded.items():
        assert list(values) == list(NAMES)
        assert np.allclose([values[n] for n in NAMES], runs[0][name][: len(NAMES)], rtol=1e-3)


def test_self_play_polish_moves_only_the_self_play_strategy(cards):
    from strategies.luthier.field_tune import as_written, polish_self_play
    from strategies.luthier.registry import SELF_PLAY

    start = {n: STRATEGIES[n].vector() for n in (*FIELD, SELF_PLAY)}
    runs = [
        polish_self_play(cards, start, 2, 512, 2, seed=3, population=4, eval_games=40, log=print)
        for _ in range(2)
    ]
    for name in start:
        assert np.array_equal(runs[0][name], runs[1][name])  # reproducible
        assert np.array_equal(runs[0][name], as_written(runs[0])[name])  # as field.toml holds it
        if name != SELF_PLAY:
            assert np.array_equal(runs[0][name], as_written(start)[name])
