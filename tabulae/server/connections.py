"""One live WebSocket subscriber: what it has been shown, and what to send it next.

A connection keeps the last version and status it was shown. Changes only mark it dirty;
the message is built when it is sent, from the table as it is then, so a seat always receives
every event it may see, in order, once, however the changes bunch up. A connection a few
actions behind (a bot played several in a row while the last update was on its way) is sent
the view after each of them in turn, so that a page can show them one after another; one
further behind, or just connected (resuming after a drop, say), is sent the newest view with
all the events it missed.

What waits to be sent is bounded: changes are marked once however many come, and at most
`queue_limit` messages (answers, chat) wait; a client that lets more pile up is not reading,
and `full` is set so that it can be dropped, before it costs the server memory or time.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .chat import message_json, readable
from .errors import wrong_token
from .live import LiveTable
from .storage import ChatRow


class _Signal(Enum):
    """What a connection's queue holds besides messages: a change to send, read when sent."""

    UPDATE = "update"
    TABLE = "table"


@dataclass(frozen=True)
class Close:
    """Close the connection with this code once everything queued before it is sent."""

    code: int


class Connection:
    """`reader`: the seat whose chat channels it reads: its own, or for a spectator's
    connection the seat its signed-in account holds at the table (if any), so that no one
    holding a seat hears the spectators while the game is on. `lang`: the language its
    refusals are worded in. `queue_limit`: the messages that may wait to be sent."""

    def __init__(
        self,
        table: LiveTable,
        seat: int | None,
        token_hash: str | None,
        since: int,
        reader: int | None = None,
        lang: str = "en",
        queue_limit: int = 256,
    ):
        self.table = table
        self.lang = lang  # the language of its refusals
        self.seat = seat
        self.reader = seat if seat is not None else reader
        self.token_hash = token_hash
        self.shown: tuple[int, str] = (since, "")
        self.updated = False  # whether this connection has been sent an update yet
        self.queue: asyncio.Queue[dict[str, Any] | Close | _Signal] = asyncio.Queue()
        self.queue_limit = queue_limit
        self.pending: set[_Signal] = set()  # the changes marked and not yet sent
        self.full = asyncio.Event()  # set once more messages waited than `queue_limit`

    def changed(self) -> None:
        """The table played on (or its status moved)."""
        self._mark(_Signal.UPDATE)

    def table_changed(self) -> None:
        """Seats, status or rematch changed."""
        self._mark(_Signal.TABLE)

    def _mark(self, signal: _Signal) -> None:
        """Queue a change once: what is sent is built from the table as it is then."""
        if signal not in self.pending:
            self.pending.add(signal)
            self.queue.put_nowait(signal)

    def said(self, rows: list[ChatRow]) -> None:
        """Chat messages: those of the channels this connection may read now are sent."""
        channels = readable(self.table.status, self.reader)
        shown = [message_json(row) for row in rows if row.channel in channels]
        if shown:
            self.send({"type": "chat", "messages": shown})

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message, unless `queue_limit` already wait: then the client is not reading,
        nothing more is queued, and `full` tells whoever serves it to drop it."""
        if self.queue.qsize() >= self.queue_limit:
            self.full.set()
            return
        self.queue.put_nowait(message)

    def close(self, code: int) -> None:
        self.queue.put_nowait(Close(code))

    async def next(self) -> dict[str, Any] | Close:
        """The next message to send, or Close(4403) once the seat's token no longer holds it."""
        while True:
            item = await self.queue.get()
            if isinstance(item, _Signal):
                self.pending.discard(item)
            if isinstance(item, _Signal) and not self.table.holds(self.seat, self.token_hash):
                self.close(4403)
                return {"type": "error", **wrong_token().to_json()}
            if item is _Signal.UPDATE:
                update = self._update()
                if update is not None:
                    return update
            elif item is _Signal.TABLE:
                self.changed()
                return {"type": "table", "table": self.table.summary()}
            else:
                return item

    def _update(self) -> dict[str, Any] | None:
        table = self.table
        since, status = self.shown
        if (table.version, table.status) == (since, status):
            return None
        step = since + 1
        if self.updated and step < table.version and table.kept(step) is not None:
            self.shown = (step, "playing")
            self.changed()  # the next step, or the newest view
            return {"type": "update", **table.snapshot(self.seat, since=since, at=step, step=True)}
        self.shown = (table.version, table.status)
        self.updated = True
        return {"type": "update", **table.snapshot(self.seat, since=since)}
