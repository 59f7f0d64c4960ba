"""Names people type: printable, trimmed, in one Unicode form, and short enough for the
database."""

from __future__ import annotations

import unicodedata

from .errors import invalid

NAME_LENGTH = 40
REFUSED = {
    "Cc": "control characters",
    "Cf": "invisible formatting characters (direction overrides, zero-width characters)",
    "Cs": "unpaired surrogates",
    "Co": "private-use characters",
    "Cn": "unassigned characters",
    "Zl": "line breaks",
    "Zp": "paragraph breaks",
}


def clean_name(text: str) -> str:
    """A seat name as stored (NFC, trimmed), or a 422 saying what is wrong with it.

    Characters that change how a name looks without showing themselves (a right-to-left
    override, a zero-width space) are refused, so no one can pass for another player.
    """
    name = unicodedata.normalize("NFC", text.strip())
    if not 1 <= len(name) <= NAME_LENGTH:
        raise invalid(f"a name has 1–{NAME_LENGTH} characters, not {len(name)}", "bad_name")
    for character in name:
        refused = REFUSED.get(unicodedata.category(character))
        if refused:
            raise invalid(
                f"a name holds only printable characters, not {refused} (U+{ord(character):04X})",
                "bad_name",
            )
    return name
