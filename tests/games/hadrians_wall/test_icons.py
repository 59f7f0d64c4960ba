"""Hadrian's Wall's pictures: every symbol of its icon set (web/icons.svg) is a word of the
game's glossary, named in every language, drawn on a 24x24 tile with no letters in it; and every
word the board draws as a picture has its symbol."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tabulae.games.hadrians_wall import GAME
from tabulae.i18n import LANGUAGES, glossary, translator

WEB = Path(__file__).resolve().parents[3] / "tabulae" / "games" / "hadrians_wall" / "web"
SVG = "{http://www.w3.org/2000/svg}"


def symbols() -> dict[str, ElementTree.Element]:
    root = ElementTree.parse(WEB / "icons.svg").getroot()
    return {symbol.get("id", ""): symbol for symbol in root.iter(f"{SVG}symbol")}


def drawn_words() -> set[str]:
    """The board's `markedWords` list, and every word it names literally in a picture call."""
    board = (WEB / "board.js").read_text(encoding="utf-8")
    listed = re.search(r"const PICTURES = \[(.*?)\];", board, re.S)
    assert listed, "board.js lists no PICTURES"
    assert "markedWords: PICTURES" in board
    words = set(re.findall(r'"([a-z_]+)"', listed.group(1)))
    return words | set(re.findall(r'picture\(GAME, "([a-z_]+)"', board))


def test_every_symbol_is_a_glossary_word_on_a_tile_without_letters():
    found = symbols()
    assert len(found) >= 20
    for word, symbol in found.items():
        assert word in glossary(GAME), word
        assert symbol.get("viewBox") == "0 0 24 24", word
        assert symbol.find(f".//{SVG}text") is None, word
        assert "".join(symbol.itertext()).strip() == "", f"{word} holds words"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_symbol_is_named_in_the_language(lang):
    own = translator(lang).catalog(GAME).messages
    for word in symbols():
        assert own.get(f"hadrians_wall.term.{word}"), f"{lang}: {word} has no name"


def test_every_word_the_board_draws_has_its_symbol():
    drawn = drawn_words()
    assert {"soldier", "trade_good", "path_card"} <= drawn
    assert drawn == set(symbols()), drawn ^ set(symbols())
