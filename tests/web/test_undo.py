"""Undo at the table, in Chromium against the real server: a Builders turn, an action taken
back, the board as it was, the log and the replay telling it."""

from __future__ import annotations

import pytest

import tabulae

GAME = "builders"
pytestmark = pytest.mark.skipif(GAME not in tabulae.all_games(), reason="Builders is not installed")
BOARD = ".builders"


def test_an_action_taken_back_returns_the_board_and_the_log_and_replay_tell_it(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    ala.wait_ready()
    assert page.locator("#undo").count() == 0, "nothing to take back at the start of a turn"
    board = page.inner_text(BOARD)
    took = page.locator(".log li[data-key='builders.took']")
    taken_before = took.count()  # the bot may have opened the round, taking sesterces
    ala.click_action(["take", 3])
    assert page.inner_text(BOARD) != board
    assert page.locator("#undo").inner_text() == "Undo"

    ala.act(lambda page: page.click("#undo"))
    taken_back = ala.version
    ala.wait_ready()
    assert page.inner_text(BOARD) == board, "the board is back as it was"
    assert page.locator("#undo").count() == 0
    line = page.locator(f".log li[data-key=took_back][data-version='{taken_back}']")
    assert line.inner_text() == "Ala took back 1 action."
    assert took.count() == taken_before + 1, "the log keeps it"

    row = page.locator(f"{BOARD} [data-area=buildings] .clickable.legal").first
    ala.act(lambda page: row.click())
    assert page.locator("#undo").count() == 0, "a card dealt from the deck cannot be unseen"

    ala.finish_over_the_api(table)
    page.click("#replay-link")
    page.wait_for_selector("#controls #step")
    page.eval_on_selector(
        "#step",
        "(step, at) => { step.value = at; step.dispatchEvent(new Event('input')); }",
        taken_back,
    )
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.version === '{taken_back}'"
    )
    latest = page.locator("#log .log li.latest")
    assert latest.count() == 1 and latest.inner_text() == "Ala took back 1 action."
    page.click("#back")
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.version === '{taken_back - 1}'"
    )
    with browser.api() as api:
        before = api.get(f"/tables/{table}/state", params={"at": taken_back - 2}).json()
        after = api.get(f"/tables/{table}/state", params={"at": taken_back}).json()
    assert after["view"] == before["view"], "the replay's step returns the board too"


def test_the_undo_button_speaks_the_player_s_language(browser):
    ola = browser.person("pl")
    ola.start_table(GAME, 2, "Ola", seats={1: "random"})
    ola.wait_ready()
    ola.click_action(["take", 1])
    assert ola.page.locator("#undo").inner_text() == "Cofnij"
    ola.act(lambda page: page.click("#undo"))
    line = ola.page.locator(".log li[data-key=took_back]")
    assert line.inner_text() == "Ola cofa 1 ruch."
