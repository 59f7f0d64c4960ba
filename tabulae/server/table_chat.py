"""A table's chat as the server keeps it: messages stored, pushed to everyone at the table who
may read them, and caught up with when said through another process (the channels and who
reads them: `chat`)."""

from __future__ import annotations

from .chat import CHANNELS, readable
from .config import Settings
from .connections import Connection
from .database import Database
from .live import LiveTable
from .storage import ChatRow
from .sync import Sync


class TableChat:
    def __init__(self, settings: Settings, database: Database, sync: Sync) -> None:
        self.settings = settings
        self.database = database
        self.sync = sync

    async def say(
        self, live: LiveTable, channel: str, seat: int | None, name: str, text: str
    ) -> ChatRow:
        """Store a chat message and push it to everyone at the table who may read it."""
        storage = self.database.storage
        row = await self.database.run(storage.add_chat, live.id, channel, seat, name, text)
        self._push(live, [row])
        self.sync.publish(live.id, "chat")
        return row

    async def backlog(self, connection: Connection) -> None:
        """Send a new connection the latest `chat_backlog` messages it may read, in order. The
        first connection at the table (the others are kept up to date by the catch-ups) marks
        everything said so far as caught up with."""
        live = connection.table
        channels = readable(live.status, connection.reader)
        count = self.settings.chat_backlog
        storage = self.database.storage
        rows = await self.database.run(storage.chat, live.id, channels, 0, count, True)
        if len(live.connections) == 1 or not live.chat_checked:
            newest = await self.database.run(storage.chat, live.id, CHANNELS, 0, 1, True)
            live.chat_checked = max([live.chat_checked, *(row.id for row in newest)])
        connection.said(rows)

    async def catch_up(self, live: LiveTable) -> None:
        """Push the messages said through other processes to this one's connections."""
        if not live.connections:
            return
        storage = self.database.storage
        rows = await self.database.run(storage.chat, live.id, CHANNELS, live.chat_checked)
        live.chat_checked = max([live.chat_checked, *(row.id for row in rows)])
        self._push(live, [row for row in rows if row.id not in live.chat_pushed])

    @staticmethod
    def _push(live: LiveTable, rows: list[ChatRow]) -> None:
        live.chat_pushed.update(row.id for row in rows)
        for connection in live.connections:
            connection.said(rows)
