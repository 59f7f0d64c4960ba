"""The tables one server process holds in memory: found, rebuilt from the database on demand,
kept in step with what other processes commit, and let go once no one looks at them.

Each table has a lock, so its actions are decided one at a time; different tables never wait
for each other.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable

from tabulae.core import BadOptions, UnknownGame

from .config import Settings
from .database import Database
from .errors import ApiError, unknown_table
from .live import LiveTable
from .workers import ROUTINE, URGENT

log = logging.getLogger("tabulae.server")

TABLE_ID = re.compile(r"[a-z0-9]{1,32}")
SEED_RANGE = range(-(2**63), 2**63)  # a BIGINT column
OVER = ("finished", "replay", "expired", "closed")  # the statuses of a game no one plays


def new_table_id() -> str:
    return secrets.token_hex(6)


def new_secret() -> str:
    return secrets.token_hex(32)


def table_secret(live: LiveTable) -> str:
    """The table's own secret, which keys its bots' random numbers and derived seat tokens."""
    if live.row.secret is None:
        raise ApiError(503, "table_unavailable", f"table {live.id} has no secret")
    return live.row.secret


class Tables:
    def __init__(
        self, settings: Settings, database: Database, loaded: Callable[[LiveTable], None]
    ) -> None:
        """`loaded` is told of each table found, so its bots and its clock go on."""
        self.settings = settings
        self.database = database
        self.loaded = loaded
        self.in_memory: dict[str, LiveTable] = {}
        self.resting: OrderedDict[str, None] = OrderedDict()  # over and unwatched, oldest first
        self.loading = asyncio.Lock()

    def get(self, table_id: str) -> LiveTable | None:
        """The table if this process holds it in memory."""
        return self.in_memory.get(table_id)

    def add(self, live: LiveTable) -> None:
        """Hold a table just made (created, or imported and then resting)."""
        self.in_memory[live.id] = live

    async def table(self, table_id: str) -> LiveTable:
        """A table, from memory or else rebuilt from the database."""
        live = self.in_memory.get(table_id)
        if live is not None:
            if table_id in self.resting:
                self.resting.move_to_end(table_id)
            return live
        if not TABLE_ID.fullmatch(table_id):
            raise unknown_table(table_id)
        async with self.loading:
            live = self.in_memory.get(table_id)
            if live is None:
                loaded = await self.database.run(self.database.storage.load, table_id)
                if loaded is None:
                    raise unknown_table(table_id)
                row, log_rows = loaded
                urgency = ROUTINE if row.status in OVER else URGENT
                try:
                    live = await self.database.replay(
                        urgency, LiveTable, row, log_rows, self.settings.take_backs_per_game
                    )
                except (UnknownGame, BadOptions, ValueError, TypeError) as error:
                    log.exception("cannot rebuild table %s", table_id)
                    raise ApiError(
                        503, "table_unavailable", f"table {table_id} cannot be rebuilt: {error}"
                    ) from None
                self.in_memory[table_id] = live
                if live.status in OVER:
                    self.rest(live)
        async with live.lock:
            await self.catch_up(live)  # commits made elsewhere while it was loading
        self.loaded(live)
        return live

    async def catch_up(self, live: LiveTable) -> None:
        """Apply actions other processes committed (call with the table's lock held)."""
        storage = self.database.storage
        rows = await self.database.run(storage.actions_after, live.id, live.version)
        for row in rows:
            live.record(row)
        if rows:
            for connection in live.connections:
                connection.changed()

    async def refresh(self, live: LiveTable) -> None:
        """Reload seats, status and rematch from the database."""
        row = await self.database.run(self.database.storage.header, live.id)
        if row is None:
            return
        live.adopt_seats(row.seats)
        live.row.rematch = row.rematch
        live.row.turn_started_at = row.turn_started_at
        if live.row.status != "finished":
            live.row.status = row.status
        for connection in live.connections:
            connection.table_changed()

    def forget_if_idle(self, live: LiveTable) -> None:
        """Drop a game that is over from memory once no one watches it; it reloads on demand."""
        if live.status in OVER and not live.connections:
            self.in_memory.pop(live.id, None)
            self.resting.pop(live.id, None)

    def rest(self, live: LiveTable) -> None:
        """Keep a game that is over in memory while people look at it (a replay steps through
        it request by request), but only the `replay_cache` most recently asked for: the
        oldest one that no one watches over a live connection is dropped, and reloads on
        demand."""
        self.resting[live.id] = None
        self.resting.move_to_end(live.id)
        while len(self.resting) > self.settings.replay_cache:
            oldest, _ = self.resting.popitem(last=False)
            kept = self.in_memory.get(oldest)
            if kept is not None and not kept.connections:
                del self.in_memory[oldest]
