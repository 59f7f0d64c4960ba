"""What is printed on each game's sheets, boards and cards, for the browser's boards.

A board draws every box with the reward printed in it; those numbers live in the game's
component data, not in the board's code. A game says what is printed with the ``printed()``
function of its package's ``printed`` module; `python -m tabulae.web.printed` writes it as
``web/printed.json`` beside the game's board (the browser has no build step), and a test checks
the files match the data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabulae.core import Game, all_games
from tabulae.core.registry import interface_module, interface_path


def _plain(value: Any) -> Any:
    """Read-only mappings and tuples of the component data as JSON-ready dicts and lists."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def games_with_printed() -> list[Game]:
    """The installed games whose package says what is printed on their components."""
    return [game for game in all_games().values() if interface_module(game, "printed") is not None]


def path(game: Game) -> Path:
    return interface_path(game, "web") / "printed.json"


def text(game: Game) -> str:
    module = interface_module(game, "printed")
    assert module is not None, f"{game.id} has no printed components"
    return json.dumps(_plain(module.printed()), ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    for game in games_with_printed():
        path(game).write_text(text(game), encoding="utf-8")
        print(f"wrote {path(game)}")


if __name__ == "__main__":
    main()
