"""A real server process per test session and database: an SQLite file, and PostgreSQL (the test
run's own, or the server TABULAE_TEST_POSTGRES names)."""

from __future__ import annotations

import pytest

from .harness import postgres_database, running


def _database(kind: str, directory) -> object:
    if kind == "postgresql":
        return postgres_database()
    from contextlib import nullcontext

    return nullcontext(str(directory / "tabulae.sqlite"))


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def server(request, tmp_path_factory):
    with (
        _database(request.param, tmp_path_factory.mktemp("db")) as db,
        running(db) as started,
    ):
        yield started


@pytest.fixture
def client(server):
    with server.http() as http:
        yield http
