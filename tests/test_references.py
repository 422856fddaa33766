"""What the repository cites resolves inside it: no paths of a developer's machine, and
every "ruling N" is a ruling of docs/games/luthier/rulings.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRS = ("simcore", "reports", "cli", "strategies", "tests", "docs", "examples")
TOP = ("CHANGELOG.md", "Makefile", "pyproject.toml")
OUTSIDE = re.compile(r"/work/|shared/rules|\.\./shared|luthier-rulings\.md|luthier\.txt")
RULING = re.compile(r"\brulings? (\d+)((?:(?:, | and | or |-)\d+)*)", re.IGNORECASE)


def _text_files() -> list[Path]:
    files = [ROOT / name for name in TOP if (ROOT / name).exists()]
    for d in DIRS:
        files += [p for p in (ROOT / d).rglob("*") if p.suffix in (".py", ".toml", ".md")]
    return [p for p in files if p != Path(__file__).resolve()]


def test_nothing_points_outside_the_repository() -> None:
    hits = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in _text_files()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert hits == []


def _cited(text: str) -> set[int]:
    numbers: set[int] = set()
    for m in RULING.finditer(text):
        parts = [m.group(1), *re.findall(r"\d+", m.group(2))]
        if "-" in m.group(2) and len(parts) == 2:  # "rulings 3-5"
            numbers.update(range(int(parts[0]), int(parts[1]) + 1))
        else:
            numbers.update(int(x) for x in parts)
    return numbers


def test_every_cited_ruling_is_documented() -> None:
    rulings = (ROOT / "docs" / "games" / "luthier" / "rulings.md").read_text(encoding="utf-8")
    documented = {int(n) for n in re.findall(r"^### (\d+)\. ", rulings, re.MULTILINE)}
    assert documented == set(range(1, 28))
    cited = set().union(*(_cited(p.read_text(encoding="utf-8")) for p in _text_files()))
    assert {9, 11, 12, 18} <= cited  # the pattern finds the citations it should
    assert cited <= documented


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")


def test_every_relative_link_of_the_docs_resolves() -> None:
    """README and docs/ link files by relative paths; a moved or renamed page breaks them."""
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    broken = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in pages
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if "://" not in target and not (page.parent / target).exists()
    ]
    assert len(pages) > 10 and broken == []
