"""Table renderers: one module per game, and a generic one that reads any view.

A game's renderer is a module here exposing ``RENDERER``, an instance of a `Renderer` subclass
whose ``game`` is the game's id. It draws what `State.view` gives the seat to move, so it can
never show more than that seat may see.
"""

from __future__ import annotations

import importlib
import pkgutil

from tabulae.core import Game

from .generic import Renderer

renderers: dict[str, Renderer] = {}


def _discover() -> None:
    for module in pkgutil.iter_modules(__path__):
        found = getattr(importlib.import_module(f"{__name__}.{module.name}"), "RENDERER", None)
        if isinstance(found, Renderer):
            renderers.setdefault(found.game, found)


def renderer(game: Game) -> Renderer:
    """The game's own renderer, or the generic one."""
    if not renderers:
        _discover()
    return renderers.get(game.id) or Renderer()


__all__ = ["Renderer", "renderer", "renderers"]
