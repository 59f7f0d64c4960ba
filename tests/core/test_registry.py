import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tabulae
from tabulae.core import UnknownGame
from tabulae.core.registry import interface_path
from tests.plugin_games import tesserae
from tests.plugin_games.tesserae import GAME


def test_load_by_reference():
    assert tabulae.load("tests.plugin_games.tesserae:GAME") is GAME


def test_unknown_games_are_named_in_the_error():
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        tabulae.load("chess")
    with pytest.raises(UnknownGame, match="cannot load"):
        tabulae.load("tests.core.nothing_here:GAME")
    with pytest.raises(UnknownGame, match="is not a game"):
        tabulae.load("tests.plugin_games.tesserae:DRAW")


def test_games_from_other_packages_register_through_the_entry_point_group(tmp_path, monkeypatch):
    (tmp_path / "extra_game.py").write_text(
        textwrap.dedent("""
        from tests.plugin_games.tesserae import Tesserae

        class Extra(Tesserae):
            id = "extra"
            name = "Extra"
    """)
    )
    info = tmp_path / "extra_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: extra-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tabulae.games]\nextra = extra_game:Extra\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert tabulae.load("extra").name == "Extra"
        assert "extra" in tabulae.all_games()
    finally:
        sys.modules.pop("extra_game", None)


def test_a_game_in_a_namespace_package_has_its_interface_folders_there(tmp_path, monkeypatch):
    """A package without ``__init__.py`` has no file of its own: its folder is its path."""
    package = tmp_path / "mosaics"
    package.mkdir()
    (package / "rules.py").write_text(
        textwrap.dedent("""
        from tests.plugin_games.tesserae import Tesserae

        class Mosaic(Tesserae):
            id = "mosaic"
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        game = tabulae.load("mosaics.rules:Mosaic")
        assert interface_path(game, "web") == package / "web"
        assert interface_path(GAME, "web") == Path(tesserae.__file__).parent / "web"
    finally:
        sys.modules.pop("mosaics.rules", None)
        sys.modules.pop("mosaics", None)


def test_the_games_package_is_reachable_as_an_attribute_of_tabulae():
    """``tabulae.games`` is the package of the built-in games; the registry is ``all_games``."""
    import tabulae.games.sylla

    assert tabulae.games.sylla.GAME is tabulae.load("sylla")
    assert "sylla" in tabulae.all_games()


def test_loading_one_game_imports_neither_the_others_nor_the_translations():
    """A script that plays Sylla starts without reading the other games' components, the
    catalogs or the bots."""
    script = (
        "import sys, tabulae\n"
        "tabulae.load('sylla').new(4, 1)\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    imported = done.stdout.split()
    assert "tabulae.games.sylla.game" in imported
    unwanted = ("tabulae.games.builders", "tabulae.games.hadrians_wall", "tabulae.i18n")
    assert [m for m in imported if m.startswith(unwanted) or m in ("tabulae.bots", "babel")] == []
