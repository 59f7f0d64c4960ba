"""What a player needs first is on a laptop's first screen: at 1366×768 every word on the board
is at least 11 px, and the player's own area and an action they may take are in the window
without scrolling — for each game at its most players, in English, Dutch and Russian — and
each player's clock beside their name."""

from __future__ import annotations

import json
import re

import pytest

from .crowded import GAMES, LANGUAGES, crowded_positions, seated
from .pages import GAME


@pytest.fixture(scope="module")
def positions(server) -> dict[str, tuple[str, str]]:
    return crowded_positions(server)


LAPTOP = {"width": 1366, "height": 768}
SMALLEST_PX = 11

# Every kind of visible element inside the board with words of its own whose font is under the
# least size, on the screen: its tag, class and size.
SMALL_WORDS = """(least) => {
  const small = [];
  for (const node of document.querySelectorAll("#board *")) {
    const own = [...node.childNodes].some(
      (child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
    if (!own) continue;
    const box = node.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    const style = getComputedStyle(node);
    if (style.visibility === "hidden") continue;
    // In a drawing, the size on the screen too: the drawing may be scaled down.
    const scale = node instanceof SVGGraphicsElement ? node.getScreenCTM()?.a ?? 1 : 1;
    const size = parseFloat(style.fontSize) * Math.min(scale, 1);
    const said = `${node.tagName.toLowerCase()}.${node.getAttribute("class") || ""} ` +
                 `${Math.round(size * 10) / 10}px`;
    if (size < least && !small.includes(said)) small.push(said);
  }
  return small;
}"""

# Whether the top of a box is inside the window, with its bottom below the top.
IN_FIRST_SCREEN = """(node) => {
  const box = node.getBoundingClientRect();
  return box.top >= 0 && box.top < innerHeight && box.height > 0 &&
         box.left >= 0 && box.left < innerWidth;
}"""

# A legal part of the board, or an offered action, whose middle is in the window.
LEGAL_IN_FIRST_SCREEN = """() => {
  const parts = [...document.querySelectorAll(
    "#board .legal, #board [data-legal], #board button:not([disabled]), " +
    "#actions button.action")];
  return parts.some((part) => {
    const box = part.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return false;
    const middle = box.top + box.height / 2;
    return middle >= 0 && middle <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  });
}"""


def laptop(browser, positions, game, lang):
    page = seated(browser, *positions[game], lang)
    page.set_viewport_size(LAPTOP)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    assert page.evaluate("() => scrollY") == 0
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_word_on_the_board_is_under_11_px(browser, positions, game, lang):
    page = laptop(browser, positions, game, lang)
    small = page.evaluate(SMALL_WORDS, SMALLEST_PX)
    assert not small, json.dumps(small[:20], indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_decision_and_the_own_area_are_in_the_first_screen(browser, positions, game, lang):
    page = laptop(browser, positions, game, lang)
    assert page.evaluate(LEGAL_IN_FIRST_SCREEN), "no legal action in the first screen"
    own = page.locator("#board .you").first
    assert own.count(), "the board marks no area as the player's own"
    assert own.evaluate(IN_FIRST_SCREEN), "the player's own area starts below the first screen"


def test_sylla_words_stay_11_px_on_a_narrower_laptop(browser, positions):
    """At 1024 px the board's drawing is scaled down to fit beside the actions: its words (the
    Road to Glory's 51 spaces, the ladder's values) are drawn large enough to stay 11 px."""
    page = seated(browser, *positions["sylla"], "en")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    assert page.evaluate("() => document.querySelector('.sylla-board').getScreenCTM().a") < 0.9
    small = page.evaluate(SMALL_WORDS, SMALLEST_PX)
    assert not small, json.dumps(small[:20], indent=1, ensure_ascii=False)


NAMES = ("Ala", "Bartholomew", "Cyryl")

# The box of a part of a player's panel, on the screen.
BOX = """(node) => {
  const box = node.getBoundingClientRect();
  return [box.left, box.top, box.right, box.bottom];
}"""


def test_each_players_clock_is_beside_their_name_in_the_first_screen(browser):
    """At a table with clocks every player's panel shows the player's name, and their clock on
    the same line, in the first screen of a laptop."""
    with browser.api() as api:
        clock = {"seconds": 600, "increment": 5}
        table = api.post("/tables", json={"game": GAME, "players": 3, "clock": clock}).json()["id"]
        tokens = [
            api.post(f"/tables/{table}/join", json={"name": name}).json()["token"] for name in NAMES
        ]
    page = seated(browser, table, tokens[0], "en")
    page.set_viewport_size(LAPTOP)
    for seat, name in enumerate(NAMES):
        panel = page.locator(f"#seats .panel[data-seat='{seat}']")
        assert panel.locator(".panel-name").inner_text() == name
        shown = panel.locator(".clock")
        assert re.fullmatch(r"\d+:\d\d", shown.inner_text()), shown.inner_text()
        assert name in shown.get_attribute("aria-label")
        left, top, _, bottom = shown.evaluate(BOX)
        _, name_top, name_right, name_bottom = panel.locator(".panel-name").evaluate(BOX)
        assert left >= name_right and top < name_bottom and bottom > name_top, "not beside"
        assert shown.evaluate(IN_FIRST_SCREEN), f"the clock of {name} is below the first screen"
