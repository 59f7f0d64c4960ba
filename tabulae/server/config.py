"""Server settings: the database, the fan-out bus, the games a server offers and what one
client may take of it (docs/deploy.md)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from tabulae.core import UnknownGame, all_games, load

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
    bot_workers: int = 2  # processes deciding for server-side bots
    bot_seconds: float = 2.0  # wall-clock cap on one server-side bot decision
    hint_workers: int = 1  # bot workers that may search hints at once; the rest keep to moves
    hints_per_table: int = 2  # hints waiting for a worker at one table; more are refused (busy)
    hint_queue: int = 32  # hints waiting for a worker in one process; more are refused (busy)
    review_workers: int = 1  # bot workers that may judge game reviews' decisions at once
    review_seconds: float = 1.0  # the search's time on one decision of a game review
    reviews_running: int = 4  # game reviews under way in one process; more are refused (busy)
    review_cache: int = 64  # game reviews kept in memory, per match and seat
    reviews_per_client: int = 1  # reviews under way one client may have started; more: 429
    review_decisions: int = 500  # decisions of one seat a game review may judge; more: refused
    stand_in_bot: str = "greedy"  # plays the seat of a player who leaves a game in progress
    tables_per_minute: int = 20  # new tables one client may create per minute
    open_table_minutes: float = 60.0  # an open table still waiting for players then expires
    sockets_per_client: int = 32  # live WebSockets one client may hold open
    socket_idle_timeout: float = 300.0  # a WebSocket that sends nothing (not a ping) is closed
    socket_queue: int = 256  # messages waiting for a WebSocket that does not read; more drop it
    socket_frames_per_second: int = 100  # frames one WebSocket may send a second; more close it
    hello_timeout: float = 10.0
    header_timeout: float = 10.0  # an HTTP request's headers must arrive within
    keep_alive_timeout: float = 5.0  # an idle HTTP connection is closed after
    sign_ins_per_minute: int = 10  # sign-in and sign-up attempts one client may make
    sign_in_free_failures: int = 5  # sign-ins for one username from one client before waits
    sign_in_backoff_seconds: float = 1.0  # the first wait; each next one is twice as long
    sign_in_backoff_most: float = 900.0  # the longest wait between sign-ins (15 minutes)
    session_days: float = 30.0  # a session cookie lasts
    secure_cookies: bool = True  # session cookies only over HTTPS (off for plain loopback tests)
    chat_length: int = 500  # characters in one chat message
    chat_lines: int = 10  # lines in one chat message
    chat_marks: int = 4  # combining marks in a row on one character of a chat message
    chat_backlog: int = 100  # the latest chat messages a new live connection is sent
    chat_per_minute: int = 10  # chat messages one seat or spectator may send a minute
    hints_per_minute: int = 6  # hints one seat may ask for a minute
    imports_per_minute: int = 10  # matches one client may import a minute
    import_bytes: int = 1_000_000  # the largest match record an import may send
    import_actions: int = 10_000  # the most actions an imported match may have
    replay_cache: int = 100  # games that are over, no one watching, kept in memory for replay
    reads_per_minute: int = 180  # costly reads (a past version, an export, a game reloaded) a
    read_burst: int = 60  # client may make a minute, and at once
    take_backs_per_game: int = 50  # take-backs one seat may make in one game
    turn_check_seconds: float = 30.0  # how often time limits are checked besides each deadline
    reminders_per_move: int = 2  # at most this many "your move" e-mails for one move (0: none)
    reminder_late_at: float = 0.75  # share of a move's time after which the second one goes
    smtp_host: str | None = None  # the SMTP server "your move" e-mails go through
    smtp_port: int = 25
    mail_from: str = "tabulae@localhost"
    email_link_hours: float = 48.0  # the link that confirms an e-mail address works this long
    email_links_per_hour: int = 3  # confirmation e-mails one account, or one client, may ask for
    public_url: str = "http://127.0.0.1:8000"  # links in e-mails start with it
    log_format: str = "text"  # or "json": one object a line (tabulae/server/logs.py)
    metrics: str = "loopback"  # who may read /metrics: "loopback", "any", or "off" (none)
    metrics_token: str | None = None  # if set, /metrics also needs it as a bearer token
    ready_timeout: float = 2.0  # /readyz waits this long for the database and for Redis

    def with_settings(self, pairs: list[str]) -> Settings:
        """These settings with more given as `name=value` (as `tabulae serve --set` takes them),
        each converted to the type of its default; an unknown name or bad value is refused."""
        changed: dict[str, Any] = {}
        for pair in pairs:
            name, _, text = pair.partition("=")
            name = name.strip().replace("-", "_")
            if name not in SETTABLE:
                raise ValueError(f"no setting {name!r} (settings: {', '.join(SETTABLE)})")
            kind = SETTABLE[name]
            if kind is bool:
                if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(f"{name} is true or false, not {text!r}")
                changed[name] = text.lower() in ("true", "1", "yes")
            else:
                try:
                    changed[name] = kind(text)
                except ValueError:
                    raise ValueError(f"{name} is a {kind.__name__}, not {text!r}") from None
        return replace(self, **changed)

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
        offered = {game_id: game_id for game_id in all_games()}
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


# The settings `tabulae serve --set name=value` takes, with their types.
SETTABLE: dict[str, type] = {
    "sign_ins_per_minute": int,
    "sign_in_free_failures": int,
    "sign_in_backoff_seconds": float,
    "sign_in_backoff_most": float,
    "session_days": float,
    "secure_cookies": bool,
    "chat_length": int,
    "chat_lines": int,
    "chat_marks": int,
    "chat_backlog": int,
    "chat_per_minute": int,
    "hints_per_minute": int,
    "turn_check_seconds": float,
    "reminders_per_move": int,
    "reminder_late_at": float,
    "smtp_host": str,
    "smtp_port": int,
    "mail_from": str,
    "email_link_hours": float,
    "email_links_per_hour": int,
    "public_url": str,
    "ready_timeout": float,
}
