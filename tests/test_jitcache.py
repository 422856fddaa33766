"""The kernel cache directory follows the kernels' sources (simcore/jitcache.py)."""

from __future__ import annotations

import shutil

from simcore import jitcache


def test_hash_covers_kernel_modules_and_constant_modules_only(tmp_path, monkeypatch):
    for package in jitcache.PACKAGES:
        shutil.copytree(jitcache.ROOT / package, tmp_path / package)
    monkeypatch.setattr(jitcache, "ROOT", tmp_path)
    before = jitcache.source_hash()
    registry = tmp_path / "strategies" / "luthier" / "registry.py"
    registry.write_text(registry.read_text() + "\n# a default weight changed\n")
    assert jitcache.source_hash() == before  # not kernel code: the cache stays valid
    kernel = tmp_path / "simcore" / "games" / "luthier" / "market_nb.py"
    kernel.write_text(kernel.read_text() + "\n# a kernel changed\n")
    changed = jitcache.source_hash()
    assert changed != before
    enums = tmp_path / "simcore" / "games" / "luthier" / "enums.py"
    enums.write_text(enums.read_text() + "\n# a constant changed\n")
    assert jitcache.source_hash() != changed
