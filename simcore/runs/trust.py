"""What a run directory may name but never decides: code to run and folders to read.

A manifest records the user strategy module and the card directory a run used, with
their hashes. Commands that play a run's games again (resume, `report --confirm`,
`check`) take a strategy module only from the command line, and import it only after
its hash matches the manifest's; a card directory named by the manifest is used only
when the user passes it, or when the cards found there have the run's hash (a foreign
folder's contents are never listed in an error).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from simcore.errors import TuttiError


def file_hash(path: str | Path) -> str:
    """The hash a manifest records for a user strategy module (its source's SHA-256, 16 hex
    digits)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def load_run_module(game, config, given: str | Path | None, where: str) -> str | None:
    """Load the run's user strategy module from `given` (--strategy-module) once its hash
    is the manifest's; returns its hash, or None for a run without one. Refused in one line
    when the run needs a module and none is given, or the given one differs."""
    recorded = config.strategy_module_hash
    if recorded is None:
        if given is not None:
            raise TuttiError(f"{where}: the run used no --strategy-module; drop the flag")
        return None
    if given is None:
        raise TuttiError(
            f"{where}: the run used user strategies from {config.strategy_module!r}; pass "
            "--strategy-module FILE to play them again (tutti never runs code a run "
            "directory names)"
        )
    path = Path(given)
    if not path.is_file() or path.suffix != ".py":
        raise TuttiError(f"--strategy-module {path}: no such Python file")
    found = file_hash(path)
    if found != recorded:
        raise TuttiError(
            f"{where}: --strategy-module {path} is not the run's (hash {found}, the run "
            f"used {recorded}); pass the file the run was made with"
        )
    return game.load_strategy_module(path)


def load_run_cards(game, config, given: str | Path | None, where: str):
    """The run's card data: from `given` (--cards) if the user passes it, else from the
    folder the manifest names (or the shipped set) only when its hash is the run's."""
    if given is not None:
        return game.load_cards(Path(given))
    recorded = config.cards_dir
    try:
        card_set = game.load_cards(Path(recorded) if recorded else None)
    except (TuttiError, OSError):
        card_set = None
    if card_set is None or card_set.data_hash != config.card_hash:
        what = f"the card folder it names ({recorded!r})" if recorded else "the shipped cards"
        raise TuttiError(
            f"{where}: the run's card data (hash {config.card_hash}) is not {what}; "
            "pass --cards DIR with the cards the run was made with"
        )
    return card_set
