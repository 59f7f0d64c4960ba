"""Players over the live WebSocket: chat, clocks and time-outs pushed to every connection, in
one server process and across processes through Redis; reminders when a move starts and before
its time runs out, in the player's language, never more than the settings allow; `tabulae
admin close` and password changes announced; and the migration that brought account languages
and reminders."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from contextlib import nullcontext

import pytest
import websockets

from tabulae.server.config import database_url
from tabulae.server.storage import Storage
from tests.services import redis_url

from .harness import TOY, create, migrated_to, postgres_database, running
from .players import admin, confirm, player_options, sign_up, smtp_server

PASSWORD = "correct horse battery"


class Socket:
    """One live WebSocket at a table, keeping every message it receives."""

    def __init__(self, ws_url: str, table: str, token: str | None = None, cookie: str = ""):
        self.url = f"{ws_url}/api/tables/{table}/live"
        self.token, self.cookie = token, cookie
        self.messages: list[dict] = []
        self.ws = None
        self.reader: asyncio.Task | None = None

    async def __aenter__(self) -> Socket:
        headers = {"Cookie": self.cookie} if self.cookie else None
        self.ws = await websockets.connect(self.url, additional_headers=headers)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token, "since": -1}))
        self.reader = asyncio.create_task(self._read())
        await self.wait(lambda m: m["type"] == "welcome")
        return self

    async def __aexit__(self, *exc) -> None:
        self.reader.cancel()
        await self.ws.close()

    async def _read(self) -> None:
        async for text in self.ws:
            self.messages.append(json.loads(text))

    async def wait(self, found, timeout: float = 20) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages:
                if found(message):
                    return message
            await asyncio.sleep(0.05)
        raise AssertionError(f"no such message within {timeout} s: {self.messages[-5:]}")

    def chat(self) -> list[tuple[str, str]]:
        return [
            (said["channel"], said["text"])
            for message in self.messages
            if message["type"] == "chat"
            for said in message["messages"]
        ]


def said(text: str):
    return lambda m: m["type"] == "chat" and any(s["text"] == text for s in m["messages"])


def seated_table(client, **extra) -> tuple[str, dict[int, str]]:
    table = create(client, TOY, 2, {}, **extra)["id"]
    tokens = {}
    for seat in (0, 1):
        joined = client.post(f"/tables/{table}/join", json={"name": f"P{seat}", "seat": seat})
        tokens[seat] = joined.json()["token"]
    return table, tokens


def say(client, table: str, channel: str, text: str, token: str | None = None) -> None:
    headers = {"X-Seat-Token": token} if token else {}
    reply = client.post(
        f"/tables/{table}/chat", json={"channel": channel, "text": text}, headers=headers
    )
    assert reply.status_code == 201, reply.text


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server that checks move times twice a second, sends no reminders and sends a new
    connection the latest 3 chat messages."""
    db = str(tmp_path_factory.mktemp("db") / "live.sqlite")
    options = player_options(1, "reminders_per_move=0", "chat_backlog=3")
    with running(db, options=options) as started:
        yield started


@pytest.fixture
def client(server):
    with server.http() as http:
        yield http


def test_chat_is_pushed_to_everyone_who_may_read_it(server, client):
    """Players hear the players; spectators hear both channels; a player whose page watches
    without its seat's token, signed in to the account that holds the seat, hears no
    spectator while the game is on."""
    http = server.http()
    username = f"p{uuid.uuid4().hex[:10]}"
    sign_up(http, username, PASSWORD)
    table = create(http, TOY, 2, {})["id"]
    ann = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
    bea = client.post(f"/tables/{table}/join", json={"name": "Bea"}).json()["token"]
    say(http, table, "players", "before anyone listens", ann)
    cookie = f"tabulae_session={http.cookies['tabulae_session']}"

    async def talk() -> tuple[Socket, Socket, Socket, Socket]:
        async with (
            Socket(server.ws_url, table, ann) as ann_socket,
            Socket(server.ws_url, table, bea) as bea_socket,
            Socket(server.ws_url, table) as watcher,
            Socket(server.ws_url, table, cookie=cookie) as ann_without_token,
        ):
            await bea_socket.wait(said("before anyone listens"))  # the backlog
            await asyncio.to_thread(say, client, table, "players", "<b>hi</b> Ann", bea)
            await asyncio.to_thread(say, client, table, "spectators", "Bea holds a 9")
            for socket in (ann_socket, watcher, ann_without_token):
                await socket.wait(said("<b>hi</b> Ann"))
            await watcher.wait(said("Bea holds a 9"))
            await asyncio.to_thread(say, client, table, "players", "last words", ann)
            for socket in (bea_socket, ann_without_token):
                await socket.wait(said("last words"))
            return ann_socket, bea_socket, watcher, ann_without_token

    ann_socket, bea_socket, watcher, ann_without_token = asyncio.run(talk())
    for player in (ann_socket, bea_socket, ann_without_token):
        assert ("spectators", "Bea holds a 9") not in player.chat()
    assert watcher.chat() == [
        ("players", "before anyone listens"),
        ("players", "<b>hi</b> Ann"),
        ("spectators", "Bea holds a 9"),
        ("players", "last words"),
    ]
    assert bea_socket.chat().count(("players", "<b>hi</b> Ann")) == 1  # pushed once
    http.close()


def test_a_new_connection_gets_the_latest_messages_it_may_read_in_order(server, client):
    """Five messages from the players and a spectator's last: a player's new connection gets
    the players' last three, a spectator's the last three of both channels."""
    table, tokens = seated_table(client)
    for n in range(1, 6):
        say(client, table, "players", f"m{n}", tokens[n % 2])
    say(client, table, "spectators", "s1")

    async def connect() -> tuple[Socket, Socket]:
        async with (
            Socket(server.ws_url, table, tokens[0]) as player,
            Socket(server.ws_url, table) as watcher,
        ):
            for socket in (player, watcher):
                await socket.wait(lambda m: m["type"] == "chat")
            return player, watcher

    player, watcher = asyncio.run(connect())
    assert player.chat() == [("players", "m3"), ("players", "m4"), ("players", "m5")]
    assert watcher.chat() == [("players", "m4"), ("players", "m5"), ("spectators", "s1")]


def test_a_time_out_and_the_clocks_are_pushed_to_the_table(server, client):
    table, tokens = seated_table(client, clock={"seconds": 2, "increment": 1})

    async def watch() -> dict:
        async with Socket(server.ws_url, table, tokens[1]) as bea, Socket(server.ws_url, table):
            message = await bea.wait(
                lambda m: m["type"] == "table" and m["table"]["timeouts"], timeout=40
            )
            await bea.wait(lambda m: m["type"] == "update" and m["version"] >= 1)
            return message["table"]

    summary = asyncio.run(watch())
    assert summary["timeouts"][0] == {"version": 1, "seat": 0}
    assert summary["seats"][0]["clock_left"] <= 1.5  # ran out, then the increment
    assert summary["turn_started_at"] is not None


def test_chat_time_outs_closing_and_password_changes_reach_the_connections_of_every_process():
    """Two server processes share PostgreSQL and Redis: a message said through one, a bot's
    move when time runs out and `tabulae admin close` reach the connections of both; once an
    account's password changes through one, the connections holding its old seat token are
    closed with 4403 in both, and the other process refuses the old token too."""
    redis = redis_url()
    options = player_options(1, "reminders_per_move=0")
    with (
        postgres_database() as db,
        running(db, redis, options) as first,
        running(db, redis, options) as second,
        first.http() as one,
        second.http() as two,
    ):
        table, tokens = seated_table(one, move_seconds=3)

        async def across() -> tuple[Socket, Socket]:
            async with (
                Socket(first.ws_url, table, tokens[0]) as ann,
                Socket(second.ws_url, table, tokens[1]) as bea,
            ):
                await asyncio.to_thread(say, two, table, "players", "from the second", tokens[1])
                await ann.wait(said("from the second"))
                await asyncio.to_thread(say, one, table, "players", "from the first", tokens[0])
                await bea.wait(said("from the first"))
                for socket in (ann, bea):
                    await socket.wait(
                        lambda m: m["type"] == "table" and m["table"]["timeouts"], timeout=40
                    )
                shown = await asyncio.to_thread(admin, db, "close", table, "--redis", redis)
                assert "2 server process(es) told." in shown
                for socket in (ann, bea):
                    await socket.wait(
                        lambda m: m["type"] == "table" and m["table"]["status"] == "closed"
                    )
                    await socket.wait(lambda m: m["type"] == "update" and m["status"] == "closed")
                return ann, bea

        ann, bea = asyncio.run(across())

        sign_up(one, f"p{uuid.uuid4().hex[:10]}", PASSWORD)
        table = create(one, TOY, 2, {1: "random"})["id"]
        old = one.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
        change = {"password": PASSWORD, "new_password": "a new password"}

        async def change_the_password() -> list[Socket]:
            async with (
                Socket(first.ws_url, table, old) as here,
                Socket(second.ws_url, table, old) as there,
            ):
                reply = await asyncio.to_thread(one.post, "/me/password", json=change)
                assert reply.status_code == 200, reply.text
                ended, _ = await asyncio.wait([here.reader, there.reader], timeout=20)
                assert len(ended) == 2  # each reading ends as its server closes the connection
                return [here, there]

        closed = asyncio.run(change_the_password())
        refused = two.get(f"/tables/{table}/state", headers={"X-Seat-Token": old})
        assert refused.status_code == 403, refused.text
    for socket in (ann, bea):
        assert socket.chat() == [("players", "from the second"), ("players", "from the first")]
        updates = [m for m in socket.messages if m["type"] == "update"]
        assert updates[-1]["legal"] == []
    for socket in closed:
        assert socket.messages[-1]["error"]["code"] == "wrong_token"
        assert socket.ws.close_code == 4403


@pytest.fixture(scope="module")
def reminding(tmp_path_factory):
    """(server, mailbox): reminders when a move starts and once half its time is spent."""
    db = str(tmp_path_factory.mktemp("db") / "reminders.sqlite")
    with (
        smtp_server() as (mailbox, port),
        running(db, options=player_options(port, "reminder_late_at=0.5")) as server,
    ):
        yield server, mailbox


def account(server, mailbox, language: str) -> tuple[object, str]:
    """A new account whose address is confirmed, so that reminders go to it."""
    http = server.http()
    address = f"{uuid.uuid4().hex[:8]}@example.org"
    sign_up(http, f"p{uuid.uuid4().hex[:10]}", PASSWORD, email=address, language=language)
    confirm(http, mailbox, address)
    return http, address


def test_a_move_gets_a_reminder_when_it_starts_and_one_before_its_time_runs_out(reminding):
    """In the player's language (Polish here); then a bot moves, and no third mail comes for
    that move."""
    server, mailbox = reminding
    ann, address = account(server, mailbox, "pl")
    table = create(ann, TOY, 2, {}, move_seconds=6)["id"]
    ann.post(f"/tables/{table}/join", json={"name": "Ann", "seat": 0})
    with server.http() as bea:
        bea.post(f"/tables/{table}/join", json={"name": "Bea", "seat": 1})
    started = time.monotonic()
    first = mailbox.wait_for(address)
    assert first["Subject"] == f"Twój ruch w grze Tesserae (stół {table})"
    assert "Twój ruch w grze Tesserae przy stole" in first.get_content()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(mailbox.to(address)) < 2:
        time.sleep(0.1)
    late = mailbox.to(address)[1]
    assert 2.5 < time.monotonic() - started < 6  # half of the 6 s is spent, not all
    assert late["Subject"].startswith("Twój ruch w grze Tesserae: zostało ")
    assert "bot" in late.get_content()
    while time.monotonic() < deadline and not ann.get(f"/tables/{table}").json()["timeouts"]:
        time.sleep(0.2)
    time.sleep(2)  # Bea's move: still less than her 6 s
    assert len(mailbox.to(address)) == 2
    ann.close()


def test_a_player_at_the_table_gets_no_reminder_when_the_move_starts(reminding):
    server, mailbox = reminding
    ann, address = account(server, mailbox, "ru")
    table = create(ann, TOY, 2, {}, move_seconds=4)["id"]
    token = ann.post(f"/tables/{table}/join", json={"name": "Ann", "seat": 0}).json()["token"]

    async def at_the_table() -> None:
        async with Socket(server.ws_url, table, token) as socket:
            with server.http() as bea:
                await asyncio.to_thread(
                    bea.post, f"/tables/{table}/join", json={"name": "Bea", "seat": 1}
                )
            await socket.wait(lambda m: m["type"] == "table" and m["table"]["timeouts"])

    asyncio.run(at_the_table())
    [late] = mailbox.to(address)  # only the one before the time ran out
    assert late["Subject"].startswith("Ваш ход в игре Tesserae: осталось ")
    ann.close()


def test_reminders_are_never_more_than_the_settings_allow(tmp_path):
    with (
        smtp_server() as (mailbox, port),
        running(
            str(tmp_path / "one.sqlite"),
            options=player_options(port, "reminder_late_at=0.5", "reminders_per_move=1"),
        ) as server,
    ):
        ann, address = account(server, mailbox, "nl")
        table = create(ann, TOY, 2, {}, move_seconds=3)["id"]
        ann.post(f"/tables/{table}/join", json={"name": "Ann", "seat": 0})
        with server.http() as bea:
            bea.post(f"/tables/{table}/join", json={"name": "Bea", "seat": 1})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not ann.get(f"/tables/{table}").json()["timeouts"]:
            time.sleep(0.2)
        [only] = mailbox.to(address)
        assert only["Subject"] == f"Jouw zet in Tesserae (tafel {table})"
        ann.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_upgrading_a_database_of_the_current_version_keeps_its_accounts_and_tables(kind, tmp_path):
    """A database made before account languages and reminders: its accounts, sessions,
    tables and seats survive the upgrade; their reminders are in English, none sent yet."""
    database = postgres_database() if kind == "postgresql" else nullcontext(str(tmp_path / "o"))
    with database as db:
        store = Storage(database_url(db))
        with migrated_to(store, "0003") as connection:
            connection.exec_driver_sql(
                "INSERT INTO accounts (username, username_key, password_hash, email, created_at) "
                "VALUES ('Ann', 'ann', '$argon2id$x', 'ann@example.org', '2026-11-20 10:00:00')"
            )
            connection.exec_driver_sql(
                "INSERT INTO tables (id, game, players, seed, options, status, created_at, "
                "seeded, secret, move_seconds) VALUES ('t1', 'tesserae', 2, 5, '{}', "
                f"'playing', '2026-11-20 10:00:00', false, '{'ab' * 32}', 3600)"
            )
            connection.exec_driver_sql(
                "INSERT INTO seats (table_id, seat, name, token_hash, account_id) VALUES "
                "('t1', 0, 'Ann', 'h0', 1), ('t1', 1, 'Bea', 'h1', NULL)"
            )
        store.migrate()
        [ann] = store.accounts()
        assert (ann.username, ann.email, ann.language) == ("Ann", "ann@example.org", None)
        table, _ = store.load("t1")
        assert table.move_seconds == 3600 and table.seats[0].account_id == ann.id
        assert store.claim_reminder("t1", 0, 1, 1)  # the first reminder of move 0 may go
        assert not store.claim_reminder("t1", 0, 1, 1)  # and only once
        store.close()
