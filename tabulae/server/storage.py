"""The database: every read and write the server makes, as plain blocking calls.

The server runs these on a dedicated thread pool (one thread for SQLite, which has one writer),
so the event loop never waits on the disk. An action is acknowledged only after `append`
has committed it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, overload

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from .schema import (
    accounts,
    actions,
    chat,
    lessons_done,
    rating_changes,
    ratings,
    seats,
    sessions,
    tables,
)

MIGRATION_LOCK = 7_317_001  # a PostgreSQL advisory lock: one process migrates at a time
RATING_TRIES = 3  # a table's rating is tried again after losing a race to insert a newcomer


class SeqTaken(Exception):
    """Another writer committed this sequence number (or this client action id) first."""


class TokenRevoked(Exception):
    """The seat's token changed between the check and the write."""


class TableClosed(Exception):
    """An administrator closed the table: it takes no more actions."""


class NameTaken(Exception):
    """Another account has this username, or one that looks the same."""


@dataclass(kw_only=True)
class SeatRow:
    seat: int
    name: str | None = None
    bot: str | None = None
    bot_params: dict[str, Any] = field(default_factory=dict)
    token_hash: str | None = None
    account_id: int | None = None
    rank: int | None = None
    clock_left: float | None = None  # a Fischer clock's seconds left at the turn's start


@dataclass(kw_only=True)
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
    rated: bool = False
    move_seconds: int | None = None  # a turn-based table's time for one move
    turn_started_at: datetime | None = None  # when the last move was made (or play began)
    clock_increment: float | None = None  # a Fischer clock's seconds added for each move
    clock_seconds: float | None = None  # a Fischer clock's seconds for the game, at the start
    hints: bool = False  # its players may ask what the strongest bot would play
    coach: bool = False  # the strongest search judges each player's move, for that player


@dataclass(frozen=True, kw_only=True)
class ActionRow:
    seq: int
    seat: int
    action: list[int | str]
    client_action_id: str | None
    timed_out: bool = False  # played by a bot because the seat's time ran out
    takes_back: int | None = None  # a take-back of the seat's latest actions (`action` is [])


@dataclass(frozen=True, kw_only=True)
class Append:
    """One action to add to a table's log; `token_hash` is checked unless a bot plays;
    `ranks` are the seats' places when the action ends the game."""

    table_id: str
    row: ActionRow
    token_hash: str | None
    finished: bool
    ranks: tuple[int, ...] | None = None
    charged: tuple[int, ...] = ()  # at a table with a clock: the seats whose time ran


@dataclass(frozen=True, kw_only=True)
class Account:
    id: int
    username: str
    password_hash: str
    email: str | None
    disabled: bool
    language: str | None = None  # of its reminders; None: English
    email_confirmed: bool = False  # by the link sent to it: only then do reminders go there
    seat_key: str | None = None  # keys its seats' tokens; None: the tokens derived before keys


@dataclass(frozen=True, kw_only=True)
class ChatRow:
    id: int
    channel: str
    seat: int | None
    name: str
    text: str
    created_at: datetime


@overload
def utc(moment: datetime) -> datetime: ...
@overload
def utc(moment: None) -> None: ...
def utc(moment: datetime | None) -> datetime | None:
    """A time read back from the database, in UTC (SQLite forgets the zone)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


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
            query = sa.select(tables.c.rematch).where(tables.c.id == old_id)
            rematch: str = db.execute(query).scalar_one()
            return rematch

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
                rated=table.rated,
                move_seconds=table.move_seconds,
                turn_started_at=_now() if table.status == "playing" else None,
                clock_increment=table.clock_increment,
                clock_seconds=table.clock_seconds,
                hints=table.hints,
                coach=table.coach,
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
                    "account_id": s.account_id,
                    "clock_left": s.clock_left,
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

    def listing(
        self,
        statuses: tuple[str, ...],
        free_seat: bool,
        limit: int,
        account_id: int | None = None,
    ) -> list[TableRow]:
        """The newest tables with one of `statuses`, with their seats, in one query; only
        those with a free seat, or those where an account has a seat, if asked."""
        newest = sa.select(tables).where(tables.c.status.in_(statuses))
        if account_id is not None:
            newest = newest.where(
                sa.exists().where(seats.c.table_id == tables.c.id, seats.c.account_id == account_id)
            )
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
                    row.seat_account_id,
                    row.seat_rank,
                    row.seat_clock_left,
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

    def take_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, account_id: int | None = None
    ) -> str | None:
        """Sit at a free human seat of an open table (for an account, if given); returns the
        table's status afterwards, None if the seat is taken or the game no longer waits."""
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
                .values(name=name, token_hash=token_hash, account_id=account_id)
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
                    .values(status="playing", turn_started_at=_now())
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
                free |= {"name": None, "account_id": None}
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
        closed = set(
            db.scalars(
                sa.select(tables.c.id).where(
                    tables.c.id.in_({item.table_id for item in batch}), tables.c.status == "closed"
                )
            )
        )
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
            TableClosed()
            if item.table_id in closed
            else TokenRevoked()
            if item.token_hash is not None
            and held.get((item.table_id, item.row.seat)) != item.token_hash
            else None
            for item in batch
        ]

    def _write(self, db: Connection, accepted: list[Append]) -> None:
        if accepted:
            db.execute(actions.insert(), [self._action_values(i.table_id, i.row) for i in accepted])
            self._run_clocks(db, [item for item in accepted if item.charged])
            db.execute(
                tables.update()
                .where(tables.c.id.in_({item.table_id for item in accepted}))
                .values(turn_started_at=_now())
            )
        finished = [item.table_id for item in accepted if item.finished]
        if finished:
            db.execute(tables.update().where(tables.c.id.in_(finished)).values(status="finished"))
        for item in accepted:
            for seat, rank in enumerate(item.ranks or ()):
                db.execute(
                    seats.update()
                    .where(seats.c.table_id == item.table_id, seats.c.seat == seat)
                    .values(rank=rank)
                )

    @staticmethod
    def _run_clocks(db: Connection, moves: list[Append]) -> None:
        """Take the time since the turn began from the clocks of the seats that were to move,
        and give the mover the increment (Fischer)."""
        for item in moves:
            header = db.execute(
                sa.select(tables.c.turn_started_at, tables.c.clock_increment).where(
                    tables.c.id == item.table_id
                )
            ).one()
            started = utc(header.turn_started_at) or _now()
            spent = (_now() - started).total_seconds()
            for seat in item.charged:
                bonus = (header.clock_increment or 0.0) if seat == item.row.seat else 0.0
                db.execute(
                    seats.update()
                    .where(seats.c.table_id == item.table_id, seats.c.seat == seat)
                    .values(clock_left=seats.c.clock_left - spent + bonus)
                )

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

    # Turn-based tables and administration

    def timed_tables(self) -> list[str]:
        """Every table in play with a move time limit or a clock."""
        query = sa.select(tables.c.id).where(
            tables.c.status == "playing",
            sa.or_(tables.c.move_seconds.is_not(None), tables.c.clock_increment.is_not(None)),
        )
        with self.engine.connect() as db:
            return list(db.scalars(query))

    def claim_reminder(self, table_id: str, seat: int, mark: int, below: int) -> bool:
        """Record that reminder `mark` goes to a seat, if the last one it was sent is below
        `below`: of several processes wanting to send it, exactly one is told to."""
        with self.engine.begin() as db:
            return bool(
                db.execute(
                    seats.update()
                    .where(
                        seats.c.table_id == table_id,
                        seats.c.seat == seat,
                        sa.or_(seats.c.reminded.is_(None), seats.c.reminded < below),
                    )
                    .values(reminded=mark)
                ).rowcount
            )

    def close_table(self, table_id: str) -> bool:
        """Close a table that is open or in play: it takes no more players or actions."""
        with self.engine.begin() as db:
            return bool(
                db.execute(
                    tables.update()
                    .where(tables.c.id == table_id, tables.c.status.in_(("open", "playing")))
                    .values(status="closed")
                ).rowcount
            )

    # Accounts and sessions

    def create_account(
        self,
        username: str,
        key: str,
        skeleton: str,
        password_hash: str,
        email: str | None,
        language: str | None = None,
    ) -> Account:
        try:
            with self.engine.begin() as db:
                account_id = db.execute(
                    accounts.insert()
                    .values(
                        username=username,
                        username_key=key,
                        username_skeleton=skeleton,
                        password_hash=password_hash,
                        email=email,
                        created_at=_now(),
                        language=language,
                    )
                    .returning(accounts.c.id)
                ).scalar_one()
        except sa.exc.IntegrityError:
            raise NameTaken() from None
        return Account(
            id=account_id,
            username=username,
            password_hash=password_hash,
            email=email,
            disabled=False,
            language=language,
        )

    def account(self, key: str | None = None, account_id: int | None = None) -> Account | None:
        """An account by its casefolded username or its id."""
        where = accounts.c.username_key == key if key is not None else accounts.c.id == account_id
        with self.engine.connect() as db:
            row = db.execute(sa.select(accounts).where(where)).first()
        return None if row is None else self._account(row)

    def accounts(self) -> list[Account]:
        with self.engine.connect() as db:
            rows = db.execute(sa.select(accounts).order_by(accounts.c.username_key))
            return [self._account(row) for row in rows]

    def update_account(self, account_id: int, values: dict[str, Any]) -> bool:
        """Change an account's password hash, e-mail or `disabled`; a changed password or a
        disabled account ends every session of the account."""
        with self.engine.begin() as db:
            changed = db.execute(
                accounts.update().where(accounts.c.id == account_id).values(**values)
            ).rowcount
            if "password_hash" in values or values.get("disabled"):
                db.execute(sessions.delete().where(sessions.c.account_id == account_id))
        return bool(changed)

    def new_password(
        self,
        account_id: int,
        password_hash: str,
        seat_key: str,
        token_hash: Callable[[str], str],
    ) -> list[str]:
        """Give an account a new password and seat key in one transaction: every session of
        the account ends, and every seat it holds, finished games included, gets the token
        whose hash `token_hash` gives for the table's secret, so no earlier token of the
        account reads, plays or asks for a rematch any more. The ids of the tables whose seats
        changed, for the servers to refresh."""
        with self.engine.begin() as db:
            db.execute(
                accounts.update()
                .where(accounts.c.id == account_id)
                .values(password_hash=password_hash, seat_key=seat_key)
            )
            db.execute(sessions.delete().where(sessions.c.account_id == account_id))
            held = db.execute(
                sa.select(seats.c.table_id, seats.c.seat, tables.c.secret)
                .join(tables, tables.c.id == seats.c.table_id)
                .where(
                    seats.c.account_id == account_id,
                    seats.c.token_hash.is_not(None),
                    tables.c.secret.is_not(None),
                )
            ).all()
            for row in held:
                db.execute(
                    seats.update()
                    .where(seats.c.table_id == row.table_id, seats.c.seat == row.seat)
                    .values(token_hash=token_hash(row.secret))
                )
        return sorted({row.table_id for row in held})

    def set_email(
        self, account_id: int, email: str | None, token_hash: str | None, expires: datetime | None
    ) -> None:
        """Give an account a new e-mail address (or none), unconfirmed until the link whose
        token has `token_hash` is opened before `expires`; an earlier link no longer works."""
        with self.engine.begin() as db:
            db.execute(
                accounts.update()
                .where(accounts.c.id == account_id)
                .values(
                    email=email,
                    email_confirmed=False,
                    email_token_hash=token_hash,
                    email_token_expires=expires,
                )
            )

    def confirm_email(self, token_hash: str) -> Account | None:
        """Confirm the address whose link's token has this hash, once and before it expires:
        the account, or None for a token unknown, used or expired."""
        with self.engine.begin() as db:
            row = db.execute(
                sa.select(accounts).where(accounts.c.email_token_hash == token_hash)
            ).first()
            if row is None or utc(row.email_token_expires) < _now():
                return None
            confirmed = db.execute(
                accounts.update()
                .where(accounts.c.id == row.id, accounts.c.email_token_hash == token_hash)
                .values(email_confirmed=True, email_token_hash=None, email_token_expires=None)
            ).rowcount
        return replace(self._account(row), email_confirmed=True) if confirmed else None

    def add_session(self, id_hash: str, account_id: int, expires_at: datetime) -> None:
        with self.engine.begin() as db:
            db.execute(sessions.delete().where(sessions.c.expires_at < _now()))
            db.execute(
                sessions.insert().values(
                    id_hash=id_hash, account_id=account_id, expires_at=expires_at
                )
            )

    def session_account(self, id_hash: str) -> Account | None:
        """The enabled account an unexpired session belongs to."""
        query = (
            sa.select(accounts, sessions.c.expires_at)
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.id_hash == id_hash, accounts.c.disabled.is_(False))
        )
        with self.engine.connect() as db:
            row = db.execute(query).first()
        if row is None or utc(row.expires_at) < _now():
            return None
        return self._account(row)

    def end_session(self, id_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(sessions.delete().where(sessions.c.id_hash == id_hash))

    @staticmethod
    def _account(row: Any) -> Account:
        return Account(
            id=row.id,
            username=row.username,
            password_hash=row.password_hash,
            email=row.email,
            disabled=row.disabled,
            language=row.language,
            email_confirmed=row.email_confirmed,
            seat_key=row.seat_key,
        )

    # Chat

    def add_chat(
        self, table_id: str, channel: str, seat: int | None, name: str, text: str
    ) -> ChatRow:
        moment = _now()
        with self.engine.begin() as db:
            message_id = db.execute(
                chat.insert()
                .values(
                    table_id=table_id,
                    channel=channel,
                    seat=seat,
                    name=name,
                    text=text,
                    created_at=moment,
                )
                .returning(chat.c.id)
            ).scalar_one()
        return ChatRow(
            id=message_id, channel=channel, seat=seat, name=name, text=text, created_at=moment
        )

    def chat(
        self,
        table_id: str,
        channels: tuple[str, ...],
        after: int,
        limit: int = 500,
        latest: bool = False,
    ) -> list[ChatRow]:
        """The first `limit` messages of `channels` after id `after`, or (`latest`) the last
        `limit` of them; either way in the order they were said."""
        query = (
            sa.select(chat)
            .where(chat.c.table_id == table_id, chat.c.channel.in_(channels), chat.c.id > after)
            .order_by(chat.c.id.desc() if latest else chat.c.id)
            .limit(limit)
        )
        with self.engine.connect() as db:
            rows = [
                ChatRow(
                    id=r.id,
                    channel=r.channel,
                    seat=r.seat,
                    name=r.name,
                    text=r.text,
                    created_at=utc(r.created_at),
                )
                for r in db.execute(query)
            ]
        return rows[::-1] if latest else rows

    # Lessons

    def lessons_done(self, account_id: int, game: str) -> set[str]:
        """The ids of the game's lessons the account has done."""
        query = sa.select(lessons_done.c.lesson).where(
            lessons_done.c.account_id == account_id, lessons_done.c.game == game
        )
        with self.engine.connect() as db:
            return set(db.execute(query).scalars())

    def lesson_done(self, account_id: int, game: str, lesson: str) -> None:
        """Remember that the account has done a lesson (once: doing it again changes nothing)."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    lessons_done.insert().values(
                        account_id=account_id, game=game, lesson=lesson, done_at=_now()
                    )
                )
        except sa.exc.IntegrityError:
            pass  # done before

    # Ratings

    def rate(
        self, table_id: str, game: str, players: dict[int, tuple[str, str]], rate: Any
    ) -> None:
        """Rate a finished table once: `players` maps seats to (player key, name), a player
        holding one seat or several; `rate` turns each player's (mu, sigma) before into the
        one after. A second call for the same table changes nothing (its rating changes are
        already stored). Two tables finishing at once may both rate a newcomer: the one that
        inserts the rating second fails, and rates again over the row the first stored."""
        for attempt in range(RATING_TRIES):
            try:
                self._rate(table_id, game, players, rate)
                return
            except sa.exc.IntegrityError:
                if attempt == RATING_TRIES - 1:
                    raise

    def _rate(
        self, table_id: str, game: str, players: dict[int, tuple[str, str]], rate: Any
    ) -> None:
        names = {key: name for key, name in players.values()}
        with self.engine.begin() as db:
            if db.scalar(
                sa.select(sa.func.count())
                .select_from(rating_changes)
                .where(rating_changes.c.table_id == table_id)
            ):
                return
            query = sa.select(ratings).where(
                ratings.c.game == game, ratings.c.player.in_(sorted(names))
            )
            if not self.is_sqlite:
                query = query.with_for_update()
            held = {r.player: (r.mu, r.sigma, r.games) for r in db.execute(query)}
            before = {key: held.get(key, (None, None, 0))[:2] for key in names}
            after = rate(before)
            for key, name in names.items():
                mu, sigma = after[key]
                games = held.get(key, (0, 0, 0))[2] + 1
                values = {"name": name, "mu": mu, "sigma": sigma, "games": games}
                if key in held:
                    db.execute(
                        ratings.update()
                        .where(ratings.c.game == game, ratings.c.player == key)
                        .values(**values)
                    )
                else:
                    db.execute(ratings.insert().values(game=game, player=key, **values))
            for seat, (key, _name) in players.items():
                old_mu, old_sigma = before[key]
                was = 0.0 if old_mu is None or old_sigma is None else old_mu - 3 * old_sigma
                mu, sigma = after[key]
                db.execute(
                    rating_changes.insert().values(
                        table_id=table_id,
                        seat=seat,
                        player=key,
                        before=was,
                        after=mu - 3 * sigma,
                    )
                )

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        """A game's best ratings: an account under its username (never the name it gave a
        seat), a disabled one not at all; a bot under its level."""
        ordinal = (ratings.c.mu - 3 * ratings.c.sigma).label("ordinal")
        account = sa.literal("account:") + sa.cast(accounts.c.id, sa.String)
        query = (
            sa.select(ratings, ordinal, accounts.c.username)
            .outerjoin(accounts, ratings.c.player == account)
            .where(ratings.c.game == game, sa.not_(sa.func.coalesce(accounts.c.disabled, False)))
            .order_by(ordinal.desc(), ratings.c.player)
            .limit(limit)
        )
        with self.engine.connect() as db:
            return [
                {
                    "player": r.player,
                    "name": r.name if r.username is None else r.username,
                    "rating": round(r.ordinal, 2),
                    "mu": round(r.mu, 3),
                    "sigma": round(r.sigma, 3),
                    "games": r.games,
                }
                for r in db.execute(query)
            ]

    def player_ratings(self, player: str) -> dict[str, dict[str, Any]]:
        """A player's rating in every game they are rated in."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(ratings).where(ratings.c.player == player))
            return {
                r.game: {"rating": round(r.mu - 3 * r.sigma, 2), "games": r.games} for r in rows
            }

    def rating_changes(self, table_id: str) -> dict[int, tuple[float, float]]:
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(rating_changes).where(rating_changes.c.table_id == table_id)
            )
            return {r.seat: (r.before, r.after) for r in rows}

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
            "timed_out": row.timed_out,
            "takes_back": row.takes_back,
        }

    @classmethod
    def _seats(cls, db: Connection, table_id: str) -> list[SeatRow]:
        rows = db.execute(
            sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        )
        return [
            cls._seat(
                r.seat,
                r.name,
                r.bot,
                r.bot_params,
                r.token_hash,
                r.account_id,
                r.rank,
                r.clock_left,
            )
            for r in rows
        ]

    @staticmethod
    def _seat(
        seat: int,
        name: str | None,
        bot: str | None,
        params: str | None,
        token_hash: str | None,
        account_id: int | None = None,
        rank: int | None = None,
        clock_left: float | None = None,
    ) -> SeatRow:
        return SeatRow(
            seat=seat,
            name=name,
            bot=bot,
            bot_params=json.loads(params) if params else {},
            token_hash=token_hash,
            account_id=account_id,
            rank=rank,
            clock_left=clock_left,
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
            rated=row.rated,
            move_seconds=row.move_seconds,
            turn_started_at=utc(row.turn_started_at),
            clock_increment=row.clock_increment,
            clock_seconds=row.clock_seconds,
            hints=row.hints,
            coach=row.coach,
        )

    @staticmethod
    def _actions(db: Connection, table_id: str, after: int) -> list[ActionRow]:
        rows = db.execute(
            sa.select(actions)
            .where(actions.c.table_id == table_id, actions.c.seq > after)
            .order_by(actions.c.seq)
        )
        return [
            ActionRow(
                seq=r.seq,
                seat=r.seat,
                action=json.loads(r.action),
                client_action_id=r.client_action_id,
                timed_out=r.timed_out,
                takes_back=r.takes_back,
            )
            for r in rows
        ]
