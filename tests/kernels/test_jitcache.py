"""Kernel cache keys follow each kernel module and what it imports (simcore/kernels/jitcache.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simcore.kernels import jitcache

MARKET = "simcore.games.luthier.actions.market_nb"
RNG = "simcore.kernels.rng_nb"
GAME_NB = "simcore.games.luthier.play.game_nb"


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Path:
    """A copy of the packages that the tests may edit, with fresh key memos."""
    for package in jitcache.PACKAGES:
        shutil.copytree(jitcache.ROOT / package, tmp_path / package)
    monkeypatch.setattr(jitcache, "ROOT", tmp_path)
    monkeypatch.setattr(jitcache, "_extra", {})
    jitcache.module_key.cache_clear()
    jitcache._imports.cache_clear()
    jitcache._source_digest.cache_clear()
    yield tmp_path
    jitcache.module_key.cache_clear()
    jitcache._imports.cache_clear()
    jitcache._source_digest.cache_clear()


def keys() -> dict[str, str]:
    jitcache.module_key.cache_clear()
    jitcache._imports.cache_clear()
    jitcache._source_digest.cache_clear()
    names = [MARKET, RNG, "simcore.games.luthier.play.game_nb", "strategies.luthier.heuristic_nb"]
    return {name: jitcache.module_key(name) for name in names}


def edit(tree: Path, rel: str) -> None:
    path = tree / rel
    path.write_text(path.read_text() + "\n# edited\n")


def test_editing_a_kernel_module_changes_its_key_and_its_importers_only(tree):
    before = keys()
    edit(tree, "simcore/games/luthier/actions/market_nb.py")
    after = keys()
    assert after[MARKET] != before[MARKET]
    assert (
        after["simcore.games.luthier.play.game_nb"] != before["simcore.games.luthier.play.game_nb"]
    )
    assert after[RNG] == before[RNG]  # the market does not reach the random streams
    # the heuristics import no market kernel: their compiled code stays valid
    assert after["strategies.luthier.heuristic_nb"] == before["strategies.luthier.heuristic_nb"]


def test_editing_a_constant_module_changes_every_kernel_that_imports_it(tree):
    before = keys()
    edit(tree, "simcore/games/luthier/state/enums.py")
    after = keys()
    assert after[MARKET] != before[MARKET]
    assert after["strategies.luthier.heuristic_nb"] != before["strategies.luthier.heuristic_nb"]
    assert after[RNG] == before[RNG]


def test_editing_a_module_no_kernel_imports_changes_no_key(tree):
    before = keys()
    edit(tree, "strategies/luthier/registry.py")  # default weights: read in Python only
    edit(tree, "simcore/runs/simulate.py")
    assert keys() == before


def test_a_user_strategy_module_keys_the_dispatch_and_its_callers(tree, tmp_path):
    before = keys()
    user = tmp_path / "mine.py"
    user.write_text("# a user strategy\n")
    jitcache.bind_extra("strategies.luthier.dispatch_nb", user)
    after = keys()
    assert (
        after["simcore.games.luthier.play.game_nb"] != before["simcore.games.luthier.play.game_nb"]
    )
    assert after[RNG] == before[RNG]


def test_cache_dir_is_one_place_for_every_start(monkeypatch, tmp_path):
    monkeypatch.delenv(jitcache.CACHE_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert jitcache.cache_dir() == tmp_path / "xdg" / "tutti" / "kernels"
    monkeypatch.setenv(jitcache.CACHE_VAR, str(tmp_path / "mine"))
    assert jitcache.cache_dir() == tmp_path / "mine"


DECIDE = "simcore.games.luthier.play.decide_nb"
MAESTRO_GAME = "simcore.games.maestro.play.game_nb"


LUTHIER_ENGINE = (DECIDE, MARKET, "simcore.games.luthier.play.game_nb")


@pytest.mark.parametrize(
    ("strategy", "changed"),
    [
        ("strategies/luthier/dispatch_nb.py", LUTHIER_ENGINE),
        # every game's `random`: both games' engines compile it in
        ("strategies/random_nb.py", (*LUTHIER_ENGINE, MAESTRO_GAME)),
    ],
)
def test_editing_a_bound_strategy_kernel_changes_the_engine_keys(tree, strategy, changed):
    # the engine imports no strategy module: the key follows the dispatch module the
    # game's registration binds into decide_nb (simcore/games/binding.py), and its imports
    names = [*LUTHIER_ENGINE, MAESTRO_GAME, RNG]
    before = {name: jitcache.module_key(name) for name in names}
    edit(tree, strategy)
    jitcache.module_key.cache_clear()
    jitcache._source_digest.cache_clear()
    after = {name: jitcache.module_key(name) for name in names}
    for name in names:
        assert (after[name] != before[name]) == (name in changed), name
    assert after[RNG] == before[RNG]


def test_the_key_follows_the_dispatch_the_game_declares(tree, monkeypatch):
    from simcore import games

    luthier = type(games.get("luthier"))
    assert "strategies.luthier.dispatch_nb" in jitcache._closure(DECIDE)
    assert "strategies.maestro.dispatch_nb" in jitcache._closure(MAESTRO_GAME)
    before = jitcache.module_key(DECIDE)
    monkeypatch.setattr(luthier, "dispatch", {DECIDE: "strategies.maestro.dispatch_nb"})
    jitcache.module_key.cache_clear()
    jitcache._imports.cache_clear()
    assert "strategies.luthier.dispatch_nb" not in jitcache._closure(DECIDE)
    assert jitcache.module_key(DECIDE) != before
