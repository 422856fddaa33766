"""Shared fixtures: the default card set and hand-made states for kernel tests."""

from __future__ import annotations

import os

import pytest

# Commands size their tables to the terminal ($COLUMNS first): the tests read their output
# at the width of a pipe, whatever terminal (or pytest-xdist worker, which sets COLUMNS=80)
# runs them. A test of another width sets its own.
os.environ["COLUMNS"] = "100"


@pytest.fixture(scope="session")
def cards():
    from simcore.games.luthier.carddata.cards import load_default_cards

    return load_default_cards()
