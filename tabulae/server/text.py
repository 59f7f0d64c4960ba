"""Names people type: printable, trimmed, in one Unicode form, and short enough for the
database."""

from __future__ import annotations

import unicodedata

from tabulae.i18n import N_, is_bot_name

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


def clean_name(text: str) -> str:
    """A seat name as stored (NFC, trimmed), or a 422 saying what is wrong with it.

    Characters that change how a name looks without showing themselves (a right-to-left
    override, a zero-width space) are refused, so no one can pass for another player.
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
    return name


def person_name(text: str) -> str:
    """A name a person gives (at a seat, as a spectator, as a username): a clean name that is
    not a bot's in any language ("Medium bot 2"), so no one passes for a bot."""
    name = clean_name(text)
    if is_bot_name(name):
        raise invalid(
            N_("“{name}” is what a bot is called: choose another name."), "bot_name", name=name
        )
    return name
