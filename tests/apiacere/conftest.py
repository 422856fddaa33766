"""A Piacere fixtures: the shipped card data (no kernels yet)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def apcards():
    from simcore.games.apiacere.carddata.load import load_default_cards

    return load_default_cards()
