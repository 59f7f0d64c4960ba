"""Group commit: appends that arrive while the database is busy are committed together.

A commit costs a disk flush, and one flush can carry many tables' actions. Each caller
still waits for its own action to be committed before it is acknowledged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from .storage import Append, Storage


class GroupCommit:
    def __init__(
        self, storage: Storage, run: Callable[..., Awaitable[list[Exception | None]]]
    ) -> None:
        self.storage = storage
        self.run = run
        self.pending: list[tuple[Append, asyncio.Future[None]]] = []
        self.draining = False

    async def append(self, item: Append) -> None:
        """Return once `item` is committed; raise what refused it (SeqTaken, TokenRevoked)."""
        future = asyncio.get_running_loop().create_future()
        self.pending.append((item, future))
        if not self.draining:
            self.draining = True
            asyncio.get_running_loop().create_task(self._drain())
        await future

    async def _drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    outcomes = await self.run(self.storage.append, [item for item, _ in batch])
                except Exception as failure:  # the commit itself failed: nothing was stored
                    outcomes = [failure] * len(batch)
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if outcome is None:
                        future.set_result(None)
                    else:
                        future.set_exception(outcome)
        finally:
            self.draining = False
