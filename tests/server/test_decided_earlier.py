"""An action decided on an older version: played when it still means what it meant then (only
other seats' choices in the same simultaneous decision came in between, and its seat's choices
are the same), refused with the reason otherwise."""

from __future__ import annotations

import asyncio
import json

import websockets

from tabulae.core import Action
from tabulae.server.live import KEPT_STATES, LiveTable
from tabulae.server.storage import ActionRow, SeatRow, TableRow

from .harness import create, join
from .tables import act, error

HORREUM = "tests.plugin_games.horreum:GAME"  # a working season everyone plays at once
SOW, PRESS, REST = ["sow"], ["press"], ["rest"]  # the press serves the first to use it


def horreum(players: int = 2, years: int = 1) -> LiveTable:
    row = TableRow(
        id="decided",
        game=HORREUM,
        players=players,
        seed=1,
        options={"years": years},
        status="playing",
        seats=[SeatRow(seat=seat) for seat in range(players)],
    )
    return LiveTable(row, [])


def play(live: LiveTable, seat: int, action: list) -> None:
    """Play an action as this process does: the state before it is kept."""
    following = live.state.clone()
    following.apply(seat, Action.from_json(action))
    row = ActionRow(seq=live.version + 1, seat=seat, action=action, client_action_id=None)
    live.advance(following, row, Action.from_json(action))


def test_only_other_seats_choices_in_the_same_decision_leave_an_action_its_meaning():
    live = horreum()
    play(live, 0, SOW)
    assert live.moved_on(1, 0) is None  # seat 0 sowed; seat 1 may still press, sow or rest
    assert live.moved_on(0, 0) == "acted_since"
    assert live.moved_on(1, 2) == "ahead"
    play(live, 1, PRESS)
    assert live.moved_on(0, 1) == "choices_changed"  # the press is taken: no longer offered
    play(live, 0, REST)
    play(live, 1, REST)  # the market: one seller at a time
    seller = live.state.to_move[0]
    play(live, seller, ["done"])
    assert live.moved_on(1 - seller, live.version - 1) == "not_to_move"


def test_a_take_back_or_a_position_not_at_hand_leaves_an_old_decision_refused():
    live = horreum(3)
    play(live, 0, SOW)
    live.record(ActionRow(seq=2, seat=0, action=[], client_action_id=None, takes_back=1))
    assert live.moved_on(1, 0) == "taken_back"
    caught_up = horreum()
    caught_up.record(
        ActionRow(seq=1, seat=0, action=SOW, client_action_id=None)
    )  # played by another process
    assert caught_up.moved_on(1, 0) == "not_kept"
    years = KEPT_STATES // 4 + 1
    long = horreum(years=years)
    for _ in range(years):  # four rows a year: both rest, then both sell nothing
        play(long, 0, REST)
        play(long, 1, REST)
        for _ in range(2):
            play(long, long.state.to_move[0], ["done"])
    assert long.moved_on(1, 0) == "not_kept"


def test_two_seats_choosing_at_once_on_one_version_are_both_played(server, client):
    """Hadrian's Wall: both players pick their Path card at once, each on version 0."""
    table = create(client, "hadrians_wall", 2, {})["id"]
    tokens = [join(client, table, seat) for seat in range(2)]

    def legal(seat: int) -> list:
        headers = {"X-Seat-Token": tokens[seat]}
        return client.get(f"/tables/{table}/state", headers=headers).json()["legal"]

    paths = [legal(0), legal(1)]

    async def choose_over_the_live_socket() -> tuple[dict, dict]:
        async with websockets.connect(f"{server.ws_url}/api/tables/{table}/live") as ws:
            await ws.send(json.dumps({"type": "hello", "token": tokens[1]}))
            assert (await received(ws, "update"))["version"] == 0
            # meanwhile seat 0 chooses, on the version seat 1 is deciding on
            assert act(client, table, tokens[0], paths[0][0], 0).json()["version"] == 1
            sent = {"type": "act", "action": paths[1][0], "version": 0, "client_action_id": "c1"}
            await ws.send(json.dumps(sent))
            first = await received(ws, "ack", "error")
            await ws.send(json.dumps(sent))  # a retry is answered again, never played twice
            return first, await received(ws, "ack", "error")

    first, again = asyncio.run(choose_over_the_live_socket())
    assert first["type"] == "ack" and first["version"] == 2, first
    assert again["type"] == "ack" and again["version"] == 2 and again["repeated"], again
    # the other card, decided on version 0 too, after seat 0's own choice: refused
    body = error(act(client, table, tokens[0], paths[0][1], 0), 409, "stale_version")
    assert body["reason"] == "acted_since" and body["version"] == 2
    shown = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": tokens[0]}).json()
    assert shown["version"] == 2 and shown["to_move"] == [0, 1]  # both chose: the year's actions
    assert [p["paths"] for p in shown["view"]["players"]] == [[paths[0][0][1]], [paths[1][0][1]]]


async def received(ws, *kinds: str) -> dict:
    """The next message of one of `kinds` (bounded: a silent server fails the test)."""
    for _ in range(50):
        message = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if message["type"] in kinds:
            return message
    raise AssertionError(f"no {kinds} among 50 messages")
