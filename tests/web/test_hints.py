"""Levels in the lobby and hints at the table, through Chromium against the real server, on the
test game Tesserae."""

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


def hinted_table(browser: Browser, hints: bool) -> tuple[Person, str]:
    ala = browser.person()
    # The form's "hints" checkbox is filled like the game's options.
    options = {"rounds": 2, "hints": hints}
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
