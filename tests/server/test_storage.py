"""The migrations build exactly the schema the code uses, and the log refuses a second writer."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tabulae.server.config import database_url
from tabulae.server.schema import metadata
from tabulae.server.storage import ActionRow, Append, SeatRow, SeqTaken, Storage, TableRow

from .harness import postgres_database


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
        assert context.get_current_revision() == "0001"


def test_the_log_takes_each_sequence_number_once(storage):
    storage.create(TableRow("t1", "tesserae", 2, 5, {}, "playing", [SeatRow(0), SeatRow(1)]))
    first = Append("t1", ActionRow(1, 0, ["draw"], "c1"), None, False)
    rival = Append("t1", ActionRow(1, 1, ["pass"], None), None, False)
    second = Append("t1", ActionRow(2, 1, ["pass"], None), None, True)
    assert storage.append([first]) == [None]
    outcomes = storage.append([rival, second])
    assert isinstance(outcomes[0], SeqTaken) and outcomes[1] is None
    table, log = storage.load("t1")
    assert [(row.seq, row.seat, row.action) for row in log] == [(1, 0, ["draw"]), (2, 1, ["pass"])]
    assert table.status == "finished" and storage.running() == []


def test_database_urls_from_what_people_type(tmp_path):
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url(str(tmp_path / "x.sqlite")) == f"sqlite:///{tmp_path / 'x.sqlite'}"
