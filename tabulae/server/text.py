"""What people type, names and chat: printable, trimmed, in one Unicode form, and short
enough for the database; a chat message also shows something, in a few lines, and stacks no
more than a few marks on one letter."""

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


# What the categories refused in names are, for chat's refusals.
UNPRINTABLE = {
    "Cc": "control characters",
    "Cf": "invisible formatting characters",
    "Cs": "unpaired surrogates",
    "Co": "private-use characters",
    "Cn": "unassigned characters",
    "Zl": "line separators",
    "Zp": "paragraph separators",
}


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


MARKS = ("Mn", "Me")  # combining marks, drawn over or under the character before them


def visible(character: str) -> bool:
    """Whether a character shows: a letter, digit, punctuation or symbol that is not blank
    (spaces, marks on their own and formatting characters show nothing)."""
    return unicodedata.category(character)[0] in "LNPS" and not invisible(character)


def marks_in_a_row(text: str) -> int:
    """The most combining marks stacked on one character."""
    most = run = 0
    for character in text:
        run = run + 1 if unicodedata.category(character) in MARKS else 0
        most = max(most, run)
    return most


def clean_message(text: str, length: int, lines: int, marks: int) -> str:
    """A chat message as stored (NFC, trimmed; line breaks kept), or a 422 saying what is
    wrong: it holds what a name may (and line breaks), shows at least one character, has at
    most `lines` lines, and at most `marks` combining marks on one character, so that no
    message is blank, pushes the others off the screen or draws over them."""
    message = unicodedata.normalize("NFC", text.strip())
    if not 1 <= len(message) <= length:
        raise invalid(f"a message has 1–{length} characters, not {len(message)}", "bad_message")
    for character in message:
        if character == "\n":
            continue
        kind = UNPRINTABLE.get(unicodedata.category(character))
        if kind:
            raise invalid(
                f"a message holds only printable characters and line breaks, not {kind} "
                f"(U+{ord(character):04X})",
                "bad_message",
            )
    if not any(visible(character) for character in message):
        raise invalid("a message shows at least one character, not only blanks", "bad_message")
    if message.count("\n") >= lines:
        raise invalid(
            f"a message has at most {lines} lines, not {message.count(chr(10)) + 1}",
            "bad_message",
        )
    if marks_in_a_row(message) > marks:
        raise invalid(
            f"a message has at most {marks} combining marks on one character",
            "bad_message",
        )
    return message


def person_name(text: str) -> str:
    """A name a person gives (at a seat, as a spectator, as a username): a clean name that is
    not a bot's in any language ("Medium bot 2"), so no one passes for a bot."""
    name = clean_name(text)
    if is_bot_name(name):
        raise invalid(
            N_("“{name}” is what a bot is called: choose another name."), "bot_name", name=name
        )
    return name
