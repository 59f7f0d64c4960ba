"""Everything of a game lives in its package: no file of Tabulae outside ``tabulae/games/`` is
named after a game or mentions a game id in its code or assets, so a game from another pip
package plugs in exactly as ours do (that none imports a game's module is an import contract,
checked by tests/test_imports.py). Docstrings may use a game as an example; the generic word
"games" is no game."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabulae.core import all_games

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ROOT / "tabulae"
GAMES = PRODUCT / "games"
PLUGIN_GAMES = Path(__file__).resolve().parent / "plugin_games"
CHECKED = {".py", ".js", ".css", ".html", ".json", ".po"}
IDS = sorted(
    set(all_games())
    | {path.name for path in PLUGIN_GAMES.iterdir() if (path / "__init__.py").exists()}
)
MENTION = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(IDS) + r")(?![A-Za-z0-9_])")


def product_files() -> list[Path]:
    return sorted(
        path
        for path in PRODUCT.rglob("*")
        if path.is_file() and path.suffix in CHECKED and GAMES not in path.parents
    )


def docstring_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def python_problems(path: Path, text: str) -> Iterator[tuple[int, str]]:
    documentation = docstring_lines(ast.parse(text))
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0] if number not in documentation else ""
        if MENTION.search(code):
            yield number, f"mentions the game id {MENTION.search(code).group(1)!r}"


def problems(path: Path) -> Iterator[str]:
    return problems_at(path, PRODUCT)


def problems_at(path: Path, root: Path) -> Iterator[str]:
    where = path.relative_to(root).as_posix()
    named = MENTION.search(where)
    if named:
        yield f"{where}: is named after the game {named.group(1)!r}"
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        for number, problem in python_problems(path, text):
            yield f"{where}:{number}: {problem}"
        return
    for number, line in enumerate(text.splitlines(), 1):
        found = MENTION.search(line)
        if found:
            yield f"{where}:{number}: mentions the game id {found.group(1)!r}"


def test_the_games_are_known():
    assert {"builders", "hadrians_wall", "sylla", "tesserae", "horreum"} <= set(IDS)


def test_the_scan_finds_a_mention_and_a_file_named_after_a_game(tmp_path):
    planted = '"""A doc about sylla."""\nimport json\nBOARD = "horreum"\n'
    assert {number for number, _ in python_problems(tmp_path, planted)} == {3}
    named = tmp_path / "hadrians_wall.css"
    named.write_text(".board { }\n", encoding="utf-8")
    assert next(problems_at(named, tmp_path)).endswith("is named after the game 'hadrians_wall'")
    assert MENTION.search("fetch(`/boards/tesserae.js`)")
    assert not MENTION.search("the games' boards, a sylla_x word, Sylla's colours")


@pytest.mark.parametrize("path", product_files(), ids=lambda p: p.relative_to(PRODUCT).as_posix())
def test_no_file_outside_the_games_names_a_game(path):
    found = list(problems(path))
    assert not found, "\n".join(found)


# The tests speak one dialect: each game's scenario helpers are its `helpers.py`, whose `play`
# takes the table, the seat and its moves; what test modules share lives in a helper module or
# a conftest, never in another test module (which would run its tests twice and tie the two);
# and the tests use the package's public names only, so a private one may change freely.
TESTS = ROOT / "tests"
GAME_TESTS = TESTS / "games"


def imported(path: Path, root: Path = ROOT) -> Iterator[tuple[int, str]]:
    """Each module or name the file imports, dotted from `root`, by line."""
    package = list(path.relative_to(root).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def forbidden_imports(path: Path, root: Path = ROOT) -> list[str]:
    """The file's imports of a test module or of a private name of the package."""
    found = []
    for line, name in imported(path, root):
        parts = name.split(".")
        where = f"{path.relative_to(root)}:{line}"
        if parts[0] == "tests" and parts[-1].startswith("test_"):
            found.append(f"{where} imports the test module {name}")
        if parts[0] == "tabulae" and any(
            part.startswith("_") and not part.endswith("__") for part in parts
        ):
            found.append(f"{where} imports the private name {name}")
    return found


def test_the_import_scan_finds_a_test_module_and_a_private_name(tmp_path):
    folder = tmp_path / "tests" / "server"
    folder.mkdir(parents=True)
    (folder / "test_one.py").write_text(
        "from . import test_two\n"
        "from .test_three import act\n"
        "from tests.server.harness import running\n"
        "from tabulae.server.bots import _state, hint_moves\n"
    )
    assert forbidden_imports(folder / "test_one.py", tmp_path) == [
        "tests/server/test_one.py:1 imports the test module tests.server.test_two",
        "tests/server/test_one.py:2 imports the test module tests.server.test_three",
        "tests/server/test_one.py:4 imports the private name tabulae.server.bots._state",
    ]


def test_no_test_module_imports_another_or_a_private_name():
    found = [problem for path in sorted(TESTS.rglob("*.py")) for problem in forbidden_imports(path)]
    assert not found, "\n".join(found)


def test_every_game_tests_with_helpers_whose_play_takes_table_seat_and_moves():
    for folder in sorted(path for path in GAME_TESTS.iterdir() if (path / "__init__.py").exists()):
        shown = folder.relative_to(ROOT)
        helpers = {path.name for path in folder.glob("*.py") if not path.name.startswith("test_")}
        assert helpers - {"__init__.py", "conftest.py"} == {"helpers.py"}, shown
        (play,) = [
            node
            for node in ast.parse((folder / "helpers.py").read_text(encoding="utf-8")).body
            if isinstance(node, ast.FunctionDef) and node.name == "play"
        ]
        arguments = [argument.arg for argument in play.args.args]
        moves = play.args.vararg.arg if play.args.vararg else None
        assert (arguments, moves) == (["table", "seat"], "moves"), shown
