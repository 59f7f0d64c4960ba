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


def test_a_game_s_terms_come_in_the_language_asked(http):
    polish = http.get("/api/text/pl/tesserae").json()
    english = http.get("/api/text/en/tesserae").json()
    assert polish["terms"]["hands"] == "Płytki w ręce"
    assert english["terms"]["hands"] == "Tiles in hand"


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
