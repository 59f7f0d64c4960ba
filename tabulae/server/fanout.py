"""Updates between server processes through Redis pub/sub.

A process that commits a change publishes the table id on the channel of its database; the
others catch up from the database and push to their own WebSockets. `tabulae admin` announces
the tables it closes the same way. Messages carry no game
data: the database stays the only source of truth, so a lost or repeated message costs
nothing but a query, and after a lost connection every table in memory is caught up.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import redis
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("tabulae.server")


class Fanout:
    def __init__(
        self,
        url: str,
        channel: str,
        on_change: Callable[[str, str], Awaitable[None]],
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = url
        self.channel = channel
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self.origin = uuid.uuid4().hex
        self.client = aioredis.Redis.from_url(url)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.listener: asyncio.Task[None] | None = None
        self.subscribed = asyncio.Event()

    async def start(self) -> None:
        await self.client.ping()  # fail at start, not at the first move, if Redis is absent
        self.listener = asyncio.get_running_loop().create_task(self._listen())
        await self.subscribed.wait()

    async def stop(self) -> None:
        if self.listener:
            self.listener.cancel()
        for task in list(self.tasks):
            task.cancel()
        await self.client.aclose()

    def publish(self, table_id: str, kind: str) -> None:
        message = json.dumps({"origin": self.origin, "table": table_id, "kind": kind})
        self._spawn(self.client.publish(self.channel, message))

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("fan-out: %s", task.exception())

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with self.client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    self.subscribed.set()
                    if not first:
                        await self.on_reconnect()
                    first = False
                    async for message in pubsub.listen():
                        if message["type"] != "message":
                            continue
                        data = json.loads(message["data"])
                        if data["origin"] != self.origin:
                            self._spawn(self.on_change(data["table"], data["kind"]))
            except (RedisConnectionError, RedisTimeoutError, OSError) as error:
                log.warning("fan-out lost Redis (%s); reconnecting", error)
                await asyncio.sleep(1)


def announce(url: str, channel: str, table_id: str, kind: str = "table") -> int:
    """Tell the server processes listening on `channel` that a table changed, from outside
    any of them: returns how many heard it."""
    client = redis.Redis.from_url(url)
    try:
        message = json.dumps({"origin": "admin", "table": table_id, "kind": kind})
        return int(client.publish(channel, message))
    finally:
        client.close()
