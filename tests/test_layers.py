"""The import rules of the layers (issue 20): cli -> reports / strategies -> simcore,
downward only, and no generic module names a game package.

Checked on every project module's syntax tree, imports inside functions included. A game
package is `simcore/games/<name>/` with its strategies in `strategies/<name>/`; every
other module is generic and reaches a game only through the registry
(`simcore.games.get`, interface `simcore/games/api.py`).

No generic module imports a game package: what balance, `tutti cards` and the
card-balance report need of a game is in the interface's card-data block. Nor does the
code of cli/, reports/, simcore/runs/ or the generic strategy tools (strategies/*.py)
name a game in a string (docstrings and comments aside): defaults come from the
registry, names and words from the game.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"cli": 3, "reports": 2, "strategies": 2, "simcore": 1}
GAMES = tuple(  # every game package: simcore/games/<name>/ and strategies/<name>/
    f"{parent.replace('/', '.')}.{path.name}"
    for parent in ("simcore/games", "strategies")
    for path in sorted((ROOT / parent).iterdir())
    if (path / "__init__.py").is_file()
)


def modules() -> dict[str, Path]:
    out = {}
    for package in LAYERS:
        for path in (ROOT / package).rglob("*.py"):
            out[".".join(path.relative_to(ROOT).with_suffix("").parts)] = path
    return out


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] in LAYERS}


def game_of(module: str) -> str | None:
    """The game package `module` belongs to, or None for a generic module."""
    parts = module.split(".")
    if parts[:2] == ["simcore", "games"] and len(parts) > 3:
        package = ROOT / "simcore" / "games" / parts[2]
    elif parts[0] == "strategies" and len(parts) > 2:
        package = ROOT / "strategies" / parts[1]
    else:
        return None
    return package.name if package.is_dir() else None


def test_layers_import_downward_only():
    wrong = []
    for module, path in modules().items():
        layer = LAYERS[module.split(".")[0]]
        for name in imports(path):
            other = LAYERS[name.split(".")[0]]
            sideways = other == layer and name.split(".")[0] != module.split(".")[0]
            registers = module.endswith(".game")  # a game registers its strategies there only
            if (other > layer or sideways) and not (registers and game_of(module) == game_of(name)):
                wrong.append(f"{module} imports {name}")
    assert not wrong, "\n".join(sorted(wrong))


def test_generic_modules_name_no_game():
    bound = set()
    for module, path in modules().items():
        if game_of(module) is not None or module == "simcore.games":
            continue
        if any(name.startswith(GAMES) for name in imports(path)):
            bound.add(module)
    assert bound == set(), "generic modules that import a game package: " + ", ".join(sorted(bound))


NAMELESS = ("cli", "reports", "simcore/runs")  # and strategies/*.py, the generic tools


def nameless_files() -> list[Path]:
    """The modules whose code names no game, not even in a string."""
    files = [path for folder in NAMELESS for path in (ROOT / folder).rglob("*.py")]
    return sorted([*files, *(ROOT / "strategies").glob("*.py")])


def strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of the module's code, (line, text), docstrings left out
    (f-strings give their literal parts)."""
    tree = ast.parse(path.read_text())
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_generic_modules_name_no_game_in_a_string():
    names = sorted({g.rsplit(".", 1)[1] for g in GAMES})
    assert names, "no game package found"
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for path in nameless_files()
        for line, text in strings(path)
        if any(name in text.lower() for name in names)
    ]
    assert not wrong, "generic modules that name a game:\n" + "\n".join(wrong)


def test_the_string_check_sees_strings_and_not_docstrings(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        '"""A doc naming a game."""\n\n\ndef f():\n    """Its doc."""\n'
        '    return f"the {1} game" + "other"  # a comment\n'
    )
    assert sorted(text for _, text in strings(module)) == sorted(["the ", " game", "other"])


def registers_strategies(module: str, game: str) -> bool:
    return module == f"simcore.games.{game}.game"


def test_a_game_engine_imports_its_strategies_only_where_it_registers_them():
    wrong = []
    for module, path in modules().items():
        game = game_of(module)
        if game is None or not module.startswith("simcore."):
            continue
        for name in imports(path):
            upward = name.startswith(("cli", "reports"))
            if upward or (name.startswith("strategies") and not registers_strategies(module, game)):
                wrong.append(f"{module} imports {name}")
    assert not wrong, "\n".join(sorted(wrong))


def test_a_game_package_does_not_import_another_game():
    wrong = []
    for module, path in modules().items():
        game = game_of(module)
        for name in imports(path):
            other = game_of(name)
            if game is not None and other is not None and other != game:
                wrong.append(f"{module} imports {name}")
    assert not wrong, "\n".join(sorted(wrong))
