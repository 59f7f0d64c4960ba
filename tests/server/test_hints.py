"""Hints at the table: allowed by a table option, asked by a seated player at their turn,
searched in the bot workers within the bot time bound; refused everywhere else. The coach:
each move judged by the same search, told to the seat that made it and no one else."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets

from tabulae.bots.coach import CLOSE
from tabulae.core import Action, Match

from .harness import LIMITS, TOY, create, join, running

HINTS_PER_MINUTE = 3


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    """A server whose bots think 0.2 s and whose seats may ask for three hints a minute."""
    db = str(tmp_path_factory.mktemp("hints") / "tabulae.sqlite")
    options = (*LIMITS, "--bot-seconds", "0.2", "--set", f"hints_per_minute={HINTS_PER_MINUTE}")
    with running(db, options=options) as server:
        yield server


@pytest.fixture(scope="module")
def quick(quick_server):
    with quick_server.http() as http:
        yield http


def error(reply, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.json()["error"]["code"] == code


def seated(http, hints: bool) -> tuple[str, str, str]:
    """A seeded two-seat table of the test game, both seats taken: (table, token 0, token 1)."""
    table = create(http, TOY, 2, {}, seed=3, hints=hints)["id"]
    return table, join(http, table, 0), join(http, table, 1)


def ask(http, table: str, token: str | None):
    headers = {"X-Seat-Token": token} if token else {}
    return http.post(f"/tables/{table}/hint", headers=headers)


def test_a_player_at_their_turn_gets_the_best_legal_moves_best_first(quick):
    table, first, _ = seated(quick, hints=True)
    reply = ask(quick, table, first)
    assert reply.status_code == 200, reply.text
    found = reply.json()
    legal = Match(TOY, 2, seed=3).start().legal_actions(0)
    assert found["version"] == 0 and found["seat"] == 0 and found["measure"] == "wins"
    assert found["iterations"] > 0
    assert 1 <= len(found["moves"]) == min(3, len(legal))
    for move in found["moves"]:
        assert Action.from_json(move["action"]) in legal
        assert str(Action.from_json(move["action"])) == move["notation"]
        assert 0 <= move["value"] <= 1 and 0 < move["share"] <= 1
    visits = [move["visits"] for move in found["moves"]]
    assert visits == sorted(visits, reverse=True)


def test_a_table_that_does_not_allow_hints_refuses_them(quick):
    table, first, _ = seated(quick, hints=False)
    error(ask(quick, table, first), 403, "hints_not_allowed")
    assert quick.get(f"/tables/{table}").json()["hints"] is False


def test_spectators_out_of_turn_players_and_strangers_get_no_hint(quick):
    table, _, second = seated(quick, hints=True)
    error(ask(quick, table, None), 401, "token_required")
    error(ask(quick, table, "not-a-token"), 403, "wrong_token")
    error(ask(quick, table, second), 409, "not_your_turn")  # the first seat is to move


def test_a_table_still_waiting_for_players_gives_no_hint(quick):
    table = create(quick, TOY, 2, {}, hints=True)["id"]
    error(ask(quick, table, join(quick, table, 0)), 409, "not_playing")


def test_hints_are_rate_limited_per_seat(quick):
    table, first, _ = seated(quick, hints=True)
    for _ in range(HINTS_PER_MINUTE):
        assert ask(quick, table, first).status_code == 200
    error(ask(quick, table, first), 429, "too_many_hints")


def test_the_option_is_kept_in_the_database_and_the_listing(client):
    """On SQLite and PostgreSQL: the option is stored, listed, and off unless asked for."""
    allowed = create(client, TOY, 2, {}, hints=True)
    plain = create(client, TOY, 2, {})
    assert allowed["hints"] is True and plain["hints"] is False
    listed = {t["id"]: t["hints"] for t in client.get("/tables", params={"limit": 200}).json()}
    assert listed[allowed["id"]] is True and listed[plain["id"]] is False
    error(
        client.post("/tables", json={"game": TOY, "players": 2, "hints": "yes"}),
        422,
        "invalid_request",
    )


def test_bot_seats_take_levels_by_name_within_the_server_s_bot_bound(quick):
    """Two levels play each other to the end; the server cuts each search at 0.2 s."""
    table = create(quick, TOY, 2, {0: "hard", 1: "medium"}, options={"rounds": 1})["id"]
    facts = quick.get(f"/tables/{table}").json()
    assert [seat["bot"] for seat in facts["seats"]] == ["hard", "medium"]
    for _ in range(600):
        facts = quick.get(f"/tables/{table}").json()
        if facts["status"] == "finished":
            break
        time.sleep(0.1)
    assert facts["status"] == "finished"
    error(
        quick.post(
            "/tables",
            json={
                "game": TOY,
                "players": 2,
                "seats": [{}, {"bot": "hard", "params": {"iterations": 0}}],
            },
        ),
        422,
        "bad_bot",
    )


def seated_coached(http) -> tuple[str, str, str]:
    """A seeded two-seat coached table of the test game, both seats taken."""
    table = create(http, TOY, 2, {}, seed=3, coach=True)["id"]
    assert http.get(f"/tables/{table}").json()["coach"] is True
    return table, join(http, table, 0), join(http, table, 1)


async def hello(server, table: str, token: str | None):
    ws = await websockets.connect(f"{server.ws_url}/api/tables/{table}/live")
    await ws.send(json.dumps({"type": "hello", "token": token, "since": -1}))
    return ws


async def until(ws, kind: str) -> tuple[dict, list[dict]]:
    """The first message of `kind`, and every message before it (a bounded wait)."""
    seen: list[dict] = []

    async def read() -> tuple[dict, list[dict]]:
        async for text in ws:
            message = json.loads(text)
            if message["type"] == kind:
                return message, seen
            seen.append(message)
        raise AssertionError(f"the connection closed before a {kind} message")

    return await asyncio.wait_for(read(), 60)


async def heard_until_pong(ws) -> list[dict]:
    """What waited for `ws` before an answer to a ping sent now: everything queued for it."""
    await ws.send(json.dumps({"type": "ping"}))
    return (await until(ws, "pong"))[1]


def test_the_coach_judges_a_move_after_it_is_made_for_that_seat_only(quick_server, quick):
    table, first, second = seated_coached(quick)

    async def play() -> tuple[dict, list[dict], list[dict], list[dict]]:
        mover, rival, spectator = [
            await hello(quick_server, table, t) for t in (first, second, None)
        ]
        try:
            update, before = await until(mover, "update")
            assert update["legal"] and not any(m["type"] == "coach" for m in before)
            played = update["legal"][-1]
            await mover.send(json.dumps({"type": "act", "action": played, "version": 0}))
            line, _ = await until(mover, "coach")
            return line, played, await heard_until_pong(rival), await heard_until_pong(spectator)
        finally:
            for ws in (mover, rival, spectator):
                await ws.close()

    line, played, rival_heard, spectator_heard = asyncio.run(play())
    legal = Match(TOY, 2, seed=3).start().legal_actions(0)
    assert line["version"] == 0 and line["seat"] == 0 and line["played"] == played
    assert line["verdict"] in ("strong", "other") and line["measure"] == "wins"
    assert Action.from_json(line["best"]["action"]) in legal and line["iterations"] > 0
    assert line["yours"]["action"] == played
    assert (line["verdict"] == "strong") == (
        line["best"]["action"] == played
        or line["yours"]["value"] >= line["best"]["value"] - CLOSE["wins"]
    )
    assert not any(m["type"] == "coach" for m in rival_heard + spectator_heard)


def test_the_coach_judges_a_move_on_the_search_its_player_was_shown(quick_server, quick):
    """ "Show me" before the move and the judgement after it come from one search of what the
    seat knew: the coach's choice shown is the one it names, with the same payoffs."""
    table, first, _ = seated_coached(quick)
    shown = ask(quick, table, first)
    assert shown.status_code == 200, shown.text
    choice = shown.json()["moves"][0]

    async def play() -> dict:
        mover = await hello(quick_server, table, first)
        try:
            played = Match(TOY, 2, seed=3).start().legal_actions(0)[-1].to_json()
            await mover.send(json.dumps({"type": "act", "action": played, "version": 0}))
            return (await until(mover, "coach"))[0]
        finally:
            await mover.close()

    line = asyncio.run(play())
    assert line["best"] == choice and line["iterations"] == shown.json()["iterations"]
    if choice["action"] == line["played"]:
        assert line["verdict"] == "strong"


def test_a_table_is_coached_only_when_created_so_and_a_plain_one_refuses_show_me(quick):
    plain = create(quick, TOY, 2, {}, seed=3)
    assert plain["coach"] is False
    error(ask(quick, plain["id"], join(quick, plain["id"], 0)), 403, "hints_not_allowed")
