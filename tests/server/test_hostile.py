"""Hostile clients against the real server on loopback: each attack a red-team pass found,
replayed, and refused or made harmless."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import uuid

import httpx
import pytest
import websockets

from tabulae.core import load
from tabulae.server.config import database_url
from tabulae.server.storage import SeatRow, Storage, TableRow
from tests.services import redis_url

from .harness import TOY, create, join, postgres_database, running
from .tables import error, play_to_the_end


def eventually(check, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def version(client: httpx.Client, table: str) -> int:
    return client.get(f"/tables/{table}").json()["version"]


def new_table(client: httpx.Client, body: bytes) -> httpx.Response:
    return client.post("/tables", content=body, headers={"Content-Type": "application/json"})


async def refusal(ws_url: str, table: str, *frames: str | bytes) -> tuple[dict, int | None]:
    """Send `frames` on a live connection; return the last error it received and its close
    code."""
    async with websockets.connect(f"{ws_url}/api/tables/{table}/live") as ws:
        try:  # a connection refused at once may be closed before the frames are sent
            for frame in frames:
                await ws.send(frame)
        except websockets.ConnectionClosed:
            pass
        last = None
        try:
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "error":
                    last = message
        except websockets.ConnectionClosed:
            pass
        return last, ws.close_code


# 1. Bot parameters have no bounds


@pytest.mark.parametrize(
    "params",
    [
        b'{"seconds": NaN}',
        b'{"seconds": Infinity}',
        b'{"seconds": -Infinity}',
        b'{"iterations": 1e308}',
        b'{"iterations": 100001}',
        b'{"seconds": 61}',
        b'{"iterations": true}',
        b'{"iterations": "10"}',
        b'{"c": 1e400}',
        b'{"rollout": "ismcts"}',
    ],
)
def test_bot_parameters_out_of_bounds_are_refused(client, params):
    body = b'{"game": "tesserae", "players": 2, "seats": [{}, {"bot": "ismcts", "params": %s}]}'
    reply = new_table(client, body % params)
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"]["code"] in ("invalid_request", "bad_bot")
    assert reply.json()["error"]["message"]


def test_greedy_samples_are_bounded(client):
    seats = [{}, {"bot": "greedy", "params": {"samples": 10**18}}]
    body = error(
        client.post("/tables", json={"game": TOY, "players": 2, "seats": seats}), 422, "bad_bot"
    )
    assert "samples is from 1 to 64" in body["message"]


def test_a_bot_parameter_naming_a_file_is_refused(client):
    seats = [{}, {"bot": "learned", "params": {"weights": "/etc/passwd"}}]
    body = error(
        client.post("/tables", json={"game": TOY, "players": 2, "seats": seats}), 422, "bad_bot"
    )
    assert "weights names a file" in body["message"]


def test_a_bot_that_cannot_play_the_game_is_refused_before_the_table_opens(client):
    seats = [{}, {"bot": "learned"}]
    body = error(
        client.post("/tables", json={"game": TOY, "players": 2, "seats": seats}), 422, "bad_bot"
    )
    assert "designs no observation, which the learned bot reads" in body["message"]
    plays = {bot["name"]: bot["plays"] for bot in client.get("/bots").json()}
    assert plays["random"] is None and TOY not in plays["learned"], "the lobby offers it"
    assert plays["learned"] == {"builders": [2], "sylla": [3]}


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    """A server whose bots decide within 0.3 s, on two threads."""
    db = str(tmp_path_factory.mktemp("capped") / "tabulae.sqlite")
    with running(db, options=("--bot-seconds", "0.3", "--tables-per-minute", "1000")) as server:
        yield server


def test_the_slowest_bots_allowed_neither_stall_other_tables_nor_themselves(capped):
    """Four tables of the slowest search a client may ask for (60 s a decision) take turns
    with everyone else: each decision is cut at the server's cap, so a new all-bot table
    plays on, and so do they."""
    slow = {"bot": "ismcts", "params": {"seconds": 60, "iterations": 100_000}}
    with capped.http() as client:
        stalling = [
            create_raw(client, {"game": TOY, "players": 4, "seats": [slow] * 4}) for _ in range(4)
        ]
        fresh = create_raw(client, {"game": TOY, "players": 2, "seats": [{"bot": "random"}] * 2})
        assert eventually(lambda: version(client, fresh) >= 3)
        assert eventually(lambda: all(version(client, table) >= 1 for table in stalling))


def test_a_stored_table_with_unbounded_bots_is_not_brought_back_by_a_restart(tmp_path):
    """A table stored before the bounds, its bot set to think for ever, is refused when the
    server rebuilds its tables, and the other bots play on."""
    db = str(tmp_path / "tabulae.sqlite")
    storage = Storage(database_url(db))
    storage.migrate()
    endless = SeatRow(seat=0, bot="ismcts", bot_params={"seconds": float("nan")})
    stored = TableRow(
        id="stalled",
        game=TOY,
        players=2,
        seed=1,
        options={},
        status="playing",
        seats=[endless, SeatRow(seat=1, bot="random")],
        secret="00" * 32,
    )
    storage.create(stored)
    storage.close()
    with running(db) as server, server.http() as client:
        error(client.get("/tables/stalled"), 503, "table_unavailable")
        fresh = create_raw(client, {"game": TOY, "players": 2, "seats": [{"bot": "random"}] * 2})
        assert eventually(lambda: version(client, fresh) >= 3)


def create_raw(client: httpx.Client, spec: dict) -> str:
    reply = client.post("/tables", json=spec)
    assert reply.status_code == 201, reply.text
    return reply.json()["id"]


# 2. A creator-chosen seed gives away hidden information


def test_a_seeded_table_says_so_and_every_joiner_accepts_it(client):
    seed = 123456789
    table = client.post("/tables", json={"game": "hadrians_wall", "players": 2, "seed": seed})
    assert table.status_code == 201, table.text
    shown = table.json()
    assert shown["seeded"] is True and shown["seed"] == seed
    listed = client.get("/tables").json()
    assert next(t for t in listed if t["id"] == shown["id"])["seeded"] is True
    refused = client.post(f"/tables/{shown['id']}/join", json={"name": "Ann"})
    assert error(refused, 409, "seed_not_accepted")["seed"] == seed
    join(client, shown["id"], 0, "Ann")
    second = join(client, shown["id"], 1, "Bea")
    view = client.get(f"/tables/{shown['id']}/state", headers={"X-Seat-Token": second}).json()
    # what anyone could work out offline, and now everyone at the table knows they could
    assert view["view"]["drawn"] == load("hadrians_wall").new(2, seed).view(1)["drawn"]


def test_an_unseeded_tables_seed_and_bot_randomness_stay_on_the_server(client):
    table = create(client, TOY, 2, {1: "random"})
    assert table["seeded"] is False and table["seed"] is None
    token = join(client, table["id"], 0)
    during = client.get(f"/tables/{table['id']}/match").json()
    assert "seed" not in during
    state = client.get(f"/tables/{table['id']}/state", headers={"X-Seat-Token": token}).json()
    assert "seed" not in json.dumps(state)


def test_a_seeded_table_with_one_person_needs_no_acceptance(client):
    table = create(client, TOY, 2, {1: "random"}, seed=5)
    reply = client.post(f"/tables/{table['id']}/join", json={"name": "Solo"})
    assert reply.status_code == 200, reply.text


# 3. Seat takeover reveals secrets; one person holds two seats


def test_a_seat_left_during_play_goes_to_a_bot_and_never_to_a_newcomer(client):
    table = create(client, TOY, 2, {})["id"]
    ann, bea = join(client, table, 0, "Ann"), join(client, table, 1, "Bea")
    client.post(
        f"/tables/{table}/actions",
        json={"action": ["draw"], "version": 0},
        headers={"X-Seat-Token": ann},
    )
    left = client.post(f"/tables/{table}/leave", headers={"X-Seat-Token": bea})
    assert left.json()["table"]["seats"][1]["bot"] == "greedy"
    error(
        client.post(f"/tables/{table}/join", json={"name": "Eve", "seat": 1}), 409, "game_started"
    )
    reply = client.get(f"/tables/{table}/state", params={"at": 0}, headers={"X-Seat-Token": bea})
    error(reply, 403, "wrong_token")
    assert eventually(lambda: version(client, table) >= 2)  # the bot played seat 1's turn


def test_one_browser_cannot_hold_two_seats_of_a_table(client):
    table = create(client, TOY, 3, {})["id"]
    mine = join(client, table, 0, "Ann")
    again = client.post(
        f"/tables/{table}/join", json={"name": "Anna"}, headers={"X-Seat-Token": mine}
    )
    error(again, 409, "already_seated")


# 4. Two processes: a fresh token is honoured by the other one


def test_a_token_from_one_process_is_honoured_at_once_by_the_other():
    redis = redis_url()
    with postgres_database() as db, running(db, redis) as first, running(db, redis) as second:
        with first.http() as one, second.http() as two:
            seated = []
            for _ in range(40):
                table = create(one, TOY, 2, {})["id"]  # in the first process's memory
                token = join(two, table, 0)
                reply = one.get(f"/tables/{table}/state", headers={"X-Seat-Token": token})
                assert reply.status_code == 200, reply.text
                seated.append((table, token))

        async def hellos() -> list:
            seats = []
            for table, token in seated:
                async with websockets.connect(f"{first.ws_url}/api/tables/{table}/live") as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    seats.append(json.loads(await ws.recv()).get("seat"))
            return seats

        assert asyncio.run(hellos()) == [0] * 40


# 5. The table list is one query per table


def test_the_listing_is_bounded_and_shows_every_tables_seats(client):
    error(client.get("/tables", params={"limit": 500}), 422, "invalid_request")
    made = [create(client, TOY, 3, {2: "random"})["id"] for _ in range(3)]
    join(client, made[1], 0, "Ann")
    listed = {t["id"]: t for t in client.get("/tables", params={"limit": 200}).json()}
    assert [s["taken"] for s in listed[made[1]]["seats"]] == [True, False, True]
    assert [s["name"] for s in listed[made[1]]["seats"]][:1] == ["Ann"]
    assert all(len(listed[table]["seats"]) == 3 for table in made)


# 6. No resource limits


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    """A server with tight limits, to meet them quickly."""
    db = str(tmp_path_factory.mktemp("guarded") / "tabulae.sqlite")
    options = (
        *("--tables-per-minute", "3", "--open-table-minutes", "0.03"),
        *("--sockets-per-client", "2", "--socket-idle-timeout", "3", "--header-timeout", "1"),
    )
    with running(db, options=options) as server:
        yield server


def test_limits_new_tables_per_client_and_expire_open_ones(guarded):
    with guarded.http() as client:
        made = [create(client, TOY, 2, {})["id"] for _ in range(3)]
        flood = client.post("/tables", json={"game": TOY, "players": 2})
        assert error(flood, 429, "too_many_tables")["retry_after"] > 0
        assert eventually(lambda: client.get(f"/tables/{made[0]}").json()["status"] == "expired")
        assert made[0] not in [t["id"] for t in client.get("/tables").json()]
        refused = client.post(f"/tables/{made[0]}/join", json={"name": "Late"})
        assert error(refused, 409, "not_playing")["table_status"] == "expired"


def test_limits_sockets_per_client_and_idle_sockets(guarded):
    other = httpx.HTTPTransport(local_address="127.0.0.3")  # a client with tables to spare
    with httpx.Client(base_url=f"{guarded.url}/api", transport=other) as client:
        table = create(client, TOY, 2, {})["id"]

    async def attack() -> tuple:
        live = f"{guarded.ws_url}/api/tables/{table}/live"
        async with websockets.connect(live) as first, websockets.connect(live) as second:
            for ws in (first, second):
                await ws.send(json.dumps({"type": "hello"}))
            third = await refusal(guarded.ws_url, table, json.dumps({"type": "hello"}))
            # both say nothing more: the server closes them after its idle timeout
            await asyncio.wait_for(first.wait_closed(), 10)
            return third, first.close_code

    (message, code), idle_code = asyncio.run(attack())
    assert message["error"]["code"] == "too_many_sockets" and code == 4429
    assert idle_code == 4408


def test_slow_request_headers_are_cut_off(guarded):
    with socket.create_connection(("127.0.0.1", guarded.port)) as slow:
        slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the rest
        slow.settimeout(10)
        started = time.monotonic()
        assert slow.recv(100) == b""  # closed by the server
        assert time.monotonic() - started < 9


# 7. Rematch seats can be sniped; a lost join or rematch answer blocks the seat


def test_rematch_seats_are_kept_for_the_previous_players_and_asking_again_is_safe(client):
    table = create(client, TOY, 2, {}, options={"rounds": 1})["id"]
    tokens = [join(client, table, 0), join(client, table, 1)]
    play_to_the_end(client, table, tokens)
    asked = client.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": tokens[1]}).json()
    again = client.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": tokens[1]}).json()
    assert (again["seat"], again["token"]) == (asked["seat"], asked["token"]) == (1, asked["token"])
    following = asked["table"]["id"]
    sniped = client.post(f"/tables/{following}/join", json={"name": "Eve", "seat": 0})
    error(sniped, 409, "seat_reserved")
    first = client.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": tokens[0]}).json()
    assert first["seat"] == 0 and first["table"]["status"] == "playing"


def test_joining_again_with_the_same_join_id_gets_the_same_seat_and_token(client):
    table = create(client, TOY, 3, {})["id"]
    join_id = uuid.uuid4().hex
    body = {"name": "Ann", "join_id": join_id}
    once = client.post(f"/tables/{table}/join", json=body).json()
    twice = client.post(f"/tables/{table}/join", json=body).json()
    assert (once["seat"], once["token"]) == (twice["seat"], twice["token"])
    other = client.post(f"/tables/{table}/join", json={"name": "Bea", "join_id": uuid.uuid4().hex})
    assert other.json()["seat"] != once["seat"]
    short = client.post(f"/tables/{table}/join", json={"name": "Cy", "join_id": "1"})
    error(short, 422, "invalid_request")


# 8. WebSocket input that cannot be read


def test_unreadable_websocket_frames_are_a_4422(server, client):
    table = create(client, TOY, 2, {})["id"]
    deep = "[" * 100_000 + "]" * 100_000
    for frames in (
        [deep],
        [b"\x00\x01binary"],
        [json.dumps({"type": "hello"}), deep],
        [json.dumps({"type": "hello"}), b"\x00"],
        [json.dumps({"type": "hello"}), '{"type": "ping", "x": NaN}'],
    ):
        message, code = asyncio.run(refusal(server.ws_url, table, *frames))
        assert message["error"]["code"] == "invalid_request" and code == 4422, frames[-1][:20]


def test_deeply_nested_http_bodies_are_a_422_in_the_documented_shape(client):
    deep = b"[" * 100_000 + b"]" * 100_000
    error(new_table(client, deep), 422, "invalid_request")
    error(client.post("/matches", content=deep), 422, "invalid_request")


# 9. Lenient input


def test_types_are_strict(client):
    error(client.post("/tables", json={"game": TOY, "players": "3"}), 422, "invalid_request")
    error(client.post("/tables", json={"game": TOY, "players": 2.0}), 422, "invalid_request")
    table = create(client, TOY, 2, {})["id"]
    error(
        client.post(f"/tables/{table}/join", json={"name": "Al", "seat": "1"}),
        422,
        "invalid_request",
    )


@pytest.mark.parametrize(
    "name",
    ["Ann\u202e", "\u200bBea", "Ce\u2066cy", "Dee\ufeff", "E\u200dli", "line\u2028break"],
)
def test_names_with_invisible_characters_are_refused(client, name):
    table = create(client, TOY, 2, {})["id"]
    body = error(client.post(f"/tables/{table}/join", json={"name": name}), 422, "invalid_request")
    assert "printable" in body["message"]


def test_names_are_stored_in_one_unicode_form(client):
    table = create(client, TOY, 2, {})["id"]
    reply = client.post(f"/tables/{table}/join", json={"name": "Zoe\u0308"}).json()
    assert reply["table"]["seats"][reply["seat"]]["name"] == "Zo\u00eb"


# 10. A WebSocket that never reads, or floods the server with frames


@pytest.fixture(scope="module")
def unread(tmp_path_factory):
    """A server that lets 16 messages wait for a WebSocket, takes frames as fast as they come,
    and closes a silent socket after 5 s."""
    db = str(tmp_path_factory.mktemp("unread") / "tabulae.sqlite")
    options = (
        *("--socket-queue", "16", "--socket-frames-per-second", "1000000"),
        *("--socket-idle-timeout", "5"),
    )
    with running(db, options=options) as server:
        yield server


async def send_without_reading(server, table: str) -> tuple[list[dict], int | None]:
    """Send messages the server answers with as much as they carry (an error echoing a 16 kB
    client action id), reading nothing (the client library stops reading once one message
    waits), until the server stops taking them (a send waits 2 s) or 2000 went; then read
    everything that comes until the server closes. Returns what came and the close code."""
    url = f"{server.ws_url}/api/tables/{table}/live"
    frame = json.dumps({"type": "unanswerable", "client_action_id": "x" * 16_000})
    async with websockets.connect(url, max_queue=1, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        for _ in range(2000):
            try:
                await asyncio.wait_for(ws.send(frame), 2)
            except TimeoutError:
                break
        came = []
        try:
            async for text in ws:
                came.append(json.loads(text))
        except websockets.ConnectionClosed:
            pass
        return came, ws.close_code


def test_a_websocket_that_does_not_read_is_dropped_once_its_queue_is_full(unread):
    """A client sends and never reads the answers: the server answers until the socket's
    buffers and 16 queued messages are full, then reads nothing more from it, queues nothing
    more for it and closes it with 4413 once it reads again; the others are served as
    before."""
    with unread.http() as client:
        table = create(client, TOY, 2, {})["id"]
        came, code = asyncio.run(asyncio.wait_for(send_without_reading(unread, table), 60))
        assert code == 4413, (code, len(came))
        assert came[-1]["error"]["code"] == "not_reading"
        answered = sum(message.get("client_action_id") is not None for message in came)
        assert answered < 2000  # the rest were never read, let alone answered
        assert client.get(f"/tables/{table}").status_code == 200


def test_a_websocket_sending_more_frames_a_second_than_allowed_is_closed(server, client):
    """The shared test server allows 1,000 frames a second (as many at once); 5,000 pings at
    once are a flood."""
    table = create(client, TOY, 2, {})["id"]
    frames = [json.dumps({"type": "hello"}), *['{"type": "ping"}'] * 5000]
    message, code = asyncio.run(asyncio.wait_for(refusal(server.ws_url, table, *frames), 30))
    assert message["error"]["code"] == "too_many_frames" and code == 4429
