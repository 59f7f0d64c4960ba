"""Every game's pictures (web/icons.svg, for each registered game that has one): each symbol is
a word of the game's glossary, named in English, Polish, Dutch and Russian, drawn on the shared
24×24 rounded tile without any letters; and the board (web/board.js) draws every picture, while
every word it marks in running text (its `markedWords`) or draws by name has its symbol."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from functools import cache
from pathlib import Path

import pytest

import tabulae
from tabulae.core import Game
from tabulae.core.registry import interface_path
from tabulae.i18n import LANGUAGES, glossary, translator
from tabulae.i18n.terms import term_msgid

SVG = "{http://www.w3.org/2000/svg}"

# Words each game's icon set must draw and its board must mark: the pictures a game cannot do
# without, so that a sprite or a list the parsing below misreads cannot pass empty.
DRAWN_AT_LEAST = {
    "builders": {"stone", "wood", "architecture", "decoration", "sesterces", "vp"},
    "hadrians_wall": {"soldier", "trade_good", "path_card"},
}
MARKED_AT_LEAST = {"builders": {"stone", "slave", "loan"}}
# Symbols whose tile is drawn in parts instead of one 22×22 rounded rectangle: Hadrian's Wall's
# attribute of choice is the tile cut in four, one quarter in each attribute's colour.
TILE_IN_PARTS = {"hadrians_wall": {"attribute_of_choice"}}


def web(game: Game) -> Path:
    return interface_path(game, "web")


GAMES = [game for game in tabulae.all_games().values() if (web(game) / "icons.svg").is_file()]
BY_GAME = pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])


@cache
def symbols(game: Game) -> dict[str, ElementTree.Element]:
    sprite = ElementTree.parse(web(game) / "icons.svg").getroot()
    assert sprite.tag == f"{SVG}svg"
    return {symbol.get("id", ""): symbol for symbol in sprite.iter(f"{SVG}symbol")}


def marked_words(board: str) -> list[str]:
    """The board's `markedWords`: the words of the list it names."""
    listed = re.search(r"\bmarkedWords: ([A-Z_]+)\b", board)
    assert listed, "board.js gives no markedWords list"
    found = re.search(rf"\bconst {listed.group(1)} = \[(.*?)\];", board, re.S)
    assert found, f"board.js does not list its {listed.group(1)}"
    return re.findall(r'"([a-z_]+)"', found.group(1))


def test_some_games_draw_pictures():
    assert GAMES, "no registered game has web/icons.svg"


@BY_GAME
def test_every_symbol_is_a_glossary_word_on_a_tile_without_letters(game):
    found = symbols(game)
    assert len(found) >= 20
    assert DRAWN_AT_LEAST.get(game.id, set()) <= set(found)
    for word, symbol in found.items():
        assert re.fullmatch(r"[a-z_]+", word), word
        assert word in glossary(game), word
        assert symbol.get("viewBox") == "0 0 24 24", word
        assert symbol.find(f".//{SVG}text") is None, f"{word} holds text"
        assert "".join(symbol.itertext()).strip() == "", f"{word} holds words"
        if word not in TILE_IN_PARTS.get(game.id, set()):
            tile = symbol.find(f"{SVG}rect")
            assert tile is not None, f"{word} is drawn on no tile"
            size = (tile.get("width"), tile.get("height"), tile.get("rx"))
            assert size == ("22", "22", "5"), word


@BY_GAME
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_symbol_is_named_in_the_language(game, lang):
    """In the language's own catalog: the glossary would lend a missing name from English."""
    own = translator(lang).catalog(game).messages
    unnamed = [word for word in symbols(game) if not own.get(term_msgid(game, word))]
    assert not unnamed, (lang, unnamed)


@BY_GAME
def test_the_board_draws_every_picture_and_marks_only_words_it_has(game):
    board = (web(game) / "board.js").read_text(encoding="utf-8")
    marked = marked_words(board)
    assert marked and len(marked) == len(set(marked)), marked
    assert MARKED_AT_LEAST.get(game.id, set()) <= set(marked)
    drawn = set(marked) | set(re.findall(r'picture\(GAME, "([a-z_]+)"', board))
    assert drawn == set(symbols(game)), drawn ^ set(symbols(game))
