"""Server settings: the database, the fan-out bus and the games a server offers."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from tabulae.core import UnknownGame, games, load

DEFAULT_DB = "tabulae.sqlite"


def database_url(db: str) -> str:
    """A SQLAlchemy URL from what a person types: a file path or a database URL.

    ``postgresql://…`` selects psycopg 3; a bare path is an SQLite file.
    """
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


@dataclass(frozen=True)
class Settings:
    """What one server process needs to know; processes sharing a database form one service."""

    db: str = DEFAULT_DB
    redis: str | None = None
    extra_games: tuple[str, ...] = ()
    static_dir: Path | None = Path(__file__).resolve().parent.parent / "web" / "static"
    bot_threads: int = 2
    hello_timeout: float = 10.0

    @cached_property
    def url(self) -> str:
        return database_url(self.db)

    @cached_property
    def channel(self) -> str:
        """The Redis channel: one per database, so processes sharing a database hear each other."""
        return "tabulae:" + hashlib.sha256(self.url.encode()).hexdigest()[:16]

    @cached_property
    def catalogue(self) -> dict[str, str]:
        """Game id → the reference tables store (an id, or `module:attr` for extra games).

        Only these games can be played: a client never makes the server import a module.
        """
        offered = {game_id: game_id for game_id in games()}
        for ref in self.extra_games:
            offered[load(ref).id] = ref
        return offered

    def game_ref(self, name: str) -> str:
        """The stored reference of an offered game, given its id or its reference."""
        if name in self.catalogue:
            return self.catalogue[name]
        if name in self.catalogue.values():
            return name
        raise UnknownGame(f"no game {name!r} on this server (games: {', '.join(self.catalogue)})")
