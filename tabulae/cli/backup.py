"""`tabulae admin backup` and `tabulae admin restore`: a server's database to a file and back
(docs/deploy.md#backups)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer
from rich.console import Console

console = Console()

Db = Annotated[
    str, typer.Option(help="an SQLite file, or postgresql://user:password@host/database")
]
PgBin = Annotated[
    Path | None,
    typer.Option(help="the folder of pg_dump and pg_restore (default: found on the PATH)"),
]


def _backups() -> ModuleType:
    try:
        from tabulae.server import backup as backups
    except ImportError:
        console.print("Administration needs the server extra: pip install 'tabulae[server]'")
        raise typer.Exit(1) from None
    return backups


def backup(file: Path, db: Db = "tabulae.sqlite", pg_bin: PgBin = None) -> None:
    """Back up the database to FILE, safely while servers run: SQLite through its online
    backup, PostgreSQL through pg_dump."""
    backups = _backups()
    try:
        backups.backup(db, file, pg_bin)
    except backups.BackupFailed as failure:
        console.print(f"No backup: {failure}", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    console.print(f"Backed up to {file}.", markup=False, soft_wrap=True)


def restore(file: Path, db: Db = "tabulae.sqlite", pg_bin: PgBin = None) -> None:
    """Restore the backup FILE into a new, empty database (an SQLite file that does not exist
    yet, or a PostgreSQL database without tables); then start the servers on it."""
    backups = _backups()
    try:
        backups.restore(file, db, pg_bin)
    except backups.BackupFailed as failure:
        console.print(f"Not restored: {failure}", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    console.print(f"Restored {file}.", markup=False, soft_wrap=True)
