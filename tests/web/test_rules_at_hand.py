"""Rules at hand: hovering a card, building, event or Great Work shows its name and its rules
text in the player's language, as the game's catalog prints it; on a touch screen a long press
shows the same text in a popover, which the next tap closes, without acting on the board."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.core import load
from tabulae.games.hadrians_wall.terminal import objective as path_objective
from tabulae.games.sylla.components import load as sylla_components
from tabulae.i18n import GameText, glossary, translator
from tabulae.i18n.catalogs import read

from .browser import WAIT_MS, Person

GAME = "sylla"
pytestmark = pytest.mark.skipif(GAME not in tabulae.all_games(), reason="Sylla is not installed")
BOARD = ".sylla"
DESIGNS = sylla_components().designs
WORKS = sylla_components().raw["great_works"]["deck"]
# The parts of the board that carry rules, and how each names its rules' id.
PARTS = {
    "event": (f"{BOARD} [data-event]", "data-event"),
    "building": (f"{BOARD} .building-row [data-building]", "data-building"),
}


def rules(lang: str, word: str) -> str:
    """A part's rules text, as the game's catalog in `lang` prints it."""
    return read(lang, load(GAME)).messages[f"{GAME}.rules.{word}"]


def rules_title(lang: str, word: str) -> str:
    """A part's title: its name, then its rules text."""
    return f"{glossary(load(GAME))[word][lang]}\n{rules(lang, word)}"


def hovered_title(person: Person, selector: str) -> str:
    """A part's title as the mouse resting on it finds it (the page keeps it in `data-tip`
    while its own tooltip is shown, so that the browser's plain one stays away)."""
    part = person.page.locator(selector).first
    part.hover()
    return part.get_attribute("title") or part.get_attribute("data-tip") or ""


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hovering_a_card_shows_its_name_and_rules_in_the_player_s_language(browser, lang):
    person = browser.person(lang)
    person.start_table(GAME, 2, "Ala", seats={1: "random"})
    person.wait_ready()
    page = person.page
    for selector, attribute in PARTS.values():
        parts = page.locator(selector)
        assert parts.count() > 0, selector
        for i in range(parts.count()):
            word = parts.nth(i).get_attribute(attribute)
            assert hovered_title(person, f"{selector} >> nth={i}") == rules_title(lang, word)
    # The characters of your set to choose from: a design's name and its type's ability, and a
    # Christian's too.
    designs = page.locator(f"{BOARD} [data-design]")
    assert designs.count() == len(DESIGNS)
    for design in DESIGNS:
        title = hovered_title(person, f"{BOARD} [data-design='{design.id}']")
        kinds = [design.type, *(["christian"] if design.christian else [])]
        expected = [glossary(load(GAME))[design.id][lang], *(rules(lang, kind) for kind in kinds)]
        assert title.split("\n") == expected
    # The Great Work on offer, or the next one.
    name, text = hovered_title(person, f"{BOARD} .great-work .work:is(.current, .next)").split("\n")
    assert (name, text) in {(glossary(load(GAME))[w][lang], rules(lang, w)) for w in WORKS}


def touch_person(browser, lang: str) -> Person:
    """A person on a phone: a touch screen, 390×844."""
    context = browser.chromium.new_context(
        base_url=browser.url,
        locale=lang,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    context.set_default_timeout(WAIT_MS)
    browser.contexts.append(context)
    page = context.new_page()
    page.on("console", lambda message: browser._console(page, message))
    page.on("pageerror", lambda error: browser.errors.append(f"{page.url}: {error}"))
    return Person(page, browser.url)


def long_press(person: Person, selector: str, ms: int = 800) -> None:
    """Hold a finger on the middle of a part of the page for `ms` milliseconds."""
    part = person.page.locator(selector).first
    # In the middle of the window, clear of the drawer of actions at its bottom.
    part.evaluate("node => node.scrollIntoView({ block: 'center' })")
    box = part.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = person.page.context.new_cdp_session(person.page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    person.page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_long_press_on_a_touch_screen_shows_the_rules_in_a_popover(browser, lang):
    person = touch_person(browser, lang)
    person.start_table(GAME, 2, "Ala", seats={1: "random"})
    person.wait_ready()
    page = person.page
    # Ala's own choices of starting characters are told to her alone; the bot's, made at the
    # same time, may come while she presses, so the table's version is no measure of hers.
    chosen = page.locator("#log li.private")
    choices = chosen.count()
    selector, attribute = PARTS["event"]
    word = page.locator(selector).first.get_attribute(attribute)
    long_press(person, selector)
    popover = page.locator(".rules-popover")
    popover.wait_for(state="visible")
    name, rules = rules_title(lang, word).split("\n")
    assert popover.locator("strong").inner_text() == name
    # The words (the pictures beside them hold none).
    assert popover.locator("p").text_content() == rules
    assert page.locator(f"{BOARD} [data-event='{word}']").first.get_attribute(
        "aria-describedby"
    ) == popover.get_attribute("id")
    # The popover fits the phone's screen.
    box = popover.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # A tap anywhere closes it, and neither the press nor the tap acted.
    page.touchscreen.tap(5, 400)
    popover.wait_for(state="detached")
    person.wait_ready()
    assert chosen.count() == choices


def test_the_popover_stays_tied_to_its_part_when_the_board_is_drawn_again(browser):
    """Someone sitting down redraws the board under an open popover: the part drawn in the
    old one's place is still the one the popover describes."""
    person = touch_person(browser, "en")
    table = person.start_table(GAME, 3, "Ala", seats={1: "random", 2: "person"})
    page = person.page
    selector, _ = PARTS["event"]
    long_press(person, selector)
    popover = page.locator(".rules-popover")
    popover.wait_for(state="visible")
    drawn = page.locator(selector).first.element_handle()
    other = browser.person("en")
    other.open_table(table)
    other.take_seat(2, "Ola")
    page.wait_for_function("part => !part.isConnected", arg=drawn)
    assert popover.is_visible()
    assert page.locator(selector).first.get_attribute("aria-describedby") == popover.get_attribute(
        "id"
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_builders_parts_show_the_rules_that_govern_them(browser, lang):
    """A building, a worker, a loan and a University show their name and the rules of taking
    them, as the game's catalog gives them in the player's language."""
    builders = load("builders")
    helps = read(lang, builders).messages
    person = browser.person(lang)
    person.start_table("builders", 2, "Ala", seats={1: "random"})
    person.wait_ready()
    page = person.page
    for selector, action in (
        ("[data-area=buildings] .bd-card", "start"),
        ("[data-area=workers] .bd-card.worker", "hire"),
        ("[data-area=investments] .bd-card.slave", "free"),
    ):
        card = page.locator(f".builders {selector}").first
        # A worker's full name (his rank and materials) is his name's title.
        name = (
            card.locator(".card-name").get_attribute("title")
            or card.locator(".card-name").inner_text()
        )
        assert (
            hovered_title(person, f".builders {selector}")
            == f"{name}\n{helps[f'builders.help.{action}']}"
        )
    loan = hovered_title(person, ".builders [data-area=loans]")
    assert loan == f"{glossary(builders)['loan'][lang]}\n{helps['builders.help.loan']}"
    university = page.locator(".builders .university[data-material]").first
    material = university.get_attribute("data-material")
    assert hovered_title(person, f".builders .university[data-material='{material}']") == (
        f"{glossary(builders)[material][lang]}\n{helps['builders.help.train']}"
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hadrian_s_wall_tracks_and_buildings_show_their_rules(browser, lang):
    """A track's boxes and name, a building and a Landmark show the rules of the action that
    fills or builds them, as the game's catalog gives them in the player's language."""
    wall = load("hadrians_wall")
    helps = read(lang, wall).messages
    person = browser.person(lang)
    person.start_table("hadrians_wall", 2, "Ala", seats={1: "random"})
    person.wait_ready()
    tracks = {"wall_guard": "guard", "cippi": "cippi", "wall": "wall", "fort": "fort"}
    for track, action in tracks.items():
        name = hovered_title(person, f"[data-track={track}] .track-name")
        assert name == f"{glossary(wall)[track][lang]}\n{helps[f'hadrians_wall.help.{action}']}"
        box = hovered_title(person, f"[data-track={track}] [data-box='1']").split("\n")
        assert box[1:] == [helps[f"hadrians_wall.help.{action}"]] and box[0]
    for selector, attribute, action in (
        ("[data-building]", "data-building", "build"),
        ("[data-landmark]", "data-landmark", "landmark"),
    ):
        part = person.page.locator(selector).first
        word = part.get_attribute(attribute)
        assert hovered_title(person, f"{selector} >> nth=0") == (
            f"{glossary(wall)[word][lang]}\n{helps[f'hadrians_wall.help.{action}']}"
        )


# The right sheet's areas: the part that carries the rules, and the action they are of.
RIGHT_SHEET = {
    "market": ("[data-box='1']", "market"),
    "theatre": ("[data-box='1']", "perform"),
    "ludus": ("[data-box='1'], .circle", "gladiator"),
    "temples": (".temple-row", "temple"),
    "baths": ("[data-box='1']", "bribe"),
    "courthouse": ("[data-box='1']", "ruling"),
    "diplomats": ("[data-box='1']", "diplomat"),
    "scouts": ("[data-box='1']", "scout"),
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hadrian_s_wall_right_sheet_shows_the_rules_of_each_area(browser, lang):
    """The citizen tracks and each area of the right sheet show, under what a box needs, the
    rules of the action taken there, in the player's language."""
    wall = load("hadrians_wall")
    helps = read(lang, wall).messages
    person = browser.person(lang)
    person.start_table("hadrians_wall", 2, "Ala", seats={1: "random"})
    person.wait_ready()
    for track in ("traders", "performers", "priests", "apparitores", "patricians"):
        citizen = person.page.locator(
            ".track.citizen .track-name", has_text=glossary(wall)[track][lang]
        )
        assert citizen.first.get_attribute("title") == (
            f"{glossary(wall)[track][lang]}\n{helps['hadrians_wall.help.citizen']}"
        )
    for area, (part, action) in RIGHT_SHEET.items():
        title = person.page.locator(f"[data-area={area}]").first.locator(part).first
        need, *rules = (title.get_attribute("title") or "").split("\n")
        assert need and rules == [helps[f"hadrians_wall.help.{action}"]], area


def styled_tooltip(person: Person, selector: str) -> list[str]:
    """The lines of the page's own tooltip for a part the mouse rests on (at its top-left
    corner, away from the titled parts inside it), while the browser's plain one is kept
    away; the mouse then leaves, and the part's title is back."""
    page = person.page
    part = page.locator(selector).first
    part.hover(position={"x": 3, "y": 3})
    popover = page.locator(".rules-popover.hovered")
    popover.wait_for(state="visible")
    assert part.get_attribute("title") is None, "the browser's plain tooltip would show too"
    assert part.get_attribute("aria-describedby") == popover.get_attribute("id")
    lines = [popover.locator("strong").inner_text(), *popover.locator("p").inner_text().split("\n")]
    page.mouse.move(0, 0)
    popover.wait_for(state="detached")
    assert part.get_attribute("title") == "\n".join(lines)
    return lines


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_hadrian_s_wall_fate_and_path_cards_show_their_rules_in_a_styled_tooltip(browser, lang):
    """The Fate card on the table shows what it says and what a Fate card does; a Path card its
    name, its objective and the rules of choosing the Path and the Prospect card; both in the
    player's language, in the page's own tooltip."""
    wall = load("hadrians_wall")
    messages = read(lang, wall).messages
    # the objective as the engine words it, each threshold given as a number for the plural
    words = GameText(translator(lang), wall, ["Ala"])
    person = browser.person(lang)
    person.start_table("hadrians_wall", 2, "Ala", seats={1: "random"})
    person.wait_ready()
    fate = ".hw-table .hw-card.fate[data-card]"
    card = person.page.locator(fate).first.get_attribute("data-card")
    says, *rules = styled_tooltip(person, fate)
    assert says.startswith(f"{glossary(wall)[card][lang]}:"), says
    assert rules == [messages["hadrians_wall.rules.fate_card"]]
    drawn = ".drawn .player-card[data-card]"
    assert person.page.locator(drawn).count() == 2, "the two cards to choose the Path card from"
    for i in range(2):
        card = person.page.locator(drawn).nth(i).get_attribute("data-card")
        objective = path_objective(card, words)
        assert objective != f"hadrians_wall.view.objective.{card}" and "{" not in objective
        assert styled_tooltip(person, f"{drawn} >> nth={i}") == [
            glossary(wall)[card][lang],
            f"{glossary(wall)['path'][lang]}: {objective}",
            messages["hadrians_wall.help.path"],
        ]


# A part of each game's board whose tooltip gives rules text, the term it names and the
# section its link must lead to.
LINKED = {
    "builders": (".builders [data-area=loans]", "loan", "loans"),
    "hadrians_wall": ("[data-track=fort] .track-name", "fort", "columns"),
    "sylla": (f"{BOARD} [data-event]", "events", "event-kinds"),
}
RULES_WORD = {"en": "Rules", "pl": "Zasady"}


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("game", sorted(LINKED))
def test_a_rules_tooltip_links_to_the_section_it_rests_on(browser, game, lang):
    """The tooltip of a ruled part carries a "Rules" link in the page's language; the mouse can
    move onto it, and following it opens the game's rules at the section that lists the
    part's term."""
    selector, word, section = LINKED[game]
    assert load(game).rules().for_term(word).id == section
    person = browser.person(lang)
    person.start_table(game, 2, "Ala", seats={1: "random"})
    person.wait_ready()
    page = person.page
    part = page.locator(selector).first
    assert part.get_attribute("data-rule-term") == word
    part.hover()
    link = page.locator(".rules-popover .rules-link")
    link.wait_for(state="visible")
    assert link.inner_text() == RULES_WORD[lang]
    assert link.get_attribute("href") == f"/rules.html?game={game}#{section}"
    link.hover()  # across the gap between the part and its tooltip
    link.click()
    page.wait_for_url(f"**/rules.html?game={game}#{section}")
    opened = page.locator(f"#rules-sections .rule.current#{section}")
    opened.wait_for(state="visible")
    assert opened.locator("h2").inner_text() == load(game).rules().section(section).title[lang]


def test_a_long_press_popover_s_rules_link_is_followed_by_a_tap(browser):
    """On a touch screen the tap on the popover's link follows it instead of closing it."""
    person = touch_person(browser, "en")
    person.start_table(GAME, 2, "Ala", seats={1: "random"})
    person.wait_ready()
    selector, _, section = LINKED[GAME]
    long_press(person, selector)
    link = person.page.locator(".rules-popover .rules-link")
    link.wait_for(state="visible")
    assert link.get_attribute("data-section") == section
    link.tap()
    person.page.wait_for_url(f"**/rules.html?game={GAME}#{section}")
    person.page.locator(f"#{section}.current").wait_for(state="visible")
