"""A game's pictures over HTTP: each symbol of its board's icons.svg is an image of its own,
drawn as the symbol draws it, with a validator for the browser's cache; anything else is a 404."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

import tabulae
from tabulae.core.registry import interface_path

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ["sylla", "builders", "hadrians_wall"]


def drawing(element: ElementTree.Element) -> list[tuple[str, dict[str, str]]]:
    """Every part of a drawing, in order: its tag and attributes."""
    return [(part.tag, part.attrib) for part in element.iter()][1:]


@pytest.mark.parametrize("game", GAMES)
def test_each_picture_is_an_image_drawn_as_its_symbol(server, client, game):
    sprite = ElementTree.parse(interface_path(tabulae.load(game), "web") / "icons.svg")
    symbols = {symbol.get("id"): symbol for symbol in sprite.getroot().iter(f"{SVG}symbol")}
    assert len(symbols) >= 20
    for word, symbol in symbols.items():
        reply = client.get(f"{server.url}/games/{game}/icons/{word}.svg")
        assert reply.status_code == 200, (word, reply.text)
        assert reply.headers["content-type"] == "image/svg+xml"
        image = ElementTree.fromstring(reply.content)
        assert image.tag == f"{SVG}svg" and image.get("viewBox") == symbol.get("viewBox")
        assert image.get("id") is None
        assert drawing(image) == drawing(symbol), word
    cached = {"If-None-Match": reply.headers["etag"]}
    again = client.get(f"{server.url}/games/{game}/icons/{word}.svg", headers=cached)
    assert again.status_code == 304 and again.content == b""


def test_a_picture_that_is_not_there_is_a_404(server, client):
    for path in [
        "/games/sylla/icons/dragon.svg",
        "/games/sylla/icons/..%2Fboard.svg",
        "/games/sylla/icons/board.js.svg",
        f"/games/sylla/icons/{'a' * 5000}.svg",
        "/games/nogame/icons/soldier.svg",
        "/games/tesserae/icons/tile.svg",
    ]:
        reply = client.get(server.url + path)
        assert reply.status_code == 404, path
        assert reply.json()["error"]["code"] in {"not_found", "unknown_game"}, path
