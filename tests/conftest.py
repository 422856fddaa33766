"""Shared fixtures: the default card set and hand-made states for kernel tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def cards():
    from simcore.games.luthier.cards import load_default_cards

    return load_default_cards()
