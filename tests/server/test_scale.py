"""Two server processes sharing PostgreSQL and fanning out through Redis act as one service."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets

from tests.services import redis_url

from .harness import TOY, create, join, postgres_database, race, running


def eventually(check, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture(scope="module")
def pair():
    with (
        postgres_database() as db,
        running(db, redis_url()) as first,
        running(db, redis_url()) as second,
    ):
        yield first, second


def test_a_client_of_one_process_sees_moves_made_through_the_other(pair):
    first, second = pair
    with first.http() as one, second.http() as two:
        table = create(one, TOY, 2, {}, seed=8)["id"]
        watcher = join(one, table, 0)
        mover = join(two, table, 1)

        async def watch_and_move() -> list[dict]:
            seen = []
            async with websockets.connect(f"{first.ws_url}/api/tables/{table}/live") as ws:
                await ws.send(json.dumps({"type": "hello", "token": watcher}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 20))
                    if message["type"] != "update":
                        continue
                    seen.append(message)
                    if message["version"] == 0 and message["status"] == "playing":
                        reply = one.post(
                            f"/tables/{table}/actions",
                            json={"action": ["pass"], "version": 0},
                            headers={"X-Seat-Token": watcher},
                        )
                        assert reply.status_code == 200, reply.text
                    if message["version"] == 1:
                        reply = two.post(
                            f"/tables/{table}/actions",
                            json={"action": ["draw"], "version": 1},
                            headers={"X-Seat-Token": mover},
                        )
                        assert reply.status_code == 200, reply.text
                    if message["version"] == 2:
                        return seen

        seen = asyncio.run(watch_and_move())
        moved = [e for e in seen[-1]["events"] if e["key"] == "tesserae.drew"]
        assert moved == [{"version": 2, "key": "tesserae.drew", "args": {"seat": 1}}]
        assert "tesserae.drew_tile" not in json.dumps(seen), "the other seat's tile stays hidden"
        assert two.get(f"/tables/{table}").json()["version"] == 2


def test_seats_taken_through_one_process_are_known_to_the_other(pair):
    first, second = pair
    with first.http() as one, second.http() as two:
        table = create(one, TOY, 2, {})["id"]
        two.get(f"/tables/{table}")  # the second process has the table in memory
        join(one, table, 0)
        assert eventually(lambda: two.get(f"/tables/{table}").json()["seats"][0]["taken"])
        reply = two.post(f"/tables/{table}/join", json={"name": "Late", "seat": 0})
        assert reply.status_code == 409 and reply.json()["error"]["code"] == "seat_taken"


def test_two_processes_racing_through_two_servers_exactly_one_wins(pair):
    first, second = pair
    with first.http() as one, second.http() as two:
        table = create(one, TOY, 2, {}, seed=2)["id"]
        tokens = [join(one, table, 0), join(two, table, 1)]
        two.get(f"/tables/{table}")
        codes = race([first.url, second.url], table, tokens[0], [["draw"], ["pass"]], 0)
        assert sorted(codes) == [200, 409]
        for client in (one, two):
            state = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": tokens[1]})
            assert state.json()["version"] == 1
