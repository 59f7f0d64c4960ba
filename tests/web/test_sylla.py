"""Sylla in the browser: the board, played to the end by clicking it; two people at one table
who each see only their own screen and secret choices; the board in another language, where
actions, log, tooltips and the end's score sheet name every card as the rulebook does."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

import tabulae

from .browser import board_clicks
from .pages import engine_scores

GAME = "sylla"
pytestmark = pytest.mark.skipif(GAME not in tabulae.all_games(), reason="Sylla is not installed")
BOARD = ".sylla"


# Never shown to a player: a message key, a name=value pair, an engine id.
FAULTS = (r"\bsylla\.[a-z_]", r"\b\w+=\S", r"\b[a-z]+_[a-z_]+\b")
# What the game puts on the page: the board, the action buttons' labels, the log and the end.
GAME_WORDS = """() => {
  const parts = [...document.querySelectorAll("#board, #log, #result")];
  return [
    ...parts.map((part) => part.innerText),
    ...[...document.querySelectorAll("#actions button.action")].map((button) => button.innerText),
    ...parts.flatMap((part) => [...part.querySelectorAll("[title]")].map((n) => n.title)),
    ...parts.flatMap((part) => [...part.querySelectorAll("svg title")].map((n) => n.textContent)),
  ].join("\\n");
}"""


def page_words(page: Page) -> str:
    """What the game shows on the page, with its tooltips and SVG titles."""
    return page.evaluate(GAME_WORDS)


def faults(words: str) -> list[str]:
    return [found for pattern in FAULTS for found in re.findall(pattern, words)]


def named_choices(person, terms: dict[str, str]) -> int:
    """Check that each recruit and offer button names its card or building (and the sale
    colour), never a slot; returns how many were seen."""
    seen = 0
    for button in person.page.locator("#actions button.action").all():
        action = button.get_attribute("data-action") or "[]"
        kind, *args = json.loads(action)
        if kind in ("recruit", "offer"):
            # The words, without the line breaks that the pictures beside them make.
            label = " ".join((button.text_content() or "").split())
            assert all(terms[word] in label for word in args), (action, label)
            assert not re.search(r"\d", label), label
            seen += 1
    return seen


def play_reading_choices(person, terms: dict[str, str], seed: int, most: int | None) -> int:
    """Play by clicking the board, reading the recruit and offer buttons each time the page
    offers actions, to the end or until `most` have been read; returns how many were read."""
    choose = board_clicks(seed, f"{BOARD} .clickable.legal")
    seen = 0
    while most is None or seen < most:
        person.wait_ready()
        if person.status == "finished":
            break
        seen += named_choices(person, terms)
        person.act(choose(person))
    return seen


def test_two_people_each_see_only_their_own_screen_and_choices(browser):
    ala, bartek = browser.person(), browser.person()
    table = ala.start_table(GAME, 2, "Ala")
    bartek.open_table(table)
    bartek.take_seat(1, "Bartek")
    for person in (ala, bartek):
        person.wait_ready()
    # Each sees his own money and tokens; the other's stay behind his screen.
    for me, other, person in ((0, 1, ala), (1, 0, bartek)):
        page = person.page
        assert page.locator(f"{BOARD} .sy-player[data-seat='{me}'] .screen.own .money").count() == 1
        assert page.locator(f"{BOARD} .sy-player[data-seat='{other}'] .screen.closed").count() == 1
    # Starting characters are chosen at once and in secret.
    private = {p: p.page.locator("#log li.private").count() for p in (ala, bartek)}
    design = ala.legal()[0][1]
    with browser.api() as api:
        name = api.get(f"/text/en/{GAME}").json()["game"]["terms"][design]
    ala.act(lambda page: page.click(f"{BOARD} [data-design={design}]"))
    assert name in ala.page.inner_text(f"{BOARD} .screen.own .my-choice")
    assert ala.page.locator("#log li.private").count() == private[ala] + 1
    bartek.page.wait_for_function(
        f"() => Number(document.getElementById('table').dataset.version) >= {ala.version}"
    )
    assert bartek.page.locator("#log li.private").count() == private[bartek]
    assert bartek.page.locator(f"{BOARD} .sy-player[data-seat='0'] .my-choice").count() == 0
    assert name not in bartek.page.inner_text(f"{BOARD} .sy-player[data-seat='0']")
    with browser.api() as api:
        seen = api.get(f"/tables/{table}/state").json()
    assert design not in str(seen["view"])  # a spectator's view holds no trace of it either


def test_the_board_speaks_the_chosen_language(browser):
    ala = browser.person()
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    board = ala.page.locator(BOARD)
    assert "Road to Glory" in board.inner_text()
    ala.page.select_option("#language-switch", "pl")
    ala.page.wait_for_function("() => document.documentElement.lang === 'pl'")
    assert "Droga do Chwały" in board.inner_text()
    assert "Road to Glory" not in board.inner_text()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_actions_log_tooltips_and_score_sheet_name_every_card(browser, lang):
    """The board is played by clicking it for a while, and the rest over the API, for the end
    is what is read here (test_accessibility plays a whole game in the browser by the keys;
    tests/games/sylla/test_words.py words every action of whole games from the catalogs the
    page reads). Recruit and offer buttons name the card and the building with its sale
    colour; the log, the tooltips and the end's score sheet hold no key, id or name=value pair;
    a tie is explained in words; the player bars count points and deniers in the language's
    plural."""
    person = browser.person(lang)
    table = person.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = person.page
    for area in ("road_to_glory", "res_publica_ladder", "famine", "events", "building_row"):
        assert page.locator(f"{BOARD} [data-area={area}]").count() == 1, area
    assert page.locator(f"{BOARD} [data-area=road_to_glory] [data-space]").count() == 51
    with browser.api() as api:
        words = api.get(f"/text/{lang}/{GAME}").json()["game"]
    terms = words["terms"]
    person.wait_ready()
    mid = page_words(page)
    assert not faults(mid), faults(mid)
    step = page.text_content(f"{BOARD} .first-consul .step")
    assert step == words["messages"]["sylla.step.choose"]
    assert named_choices(person, terms) == 0  # the starting characters are being chosen
    read = play_reading_choices(person, terms, seed=3, most=12 if lang == "en" else 2)
    assert read > 0
    person.finish_over_the_api(table)
    end = page_words(page)
    assert not faults(end), faults(end)
    sheet = page.locator("#result .sy-sheet")
    assert sheet.locator("th", has_text="Ala").count() == 1
    assert sheet.locator("tr[data-row=total] td").count() == 2
    rows = sheet.locator("tr[data-row]").evaluate_all("rows => rows.map(r => r.dataset.row)")
    assert rows[:3] == ["before", "christians", "freed"] and rows[-2:] == ["total", "money"]
    assert sheet.inner_text().count(terms["civic_spirit"]) == 1
    prestige = person.scores()[0]  # Ala's
    # The bar draws the prestige as a laurel with its count, named in the language's plural.
    laurel = page.locator(f"{BOARD} .sy-player[data-seat='0'] .prestige [data-icon=prestige]")
    assert laurel.inner_text() == str(int(prestige))
    bar = laurel.get_attribute("aria-label") or ""
    assert bar.startswith(f"{int(prestige)} ") and bar != f"{int(prestige)} "
    assert person.scores() == engine_scores(browser, table)
    log = page.inner_text("#log")
    recruited = re.findall(r"(?m)^.*(?:recruits|rekrutuje): (.*)$", log)  # what, after the name
    assert recruited and all(not re.search(r"\d", card) for card in recruited), recruited


TIEBREAKS = """async (lang) => {
  const { loadText } = await import("/js/i18n.js");
  const text = await loadText(lang, "sylla");
  text.names = ["Ala", "Bartek", "Cyryl"];
  const board = (await import("/games/sylla/board.js")).default;
  return board.tiebreaks({ ranks: [1, 3, 1] }, { text });
}"""


@pytest.mark.parametrize(
    "lang, tied", [("en", "Tied with Cyryl: they share the place"), ("pl", "Remis z: Cyryl")]
)
def test_a_tie_is_explained_in_words(browser, lang, tied):
    """S-39: players tied for a place share it; the rulebook has no tie-breaker."""
    person = browser.person(lang)
    person.page.goto("/")
    explained = person.page.evaluate(TIEBREAKS, lang)
    assert explained[0].startswith(tied) and explained[1] == ""
    assert "Ala" in explained[2]
