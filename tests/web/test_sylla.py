"""Sylla in the browser: the board, played to the end by clicking it; two people at one table
who each see only their own screen and secret choices; the board in another language."""

from __future__ import annotations

import pytest

import tabulae

from .browser import board_clicks
from .test_table import engine_scores

GAME = "sylla"
pytestmark = pytest.mark.skipif(GAME not in tabulae.games(), reason="Sylla is not installed")
BOARD = ".sylla"


def test_a_game_against_a_bot_is_played_to_the_end_on_the_board(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    for area in ("road_to_glory", "res_publica_ladder", "famine", "events", "building_row"):
        assert page.locator(f"{BOARD} [data-area={area}]").count() == 1, area
    assert page.locator(f"{BOARD} [data-area=road_to_glory] [data-space]").count() == 51
    clicks = ala.play_to_the_end(board_clicks(7, f"{BOARD} .clickable.legal"))
    assert clicks > 20
    assert ala.scores() == engine_scores(browser, table)


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
