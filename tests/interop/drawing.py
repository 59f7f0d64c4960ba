"""Checks that an ``rgb_array`` render is the ``ansi`` text, drawn."""

from __future__ import annotations

import numpy as np

from tabulae.interop.glyphs import ASCII, CELL_HEIGHT, CELL_WIDTH, LINES, NEAREST, SHAPES
from tabulae.interop.render import PAPER, WIDTH


def assert_drawn(image: np.ndarray, text: str) -> None:
    """`image` is `text` drawn cell by cell: ink exactly where a character is printed, and
    every printed character one the font draws (none falls back to ``?``)."""
    lines = text.split("\n")
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3, image.dtype
    assert image.shape[:2] == (len(lines) * CELL_HEIGHT, WIDTH * CELL_WIDTH)
    inked = (image != np.uint8(PAPER)).any(axis=2)
    cells = inked.reshape(len(lines), CELL_HEIGHT, WIDTH, CELL_WIDTH).any(axis=(1, 3))
    printed = np.zeros((len(lines), WIDTH), dtype=bool)
    for row, line in enumerate(lines):
        for column, character in enumerate(line):
            printed[row, column] = character != " "
            assert character in ASCII or character in {*LINES, *NEAREST, *SHAPES}, character
    assert np.array_equal(cells, printed)
