"""The database and the replays, each on threads of their own, so that the event loop answers
everyone else meanwhile.

Committing an action goes ahead of every routine query (`workers`); a replay (a past
version, an import, a table rebuilt from its log) runs on a thread of its own, one at a time,
urgent for a table someone plays at, routine for looking back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from .storage import Storage
from .workers import ROUTINE, URGENT, PriorityWorkers

T = TypeVar("T")


class Database:
    def __init__(self, url: str) -> None:
        self.storage = Storage(url)
        self.db_pool = PriorityWorkers(1 if self.storage.is_sqlite else 8, "tabulae-db")
        self.replay_pool = PriorityWorkers(1, "tabulae-replay")

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """Run `call` (a query of the storage, usually) on a database thread."""
        return await asyncio.wrap_future(self.db_pool.submit(ROUTINE, call, *args))

    async def commit(self, call: Callable[..., T], *args: Any) -> T:
        """Run `call` on a database thread ahead of everything routine."""
        return await asyncio.wrap_future(self.db_pool.submit(URGENT, call, *args))

    async def replay(self, priority: int, call: Callable[..., T], *args: Any) -> T:
        """Run `call`, which replays a game, on the replay thread: URGENT for a table someone
        plays at, ROUTINE for looking back."""
        return await asyncio.wrap_future(self.replay_pool.submit(priority, call, *args))

    def close(self) -> None:
        """Finish the replays and queries already queued, then close the storage."""
        self.replay_pool.shutdown()
        self.db_pool.shutdown()
        self.storage.close()
