"""What one client may take of a server process: new tables per minute, open WebSockets, and
anything else counted per minute (sign-in attempts, chat messages), and the frames one
WebSocket may send a second.

A client is an address as the server sees it (behind a proxy, configure uvicorn's
forwarded-allow-ips so that the proxy's `X-Forwarded-For` names the client). Each process
counts for itself.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict, deque

from .errors import ApiError


class Limits:
    def __init__(self, tables_per_minute: int, sockets_per_client: int) -> None:
        self.tables_per_minute = tables_per_minute
        self.sockets_per_client = sockets_per_client
        self.created: defaultdict[str, deque[float]] = defaultdict(deque)
        self.sockets: Counter[str] = Counter()

    def new_table(self, client: str) -> None:
        """Count a table `client` is creating, or refuse it (429) over the minute's allowance."""
        now = time.monotonic()
        recent = self.created[client]
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= self.tables_per_minute:
            wait = 60 - (now - recent[0])
            raise ApiError(
                429,
                "too_many_tables",
                f"at most {self.tables_per_minute} new tables a minute; try again in {wait:.0f} s",
                retry_after=round(wait, 1),
            )
        recent.append(now)
        if len(self.created) > 10_000:  # forget clients that stopped creating tables
            for idle in [c for c, times in self.created.items() if times[-1] <= now - 60]:
                del self.created[idle]

    def open_socket(self, client: str) -> None:
        if self.sockets[client] >= self.sockets_per_client:
            raise ApiError(
                429,
                "too_many_sockets",
                f"at most {self.sockets_per_client} live connections from one client",
            )
        self.sockets[client] += 1

    def close_socket(self, client: str) -> None:
        self.sockets[client] -= 1
        if self.sockets[client] <= 0:
            del self.sockets[client]


class PerMinute:
    """At most `per_minute` of something a minute for each key (a client, a username, a seat);
    over it, a 429 whose `code` and `what` say what was refused."""

    def __init__(self, per_minute: int, code: str, what: str) -> None:
        self.per_minute, self.code, self.what = per_minute, code, what
        self.times: defaultdict[str, deque[float]] = defaultdict(deque)

    def count(self, *keys: str) -> None:
        """Count one for each key, or refuse if any key has had its allowance."""
        now = time.monotonic()
        for key in keys:
            recent = self.times[key]
            while recent and recent[0] <= now - 60:
                recent.popleft()
            if len(recent) >= self.per_minute:
                wait = 60 - (now - recent[0])
                raise ApiError(
                    429,
                    self.code,
                    f"at most {self.per_minute} {self.what} a minute; try again in {wait:.0f} s",
                    retry_after=round(wait, 1),
                )
        for key in keys:
            self.times[key].append(now)
        if len(self.times) > 10_000:  # forget keys that stopped counting
            for idle in [k for k, times in self.times.items() if times[-1] <= now - 60]:
                del self.times[idle]


class PerSecond:
    """At most `rate` of something a second on average, and `rate` at once: a token bucket, for
    one connection's frames, so that a flood costs the server a refusal, not its time."""

    def __init__(self, rate: float) -> None:
        self.rate, self.tokens, self.at = rate, rate, time.monotonic()

    def take(self) -> bool:
        """Count one, or False if the allowance is spent."""
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
