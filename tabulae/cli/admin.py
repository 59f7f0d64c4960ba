"""`tabulae admin`: list and close tables, list, disable, enable and reset accounts, working
on the server's database directly (docs/deploy.md)."""

from __future__ import annotations

import secrets
import unicodedata
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from tabulae.server.storage import Account, Storage

console = Console()
admin_app = typer.Typer(
    help="Administer a server's database: tables and accounts.", no_args_is_help=True
)

Db = Annotated[
    str, typer.Option(help="an SQLite file, or postgresql://user:password@host/database")
]


def shown(text: str) -> Text:
    """Text people chose (a username, an e-mail address, a seat name) as the terminal should
    show it: never read as Rich markup, and with every control or formatting character
    written as its code point, so no escape sequence reaches the terminal."""
    return Text(
        "".join(
            f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn") else c
            for c in text
        )
    )


def _storage(db: str) -> Storage:
    try:
        from tabulae.server.config import database_url
        from tabulae.server.storage import Storage
    except ImportError:
        console.print("Administration needs the server extra: pip install 'tabulae[server]'")
        raise typer.Exit(1) from None
    storage = Storage(database_url(db))
    storage.migrate()
    return storage


def _account(storage: Storage, username: str) -> Account:
    from tabulae.server.accounts import username_key
    from tabulae.server.errors import ApiError

    try:
        _name, key = username_key(username)
    except ApiError as error:
        raise typer.BadParameter(error.message) from None
    account = storage.account(key)
    if account is None:
        console.print(Text.assemble("No account ", shown(repr(username)), "."))
        raise typer.Exit(1)
    return account


@admin_app.command("tables")
def list_tables(
    db: Db = "tabulae.sqlite",
    status: Annotated[
        str, typer.Option(help="open, playing, finished, replay, expired, closed or any")
    ] = "any",
    limit: Annotated[int, typer.Option(min=1, max=10_000)] = 100,
) -> None:
    """List the newest tables."""
    from tabulae.server.listings import LISTED

    storage = _storage(db)
    rows = storage.listing(LISTED.get(status, (status,)), False, limit)
    storage.close()
    listed = Table("table", "game", "status", "seats", "created")
    for row in rows:
        seats = ", ".join(s.name or (s.bot and f"{s.bot} bot") or "—" for s in row.seats)
        listed.add_row(
            shown(row.id),
            shown(row.game),
            row.status,
            shown(seats),
            f"{row.created_at:%Y-%m-%d %H:%M}",
        )
    console.print(listed)


@admin_app.command("close")
def close_table(
    table: str,
    db: Db = "tabulae.sqlite",
    redis: Annotated[
        str | None,
        typer.Option(help="the servers' Redis (redis://host:6379): they tell their players"),
    ] = None,
) -> None:
    """Close a table that is open or in play: it takes no more players or moves, and through
    Redis every server process tells the people at the table at once."""
    storage = _storage(db)
    closed = storage.close_table(table)
    storage.close()
    if not closed:
        console.print(Text.assemble("No open or playing table ", shown(repr(table)), "."))
        raise typer.Exit(1)
    console.print(Text.assemble("Table ", shown(table), " is closed."))
    if redis:
        from tabulae.server.config import Settings
        from tabulae.server.fanout import announce

        heard = announce(redis, Settings(db=db).channel, table)
        console.print(f"{heard} server process(es) told.")


@admin_app.command("accounts")
def list_accounts(db: Db = "tabulae.sqlite") -> None:
    """List the accounts."""
    storage = _storage(db)
    accounts = storage.accounts()
    storage.close()
    listed = Table("username", "e-mail", "state")
    for account in accounts:
        listed.add_row(
            shown(account.username),
            shown(account.email or ""),
            "disabled" if account.disabled else "active",
        )
    console.print(listed)


@admin_app.command("disable")
def disable(username: str, db: Db = "tabulae.sqlite") -> None:
    """Disable an account: it cannot sign in, and its sessions end."""
    storage = _storage(db)
    storage.update_account(_account(storage, username).id, {"disabled": True})
    storage.close()
    console.print(Text.assemble(shown(username), " is disabled."))


@admin_app.command("enable")
def enable(username: str, db: Db = "tabulae.sqlite") -> None:
    """Enable a disabled account again."""
    storage = _storage(db)
    storage.update_account(_account(storage, username).id, {"disabled": False})
    storage.close()
    console.print(Text.assemble(shown(username), " is enabled."))


@admin_app.command("reset")
def reset(
    username: str,
    db: Db = "tabulae.sqlite",
    redis: Annotated[
        str | None,
        typer.Option(help="the servers' Redis (redis://host:6379): they drop the old tokens"),
    ] = None,
) -> None:
    """Give an account a new random password (shown once), end its sessions and give its
    seats new tokens; through Redis every server process drops the old ones at once."""
    from tabulae.server.accounts import change_password, hash_password

    storage = _storage(db)
    password = secrets.token_urlsafe(12)
    reissued = change_password(storage, _account(storage, username).id, hash_password(password))
    storage.close()
    console.print(Text.assemble("The new password of ", shown(username), f" is: {password}"))
    if redis:
        from tabulae.server.config import Settings
        from tabulae.server.fanout import announce

        channel = Settings(db=db).channel
        heard = max((announce(redis, channel, table) for table in reissued), default=0)
        console.print(f"{len(reissued)} table(s) announced to {heard} server process(es).")
