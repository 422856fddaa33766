"""Early Western Music History fixtures: the shipped card data (no kernels yet)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def ecards():
    from simcore.games.ewmh.carddata.load import load_default_cards

    return load_default_cards()
