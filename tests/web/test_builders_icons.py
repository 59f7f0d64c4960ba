"""The Builders' pictures (web/icons.svg): each one a glossary word named in every language,
drawn on the shared 24×24 tile with no letters in it, and each word the board marks drawn."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import tabulae
from tabulae.core.registry import interface_path
from tabulae.i18n import LANGUAGES, translator

GAME = "builders"
SVG = "{http://www.w3.org/2000/svg}"


def symbols() -> dict[str, ElementTree.Element]:
    sprite = ElementTree.parse(interface_path(tabulae.load(GAME), "web") / "icons.svg").getroot()
    assert sprite.tag == f"{SVG}svg"
    return {symbol.get("id", ""): symbol for symbol in sprite.iter(f"{SVG}symbol")}


def test_every_picture_is_a_glossary_word_named_in_every_language():
    game = tabulae.load(GAME)
    drawn = symbols()
    assert {"stone", "wood", "architecture", "decoration", "sesterces", "vp"} <= set(drawn)
    for lang in LANGUAGES:
        messages = translator(lang).catalog(game).messages
        unnamed = [word for word in drawn if not messages.get(f"{GAME}.term.{word}")]
        assert not unnamed, (lang, unnamed)


def test_every_picture_is_a_24_tile_without_letters():
    for word, symbol in symbols().items():
        assert symbol.get("viewBox") == "0 0 24 24", word
        assert not any(part.tag == f"{SVG}text" for part in symbol.iter()), word
        assert re.fullmatch(r"[a-z_]+", word), word


def test_every_word_the_board_marks_has_a_picture(browser):
    page = browser.person().page
    page.goto("/")
    marked = page.evaluate(
        """async () => {
          const board = (await import("/games/builders/board.js")).default;
          return board.markedWords;
        }"""
    )
    assert {"stone", "slave", "loan"} <= set(marked)
    assert set(marked) <= set(symbols()), set(marked) - set(symbols())


# The pictures marked() puts in a line of the log, by word, in Russian.
MARKED = """async (line) => {
  const { loadText } = await import("/js/i18n.js");
  const { boardFor } = await import("/boards/loader.js");
  const { marked } = await import("/js/marks.js");
  const text = await loadText("ru", "builders");
  await boardFor("builders");
  const parts = marked(line, text);
  return (Array.isArray(parts) ? parts : []).filter((part) => typeof part !== "string")
    .map((part) => part.dataset.icon);
}"""


def test_a_short_name_marks_its_own_forms_and_not_a_longer_word_it_begins(browser):
    """A slave, "Раб", is the start of "рабочего" (a worker's): the log's "нанимает рабочего"
    shows no slave, while "Раб" and "рабов" do."""
    page = browser.person("ru").page
    page.goto("/")
    hired = page.evaluate(MARKED, "Ала нанимает рабочего: Ученик (Камень 1).")
    assert hired == ["apprentice", "stone"]
    assert page.evaluate(MARKED, "Раб куплен; рабов: 2.") == ["slave", "slave"]
