"""The migrations build exactly the schema the code uses, and the log refuses a second writer."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tabulae.server.accounts import change_password
from tabulae.server.config import database_url
from tabulae.server.live import account_token, hash_token
from tabulae.server.schema import metadata
from tabulae.server.storage import (
    ActionRow,
    Append,
    NameTaken,
    SeatRow,
    SeqTaken,
    Storage,
    TableRow,
)

from .harness import migrated_to, postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request, tmp_path):
    database = (
        postgres_database()
        if request.param == "postgresql"
        else nullcontext(str(tmp_path / "t.sqlite"))
    )
    with database as db:
        store = Storage(database_url(db))
        store.migrate()
        store.migrate()  # a second start finds the schema current
        yield store
        store.close()


def test_the_migrations_build_the_schema_the_code_declares(storage):
    with storage.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, metadata) == []
        assert context.get_current_revision() == "0012"


def test_the_log_takes_each_sequence_number_once(storage):
    storage.create(
        TableRow(
            id="t1",
            game="tesserae",
            players=2,
            seed=5,
            options={},
            status="playing",
            seats=[SeatRow(seat=0), SeatRow(seat=1)],
        )
    )
    first = Append(
        table_id="t1",
        row=ActionRow(seq=1, seat=0, action=["draw"], client_action_id="c1"),
        token_hash=None,
        finished=False,
    )
    rival = Append(
        table_id="t1",
        row=ActionRow(seq=1, seat=1, action=["pass"], client_action_id=None),
        token_hash=None,
        finished=False,
    )
    second = Append(
        table_id="t1",
        row=ActionRow(seq=2, seat=1, action=["pass"], client_action_id=None),
        token_hash=None,
        finished=True,
    )
    assert storage.append([first]) == [None]
    outcomes = storage.append([rival, second])
    assert isinstance(outcomes[0], SeqTaken) and outcomes[1] is None
    table, log = storage.load("t1")
    assert [(row.seq, row.seat, row.action) for row in log] == [(1, 0, ["draw"]), (2, 1, ["pass"])]
    assert table.status == "finished" and storage.running() == []


def test_database_urls_from_what_people_type(tmp_path):
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url(str(tmp_path / "x.sqlite")) == f"sqlite:///{tmp_path / 'x.sqlite'}"


def test_upgrading_a_database_of_the_first_revision_keeps_every_table(tmp_path):
    """A database made before tables had secrets: its tables, seats and logs survive the
    upgrade, each table gets a secret of its own, and none counts as seeded."""
    store = Storage(database_url(str(tmp_path / "old.sqlite")))
    with migrated_to(store, "0001") as connection:
        for name in ("t1", "t2"):
            connection.exec_driver_sql(
                "INSERT INTO tables (id, game, players, seed, options, status, created_at) "
                f"VALUES ('{name}', 'tesserae', 2, 5, '{{}}', 'playing', '2026-11-01 10:00:00')"
            )
            connection.exec_driver_sql(
                f"INSERT INTO seats (table_id, seat, name) VALUES ('{name}', 0, 'Ann'), "
                f"('{name}', 1, 'Bea')"
            )
        connection.exec_driver_sql(
            "INSERT INTO actions (table_id, seq, seat, action, created_at) "
            """VALUES ('t1', 1, 0, '["draw"]', '2026-11-01 10:01:00')"""
        )
    store.migrate()
    first, log = store.load("t1")
    second, _ = store.load("t2")
    assert [row.action for row in log] == [["draw"]] and [s.name for s in first.seats] == [
        "Ann",
        "Bea",
    ]
    assert not first.seeded and len(first.secret) == 64 and first.secret != second.secret
    assert sorted(store.running()) == ["t1", "t2"]
    store.close()


def test_the_listing_is_one_query_whatever_the_number_of_tables(storage):
    for n in range(5):
        storage.create(
            TableRow(
                id=f"t{n}",
                game="tesserae",
                players=2,
                seed=5,
                options={},
                status="open",
                seats=[SeatRow(seat=0), SeatRow(seat=1)],
            )
        )
    statements = []
    sa.event.listen(
        storage.engine, "before_cursor_execute", lambda *args: statements.append(args[2])
    )
    listed = storage.listing(("open",), True, 100)
    assert [sql for sql in statements if sql.lstrip().upper().startswith("SELECT")] == [
        statements[-1]
    ]
    assert sorted(t.id for t in listed) == [f"t{n}" for n in range(5)]
    assert all([s.seat for s in t.seats] == [0, 1] for t in listed)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_upgrading_a_database_of_the_previous_version_keeps_every_table(kind, tmp_path):
    """A database made by the version before accounts: its tables, seats, secrets and logs
    survive the upgrade in place; they are unrated, have no time limit, belong to no account,
    and their games go on."""
    database = postgres_database() if kind == "postgresql" else nullcontext(str(tmp_path / "o"))
    with database as db:
        store = Storage(database_url(db))
        with migrated_to(store, "0002") as connection:
            connection.exec_driver_sql(
                "INSERT INTO tables (id, game, players, seed, options, status, created_at, "
                "seeded, secret) VALUES ('t1', 'tesserae', 2, 5, '{}', 'playing', "
                f"'2026-11-01 10:00:00', false, '{'ab' * 32}')"
            )
            connection.exec_driver_sql(
                "INSERT INTO seats (table_id, seat, name, token_hash) VALUES "
                "('t1', 0, 'Ann', 'h0'), ('t1', 1, 'Bea', 'h1')"
            )
            connection.exec_driver_sql(
                "INSERT INTO actions (table_id, seq, seat, action, created_at) "
                """VALUES ('t1', 1, 0, '["draw"]', '2026-11-01 10:01:00')"""
            )
        store.migrate()
        table, log = store.load("t1")
        assert [(row.seq, row.action, row.timed_out) for row in log] == [(1, ["draw"], False)]
        assert [(s.name, s.token_hash, s.account_id) for s in table.seats] == [
            ("Ann", "h0", None),
            ("Bea", "h1", None),
        ]
        assert table.secret == "ab" * 32 and not table.rated and table.move_seconds is None
        assert store.running() == ["t1"]
        second = Append(
            table_id="t1",
            row=ActionRow(seq=2, seat=1, action=["pass"], client_action_id=None),
            token_hash="h1",
            finished=True,
            ranks=(2, 1),
        )
        assert store.append([second]) == [None]
        table, _ = store.load("t1")
        assert table.status == "finished" and [s.rank for s in table.seats] == [2, 1]
        store.close()


def test_two_tables_rating_a_newcomer_at_once_both_count():
    """Both transactions find no rating for the newcomer and both insert one: PostgreSQL lets
    only one insert commit, and the other table is rated again over it."""
    with postgres_database() as db:
        store = Storage(database_url(db))
        store.migrate()
        for table_id in ("t1", "t2"):
            store.create(
                TableRow(
                    id=table_id,
                    game="tesserae",
                    players=2,
                    seed=5,
                    options={},
                    status="finished",
                    seats=[SeatRow(seat=0)],
                )
            )
        both_read = threading.Barrier(2, timeout=30)
        first_tries: set[str] = set()

        def rate_after_both_read(table_id: str) -> None:
            def rate(before):
                if table_id not in first_tries:
                    first_tries.add(table_id)
                    both_read.wait()
                return {key: (30.0, 7.0) for key in before}

            players = {0: ("bot:easy", "easy bot"), 1: (f"account:{table_id}", "Ann")}
            store.rate(table_id, "tesserae", players, rate)

        with ThreadPoolExecutor(2) as pool:
            for rated in [pool.submit(rate_after_both_read, t) for t in ("t1", "t2")]:
                rated.result()
        board = {entry["player"]: entry["games"] for entry in store.leaderboard("tesserae", 10)}
        assert board["bot:easy"] == 2
        assert store.rating_changes("t1") and store.rating_changes("t2")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_upgrading_gives_every_account_the_skeleton_of_its_username(kind, tmp_path):
    """Accounts made before look-alike names were refused: each gets its skeleton, and of two
    that already look alike the older keeps it; no new account can look like either."""
    database = postgres_database() if kind == "postgresql" else nullcontext(str(tmp_path / "s"))
    with database as db:
        store = Storage(database_url(db))
        with migrated_to(store, "0006") as connection:
            for name in ("Ann", "\u0430nn", "Bea"):  # the second with a Cyrillic а
                connection.execute(
                    sa.text(
                        "INSERT INTO accounts (username, username_key, password_hash, "
                        "created_at) VALUES (:name, :key, '$argon2id$x', '2026-11-20 10:00:00')"
                    ),
                    {"name": name, "key": name.casefold()},
                )
        store.migrate()
        with store.engine.connect() as connection:
            rows = connection.execute(
                sa.text("SELECT username, username_skeleton FROM accounts ORDER BY id")
            ).all()
        assert [tuple(row) for row in rows] == [("Ann", "ann"), ("\u0430nn", None), ("Bea", "bea")]
        with pytest.raises(NameTaken):
            store.create_account("ANN", "ann2", "ann", "$argon2id$y", None)
        store.close()


def test_upgrading_keeps_account_seat_tokens_until_the_password_changes(tmp_path):
    """Accounts made before seat keys keep the tokens of their seats through the upgrade; a
    password change then gives every seat the account holds, finished or not, a new token in
    the same transaction, and leaves a seat it left and other people's seats alone."""
    store = Storage(database_url(str(tmp_path / "keys.sqlite")))
    secret = "ab" * 32
    before = {n: hash_token(account_token(secret, n, None)) for n in (1, 2)}
    with migrated_to(store, "0009") as connection:
        for name in ("ann", "bea"):
            connection.exec_driver_sql(
                "INSERT INTO accounts (username, username_key, password_hash, created_at) "
                f"VALUES ('{name}', '{name}', '$argon2id$x', '2026-11-26 10:00:00')"
            )
        for table, status in (("t1", "playing"), ("t2", "finished"), ("t3", "playing")):
            connection.exec_driver_sql(
                "INSERT INTO tables (id, game, players, seed, options, status, created_at, "
                f"secret) VALUES ('{table}', 'tesserae', 2, 5, '{{}}', '{status}', "
                f"'2026-11-26 10:00:00', '{secret}')"
            )
        connection.exec_driver_sql(
            "INSERT INTO seats (table_id, seat, name, token_hash, account_id) VALUES "
            f"('t1', 0, 'ann', '{before[1]}', 1), ('t1', 1, 'bea', '{before[2]}', 2), "
            f"('t2', 0, 'ann', '{before[1]}', 1), ('t2', 1, 'bea', '{before[2]}', 2), "
            "('t3', 0, 'ann', NULL, 1), ('t3', 1, NULL, NULL, NULL)"
        )
    store.migrate()
    ann = store.account("ann")
    assert ann.seat_key is None
    held = [(s.token_hash, s.account_id) for t in ("t1", "t2") for s in store.load(t)[0].seats]
    assert held == [(before[1], 1), (before[2], 2)] * 2
    assert change_password(store, ann.id, "$argon2id$y") == ["t1", "t2"]
    ann = store.account("ann")
    assert ann.password_hash == "$argon2id$y" and ann.seat_key
    after = hash_token(account_token(secret, ann.id, ann.seat_key))
    seats = [[s.token_hash for s in store.load(t)[0].seats] for t in ("t1", "t2", "t3")]
    assert seats == [[after, before[2]], [after, before[2]], [None, None]]
    assert after != before[1]
    store.close()
