"""Whole games over HTTP and the live WebSocket, with bots at the table."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets

import tabulae
from tabulae.core import Action, Match, load

from .harness import TOY, Player, create, join, play_all
from .updates import check_updates, shown_events, states_of

GAMES = [*tabulae.all_games(), TOY]


def seats_for(game: str) -> int:
    rules = load(game)
    return max(rules.min_players, min(3, rules.max_players))


@pytest.mark.parametrize("game", GAMES)
def test_a_complete_game_over_websockets_with_a_bot_shows_each_seat_only_its_view(
    server, client, game
):
    players = seats_for(game)
    bot = players - 1
    table = create(client, game, players, {bot: "random"}, seed=11)["id"]
    people = [Player(s, join(client, table, s), seed=s) for s in range(players) if s != bot]
    asyncio.run(play_all(server.ws_url, table, people))

    record = client.get(f"/tables/{table}/match").json()
    match = Match.from_json(record)
    states = states_of(match)
    final = states[-1].result()
    assert final is not None, "the game was played to its end"
    state = client.get(f"/tables/{table}/state").json()
    assert state["status"] == "finished" and state["version"] == len(match.actions)
    assert state["result"] == final.to_json()
    assert any(seat == bot for seat, _ in match.actions), "the bot played"
    for person in people:
        assert person.acks, "each person played"
        for ack in person.acks:
            assert match.actions[ack["version"] - 1][0] == person.seat
        check_updates(states, person.seat, person.updates)
        token_state = client.get(
            f"/tables/{table}/state", headers={"X-Seat-Token": person.token}
        ).json()
        check_updates(states, person.seat, [{"type": "update", **token_state}])


def test_a_table_of_bots_plays_itself_out_while_a_spectator_watches(server, client):
    table = create(client, TOY, 3, {0: "random", 1: "random", 2: "random"}, seed=5)["id"]

    async def watch() -> list[dict]:
        updates = []
        async with websockets.connect(f"{server.ws_url}/api/tables/{table}/live") as ws:
            await ws.send(json.dumps({"type": "hello"}))
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "update":
                    updates.append(message)
                    if message["status"] == "finished":
                        return updates
        return updates

    updates = asyncio.run(asyncio.wait_for(watch(), 60))
    states = states_of(Match.from_json(client.get(f"/tables/{table}/match").json()))
    assert updates[-1]["status"] == "finished"
    check_updates(states, None, updates)


def test_a_reconnecting_seat_resumes_from_the_version_it_last_saw(server, client):
    table = create(client, TOY, 2, {}, seed=9)["id"]
    tokens = [join(client, table, 0), join(client, table, 1)]
    match = Match(TOY, 2, seed=9)

    def play(count: int) -> None:
        for _ in range(count):
            state = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": tokens[0]})
            seat = state.json()["to_move"][0]
            mine = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": tokens[seat]})
            body = {"action": mine.json()["legal"][0], "version": mine.json()["version"]}
            reply = client.post(
                f"/tables/{table}/actions", json=body, headers={"X-Seat-Token": tokens[seat]}
            )
            assert reply.status_code == 200, reply.text
            match.actions.append((seat, Action.from_json(body["action"])))

    async def first_update(since: int) -> dict:
        async with websockets.connect(f"{server.ws_url}/api/tables/{table}/live") as ws:
            await ws.send(json.dumps({"type": "hello", "token": tokens[0], "since": since}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 20))
                if message["type"] == "update":
                    return message

    play(1)
    seen = asyncio.run(first_update(-1))["version"]
    play(2)
    resumed = asyncio.run(first_update(seen))
    states = states_of(match)
    assert resumed["version"] == seen + 2
    assert resumed["events"] == shown_events(states, 0, seen, seen + 2)
    assert resumed["events"] and all(e["version"] > seen for e in resumed["events"])


def test_a_seat_given_up_stops_receiving_and_its_socket_closes(server, client):
    table = create(client, TOY, 2, {})["id"]
    token = join(client, table, 0)

    async def watch_then_leave() -> tuple[dict, int | None]:
        async with websockets.connect(f"{server.ws_url}/api/tables/{table}/live") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            client.post(f"/tables/{table}/leave", headers={"X-Seat-Token": token})
            received = []
            while True:
                try:
                    received.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
                except websockets.ConnectionClosed as closed:
                    return received[-1], closed.rcvd.code if closed.rcvd else None

    last, code = asyncio.run(watch_then_leave())
    assert last["type"] == "error" and last["error"]["code"] == "wrong_token"
    assert code == 4403
