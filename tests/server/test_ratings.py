"""Rated tables against a real server: who is rated, and how, when one bot level holds several
seats, when a player leaves, on the leaderboard and in a rematch; and that the end of a rated
game always reaches the table, whoever makes the final move."""

from __future__ import annotations

import asyncio
import json
import time
import uuid

import pytest
import websockets

from .harness import LIMITS, TOY, running
from .players import play_randomly, sign_up

REAL_GAMES = ("sylla", "builders", "hadrians_wall")
SETTINGS = ("secure_cookies=false", "sign_ins_per_minute=1000000")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    options = LIMITS + tuple(o for s in SETTINGS for o in ("--set", s))
    with running(str(tmp_path_factory.mktemp("db") / "ratings.sqlite"), options=options) as started:
        yield started


def person(server):
    """A new browser, signed up as a fresh username: (client, username)."""
    http, username = server.http(), f"p{uuid.uuid4().hex[:10]}"
    sign_up(http, username)
    return http, username


def error(reply, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.json()["error"]["code"] == code


def rated_table(http, game: str, seats: list[dict], **options) -> str:
    spec = {"game": game, "players": len(seats), "seats": seats, "rated": True}
    reply = http.post("/tables", json=spec | ({"options": options} if options else {}))
    assert reply.status_code == 201, reply.text
    return reply.json()["id"]


def changes_of(http, table: str) -> list[dict]:
    """The table's rating changes, once the server has stored them (bounded wait)."""
    for _ in range(300):
        changes = http.get(f"/tables/{table}/ratings").json()
        if changes:
            return changes
        time.sleep(0.1)
    raise AssertionError(f"table {table} has no rating changes")


def games_of(http, game: str, name: str) -> int:
    return next(
        (e["games"] for e in http.get(f"/leaderboard/{game}").json() if e["name"] == name), 0
    )


def play_last(http, table: str, token: str) -> int:
    """Play the first legal action whenever the seat is the only one to move, so that its
    move is the game's last: the status of that final move's answer."""
    headers = {"X-Seat-Token": token}
    for _ in range(2000):
        state = http.get(f"/tables/{table}/state", headers=headers).json()
        assert state["status"] == "playing", state["status"]
        if state["legal"] and state["to_move"] == [state["seat"]]:
            body = {"action": state["legal"][0], "version": state["version"]}
            reply = http.post(f"/tables/{table}/actions", json=body, headers=headers)
            if reply.status_code != 200 or reply.json()["state"]["status"] == "finished":
                return reply.status_code
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not finish")


async def hello(server, table: str, token: str | None = None):
    ws = await websockets.connect(f"{server.ws_url}/api/tables/{table}/live")
    await ws.send(json.dumps({"type": "hello", "token": token, "since": -1}))
    return ws


async def until_finished(ws, seconds: float = 60) -> dict:
    """The first update that says the game is over (bounded wait)."""

    async def read() -> dict:
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "update" and message["status"] == "finished":
                return message
        raise AssertionError("the connection closed before the game ended")

    return await asyncio.wait_for(read(), seconds)


def test_a_person_ending_a_rated_game_against_one_bot_level_in_two_seats_over_http(server):
    """The person's move is the last: it is answered, the end reaches an open page, and the
    level is rated once, both its seats with the same change."""
    http, username = person(server)
    easy_before = games_of(http, "tesserae", "easy bot")
    table = rated_table(http, TOY, [{}, {"bot": "easy"}, {"bot": "easy"}], rounds=1)
    token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]

    async def watch_and_play() -> int:
        spectator = await hello(server, table)
        status = await asyncio.to_thread(play_last, http, table, token)
        await until_finished(spectator)
        await spectator.close()
        return status

    assert asyncio.run(watch_and_play()) == 200
    changes = changes_of(http, table)
    assert [c["seat"] for c in changes] == [0, 1, 2]
    assert changes[1]["after"] == changes[2]["after"] != changes[1]["before"]
    assert games_of(http, "tesserae", "easy bot") == easy_before + 1
    assert games_of(http, "tesserae", username) == 1
    http.close()


def test_a_person_ending_a_rated_game_against_one_bot_level_in_two_seats_over_websocket(server):
    http, _ = person(server)
    table = rated_table(http, TOY, [{}, {"bot": "random"}, {"bot": "random"}], rounds=1)
    token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]

    async def play() -> dict:
        ws = await hello(server, table, token)
        acted = None
        async for text in ws:
            message = json.loads(text)
            assert message["type"] != "error", message
            if message["type"] != "update":
                continue
            if message["status"] == "finished":
                await ws.close()
                return message
            if message["to_move"] == [0] and acted != message["version"]:
                acted = message["version"]
                act = {"type": "act", "action": message["legal"][0], "version": acted}
                await ws.send(json.dumps(act))
        raise AssertionError("the connection closed before the game ended")

    final = asyncio.run(asyncio.wait_for(play(), 60))
    assert final["result"] is not None
    assert len(changes_of(http, table)) == 3
    http.close()


def test_leaving_a_rated_game_rates_the_leaver_last_and_not_the_stand_in(server):
    """The stand-in bot plays the seat to the end, the final move a bot's: the end reaches
    the table, and the leaver, not the stand-in, is rated for the seat, in the last place."""
    http, username = person(server)
    table = rated_table(http, TOY, [{}, {"bot": "random"}, {"bot": "random"}])
    token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]

    async def leave_and_watch() -> None:
        spectator = await hello(server, table)
        reply = await asyncio.to_thread(
            http.post, f"/tables/{table}/leave", headers={"X-Seat-Token": token}
        )
        assert reply.status_code == 200, reply.text
        await until_finished(spectator)
        await spectator.close()

    asyncio.run(leave_and_watch())
    changes = changes_of(http, table)
    assert [c["seat"] for c in changes] == [0, 1, 2]
    assert changes[0]["after"] < changes[0]["before"] == 0.0  # last, from a newcomer's 0
    assert changes[1]["after"] > 0.0  # the level finished above the leaver
    page = http.get(f"/players/{username}").json()["games"]["tesserae"]
    assert page["rated_games"] == 1 and page["won"] == 0 and page["played"] == 1
    board = [entry["name"] for entry in http.get("/leaderboard/tesserae").json()]
    assert username in board and "greedy bot" not in board  # greedy: the stand-in
    http.close()


def test_every_game_rates_a_bot_level_holding_two_seats_once(server):
    """In each game two `random` seats and an `easy` one play a rated game out, the tables
    side by side (seconds each)."""
    http, _ = person(server)
    seats = [{"bot": "random"}, {"bot": "random"}, {"bot": "easy"}]
    tables = {game: rated_table(http, game, seats) for game in REAL_GAMES}
    for game, table in tables.items():
        changes = changes_of(http, table)
        assert [c["seat"] for c in changes] == [0, 1, 2], game
        assert changes[0]["after"] == changes[1]["after"], game
        assert http.get(f"/tables/{table}").json()["status"] == "finished"
    http.close()


def test_a_table_of_one_bot_level_alone_is_not_rated(server):
    http, _ = person(server)
    table = rated_table(http, TOY, [{"bot": "random"}, {"bot": "random"}])
    for _ in range(300):
        if http.get(f"/tables/{table}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    assert http.get(f"/tables/{table}").json()["status"] == "finished"
    assert http.get(f"/tables/{table}/ratings").json() == []
    http.close()


def test_the_leaderboard_names_accounts_by_username_whatever_name_they_sat_under(server):
    victim, victim_name = person(server)
    http, username = person(server)
    table = rated_table(http, TOY, [{}, {"bot": "random"}])
    token = http.post(f"/tables/{table}/join", json={"name": victim_name}).json()["token"]
    play_randomly(http, table, token)
    changes_of(http, table)
    names = [entry["name"] for entry in http.get("/leaderboard/tesserae").json()]
    assert username in names and victim_name not in names
    http.close()
    victim.close()


def test_a_rated_table_allows_no_hints_and_seats_only_accounts_one_each(server):
    http, _ = person(server)
    spec = {"game": TOY, "players": 2, "rated": True}
    error(http.post("/tables", json=spec | {"hints": True}), 422, "bad_options")
    with server.http() as guest:
        error(guest.post("/tables", json=spec), 401, "not_signed_in")
        table = rated_table(http, TOY, [{}, {}])
        error(guest.post(f"/tables/{table}/join", json={"name": "Guest"}), 401, "not_signed_in")
    first = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()
    again = http.post(f"/tables/{table}/join", json={"name": "Ann", "seat": 1}).json()
    assert again["seat"] == first["seat"] and again["token"] == first["token"]
    assert http.get(f"/tables/{table}").json()["status"] == "open"
    http.close()


def test_a_rated_table_cannot_be_made_with_the_coach(server):
    """The coach would play a part in every move: a rated game's results must be the
    players' own. The refusal says so, in the documented shape."""
    http, _ = person(server)
    spec = {"game": TOY, "players": 2, "rated": True, "coach": True}
    reply = http.post("/tables", json=spec)
    error(reply, 422, "bad_options")
    assert "coach" in reply.json()["error"]["message"]
    assert "rated" in reply.json()["error"]["message"]
    http.close()


def test_a_rematch_keeps_the_rating_the_time_limit_and_the_clock(server):
    http, _ = person(server)
    spec = {
        "game": TOY,
        "players": 2,
        "seats": [{}, {"bot": "random"}],
        "rated": True,
        "move_seconds": 3600,
        "clock": {"seconds": 600, "increment": 2},
    }
    reply = http.post("/tables", json=spec)
    assert reply.status_code == 201, reply.text
    table = reply.json()["id"]
    token = http.post(f"/tables/{table}/join", json={"name": "Ann"}).json()["token"]
    play_randomly(http, table, token)
    rematch = http.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": token}).json()
    following = rematch["table"]
    assert following["rated"] and following["move_seconds"] == 3600
    assert following["clock_increment"] == 2 and following["hints"] is False
    assert following["coach"] is False
    assert [seat["clock_left"] for seat in following["seats"]] == [600, 600]
    http.close()


def test_a_new_player_reads_a_rating_near_1500_marked_provisional(server):
    """However the first game goes, the leaderboard, the player page and the table's changes
    show the same number on the 1500 scale, never below zero, and provisional for a while."""
    http, username = person(server)
    table = rated_table(http, TOY, [{}, {"bot": "greedy"}])
    token = http.post(f"/tables/{table}/join", json={"name": username}).json()["token"]
    play_randomly(http, table, token)
    mine = next(change for change in changes_of(http, table) if change["seat"] == 0)
    assert mine["before_display"] == 1500 and mine["after_display"] > 1000
    assert abs(mine["after_display"] - (1500 + 20 * mine["after"])) <= 1
    stats = http.get(f"/players/{username}").json()["games"]["tesserae"]
    assert stats["display"] == mine["after_display"] and stats["provisional"] is True
    entry = next(e for e in http.get("/leaderboard/tesserae").json() if e["name"] == username)
    assert entry["display"] == mine["after_display"] and entry["provisional"] is True
    assert entry["rating"] == mine["after"]  # the ordinal still ranks the board
    http.close()
