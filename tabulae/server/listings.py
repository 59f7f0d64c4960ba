"""The lists of tables the lobby shows, read once for however many clients ask at a time."""

from __future__ import annotations

import asyncio
import time

import orjson

from .database import Database
from .live import summary

LISTING_SECONDS = 1.0  # how long a listing may be answered again unchanged
LISTED = {
    "open": ("open",),
    "any": ("open", "playing", "finished", "replay", "expired", "closed"),
}


class Listings:
    def __init__(self, database: Database) -> None:
        self.database = database
        self.answers: dict[tuple[str, int], tuple[float, asyncio.Future[bytes]]] = {}

    async def listing(self, status: str, limit: int) -> bytes:
        """The newest tables by status, as JSON; "open" means waiting, with a free seat.

        However many clients ask, one listing is read and encoded at a time and answered again
        for up to a second, or until a table is created, seated, left, expired or finished
        through this process (changes through other processes show within the second)."""
        key = (status, limit)
        made, answer = self.answers.get(key, (0.0, None))
        if answer is None or time.monotonic() - made > LISTING_SECONDS:
            answer = asyncio.ensure_future(self._listing(status, limit))
            self.answers[key] = (time.monotonic(), answer)
        try:
            return await asyncio.shield(answer)
        except Exception:
            self.answers.pop(key, None)
            raise

    async def _listing(self, status: str, limit: int) -> bytes:
        statuses = LISTED.get(status, (status,))
        storage = self.database.storage
        rows = await self.database.run(storage.listing, statuses, status == "open", limit)
        return orjson.dumps([summary(row) for row in rows])

    def clear(self) -> None:
        """Forget the listings answered: a table changed what they show."""
        self.answers.clear()
