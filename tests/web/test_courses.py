"""Each game's whole course on the learn page, taken by reading only what the page shows: the
step's words, and the outlined parts that play the action the step waits for (a board part,
the item of the menu it opens, or an action button). At every step each of the step's `point`
selectors matches a part of the board, nothing scrolls sideways, and the console stays clean
(the `browser` fixture fails the test on any console error).

Every lesson of the course, each step to its end, in a language other than English for each
game, seen at every step on a laptop (1366×768) and on a phone (390×844): on both, the step's
words and what plays the step's action are on the screen, the latter not under the words. The
action is played on the phone, where the words sit at the bottom of the screen."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.core.lessons import Lesson

from .pages import OUTLINED, PHONE, SIDEWAYS, WIDE

# Each step is seen on both, and played on the last.
SCREENS = (WIDE, PHONE)

# The selectors of a step that match nothing drawn within the board.
UNMATCHED = """selectors => {
  const board = document.getElementById("board");
  return selectors.filter((selector) => {
    try {
      const drawn = (part) => part.getClientRects().length > 0;
      return ![...board.querySelectorAll(selector)].some(drawn);
    } catch {
      return true;
    }
  });
}"""
# Wait until the page shows a step after `at`, or the lesson's words refusing what was played.
MOVED_ON = """at => {
  const root = document.getElementById("learn");
  const refused = document.getElementById("refusal");
  return root.dataset.busy !== "true"
    && (root.dataset.at !== String(at) || (refused !== null && !refused.hidden));
}"""
# Whether the step's words, and the top of what plays the step's action, are on the screen, the
# latter not under the words (which a phone keeps at the bottom of the screen).
IN_VIEW = """() => {
  const panel = document.getElementById("lesson-step");
  const covered = getComputedStyle(panel).position === "fixed"
    ? panel.getBoundingClientRect().top : window.innerHeight;
  const words = document.getElementById("step-words").getBoundingClientRect();
  const shown = panel.getBoundingClientRect();
  const target = document.querySelector("#learn .lesson-expect");
  const box = target && target.getBoundingClientRect();
  return {
    words: words.top >= Math.max(0, shown.top)
      && words.top < Math.min(shown.bottom, window.innerHeight),
    target: !box || (box.top >= 0 && box.top < covered),
  };
}"""

# What a step shows, read at once after the next frame (when a new size of the window has been
# laid out and the page has answered it): the step it is at and the words refusing what was
# played (null when none), its words as the page renders them, whether the page scrolls
# sideways, the step's `point` selectors that match nothing (UNMATCHED), and IN_VIEW.
STEP_SHOWN = f"""async selectors => {{
  await new Promise((drawn) => requestAnimationFrame(drawn));
  const refused = document.getElementById("refusal");
  return {{
    at: document.getElementById("learn").dataset.at,
    refused: refused && !refused.hidden ? refused.innerText : null,
    words: document.getElementById("step-words")?.innerText,
    sideways: ({SIDEWAYS})(),
    missing: ({UNMATCHED})(selectors),
    seen: ({IN_VIEW})(),
  }};
}}"""
# What the end of a lesson shows, after the next frame: its summary (null until it is shown, as
# when the last step was refused: then the words refusing it), and whether the page scrolls
# sideways.
END_SHOWN = f"""async () => {{
  await new Promise((drawn) => requestAnimationFrame(drawn));
  return {{
    summary: document.getElementById("lesson-summary")?.innerText
      ?? document.getElementById("refusal")?.innerText ?? null,
    sideways: ({SIDEWAYS})(),
  }};
}}"""


def play_expected(page) -> None:
    """Play the step's action through the outlines: an outlined board part (and, when it opens
    a menu, the outlined item in it), else the outlined action button."""
    on_board = page.locator("#board .lesson-expect").filter(visible=True)
    if on_board.count():
        assert on_board.first.evaluate(OUTLINED)
        on_board.first.click()
        menu = page.locator(".board-menu")
        if menu.count():
            item = menu.locator(".lesson-expect")
            assert item.count() == 1, "the menu does not outline the expected action"
            assert item.evaluate(OUTLINED)
            assert not page.evaluate(SIDEWAYS), "the board's menu scrolls sideways"
            item.click()
        return
    button = page.locator("#actions .lesson-expect").filter(visible=True)
    assert button.count() >= 1, "nothing outlined plays the expected action"
    assert button.first.evaluate(OUTLINED)
    button.first.click()


def take_lesson(page, lang: str, lesson: Lesson, whole: bool, unmatched: list[str]) -> int:
    """Take the lesson the page shows, step by step, to its end or (not `whole`) to its first
    expected action played, each step seen on a laptop, then played on a phone; returns the
    steps taken."""
    page.wait_for_selector("#step-words")
    page.wait_for_function("() => document.getElementById('learn').dataset.at === '0'")
    for at, step in enumerate(lesson.steps):
        # the page has moved on from the step before (MOVED_ON): to this one, or refused
        for screen in SCREENS:
            page.set_viewport_size(screen)
            where = f"{lesson.id} step {at + 1} ({screen['width']} wide)"
            shown = page.evaluate(STEP_SHOWN, list(step.point))
            assert shown["refused"] is None, (where, shown["refused"])
            assert shown["at"] == str(at), (where, shown["at"])
            assert shown["words"] == step.say.in_(lang).strip(), where
            assert not shown["sideways"], f"{where} scrolls sideways"
            missing = [f"{where}: {selector}" for selector in shown["missing"]]
            unmatched += [line for line in missing if line not in unmatched]
            assert shown["seen"] == {"words": True, "target": True}, (where, shown["seen"])
        if step.expect is None:
            page.click("#next")
        else:
            play_expected(page)
        page.wait_for_function(MOVED_ON, arg=at)
        if step.expect is not None and not whole:
            assert page.locator("#refusal").is_hidden(), (lesson.id, at)
            return at + 1
    for screen in SCREENS:
        page.set_viewport_size(screen)
        end = page.evaluate(END_SHOWN)
        assert end["summary"] == lesson.summary.in_(lang).strip(), (lesson.id, end["summary"])
        assert not end["sideways"], f"{lesson.id}'s end scrolls sideways ({screen['width']} wide)"
    return len(lesson.steps)


def take_course(browser, game: str, lang: str, whole: set[str]) -> int:
    """Take each lesson of the game's course on one page, going from lesson to lesson by the
    page's own links; returns the steps taken. Fails listing every unmatched `point`."""
    lessons = tabulae.load(game).lessons()
    person = browser.person(lang=lang)
    page = person.page
    page.set_viewport_size(PHONE)
    page.goto(f"/learn.html?game={game}")
    unmatched: list[str] = []
    taken = 0
    for number, lesson in enumerate(lessons):
        if number > 0:
            if page.locator("#next-lesson").count():
                page.click("#next-lesson")
            else:  # stopped midway: the course list leads to the next lesson
                page.click(f"#course li[data-lesson='{lesson.id}'] a")
        page.wait_for_selector(f"#course li.current[data-lesson='{lesson.id}']")
        taken += take_lesson(page, lang, lesson, lesson.id in whole, unmatched)
    assert not unmatched, "point selectors matching nothing:\n" + "\n".join(unmatched)
    return taken


def every_step(game: str) -> tuple[set[str], int]:
    """The ids of the game's lessons, and the number of their steps in all."""
    lessons = tabulae.load(game).lessons()
    return {lesson.id for lesson in lessons}, sum(len(lesson.steps) for lesson in lessons)


@pytest.mark.parametrize(
    ("game", "lang"), [("sylla", "pl"), ("builders", "ru"), ("hadrians_wall", "nl")]
)
def test_the_whole_course_on_a_laptop_and_a_phone(browser, game, lang):
    every, steps = every_step(game)
    assert take_course(browser, game, lang, every) == steps
