"""Maestro fixtures: the shipped board and the kernel cache of this worktree's tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def mcards():
    from simcore.games.maestro.carddata.cards import load_default_cards

    return load_default_cards()
