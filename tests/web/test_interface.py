"""The endpoints the browser interface reads besides play: bots, words, and its own files."""

from __future__ import annotations

import httpx
import pytest

from tabulae.bots import BOTS


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client


def test_the_bots_on_offer_are_the_registry(http):
    bots = http.get("/api/bots").json()
    assert [bot["name"] for bot in bots] == list(BOTS)
    assert all(bot["about"] for bot in bots)


def test_a_game_s_words_come_in_the_language_asked(http):
    polish = http.get("/api/text/pl/tesserae").json()
    english = http.get("/api/text/en/tesserae").json()
    assert polish["game"]["terms"]["hands"] == "Płytki w ręce"
    assert english["game"]["terms"]["hands"] == "Tiles in hand"
    assert polish["game"]["messages"]["tesserae.action.draw"] == "Dobierz płytkę"
    assert polish["messages"]["Your move."] == "Twój ruch."
    assert english["messages"] == {}  # the English msgids are the English text


def test_the_plural_rule_is_the_catalogs(http):
    assert http.get("/api/text/en").json()["plural"] == "(n != 1)"
    russian = http.get("/api/text/ru").json()["plural"]
    assert "n%10==1 && n%100!=11" in russian


def test_unknown_languages_and_games_are_refused(http):
    assert http.get("/api/text/de").status_code == 422
    missing = http.get("/api/text/en/backgammon")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "unknown_game"


def test_the_pages_and_modules_are_served(http):
    for path, kind in (
        ("/", "text/html"),
        ("/table.html", "text/html"),
        ("/replay.html", "text/html"),
        ("/js/table.js", "javascript"),
        ("/css/tabulae.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ):
        reply = http.get(path)
        assert reply.status_code == 200, path
        assert kind in reply.headers["content-type"], path
