"""The command line's one way of finding a game: by id, or by a ``module:attr`` reference
that resolves from the working directory, as a game being written there is run."""

from __future__ import annotations

import sys

import typer

from tabulae.core import Game, UnknownGame, load


def find_game(ref: str) -> Game:
    """The game `ref` names; an unknown one is a bad parameter, with the games there are."""
    if ":" in ref and "" not in sys.path:
        sys.path.insert(0, "")  # module:attr references resolve from the working directory
    try:
        return load(ref)
    except UnknownGame as error:
        raise typer.BadParameter(str(error)) from None
