"""Hints at the table: allowed by a table option, asked by a seated player at their turn,
searched in the bot workers within the bot time bound; refused everywhere else."""

from __future__ import annotations

import time

import pytest

from tabulae.core import Action, Match

from .harness import LIMITS, TOY, create, join, running

HINTS_PER_MINUTE = 3


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """A server whose bots think 0.2 s and whose seats may ask for three hints a minute."""
    db = str(tmp_path_factory.mktemp("hints") / "tabulae.sqlite")
    options = (*LIMITS, "--bot-seconds", "0.2", "--set", f"hints_per_minute={HINTS_PER_MINUTE}")
    with running(db, options=options) as server, server.http() as http:
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
