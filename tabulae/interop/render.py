"""The text an environment renders: the game's own terminal table, as `tabulae play` draws it.

Every adapter renders ``ansi`` (this text, returned) and ``human`` (the same text printed,
returning None, as Gymnasium and PettingZoo ask). There is no ``rgb_array``: the table is
text, and an environment asked for an image refuses at construction rather than return
nothing.
"""

from __future__ import annotations

import io

from rich.console import Console

from tabulae.core import State
from tabulae.i18n import GameText, translator
from tabulae.tui.renderer import renderer

RENDER_MODES = ("ansi", "human")
WIDTH = 120  # characters: the table as a wide terminal shows it


def check_render_mode(mode: str | None) -> str | None:
    """`mode` if an environment can render it; a ValueError naming the modes otherwise."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode {mode!r} is not supported: the table renders as text, "
            f"render_mode is one of {', '.join(map(repr, RENDER_MODES))} (or None)"
        )
    return mode


def table_text(state: State, seat: int | None, names: list[str]) -> str:
    """The table as `seat` sees it (None: a spectator), drawn by the game's terminal renderer."""
    text = GameText(translator("en"), state.game, names)
    written = io.StringIO()
    console = Console(file=written, width=WIDTH, color_system=None, highlight=False, emoji=False)
    console.print(renderer(state.game).table(state.view(seat), text, seat))
    return written.getvalue().rstrip("\n")


def show(text: str, mode: str | None) -> str | None:
    """What `render()` gives: the text for ``ansi``, printed for ``human``, None without a mode."""
    if mode == "human":
        print(text)
        return None
    return text if mode == "ansi" else None
