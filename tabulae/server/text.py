"""Names people type: printable, trimmed, in one Unicode form, and short enough for the
database."""

from __future__ import annotations

import unicodedata

from tabulae.i18n import N_

from .errors import invalid

NAME_LENGTH = 40
REFUSED = {
    "Cc": N_("A name holds only printable characters, not control characters (U+{point})."),
    "Cf": N_(
        "A name holds only printable characters, not invisible formatting characters "
        "(direction overrides, zero-width characters) (U+{point})."
    ),
    "Cs": N_("A name holds only printable characters, not unpaired surrogates (U+{point})."),
    "Co": N_("A name holds only printable characters, not private-use characters (U+{point})."),
    "Cn": N_("A name holds only printable characters, not unassigned characters (U+{point})."),
    "Zl": N_("A name holds only printable characters, not line breaks (U+{point})."),
    "Zp": N_("A name holds only printable characters, not paragraph breaks (U+{point})."),
}
INVISIBLE = N_(
    "A name holds only characters that show, not invisible or blank ones (fillers, variation "
    "selectors, spaces other than the plain one) (U+{point})."
)
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters a font draws
# as nothing. Those of category Cf are refused above already; these are the rest.
IGNORABLE = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xE0000, 0xE0FFF),  # tags and supplementary variation selectors
)
BLANK = {0x2800}  # the blank Braille pattern, drawn as a space


def invisible(character: str) -> bool:
    """Whether a character shows nothing: default-ignorable, or blank but not the plain
    space (no-break and other spaces, the blank Braille pattern)."""
    point = ord(character)
    if point in BLANK or (unicodedata.category(character) == "Zs" and character != " "):
        return True
    return any(first <= point <= last for first, last in IGNORABLE)


def clean_name(text: str) -> str:
    """A seat name as stored (NFC, trimmed), or a 422 saying what is wrong with it.

    Characters that change how a name looks without showing themselves (a right-to-left
    override, a zero-width space, a variation selector, a Hangul filler) and blanks other than
    the plain space are refused, so no one can pass for another player.
    """
    name = unicodedata.normalize("NFC", text.strip())
    if not 1 <= len(name) <= NAME_LENGTH:
        raise invalid(
            N_("A name has 1 to {most} characters, not {count}."),
            "bad_name",
            most=NAME_LENGTH,
            count=len(name),
        )
    for character in name:
        refused = REFUSED.get(unicodedata.category(character))
        if refused:
            raise invalid(refused, "bad_name", point=f"{ord(character):04X}")
        if invisible(character):
            raise invalid(INVISIBLE, "bad_name", point=f"{ord(character):04X}")
    return name
