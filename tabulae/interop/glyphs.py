"""A small bitmap font for drawing the terminal's text as an image, with no font files.

Each printable ASCII character is 5 × 7 dots, written as seven rows of five bits (the high bit
the leftmost dot) in hex, two digits a row. The few other characters the games' terminal
tables print are drawn too: the box-drawing lines as lines that join their neighbours, the
markers (■ □ ● ○ ◆ ★ …) as small shapes, the rest as the nearest ASCII character; anything
else as ``?``.
"""

from __future__ import annotations

from functools import cache

import numpy as np

CELL_WIDTH, CELL_HEIGHT = 6, 10
"""Dots a character takes: its 5 × 7 glyph, a column after it, a row above and two below."""

ROWS = """\
    00000000000000 04040404040004 0A0A0A00000000 0A0A1F0A1F0A0A 040F140E051E04 18190204081303
    0C12140815120D 0C040800000000 02040808080402 08040202020408 0004150E150400 0004041F040400
    000000000C0408 0000001F000000 00000000000C0C 00010204081000 0E11131519110E 040C040404040E
    0E11010204081F 1F02040201110E 02060A121F0202 1F101E0101110E 0608101E11110E 1F010204080808
    0E11110E11110E 0E11110F01020C 000C0C000C0C00 000C0C000C0408 02040810080402 00001F001F0000
    08040201020408 0E110102040004 0E11010D15150E 0E1111111F1111 1E11111E11111E 0E11101010110E
    1C12111111121C 1F10101E10101F 1F10101E101010 0E11101711110F 1111111F111111 0E04040404040E
    0702020202120C 11121418141211 1010101010101F 111B1515111111 11111915131111 0E11111111110E
    1E11111E101010 0E11111115120D 1E11111E141211 0F10100E01011E 1F040404040404 1111111111110E
    11111111110A04 1111111515150A 11110A040A1111 1111110A040404 1F01020408101F 0E08080808080E
    00100804020100 0E02020202020E 040A1100000000 0000000000001F 08040200000000 00000E010F110F
    1010161911111E 00000E1010110E 01010D1311110F 00000E111F100E 0609081C080808 000F11110F010E
    10101619111111 04000C0404040E 0200060202120C 10101214181412 0C04040404040E 00001A15151111
    00001619111111 00000E1111110E 00001E111E1010 00000D130F0101 00001619101010 00000E100E011E
    08081C08080906 0000111111130D 00001111110A04 0000111115150A 0000110A040A11 000011110F010E
    00001F0204081F 02040408040402 04040404040404 08040402040408 00000815020000
"""
"""Seven rows of each printable ASCII character, from the space to the tilde."""

ASCII = dict(zip((chr(code) for code in range(32, 127)), ROWS.split(), strict=True))
"""Each ASCII character's seven rows."""

SHAPES = {
    "·": "00000004000000",
    "←": "0004081F080400",
    "→": "0004021F020400",
    "↷": "0004021F020400",
    "≤": "0204080402001F",
    "■": "001F1F1F1F1F00",
    "□": "001F1111111F00",
    "▶": "10181C1E1C1810",
    "◀": "0103070F070301",
    "▽": "001F110A0A0400",
    "◆": "00040E1F0E0400",
    "○": "000E1111110E00",
    "●": "000E1F1F1F0E00",
    "★": "04041F0E0E1B00",
    "♟": "000E0E040E1F00",
    "✝": "040E0404040400",
    "⬢": "040E1F1F1F0E04",
}
"""Markers drawn as small shapes of their own."""

DESCENDERS = {
    "g": "0F1111110F010E",
    "p": "1E1111111E1010",
    "q": "0F1111110F0101",
    "y": "111111110F010E",
}
"""Letters that reach below the line, drawn two rows lower than the rest, into the gap."""

NEAREST = {"—": "-", "−": "-", "–": "-", "“": '"', "”": '"', "‘": "'", "’": "'", "…": "."}

LINES = {
    # Which arms of a box-drawing character reach the cell's edges: up, down, left, right.
    "─": "lr", "━": "lr", "│": "ud", "┃": "ud", "┌": "dr", "╭": "dr", "┐": "dl", "╮": "dl",
    "└": "ur", "╰": "ur", "┘": "ul", "╯": "ul", "├": "udr", "┤": "udl", "┬": "dlr",
    "┴": "ulr", "┼": "udlr", "╴": "l", "╶": "r", "╵": "u", "╷": "d",
}  # fmt: skip
HEAVY = set("━┃")


@cache
def glyph(character: str) -> np.ndarray:
    """The character's dots, a CELL_HEIGHT × CELL_WIDTH array of booleans."""
    cell = np.zeros((CELL_HEIGHT, CELL_WIDTH), dtype=bool)
    if character in LINES:
        middle_row, middle_column = 4, 2
        thick = 2 if character in HEAVY else 1
        arms = LINES[character]
        across = slice(middle_row, middle_row + 1)
        columns = slice(middle_column, middle_column + thick)
        if "u" in arms:
            cell[: middle_row + 1, columns] = True
        if "d" in arms:
            cell[middle_row:, columns] = True
        if "l" in arms:
            cell[across, : middle_column + thick] = True
        if "r" in arms:
            cell[across, middle_column:] = True
        return cell
    character = NEAREST.get(character, character)
    rows = DESCENDERS.get(character) or SHAPES.get(character) or ASCII.get(character)
    top = 3 if character in DESCENDERS else 1
    for row in range(7):
        bits = int((rows or ASCII["?"])[2 * row : 2 * row + 2], 16)
        for column in range(5):
            cell[top + row, column] = bool(bits & (0x10 >> column))
    return cell
