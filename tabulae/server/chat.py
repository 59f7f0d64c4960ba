"""Table chat: players talk in the players' channel, spectators in their own.

Everyone may read the players' channel. While a game waits or is under way, the spectators'
channel is read only by those who hold no seat, so no one watching can pass a player what
they see; once the game is over both channels are open to all. Messages are plain text:
clients show them as text, never as markup.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import ApiError, invalid
from .storage import ChatRow
from .text import REFUSED

CHANNELS = ("players", "spectators")
IN_PLAY = ("open", "playing")


def clean_message(text: str, length: int) -> str:
    """A message as stored (NFC, trimmed; line breaks kept), or a 422 saying what is wrong."""
    message = unicodedata.normalize("NFC", text.strip())
    if not 1 <= len(message) <= length:
        raise invalid(f"a message has 1–{length} characters, not {len(message)}", "bad_message")
    for character in message:
        if character == "\n":
            continue
        refused = REFUSED.get(unicodedata.category(character))
        if refused:
            raise invalid(
                f"a message holds only printable characters and line breaks, not {refused} "
                f"(U+{ord(character):04X})",
                "bad_message",
            )
    return message


def may_write(channel: str, seat: int | None) -> None:
    if channel == "players" and seat is None:
        raise ApiError(403, "players_only", "only the players write in the players' channel")
    if channel == "spectators" and seat is not None:
        raise ApiError(403, "spectators_only", "you hold a seat here: talk in the players' channel")


def readable(status: str, seat: int | None) -> tuple[str, ...]:
    """The channels one may read at a table with `status`, from `seat` (None: a spectator)."""
    if seat is not None and status in IN_PLAY:
        return ("players",)
    return CHANNELS


def message_json(row: ChatRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "channel": row.channel,
        "seat": row.seat,
        "name": row.name,
        "text": row.text,
        "at": row.created_at.isoformat(),
    }
