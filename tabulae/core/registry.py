"""Find games by id: the built-in ones, games from other packages, or a `module:attr` reference.

A game's package holds its interface too, under the same names in every game: ``terminal``
(a module whose ``RENDERER`` draws the table at a terminal), ``web/`` (``board.js``,
``board.css`` and ``printed.json`` for the browser) and ``locale/<language>/<game id>.po`` (its
catalogs). `interface_module` and `interface_path` find them, so the terminal, the server and
the catalogs serve a game from another pip package exactly as one of ours.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

from .errors import UnknownGame
from .game import Game
from .game import package as package  # where a game lives: defined beside Game, for lessons

ENTRY_POINT_GROUP = "tabulae.games"


@cache
def _builtin() -> dict[str, Game]:
    package = importlib.import_module("tabulae.games")

    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            game = getattr(
                importlib.import_module(f"{package.__name__}.{module.name}"), "GAME", None
            )
            if isinstance(game, Game):
                found[game.id] = game
    return found


def _builtin_named(ref: str) -> Game | None:
    """The built-in game in the package named `ref`, imported alone: a game's package is
    named by its id, so loading one game does not read the others' rules and components."""
    if not ref.isidentifier():
        return None
    name = f"tabulae.games.{ref}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    game = getattr(module, "GAME", None)
    return game if isinstance(game, Game) and game.id == ref else None


def _plugins() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        game = point.load()
        if isinstance(game, type):
            game = game()
        if isinstance(game, Game):
            found[game.id] = game
    return found


def all_games() -> dict[str, Game]:
    """Every registered game by id, in id order.

    >>> from tabulae.core import all_games
    >>> "sylla" in all_games()
    True
    """
    found = {**_plugins(), **_builtin()}
    return dict(sorted(found.items()))


def load(ref: str) -> Game:
    """A game by id (``"sylla"``) or by reference (``"package.module:GAME"``).

    >>> from tabulae.core import load
    >>> load("sylla").name
    'Sylla'
    >>> load("tabulae.games.sylla:GAME") is load("sylla")
    True
    """
    if ":" in ref:
        module_name, _, attr = ref.partition(":")
        try:
            game = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as error:
            raise UnknownGame(f"cannot load game {ref!r}: {error}") from None
        game = game() if isinstance(game, type) else game
        if not isinstance(game, Game):
            raise UnknownGame(f"{ref!r} is not a game")
        return game
    registered = _builtin_named(ref) or _builtin().get(ref) or _plugins().get(ref)
    if registered is None:
        known = ", ".join(all_games()) or "none"
        raise UnknownGame(f"no game {ref!r} (games: {known})")
    return registered


def interface_module(game: Game, name: str) -> ModuleType | None:
    """A module of the game's interface (``"terminal"``), or None if the game has none.

    >>> from tabulae.core import load
    >>> interface_module(load("sylla"), "terminal").__name__
    'tabulae.games.sylla.terminal'
    >>> interface_module(load("sylla"), "nothing") is None
    True
    """
    full = f"{package(game)}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as error:
        if error.name == full:
            return None
        raise


def interface_path(game: Game, name: str) -> Path:
    """Where a folder of the game's interface is (``"web"``, ``"locale"``), if it has one.

    >>> from tabulae.core import load
    >>> (interface_path(load("sylla"), "web") / "board.js").is_file()
    True
    """
    module = importlib.import_module(package(game))
    if hasattr(module, "__path__"):  # a package's folder; a namespace package's first one
        return Path(next(iter(module.__path__))) / name
    return Path(str(module.__file__)).parent / name
