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

from tabulae.core import games

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ROOT / "tabulae"
GAMES = PRODUCT / "games"
PLUGIN_GAMES = Path(__file__).resolve().parent / "plugin_games"
CHECKED = {".py", ".js", ".css", ".html", ".json", ".po"}
IDS = sorted(
    set(games()) | {path.name for path in PLUGIN_GAMES.iterdir() if (path / "__init__.py").exists()}
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
