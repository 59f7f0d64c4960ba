"""Sylla's pictures (web/icons.svg): each symbol is a word of the game's glossary, named in
English, Polish, Dutch and Russian, drawn on the shared 24×24 grid without any letters; and
every word the board marks in running text (its `markedWords`) has its picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tabulae.games.sylla import GAME
from tabulae.i18n import LANGUAGES
from tabulae.i18n.terms import term_msgid
from tabulae.i18n.translator import translator

WEB = Path(__file__).resolve().parents[3] / "tabulae" / "games" / "sylla" / "web"
SVG = "{http://www.w3.org/2000/svg}"


def symbols() -> dict[str, ElementTree.Element]:
    root = ElementTree.parse(WEB / "icons.svg").getroot()
    return {symbol.get("id", ""): symbol for symbol in root.iter(f"{SVG}symbol")}


def marked_words() -> list[str]:
    """The board module's `markedWords`: the words of its PICTURES list."""
    board = (WEB / "board.js").read_text(encoding="utf-8")
    assert "markedWords: PICTURES," in board
    found = re.search(r"const PICTURES = \[(.*?)\];", board, re.S)
    assert found, "board.js lists no PICTURES"
    return re.findall(r'"([a-z_]+)"', found.group(1))


def test_the_icon_set_draws_pictures():
    assert len(symbols()) >= 20


@pytest.mark.parametrize("word", sorted(symbols()))
def test_each_picture_is_a_named_glossary_word_drawn_without_letters(word):
    symbol = symbols()[word]
    for lang in LANGUAGES:
        name = translator(lang).catalog(GAME).messages.get(term_msgid(GAME, word))
        assert name, f"{word} has no name in {lang}"
    assert symbol.get("viewBox") == "0 0 24 24"
    assert not list(symbol.iter(f"{SVG}text")), f"{word} holds text"
    tile = symbol.find(f"{SVG}rect")
    assert tile is not None and tile.get("width") == "22" and tile.get("rx") == "5", word


def test_every_marked_word_has_a_picture():
    words = marked_words()
    assert words and len(words) == len(set(words))
    assert sorted(set(words) - set(symbols())) == []
