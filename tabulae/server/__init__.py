"""The game server: tables, seats and live play over HTTP and WebSockets, on a real database.

`create_app(Settings(...))` builds the FastAPI application; `tabulae serve` runs it under
uvicorn. Everything a seat receives is built from the engine's `view`, `legal_actions` and the
events visible to that seat, so the server can never tell a player more than the rules allow.
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
