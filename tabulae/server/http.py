"""HTTP connections that must send their request headers in time.

uvicorn closes a connection idle between requests (its keep-alive timeout) but waits for
ever on one that trickles a request's headers in a byte at a time, so a few hundred such
connections would hold the server's sockets. Here every request's headers have
`header_timeout` seconds from its first byte (or from the connection, for the first one).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeaderDeadlineProtocol(HttpToolsProtocol):
    def __init__(self, *args: Any, header_timeout: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_timeout = header_timeout
        self.header_deadline: asyncio.TimerHandle | None = None

    # uvicorn's protocol narrows asyncio's BaseTransport to a Transport, ignoring the override.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self.header_deadline is None:
            self.header_deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def _too_slow(self) -> None:
        self.header_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def http_protocol(header_timeout: float) -> Any:
    """The protocol factory to give uvicorn as `http=`."""
    return partial(HeaderDeadlineProtocol, header_timeout=header_timeout)
