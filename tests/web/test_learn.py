"""The learn page: a learner goes from the lobby's "Learn to play" to the toy game's lesson and
completes it on the board by reading only what the page shows (the step's words and the
outlined parts), on a laptop and on a phone, in the page's language."""

from __future__ import annotations

import pytest

from .pages import OUTLINED, PHONE, SIDEWAYS, WIDE


def moved_on(page, at: str) -> None:
    """Wait until the page shows another step than `at`, or the lesson's words refusing."""
    page.wait_for_function(
        f"""() => {{
          const root = document.getElementById("learn");
          const refused = document.getElementById("refusal");
          return root.dataset.busy !== "true"
            && (root.dataset.at !== "{at}" || (refused && !refused.hidden));
        }}"""
    )


def complete_the_lesson(page) -> tuple[list[str], list[str]]:
    """Take each step as the page shows it: Next where it waits for no action; where it does,
    first a button that is not outlined (refused), then the outlined one. The words of each
    step read, and the refusals shown."""
    said, refusals = [], []
    page.wait_for_selector("#step-words")
    for _ in range(20):
        if page.locator("#lesson-summary").count():
            return said, refusals
        assert not page.evaluate(SIDEWAYS), "the page scrolls sideways"
        at = page.get_attribute("#learn", "data-at") or ""
        said.append(page.inner_text("#step-words"))
        expected = page.locator("#learn .lesson-expect")
        if expected.count() == 0:
            page.click("#next")
        else:
            assert expected.first.evaluate(OUTLINED)
            wrong = page.locator("#actions button.action:not(.lesson-expect)")
            if wrong.count() and not refusals:
                wrong.first.click()
                moved_on(page, at)
                assert page.get_attribute("#learn", "data-at") == at  # refused, not played
                refusals.append(page.inner_text("#refusal"))
            page.locator("#learn .lesson-expect").first.click()
        moved_on(page, at)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize(
    ("screen", "lang", "words"),
    [
        (WIDE, "en", ("You hold the tiles 6 and 9.", "More tiles win more rounds; draw one.")),
        (PHONE, "pl", ("Masz płytki 6 i 9.", "Więcej płytek wygrywa więcej rund; dobierz jedną.")),
    ],
    ids=["1366x768", "390x844"],
)
def test_a_learner_completes_the_toy_lesson_from_the_lobby(browser, screen, lang, words):
    person = browser.person(lang=lang)
    page = person.page
    page.set_viewport_size(screen)
    page.goto("/")
    page.click("label.game:has(input[value=tesserae])")
    page.click("#learn-link")
    page.wait_for_selector("#step-words")
    assert "game=tesserae" in page.url and "lesson=a-round" in page.url
    hands = page.locator("#board [data-area=hands]")
    assert hands.count() == 1 and "lesson-point" in (hands.get_attribute("class") or "")
    assert hands.evaluate(OUTLINED)
    said, refusals = complete_the_lesson(page)
    assert said[0] == words[0] and len(said) == 3
    assert refusals == [words[1]]
    assert page.inner_text("#lesson-summary")
    assert page.locator("#course li[data-lesson=a-round] .done").count() == 1
    assert not page.evaluate(SIDEWAYS)
    # Done in this browser: the course shows it again ticked after a reload.
    page.reload()
    page.wait_for_selector("#course li[data-lesson=a-round] .done")


def test_a_table_page_links_to_its_game_s_lessons(browser):
    person = browser.person()
    with browser.api() as http:
        table = http.post("/tables", json={"game": "tesserae", "players": 2}).json()["id"]
    person.page.goto(f"/table.html?id={table}")
    link = person.page.wait_for_selector("#learn-link")
    assert link.get_attribute("href") == "/learn.html?game=tesserae"
