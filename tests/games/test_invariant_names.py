"""The names of each game's invariant checks (simcore/games/api.py `invariant_names`): every
registered game names its bits, and a game that does not gets the default."""

from __future__ import annotations

import subprocess
import sys

import pytest

from simcore import games
from simcore.games.api import REQUIRED, Game, invariant_name, invariant_names


@pytest.mark.parametrize("name", games.names())
def test_every_game_names_each_bit_of_its_violations_column(name) -> None:
    names = invariant_names(games.get(name))
    assert names, "a registered game names its invariant checks"
    assert all(bit > 0 and bit & (bit - 1) == 0 for bit in names), "one bit each"
    assert len(set(names.values())) == len(names) and all(names.values())


def test_luthier_and_maestro_names_come_from_their_engines() -> None:
    from simcore.games.luthier.state.codes import INVARIANT_NAMES
    from simcore.games.maestro.state.codes import Violation

    assert invariant_names(games.get("luthier")) == INVARIANT_NAMES
    assert invariant_names(games.get("maestro"))[Violation.BAD_PICK] == "bad pick"
    assert 64 not in invariant_names(games.get("maestro"))  # the turn cap is an outcome


def test_a_game_that_names_no_checks_gets_the_default() -> None:
    from tests.games.test_games import Bare

    assert Bare().invariant_names is None and "invariant_names" not in REQUIRED
    assert invariant_names(Bare()) == {}
    assert invariant_name({}, 4) == "invariant bit 4"
    assert isinstance(games.get("maestro"), Game)


def test_naming_a_game_imports_no_engine_until_a_violation_needs_names() -> None:
    code = (
        "import sys; from simcore import games; games.get('luthier'); "
        "assert 'numba' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name", games.names())
def test_naming_the_checks_imports_no_numba(name) -> None:
    """A report of a run with violations names them without loading the engine."""
    code = (
        "import sys; from simcore import games; from simcore.games.api import invariant_names;"
        f" assert invariant_names(games.get({name!r})); assert 'numba' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
