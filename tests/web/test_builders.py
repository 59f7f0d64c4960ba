"""The Builders: Antiquity in the browser: the rows, investments and every player's sites,
played to the end by clicking the cards."""

from __future__ import annotations

import pytest

import tabulae

from .browser import board_clicks
from .test_table import engine_scores

GAME = "builders"
pytestmark = pytest.mark.skipif(GAME not in tabulae.games(), reason="Builders is not installed")
BOARD = ".builders"


def test_a_game_against_a_bot_is_played_to_the_end_by_clicking_the_cards(browser):
    ala = browser.person()
    table = ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    for area in ("buildings", "workers", "investments", "turn", "sites", "idle", "finished"):
        assert page.locator(f"{BOARD} [data-area={area}]").count() >= 1, area
    assert page.locator(f"{BOARD} [data-area=buildings] .bd-card").count() == 5
    clicks = ala.play_to_the_end(
        board_clicks(3, f"{BOARD} .clickable.legal:not(.bd-end)", f"{BOARD} .bd-end")
    )
    assert clicks > 10
    assert ala.scores() == engine_scores(browser, table)
    assert page.locator("#result table.breakdown").count() == 1


def test_sending_a_worker_to_a_site_by_clicking_them(browser):
    ala = browser.person()
    ala.start_table(GAME, 2, "Ala", seats={1: "random"})
    page = ala.page
    ala.wait_ready()
    building = page.locator(f"{BOARD} [data-area=buildings] .bd-card.clickable.legal").first
    card = building.get_attribute("data-card")
    ala.act(lambda page: building.click())
    assert page.locator(f"{BOARD} .bd-player.you [data-site='{card}']").count() == 1
    worker = page.locator(f"{BOARD} [data-area=workers] .bd-card.clickable.legal").first
    hired = worker.get_attribute("data-card")
    ala.act(lambda page: worker.click())
    idle = page.locator(f"{BOARD} .bd-player.you [data-area=idle] [data-card='{hired}']")
    idle.click()
    send = page.locator(f".board-menu button[data-action='[\"send\",{hired},{card}]']")
    ala.act(lambda page: send.click())
    crew = page.locator(f"{BOARD} .bd-player.you [data-site='{card}'] .crew [data-card='{hired}']")
    assert crew.count() == 1
