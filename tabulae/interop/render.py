"""The text an environment renders: the game's own terminal table, as `tabulae play` draws it.

Every adapter renders ``ansi`` (this text, returned), ``human`` (the same text printed,
returning None, as Gymnasium and PettingZoo ask) and ``rgb_array``: the same text drawn
character by character in a bitmap font (`glyphs`), light on dark as a terminal shows it, so
a video of an episode shows what a player at the terminal saw.
"""

from __future__ import annotations

import io

import numpy as np
from rich.console import Console

from tabulae.core import State
from tabulae.i18n import GameText, translator
from tabulae.tui.renderer import renderer

from .glyphs import CELL_HEIGHT, CELL_WIDTH, glyph

RENDER_MODES = ("ansi", "human", "rgb_array")
WIDTH = 120  # characters: the table as a wide terminal shows it
INK, PAPER = (230, 230, 230), (24, 24, 24)  # a terminal's light text on its dark background


def check_render_mode(mode: str | None) -> str | None:
    """`mode` if an environment can render it; a ValueError naming the modes otherwise."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode {mode!r} is not supported: render_mode is one of "
            f"{', '.join(map(repr, RENDER_MODES))} (or None)"
        )
    return mode


def table_text(state: State, seat: int | None, names: list[str]) -> str:
    """The table as `seat` sees it (None: a spectator), drawn by the game's terminal renderer."""
    text = GameText(translator("en"), state.game, names)
    written = io.StringIO()
    console = Console(file=written, width=WIDTH, color_system=None, highlight=False, emoji=False)
    console.print(renderer(state.game).table(state.view(seat), text, seat))
    return written.getvalue().rstrip("\n")


def image(text: str) -> np.ndarray:
    """`text` drawn as an RGB image (uint8, height × width × 3): each character a cell of
    `CELL_WIDTH` × `CELL_HEIGHT` dots, each line `WIDTH` characters wide (or the longest)."""
    lines = text.split("\n")
    columns = max(WIDTH, *(len(line) for line in lines))
    dots = np.zeros((len(lines) * CELL_HEIGHT, columns * CELL_WIDTH), dtype=bool)
    for row, line in enumerate(lines):
        top = row * CELL_HEIGHT
        for column, character in enumerate(line):
            if character != " ":
                left = column * CELL_WIDTH
                dots[top : top + CELL_HEIGHT, left : left + CELL_WIDTH] = glyph(character)
    ink, paper = np.array(INK, dtype=np.uint8), np.array(PAPER, dtype=np.uint8)
    return np.where(dots[..., None], ink, paper)


def show(text: str, mode: str | None) -> str | np.ndarray | None:
    """What `render()` gives: the text for ``ansi``, printed for ``human``, drawn for
    ``rgb_array``, None without a mode."""
    if mode == "human":
        print(text)
        return None
    if mode == "rgb_array":
        return image(text)
    return text if mode == "ansi" else None
