"""Taking back one's own actions at a table: a row of its own in the append-only log, which
every seat sees and which survives a restart of the server."""

from __future__ import annotations

import asyncio
import json
from contextlib import nullcontext

import pytest
import websockets

from tabulae.core import Action, Rng, load
from tabulae.server.bots import Decision, replayed
from tabulae.server.config import database_url
from tabulae.server.live import LiveTable
from tabulae.server.storage import ActionRow, Storage

from .harness import Server, migrated_to
from .take_backs import SEED, act, offline, seated, state, table_row, take_back


def test_an_action_taken_back_leaves_the_board_as_the_log_without_it(client):
    table, tokens, first = seated(client)
    mine, theirs = tokens[first], tokens[1 - first]
    assert act(client, table, mine, "take 1", 0)["state"]["take_back"] == 1
    after = act(client, table, mine, "buy tool mallet", 1)["state"]
    assert after["take_back"] == 2
    assert state(client, table, theirs)["take_back"] == 0, "only the seat that acted"

    reply = take_back(client, table, mine, 1, 2)
    assert reply.status_code == 200, reply.text
    now = reply.json()["state"]
    assert reply.json()["version"] == now["version"] == 3, "a take-back is a version of its own"
    assert now["view"] == offline((first, "take 1")).view(first)
    assert now["take_back"] == 1
    assert now["legal"] == [a.to_json() for a in offline((first, "take 1")).legal_actions(first)]
    told = {"version": 3, "key": "took_back", "args": {"seat": first, "count": 1}}
    assert told in now["events"]

    other = state(client, table, theirs)
    assert other["view"] == offline((first, "take 1")).view(1 - first)
    assert told in other["events"]
    bought = [e for e in other["events"] if e["version"] == 2]
    assert bought and bought[0]["key"] == "builders.bought", "the taken-back action stays told"
    assert state(client, table, at=2)["view"] != state(client, table, at=3)["view"]
    assert state(client, table, at=3)["view"] == state(client, table, at=1)["view"]

    act(client, table, mine, "end", 3)
    record = client.get(f"/tables/{table}/match").json()
    assert record["actions_played"] == 4
    assert any(e["key"] == "took_back" for e in record["events"])


def test_a_take_back_the_engine_does_not_allow_is_refused_in_the_player_s_language(client):
    table, tokens, first = seated(client)
    mine, theirs = tokens[first], tokens[1 - first]
    nothing = take_back(client, table, mine, 1, 0)
    assert nothing.status_code == 409 and nothing.json()["error"]["code"] == "cannot_take_back"
    act(client, table, mine, "take 1", 0)
    too_many = take_back(client, table, mine, 2, 1, **{"Accept-Language": "pl"})
    error = too_many.json()["error"]
    assert too_many.status_code == 409 and error["allowed"] == 1 and error["version"] == 1
    assert error["message"].startswith("Możesz cofnąć"), error["message"]
    assert take_back(client, table, theirs, 1, 1).json()["error"]["allowed"] == 0
    row = state(client, table, mine)["view"]["buildings"]["row"][0]["id"]
    act(client, table, mine, f"start {row}", 1)
    dealt = take_back(client, table, mine, 1, 2, **{"Accept-Language": "nl"})
    assert dealt.status_code == 409 and dealt.json()["error"]["allowed"] == 0
    assert "geen actie terugnemen" in dealt.json()["error"]["message"]
    assert take_back(client, table, mine, 1, 1).json()["error"]["code"] == "stale_version"
    for count in (0, -1, "1", None, 2**40):
        hostile = client.post(
            f"/tables/{table}/take-back",
            headers={"X-Seat-Token": mine},
            json={"count": count, "version": 2},
        )
        assert hostile.status_code == 422, count
    assert client.post(f"/tables/{table}/take-back", json={"version": 2}).status_code == 401
    assert client.get(f"/tables/{table}").json()["version"] == 2, "nothing was logged"


def test_another_player_sees_the_board_return_over_the_live_socket(server, client):
    table, tokens, first = seated(client)

    async def session() -> tuple[list[dict], list[dict]]:
        url = f"{server.ws_url}/api/tables/{table}/live"
        async with websockets.connect(url) as mover, websockets.connect(url) as watcher:
            for ws, token in ((mover, tokens[first]), (watcher, tokens[1 - first])):
                await ws.send(json.dumps({"type": "hello", "token": token, "since": -1}))
            await mover.send(json.dumps({"type": "act", "action": "take 3", "version": 0}))
            await mover.send(json.dumps({"type": "take_back", "count": 1, "version": 1}))
            await mover.send(json.dumps({"type": "take_back", "count": 1, "version": 2}))
            heard = await until(mover, lambda m: m["type"] == "error")
            seen = await until(watcher, lambda m: m.get("version") == 2)
            return heard, seen

    heard, seen = asyncio.run(asyncio.wait_for(session(), 60))
    acks = [m for m in heard if m["type"] == "ack"]
    assert [a["version"] for a in acks] == [1, 2]
    assert heard[-1]["error"]["code"] == "cannot_take_back"
    assert heard[-1]["error"]["allowed"] == 0
    last = seen[-1]
    assert last["view"] == offline().view(1 - first), "the board is back where it was"
    assert {"version": 2, "key": "took_back", "args": {"seat": first, "count": 1}} in [
        e for update in seen for e in update.get("events", [])
    ]
    assert last["take_back"] == 0


async def until(ws, found) -> list[dict]:
    messages = []
    while True:
        message = json.loads(await ws.recv())
        messages.append(message)
        if found(message):
            return messages


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_table_with_take_backs_is_rebuilt_from_its_log_after_a_restart(tmp_path, backend):
    from .harness import postgres_database

    database = (
        postgres_database()
        if backend == "postgresql"
        else nullcontext(str(tmp_path / "tabulae.sqlite"))
    )
    with database as db:
        server = Server(db).start()
        try:
            with server.http() as client:
                table, tokens, first = seated(client)
                mine = tokens[first]
                act(client, table, mine, "take 1", 0)
                act(client, table, mine, "take 3", 1)
                assert take_back(client, table, mine, 2, 2).status_code == 200
                act(client, table, mine, "take 6", 3)
                before = state(client, table, mine)
            server.kill()
            server = Server(db).start()
            with server.http() as client:
                after = state(client, table, mine)
                assert after == before
                assert after["view"] == offline((first, "take 6")).view(first)
                assert take_back(client, table, mine, 1, 4).status_code == 200
                assert state(client, table, mine)["view"] == offline().view(first)
        finally:
            server.stop()


def test_a_database_of_the_previous_version_takes_take_backs_after_the_upgrade(tmp_path):
    """A log made before take-backs: its actions stay actions, and take-backs follow them."""
    store = Storage(database_url(str(tmp_path / "old.sqlite")))
    with migrated_to(store, "0005") as connection:
        connection.exec_driver_sql(
            "INSERT INTO tables (id, game, players, seed, options, status, created_at, "
            "seeded, secret) VALUES ('t1', 'builders', 2, 3, '{}', 'playing', "
            f"'2026-11-01 10:00:00', false, '{'ab' * 32}')"
        )
        connection.exec_driver_sql(
            "INSERT INTO seats (table_id, seat, name) VALUES ('t1', 0, 'Ann'), ('t1', 1, 'Bea')"
        )
        connection.exec_driver_sql(
            "INSERT INTO actions (table_id, seq, seat, action, created_at) "
            """VALUES ('t1', 1, 0, '["take", 1]', '2026-11-01 10:01:00')"""
        )
    store.migrate()
    from tabulae.server.storage import Append

    store.append(
        [
            Append(
                table_id="t1",
                row=ActionRow(seq=2, seat=0, action=[], client_action_id=None, takes_back=1),
                token_hash=None,
                finished=False,
            )
        ]
    )
    _, log = store.load("t1")
    assert [(r.seq, r.action, r.takes_back) for r in log] == [(1, ["take", 1], None), (2, [], 1)]
    store.close()


def test_a_bot_never_takes_back():
    live = LiveTable(table_row({}), [])
    first = live.state.to_move[0]
    bots = {first: "random"}
    live = LiveTable(
        table_row(bots), [ActionRow(seq=1, seat=first, action=["take", 1], client_action_id=None)]
    )
    assert live.take_backs.allowed(first) == 1, "the engine would allow it"
    assert live.may_take_back(first) == 0 and live.snapshot(first)["take_back"] == 0


def test_the_actions_that_stand_at_every_version_leave_out_those_taken_back():
    first = LiveTable(table_row({}), []).state.to_move[0]
    rows = [
        ActionRow(seq=1, seat=first, action=["take", 1], client_action_id=None),
        ActionRow(seq=2, seat=first, action=["take", 3], client_action_id=None),
        ActionRow(seq=3, seat=first, action=[], client_action_id=None, takes_back=1),
        ActionRow(seq=4, seat=first, action=["take", 6], client_action_id=None),
    ]
    live = LiveTable(table_row({}), rows)
    take = {n: (first, Action("take", n)) for n in (1, 3, 6)}
    assert live.standing(2) == ([take[1], take[3]], 0)
    assert live.standing(3) == ([take[1]], 1)
    assert live.standing(4) == ([take[1], take[6]], 1) == (live.played, live.lines)
    assert live.replay(3).view(None) == offline((first, "take 1")).view(None)
    assert live.state.view(None) == offline((first, "take 1"), (first, "take 6")).view(None)
    assert live.may_take_back(first) == 2


def test_a_timed_table_offers_no_take_back():
    """A take-back starts the turn again: at a table with a move time limit or clocks, it
    would give the player the time back (and a clock's increment for the action)."""
    first = LiveTable(table_row({}), []).state.to_move[0]
    played = [ActionRow(seq=1, seat=first, action=["take", 1], client_action_id=None)]
    for timing in ({"move_seconds": 60}, {"clock_increment": 5.0}):
        row = table_row({})
        for name, value in timing.items():
            setattr(row, name, value)
        live = LiveTable(row, played)
        assert live.take_backs.allowed(first) == 1 and live.may_take_back(first) == 0
    assert LiveTable(table_row({}), played).may_take_back(first) == 1


def test_a_bot_worker_replays_a_log_that_a_take_back_changed():
    """A worker remembers each table's state; a take-back and another action give a log as
    long as the remembered one, which the worker must not take for the same."""
    first = load("builders").new(2, seed=SEED).to_move[0]

    def decision(line: int, *actions: str) -> Decision:
        log = [(first, Action.parse(a).to_json()) for a in actions]
        return Decision("w", "builders", 2, SEED, {}, log, 1, "random", {}, Rng(1), 1.0, line)

    assert replayed(decision(0, "take 1")).view(None) == offline((first, "take 1")).view(None)
    changed = replayed(decision(1, "take 3"))
    assert changed.view(None) == offline((first, "take 3")).view(None)
