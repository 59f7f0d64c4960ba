"""Levels in the lobby, hints and the coach at the table, through Chromium against the real
server, on the test game Tesserae."""

from __future__ import annotations

import json

from tabulae.bots import LEVELS

from .browser import Browser, Person

GAME = "tesserae"


def summary(browser: Browser, table: str) -> dict:
    with browser.api() as api:
        return api.get(f"/tables/{table}").json()


def test_the_lobby_offers_the_levels_with_their_descriptions_and_a_fair_default(browser):
    page = browser.person().page
    page.goto("/")
    page.locator(f"input[name=game][value={GAME}]").check(force=True)
    seat = page.locator("select[name=seat-1]")
    labels = seat.locator("optgroup").first.locator("option").all_inner_texts()
    assert labels == [level.label for level in LEVELS.values()]
    assert seat.input_value() == "medium"
    about = page.locator(".seat-field .level-about").first
    assert about.inner_text() == LEVELS["medium"].about
    seat.select_option("hard")
    assert about.inner_text() == LEVELS["hard"].about
    researchers = (
        seat.locator("optgroup")
        .nth(1)
        .locator("option")
        .evaluate_all("nodes => nodes.map(n => n.value)")
    )
    assert "random" in researchers and "greedy" in researchers
    assert "ismcts" not in researchers  # offered once, as a level


def test_the_levels_speak_the_player_s_language(browser):
    page = browser.person("pl").page
    page.goto("/")
    page.locator(f"input[name=game][value={GAME}]").check(force=True)
    labels = page.locator("select[name=seat-1] optgroup").first.locator("option")
    assert labels.all_inner_texts()[:3] == ["Łatwy", "Średni", "Trudny"]
    assert "uczciwy przeciwnik" in page.locator(".level-about").first.inner_text()


def hinted_table(browser: Browser, hints: bool, coach: bool = False) -> tuple[Person, str]:
    ala = browser.person()
    # The form's "hints" and "coach" checkboxes are filled like the game's options.
    options = {"rounds": 2, "hints": hints, "coach": coach}
    table = ala.start_table(GAME, 2, "Ala", seats={1: "easy"}, options=options)
    ala.wait_ready()
    return ala, table


def test_a_table_started_with_hints_shows_three_moves_each_played_by_a_click(browser):
    ala, table = hinted_table(browser, hints=True)
    facts = summary(browser, table)
    assert facts["hints"] is True and facts["seats"][1]["bot"] == "easy"
    page = ala.page
    page.click("#ask-hint")
    page.wait_for_selector("#hint .hint-move")
    moves = [
        json.loads(a)
        for a in page.eval_on_selector_all(
            "#hint .hint-move", "nodes => nodes.map(n => n.dataset.action)"
        )
    ]
    legal = ala.legal()
    assert 1 <= len(moves) <= 3 and all(move in legal for move in moves)
    assert "% of the search" in page.inner_text("#hint")
    assert "searched" in page.inner_text("#hint .hint-title")
    before = ala.version
    ala.act(lambda page: page.locator("#hint .hint-move").first.click())
    assert ala.version > before


def test_a_table_without_hints_has_no_hint_button(browser):
    ala, table = hinted_table(browser, hints=False)
    assert summary(browser, table)["hints"] is False
    assert ala.page.locator("#ask-hint").count() == 0


def test_a_coached_table_shows_the_coach_s_choice_and_judges_the_move_made(browser):
    """ "Show me" outlines a control that plays a legal action; after the move, the coach's
    line on it appears (the hint list does not: the table allows no hints)."""
    ala, table = hinted_table(browser, hints=False, coach=True)
    assert summary(browser, table)["coach"] is True
    page = ala.page
    assert page.locator("#ask-hint").count() == 0 and page.locator("#coach-line").count() == 0
    page.click("#coach-show")
    page.wait_for_selector("#table .coach-choice")
    offered = page.eval_on_selector_all(
        "#table .coach-choice",
        "nodes => nodes.map(n => n.dataset.action ? [JSON.parse(n.dataset.action)]"
        " : JSON.parse(n.dataset.actions))",
    )
    legal = ala.legal()
    assert offered and all(any(a in legal for a in actions) for actions in offered)
    assert "The coach would play" in page.inner_text("#coach")
    assert "null" not in page.inner_text("#coach")
    ala.click_action(legal[-1])
    page.wait_for_selector("#coach-line")
    line = page.inner_text("#coach-line")
    assert line == "Strong play." or line.startswith("The coach would have played"), line
    assert "null" not in page.inner_text("#coach")


def test_the_coach_speaks_the_player_s_language(browser):
    ola = browser.person("pl")
    table = ola.start_table(GAME, 2, "Ola", seats={1: "easy"}, options={"rounds": 2, "coach": True})
    ola.wait_ready()
    assert summary(browser, table)["coach"] is True
    assert ola.page.inner_text("#coach-show") == "Pokaż wybór trenera"
