"""Table chat: players talk in the players' channel, spectators in their own.

Everyone may read the players' channel. While a game waits or is under way, the spectators'
channel is read only by those who hold no seat, so no one watching can pass a player what
they see; once the game is over both channels are open to all. A seat is known by its token
or by the signed-in account that holds it; a guest player watching without the token cannot
be told from a spectator. Messages are plain text (checked in `text`): clients show them as
text, never as markup.
"""

from __future__ import annotations

from typing import Any

from .errors import ApiError
from .storage import ChatRow

CHANNELS = ("players", "spectators")
IN_PLAY = ("open", "playing")


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
