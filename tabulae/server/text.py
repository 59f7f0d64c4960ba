"""Names people type: printable, trimmed and short enough for the database."""

from __future__ import annotations

import unicodedata

from .errors import invalid

NAME_LENGTH = 40


def clean_name(text: str) -> str:
    """A seat name as stored, or a 422 saying what is wrong with it."""
    name = text.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise invalid(f"a name has 1–{NAME_LENGTH} characters, not {len(name)}", "bad_name")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Cn") for c in name):
        raise invalid("a name holds only printable characters", "bad_name")
    return name
