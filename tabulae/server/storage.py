"""The database: every read and write the server makes, as plain blocking calls.

The server runs these on a dedicated thread pool (one thread for SQLite, which has one writer),
so the event loop never waits on the disk. An action is acknowledged only after `append`
has committed it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from .schema import actions, seats, tables

MIGRATION_LOCK = 7_317_001  # a PostgreSQL advisory lock: one process migrates at a time


class SeqTaken(Exception):
    """Another writer committed this sequence number (or this client action id) first."""


class TokenRevoked(Exception):
    """The seat's token changed between the check and the write."""


@dataclass
class SeatRow:
    seat: int
    name: str | None = None
    bot: str | None = None
    bot_params: dict[str, Any] = field(default_factory=dict)
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    seats: list[SeatRow]
    rematch_of: str | None = None
    rematch: str | None = None
    created_at: datetime | None = None
    seeded: bool = False  # the creator chose the seed, and everyone is shown it
    secret: str | None = None  # keys the table's private randomness; never leaves the server


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: list[int | str]
    client_action_id: str | None


@dataclass(frozen=True)
class Append:
    """One action to add to a table's log; `token_hash` is checked unless a bot plays."""

    table_id: str
    row: ActionRow
    token_hash: str | None
    finished: bool


def _now() -> datetime:
    return datetime.now(UTC)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # SQLAlchemy, not the driver, begins
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")  # a commit survives a crash of the machine
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN")  # so that savepoints work (see `append`)

        return engine
    return sa.create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


class Storage:
    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"

    def migrate(self) -> None:
        """Bring the schema to the newest revision (run on every start)."""
        config = Config()
        config.set_main_option("script_location", "tabulae.server:migrations")
        with self.engine.begin() as connection:
            if not self.is_sqlite:
                connection.execute(sa.text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    # Tables

    def create(self, table: TableRow, played: Iterable[ActionRow] = ()) -> None:
        with self.engine.begin() as db:
            self._insert_table(db, table)
            rows = [self._action_values(table.id, row) for row in played]
            if rows:
                db.execute(actions.insert(), rows)

    def create_rematch(self, old_id: str, table: TableRow) -> str:
        """Create `table` as the rematch of `old_id`, unless one exists: return the rematch id."""
        with self.engine.begin() as db:
            claimed = db.execute(
                tables.update()
                .where(tables.c.id == old_id, tables.c.rematch.is_(None))
                .values(rematch=table.id)
            ).rowcount
            if claimed:
                self._insert_table(db, table)
                return table.id
        with self.engine.connect() as db:
            return db.scalar(sa.select(tables.c.rematch).where(tables.c.id == old_id))

    def _insert_table(self, db: Connection, table: TableRow) -> None:
        db.execute(
            tables.insert().values(
                id=table.id,
                game=table.game,
                players=table.players,
                seed=table.seed,
                options=json.dumps(table.options),
                status=table.status,
                rematch_of=table.rematch_of,
                created_at=_now(),
                seeded=table.seeded,
                secret=table.secret,
            )
        )
        db.execute(
            seats.insert(),
            [
                {
                    "table_id": table.id,
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    "bot_params": json.dumps(s.bot_params) if s.bot else None,
                    "token_hash": s.token_hash,
                }
                for s in table.seats
            ],
        )

    def load(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        """A table with its whole action log, or None."""
        with self.engine.connect() as db:
            row = db.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            table = self._table(row, self._seats(db, table_id))
            log = self._actions(db, table_id, after=0)
        return table, log

    def header(self, table_id: str) -> TableRow | None:
        """A table and its seats, without the log (to refresh seats and status)."""
        with self.engine.connect() as db:
            row = db.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            return None if row is None else self._table(row, self._seats(db, table_id))

    def running(self) -> list[str]:
        """Ids of every table a restarted server must rebuild."""
        with self.engine.connect() as db:
            return list(
                db.scalars(sa.select(tables.c.id).where(tables.c.status.in_(("open", "playing"))))
            )

    def listing(self, statuses: tuple[str, ...], free_seat: bool, limit: int) -> list[TableRow]:
        """The newest tables with one of `statuses`, with their seats, in one query; only
        those with a free seat if asked."""
        newest = sa.select(tables).where(tables.c.status.in_(statuses))
        if free_seat:
            newest = newest.where(
                sa.exists().where(
                    seats.c.table_id == tables.c.id,
                    seats.c.bot.is_(None),
                    seats.c.token_hash.is_(None),
                )
            )
        chosen = newest.order_by(tables.c.created_at.desc()).limit(limit).subquery()
        query = (
            sa.select(chosen, *(c.label(f"seat_{c.name}") for c in seats.c))
            .join(seats, seats.c.table_id == chosen.c.id)
            .order_by(chosen.c.created_at.desc(), chosen.c.id, seats.c.seat)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        listed: dict[str, TableRow] = {}
        for row in rows:
            table = listed.get(row.id)
            if table is None:
                table = listed[row.id] = self._table(row, [])
            table.seats.append(
                self._seat(
                    row.seat_seat,
                    row.seat_name,
                    row.seat_bot,
                    row.seat_bot_params,
                    row.seat_token_hash,
                )
            )
        return list(listed.values())

    def expire(self, created_before: datetime) -> list[str]:
        """Close the open tables created before `created_before`: return their ids."""
        with self.engine.begin() as db:
            stale = list(
                db.scalars(
                    sa.select(tables.c.id).where(
                        tables.c.status == "open", tables.c.created_at < created_before
                    )
                )
            )
            if stale:
                db.execute(
                    tables.update()
                    .where(tables.c.id.in_(stale), tables.c.status == "open")
                    .values(status="expired")
                )
        return stale

    # Seats

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> str | None:
        """Sit at a free human seat of an open table; returns the table's status afterwards,
        None if the seat is taken or the game no longer waits for players."""
        with self.engine.begin() as db:
            taken = db.execute(
                seats.update()
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.bot.is_(None),
                    seats.c.token_hash.is_(None),
                    sa.exists().where(tables.c.id == table_id, tables.c.status == "open"),
                )
                .values(name=name, token_hash=token_hash)
            ).rowcount
            if not taken:
                return None
            free = db.scalar(
                sa.select(sa.func.count())
                .select_from(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.bot.is_(None),
                    seats.c.token_hash.is_(None),
                )
            )
            if not free:
                db.execute(
                    tables.update()
                    .where(tables.c.id == table_id, tables.c.status == "open")
                    .values(status="playing")
                )
            return db.scalar(sa.select(tables.c.status).where(tables.c.id == table_id))

    def leave_seat(self, table_id: str, seat: int, token_hash: str, stand_in: str) -> bool:
        """Give up a seat held by `token_hash`: at an open table it is free again; in a game
        under way the bot `stand_in` plays it to the end; after the game the name stays.
        False if the token no longer holds the seat."""
        with self.engine.begin() as db:
            status = db.scalar(sa.select(tables.c.status).where(tables.c.id == table_id))
            held = (
                seats.c.table_id == table_id,
                seats.c.seat == seat,
                seats.c.token_hash == token_hash,
            )
            free: dict[str, Any] = {"token_hash": None}
            if status == "open":
                free["name"] = None
            elif status == "playing":
                free |= {"bot": stand_in, "bot_params": "{}"}
            return bool(db.execute(seats.update().where(*held).values(**free)).rowcount)

    # The action log

    def append(self, batch: list[Append]) -> list[Exception | None]:
        """Commit actions of several tables in one transaction (one disk flush for all).

        Returns, per append, None or the exception that refused it: TokenRevoked when the seat
        changed hands, SeqTaken when another writer committed that seq first. The batch is
        written with one statement per kind; only if another writer got in first is it
        written again one append at a time, each in its own savepoint.
        """
        try:
            with self.engine.begin() as db:
                outcomes = self._refusals(db, batch)
                accepted = [item for item, out in zip(batch, outcomes, strict=True) if not out]
                self._write(db, accepted)
            return outcomes
        except sa.exc.IntegrityError:
            return self._append_one_by_one(batch)

    def _refusals(self, db: Connection, batch: list[Append]) -> list[Exception | None]:
        checked = {item.table_id for item in batch if item.token_hash is not None}
        held = {}
        if checked:
            rows = db.execute(
                sa.select(seats.c.table_id, seats.c.seat, seats.c.token_hash).where(
                    seats.c.table_id.in_(checked)
                )
            )
            held = {(r.table_id, r.seat): r.token_hash for r in rows}
        return [
            TokenRevoked()
            if item.token_hash is not None
            and held.get((item.table_id, item.row.seat)) != item.token_hash
            else None
            for item in batch
        ]

    def _write(self, db: Connection, accepted: list[Append]) -> None:
        if accepted:
            db.execute(actions.insert(), [self._action_values(i.table_id, i.row) for i in accepted])
        finished = [item.table_id for item in accepted if item.finished]
        if finished:
            db.execute(tables.update().where(tables.c.id.in_(finished)).values(status="finished"))

    def _append_one_by_one(self, batch: list[Append]) -> list[Exception | None]:
        outcomes: list[Exception | None] = []
        with self.engine.begin() as db:
            for item in batch:
                try:
                    with db.begin_nested():
                        refusal = self._refusals(db, [item])[0]
                        if refusal is None:
                            self._write(db, [item])
                    outcomes.append(refusal)
                except sa.exc.IntegrityError:
                    outcomes.append(SeqTaken())
        return outcomes

    def actions_after(self, table_id: str, seq: int) -> list[ActionRow]:
        with self.engine.connect() as db:
            return self._actions(db, table_id, after=seq)

    # Rows

    @staticmethod
    def _action_values(table_id: str, row: ActionRow) -> dict[str, Any]:
        return {
            "table_id": table_id,
            "seq": row.seq,
            "seat": row.seat,
            "action": json.dumps(row.action),
            "client_action_id": row.client_action_id,
            "created_at": _now(),
        }

    @classmethod
    def _seats(cls, db: Connection, table_id: str) -> list[SeatRow]:
        rows = db.execute(
            sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        )
        return [cls._seat(r.seat, r.name, r.bot, r.bot_params, r.token_hash) for r in rows]

    @staticmethod
    def _seat(
        seat: int, name: str | None, bot: str | None, params: str | None, token_hash: str | None
    ) -> SeatRow:
        return SeatRow(
            seat=seat,
            name=name,
            bot=bot,
            bot_params=json.loads(params) if params else {},
            token_hash=token_hash,
        )

    @staticmethod
    def _table(row: Any, seat_rows: list[SeatRow]) -> TableRow:
        return TableRow(
            id=row.id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=json.loads(row.options),
            status=row.status,
            seats=seat_rows,
            rematch_of=row.rematch_of,
            rematch=row.rematch,
            created_at=row.created_at,
            seeded=row.seeded,
            secret=row.secret,
        )

    @staticmethod
    def _actions(db: Connection, table_id: str, after: int) -> list[ActionRow]:
        rows = db.execute(
            sa.select(actions)
            .where(actions.c.table_id == table_id, actions.c.seq > after)
            .order_by(actions.c.seq)
        )
        return [ActionRow(r.seq, r.seat, json.loads(r.action), r.client_action_id) for r in rows]
