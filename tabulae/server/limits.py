"""What one client may take of a server process: new tables per minute, open WebSockets,
anything else counted per minute (sign-ups, chat messages, imports), a budget of costly reads
that refills steadily, sign-in attempts for one username, which back off, and the frames one
WebSocket may send a second.

A client is an address as the server sees it (behind a proxy, configure uvicorn's
forwarded-allow-ips so that the proxy's `X-Forwarded-For` names the client). Each process
counts for itself.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Callable

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
    over it, a 429 whose `code` and `what` say what was refused. Given `seconds` (and `per`,
    the words for it), the allowance is for that time instead of a minute."""

    def __init__(
        self, per_minute: int, code: str, what: str, seconds: float = 60, per: str = "a minute"
    ) -> None:
        self.per_minute, self.code, self.what = per_minute, code, what
        self.seconds, self.per = seconds, per
        self.times: defaultdict[str, deque[float]] = defaultdict(deque)

    def count(self, *keys: str) -> None:
        """Count one for each key, or refuse if any key has had its allowance."""
        now = time.monotonic()
        for key in keys:
            recent = self.times[key]
            while recent and recent[0] <= now - self.seconds:
                recent.popleft()
            if len(recent) >= self.per_minute:
                wait = self.seconds - (now - recent[0])
                raise ApiError(
                    429,
                    self.code,
                    f"at most {self.per_minute} {self.what} {self.per}; try again in {wait:.0f} s",
                    retry_after=round(wait, 1),
                )
        for key in keys:
            self.times[key].append(now)
        if len(self.times) > 10_000:  # forget keys that stopped counting
            for idle in [k for k, times in self.times.items() if times[-1] <= now - self.seconds]:
                del self.times[idle]


class Budget:
    """A bucket of tokens for each key (a client): `burst` at most, refilled at `per_minute`;
    each costly request spends one, and with none left it is a 429 whose `code` and `what` say
    what was refused. A page stepping through a replay spends steadily and never meets the
    limit; a loop of costly requests soon does, and is then held to the refill rate."""

    def __init__(self, per_minute: float, burst: int, code: str, what: str) -> None:
        self.per_second = max(per_minute, 1e-9) / 60
        self.burst, self.code, self.what = max(burst, 1), code, what
        self.levels: dict[str, tuple[float, float]] = {}  # key → (tokens, when counted)

    def spend(self, key: str) -> None:
        """Take a token from `key`'s bucket, or refuse if it is empty."""
        now = time.monotonic()
        tokens, then = self.levels.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
        if tokens < 1:
            wait = (1 - tokens) / self.per_second
            raise ApiError(
                429,
                self.code,
                f"at most {self.burst} {self.what} at once, then "
                f"{self.per_second * 60:g} a minute; try again in {wait:.0f} s",
                retry_after=round(wait, 1),
            )
        self.levels[key] = (tokens - 1, now)
        if len(self.levels) > 10_000:  # forget keys whose bucket has filled up again
            full = self.burst / self.per_second
            for idle in [k for k, (_, when) in self.levels.items() if when <= now - full]:
                del self.levels[idle]


class SignInBackoff:
    """Sign-in attempts per client address and username: the first `free` pass at once; after
    them each must wait `first` seconds, then twice as long as the last wait, up to `most`;
    signing in clears the count. An attempt counts before its password is checked, so
    requests sent at once wait too. Guesses from one address slow that address down without
    locking the account: its owner signing in from another address is not held."""

    KEPT = 100_000  # pairs remembered at most; the least recently tried are forgotten first

    def __init__(
        self,
        free: int,
        first: float,
        most: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free, self.first, self.most, self.clock = free, first, most, clock
        self.tried: OrderedDict[tuple[str, str], tuple[int, float]] = OrderedDict()

    def attempt(self, client: str, username: str) -> None:
        """Count an attempt, or refuse it (429) while the pair's wait lasts."""
        now = self.clock()
        pair = (client, username)
        count, until = self.tried.pop(pair, (0, now))
        if now < until:
            self.tried[pair] = (count, until)
            wait = until - now
            raise ApiError(
                429,
                "too_many_attempts",
                f"too many sign-in attempts for this username; try again in {wait:.0f} s",
                retry_after=round(wait, 1),
            )
        count += 1
        if count >= self.free:
            until = now + min(self.most, self.first * 2 ** min(count - self.free, 64))
        self.tried[pair] = (count, until)
        while len(self.tried) > self.KEPT:
            self.tried.popitem(last=False)

    def succeeded(self, client: str, username: str) -> None:
        self.tried.pop((client, username), None)


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
