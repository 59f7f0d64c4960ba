"""A game from another pip package gets terminal screens, a board and translations with no edit
to Tabulae: Horreum, a game of the tests, is installed here the way pip installs a plugin (a
distribution whose entry point names it in the ``tabulae.games`` group), and everything of its
interface is found in its own package."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

import tabulae
from tabulae.core import Event, load
from tabulae.i18n import GameText, translator
from tabulae.server.app import create_app
from tabulae.server.config import Settings
from tabulae.tui.renderer import renderer
from tests.plugin_games.horreum import GAME
from tests.plugin_games.horreum.game import SOW

PACKAGE = Path(__file__).parent / "plugin_games" / "horreum"


@pytest.fixture
def horreum(tmp_path, monkeypatch):
    """Horreum installed as a plugin, as ``pip install`` of a package declaring it would."""
    info = tmp_path / "horreum_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: horreum-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[tabulae.games]\nhorreum = tests.plugin_games.horreum:GAME\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    return load("horreum")


def test_the_plugin_is_registered_by_its_entry_point(horreum):
    assert horreum is GAME
    assert "horreum" in tabulae.all_games()


def test_the_plugin_draws_its_own_terminal_screen_in_the_player_s_language(horreum):
    state = horreum.new(2, seed=1)
    drawn = renderer(horreum)
    assert type(drawn).__module__ == "tests.plugin_games.horreum.terminal"
    console = Console(width=80, record=True, color_system=None)
    console.print(drawn.table(state.view(0), GameText(translator("pl"), horreum, ["Ala", "Bo"]), 0))
    screen = console.export_text()
    assert "Rok 1, zboże po" in screen and "Zboże" in screen and "Punkty" in screen
    assert "Ala" in screen and "Bo" in screen


def test_the_plugin_s_words_come_from_its_own_catalogs(horreum):
    polish = GameText(translator("pl"), horreum, ["Ala", "Bo"])
    assert polish.action(SOW) == "Siej"
    assert polish.event(Event("horreum.year", {"year": 2})) == "Zaczyna się rok 2."
    dutch = GameText(translator("nl"), horreum, ["Ala", "Bo"])
    assert dutch.action(SOW) == "Sow"  # no Dutch catalog: its English one


def test_the_server_serves_the_plugin_s_board_and_words(horreum, tmp_path):
    app = create_app(Settings(db=str(tmp_path / "tables.sqlite"), bot_workers=1))
    with TestClient(app) as client:
        board = client.get("/games/horreum/board.js")
        assert board.status_code == 200
        assert board.text == (PACKAGE / "web" / "board.js").read_text(encoding="utf-8")
        assert "javascript" in board.headers["content-type"]
        styles = client.get("/games/horreum/board.css")
        assert styles.text == (PACKAGE / "web" / "board.css").read_text(encoding="utf-8")
        listed = client.get("/games/horreum").json()
        assert listed == {"game": "horreum", "files": ["board.css", "board.js"]}
        words = client.get("/api/text/pl/horreum").json()
        assert words["game"]["messages"]["horreum.action.sow"] == "Siej"
        for missing in ("/games/horreum/printed.json", "/games/horreum/terminal.py"):
            refused = client.get(missing)
            assert refused.status_code == 404, missing
            assert refused.json()["error"]["code"] == "not_found"
        assert client.get("/games/chess/board.js").status_code == 404
        assert client.get("/games/chess").json()["error"]["code"] == "not_found"
