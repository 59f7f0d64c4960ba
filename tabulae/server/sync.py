"""Keeping the tables of several server processes in step, through Redis when there are
several (`fanout`): a process that commits a change tells the others, which catch up from the
database; the database decides races, as the log's (table, seq) key lets exactly one writer
commit each action.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from .config import Settings
from .fanout import Fanout
from .listings import Listings
from .live import LiveTable
from .tables import Tables


class Sync:
    def __init__(
        self,
        settings: Settings,
        tables: Tables,
        listings: Listings,
        chat_heard: Callable[[LiveTable], Awaitable[None]],
        timing: Callable[[LiveTable], None],
    ) -> None:
        """`chat_heard` pushes the messages said elsewhere at a table; `timing` sets a timed
        table's timer again once its clocks changed."""
        self.tables = tables
        self.listings = listings
        self.chat_heard = chat_heard
        self.timing = timing
        self.fanout = (
            Fanout(settings.redis, settings.channel, self.remote_change, self.resync)
            if settings.redis
            else None
        )

    async def start(self) -> None:
        if self.fanout:
            await self.fanout.start()

    async def stop(self) -> None:
        if self.fanout:
            await self.fanout.stop()

    def publish(self, table_id: str, kind: str) -> None:
        """Tell the other processes that a table changed: "action", "table" or "chat"."""
        if self.fanout:
            self.fanout.publish(table_id, kind)

    def changed(self, live: LiveTable) -> None:
        """A row was added to the table's log: tell its connections and the other processes."""
        if live.status != "playing":
            self.listings.clear()
        for connection in live.connections:
            if live.timed:  # the summary with the new deadline, clocks and time-outs
                connection.table_changed()
            else:
                connection.changed()
        self.publish(live.id, "action")

    def table_changed(self, live: LiveTable) -> None:
        """The table's seats or status changed: tell its connections and the other
        processes."""
        self.listings.clear()
        for connection in live.connections:
            connection.table_changed()
        self.publish(live.id, "table")

    async def remote_change(self, table_id: str, kind: str) -> None:
        """Another process (or `tabulae admin`) changed a table: catch up if this process has
        it in memory; a timed table's clocks, deadline and time-outs come with its moves."""
        live = self.tables.get(table_id)
        if live is None:
            return
        if kind == "chat":
            await self.chat_heard(live)
            return
        async with live.lock:
            if kind == "action":
                await self.tables.catch_up(live)
            if kind != "action" or live.timed:
                await self.tables.refresh(live)
        if live.timed:
            self.timing(live)

    async def resync(self) -> None:
        """After a lost Redis connection: catch up every table in memory."""
        for table_id in list(self.tables.in_memory):
            await self.remote_change(table_id, "action")
            await self.remote_change(table_id, "table")
