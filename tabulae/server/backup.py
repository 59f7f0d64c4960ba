"""Backups of a server's database, and restoring one into an empty database.

SQLite is copied through its online backup API, page by page under a read transaction, so a
backup taken while servers write is consistent and never blocks them (the database is in WAL
mode); the copy is one self-contained file. PostgreSQL is dumped with `pg_dump` in its custom
format and restored with `pg_restore`, PostgreSQL's own client programs, which must be the
server's major version or newer. Everything a table needs to resume is in the database (its
log, seats, secret), so a server started on a restored database plays on where it stood.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"


class BackupFailed(Exception):
    """Why a backup or restore could not be made, in words for the operator."""


def is_postgres(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://", "postgresql+psycopg://"))


def sqlite_path(db: str) -> Path:
    """The file of an SQLite database given as `tabulae serve --db` takes it."""
    if db.startswith("sqlite:///"):
        return Path(db.removeprefix("sqlite:///"))
    if "://" in db:
        raise BackupFailed(f"cannot back up {db.split('://')[0]} databases: SQLite or PostgreSQL")
    return Path(db).expanduser()


def backup(db: str, file: Path, pg_bin: Path | None = None) -> None:
    """Write a backup of the database `db` to `file` (replaced only once the copy is whole)."""
    if is_postgres(db):
        _pg_dump(db, file, pg_bin)
    else:
        _sqlite_copy(sqlite_path(db), file, into_new=True)


def restore(file: Path, db: str, pg_bin: Path | None = None) -> None:
    """Restore the backup `file` into the database `db`, which must hold no tables yet (a new
    file, or a new PostgreSQL database): a restore never overwrites data."""
    if not file.is_file():
        raise BackupFailed(f"no backup file {file}")
    with file.open("rb") as opened:
        magic = opened.read(len(SQLITE_MAGIC))
    if is_postgres(db):
        if not magic.startswith(PG_DUMP_MAGIC):
            raise BackupFailed(f"{file} is not a PostgreSQL backup (made by tabulae admin backup)")
        _pg_restore(file, db, pg_bin)
    else:
        if magic != SQLITE_MAGIC:
            raise BackupFailed(f"{file} is not an SQLite backup (made by tabulae admin backup)")
        _sqlite_copy(file, sqlite_path(db), into_new=False)


# SQLite


def _open_tabulae(path: Path) -> sqlite3.Connection:
    """A read-only connection to a Tabulae SQLite database (its schema has been migrated)."""
    if not path.is_file():
        raise BackupFailed(f"no database file {path}")
    source = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
    try:
        source.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.DatabaseError as error:
        source.close()
        raise BackupFailed(f"{path} is not a Tabulae database ({error})") from None
    return source


def _sqlite_copy(source_path: Path, target_path: Path, *, into_new: bool) -> None:
    """Copy a database page by page with SQLite's online backup. A backup goes to a new file
    beside `target_path`, renamed over it once complete, and keeps no write-ahead log; a
    restored database is put back in WAL mode, as the server runs it."""
    source = _open_tabulae(source_path)
    try:
        if into_new:
            partial = target_path.with_name(target_path.name + ".partial")
            partial.unlink(missing_ok=True)
            target = sqlite3.connect(partial)
        else:
            target = sqlite3.connect(target_path)
            if target.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                target.close()
                raise BackupFailed(
                    f"{target_path} already holds a database: restore into a new file"
                )
        try:
            source.backup(target)
            target.execute(f"PRAGMA journal_mode={'DELETE' if into_new else 'WAL'}")
        finally:
            target.close()
        if into_new:
            partial.replace(target_path)
    finally:
        source.close()


# PostgreSQL


def _program(name: str, pg_bin: Path | None) -> str:
    found = shutil.which(name, path=str(pg_bin) if pg_bin else None)
    if found is None:
        where = f"in {pg_bin}" if pg_bin else "on the PATH"
        raise BackupFailed(
            f"{name} is not {where}: install PostgreSQL's client programs (the server's major "
            "version or newer), or name their folder with --pg-bin"
        )
    return found


def _connection(db: str) -> tuple[str, dict[str, str]]:
    """The libpq connection string for the PostgreSQL programs, and their environment: the
    password travels in PGPASSWORD, never on a command line other users can read."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    url = "postgresql://" + db.split("://", 1)[1]
    params = {key: str(value) for key, value in conninfo_to_dict(url).items() if value is not None}
    environment = dict(os.environ)
    password = params.pop("password", None)
    if password is not None:
        environment["PGPASSWORD"] = password
    return make_conninfo(**params), environment


def _run(command: list[str], environment: dict[str, str], what: str) -> None:
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupFailed(f"{what} failed: {done.stderr.strip() or done.returncode}")


def _pg_dump(db: str, file: Path, pg_bin: Path | None) -> None:
    conninfo, environment = _connection(db)
    partial = file.with_name(file.name + ".partial")
    command = [_program("pg_dump", pg_bin), "--format=custom", "--no-owner", "--no-privileges"]
    _run([*command, f"--file={partial}", f"--dbname={conninfo}"], environment, "pg_dump")
    partial.replace(file)


def _pg_restore(file: Path, db: str, pg_bin: Path | None) -> None:
    import psycopg

    conninfo, environment = _connection(db)
    program = _program("pg_restore", pg_bin)
    try:
        with psycopg.connect("postgresql://" + db.split("://", 1)[1]) as connection:
            tables = connection.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchone()
    except psycopg.OperationalError as error:
        raise BackupFailed(f"cannot reach the database: {error}") from None
    if tables and tables[0]:
        raise BackupFailed("the database already holds tables: restore into a new database")
    command = [program, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"]
    _run([*command, f"--dbname={conninfo}", str(file)], environment, "pg_restore")
