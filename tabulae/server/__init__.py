"""The game server: tables, seats and live play over HTTP and WebSockets, on a real database.

`create_app(Settings(...))` builds the FastAPI application; `tabulae serve` runs it under
uvicorn. Everything a seat receives is built from the engine's `view`, `legal_actions` and the
events visible to that seat, so the server can never tell a player more than the rules allow.

Both are imported on first use: the server's bot workers import `tabulae.server.bots` alone,
and a worker that loaded the web framework and the database layer with it would start several
times slower and hold them in memory for nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .config import Settings

__all__ = ["Settings", "create_app"]
_HOMES = {"create_app": ".app", "Settings": ".config"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name], __name__), name)
