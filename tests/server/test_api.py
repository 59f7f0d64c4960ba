"""Tables, seats and refusals over HTTP: every refusal has its status and stable code."""

from __future__ import annotations

import time

import pytest

from tabulae.core import Match

from .harness import TOY, create, join
from .tables import act, error, play_to_the_end


@pytest.fixture
def duel(client):
    """A two-seat table of the test game with both seats taken: (table, token 0, token 1)."""
    table = create(client, TOY, 2, {}, seed=3)["id"]
    return table, join(client, table, 0), join(client, table, 1)


def test_games_lists_the_games_offered(client):
    assert "tesserae" in [game["id"] for game in client.get("/games").json()]


def test_a_table_opens_lists_its_free_seats_and_starts_when_full(client):
    table = create(client, TOY, 3, {2: "random"}, options={"rounds": 2})
    assert table["status"] == "open" and table["options"] == {"rounds": 2, "open_hands": False}
    assert [s["taken"] for s in table["seats"]] == [False, False, True]
    assert table["id"] in [t["id"] for t in client.get("/tables").json()]
    join(client, table["id"], 0)
    reply = client.post(f"/tables/{table['id']}/join", json={"name": "Bea"})
    assert reply.json()["seat"] == 1 and reply.json()["table"]["status"] == "playing"
    assert table["id"] not in [t["id"] for t in client.get("/tables").json()]
    error(client.post(f"/tables/{table['id']}/join", json={"name": "Cy"}), 409, "game_started")


def test_malformed_input_is_a_422_with_a_code(client):
    error(client.post("/tables", json={"game": TOY}), 422, "invalid_request")
    error(client.post("/tables", content=b"{not json"), 422, "invalid_request")
    error(client.post("/tables", json={"game": "chess", "players": 2}), 422, "unknown_game")
    error(client.post("/tables", json={"game": TOY, "players": 9}), 422, "bad_options")
    bad_option = {"game": TOY, "players": 2, "options": {"rounds": 0}}
    error(client.post("/tables", json=bad_option), 422, "bad_options")
    bad_bot = {"game": TOY, "players": 2, "seats": [{}, {"bot": "oracle"}]}
    error(client.post("/tables", json=bad_bot), 422, "bad_bot")
    too_few = {"game": TOY, "players": 3, "seats": [{}]}
    error(client.post("/tables", json=too_few), 422, "bad_seats")
    table = create(client, TOY, 2, {})["id"]
    error(client.post(f"/tables/{table}/join", json={"name": "\x00"}), 422, "invalid_request")
    error(client.get(f"/tables/{table}/state", params={"since": "x"}), 422, "invalid_request")


def test_unknown_tables_and_seats_are_404(client):
    error(client.get("/tables/nosuchtable"), 404, "unknown_table")
    error(client.get("/tables/%00"), 404, "unknown_table")
    table = create(client, TOY, 2, {})["id"]
    reply = client.post(f"/tables/{table}/join", json={"name": "Al", "seat": 5})
    error(reply, 404, "unknown_seat")


def test_tokens_are_secret_and_checked(client, duel):
    table, first, _ = duel
    error(act(client, table, None, ["draw"], 0), 401, "token_required")
    error(act(client, table, "not-a-token", ["draw"], 0), 403, "wrong_token")
    reply = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": "nope"})
    error(reply, 403, "wrong_token")
    assert first not in client.get(f"/tables/{table}").text


def test_turns_versions_and_legality_are_enforced(client, duel):
    table, first, second = duel
    body = error(act(client, table, second, ["draw"], 0), 409, "not_your_turn")
    assert body["version"] == 0
    error(act(client, table, first, ["play", 99], 0), 400, "illegal_action")
    assert act(client, table, first, "draw", 0).json()["version"] == 1
    body = error(act(client, table, second, ["draw"], 0), 409, "stale_version")
    assert body["version"] == 1
    body = error(act(client, table, second, ["dance", 3], 1), 400, "illegal_action")
    assert "dance" in body["reason"]
    error(act(client, table, second, [7], 1), 422, "bad_action")
    error(act(client, table, second, "  ", 1), 422, "bad_action")
    error(act(client, table, second, "", 1), 422, "invalid_request")
    assert client.get(f"/tables/{table}").json()["version"] == 1, "refusals change nothing"


def test_a_retry_with_the_same_client_action_id_is_not_played_twice(client, duel):
    table, first, _ = duel
    once = act(client, table, first, ["draw"], 0, client_action_id="a-1").json()
    again = act(client, table, first, ["draw"], 0, client_action_id="a-1").json()
    assert once["version"] == again["version"] == 1 and again["repeated"]
    assert client.get(f"/tables/{table}").json()["version"] == 1
    reused = act(client, table, first, ["pass"], 0, client_action_id="a-1")
    error(reused, 409, "client_action_id_reused")


def test_leaving_an_open_table_frees_the_seat_and_voids_the_token(client):
    table = create(client, TOY, 2, {})["id"]
    first = join(client, table, 0)
    assert (
        client.post(f"/tables/{table}/leave", headers={"X-Seat-Token": first}).json()["seat"] == 0
    )
    error(client.get(f"/tables/{table}/state", headers={"X-Seat-Token": first}), 403, "wrong_token")
    join(client, table, 0, "Dee")
    assert join(client, table, 1, "Eli") and client.get(f"/tables/{table}").json()["status"] == (
        "playing"
    )


def test_leaving_a_game_under_way_hands_the_seat_to_a_bot(client, duel):
    table, first, _ = duel
    left = client.post(f"/tables/{table}/leave", headers={"X-Seat-Token": first}).json()
    assert left["seat"] == 0 and left["table"]["seats"][0]["bot"] == "greedy"
    error(act(client, table, first, ["draw"], 0), 403, "wrong_token")
    error(
        client.post(f"/tables/{table}/join", json={"name": "Dee", "seat": 0}), 409, "game_started"
    )
    deadline = time.monotonic() + 30  # the bot plays seat 0's turn, however busy the machine
    while time.monotonic() < deadline:
        if client.get(f"/tables/{table}").json()["version"] >= 1:
            break
        time.sleep(0.05)
    assert client.get(f"/tables/{table}").json()["version"] >= 1


def test_spectators_see_the_spectator_view(client, duel):
    table, first, _ = duel
    spectator = client.get(f"/tables/{table}/state").json()
    seated = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": first}).json()
    assert spectator["seat"] is None and spectator["legal"] == []
    assert all(isinstance(hand, int) for hand in spectator["view"]["hands"])
    assert isinstance(seated["view"]["hands"][0], list) and seated["legal"]


def test_export_during_play_is_the_public_log_and_after_it_the_match(client, duel):
    table, first, second = duel
    act(client, table, first, ["draw"], 0)
    during = client.get(f"/tables/{table}/match").json()
    assert during["format"] == "tabulae.public-log" and during["actions_played"] == 1
    assert "seed" not in during and "actions" not in during
    assert all("audience" not in event for event in during["events"])
    play_to_the_end(client, table, [first, second])
    match = Match.from_json(client.get(f"/tables/{table}/match").json())
    final = client.get(f"/tables/{table}/state").json()
    assert match.replay().result().to_json() == final["result"]
    error(act(client, table, first, ["pass"], final["version"]), 409, "not_playing")


def test_an_imported_match_replays_step_by_step(client, duel):
    table, first, second = duel
    play_to_the_end(client, table, [first, second])
    record = client.get(f"/tables/{table}/match").json()
    imported = client.post("/matches", json=record)
    assert imported.status_code == 201, imported.text
    copy = imported.json()["id"]
    assert imported.json()["status"] == "replay"
    match = Match.from_json(record)
    middle = len(match.actions) // 2
    shown = client.get(f"/tables/{copy}/state", params={"at": middle}).json()
    assert shown["view"] == match.replay(middle).view(None) and shown["version"] == middle
    assert client.get(f"/tables/{copy}/match").json()["actions"] == record["actions"]
    broken = dict(record, actions=[[0, ["play", 99]]])
    error(client.post("/matches", json=broken), 422, "bad_match")
    error(client.post("/matches", json={"format": "nope"}), 422, "bad_match")


def test_a_rematch_seats_the_asker_at_a_new_table(client, duel):
    table, first, second = duel
    error(
        client.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": first}),
        409,
        "not_finished",
    )
    play_to_the_end(client, table, [first, second])
    again = client.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": second}).json()
    assert again["seat"] == 1 and again["table"]["rematch_of"] == table
    assert client.get(f"/tables/{table}").json()["rematch"] == again["table"]["id"]
    also = client.post(f"/tables/{table}/rematch", headers={"X-Seat-Token": first}).json()
    assert also["table"]["id"] == again["table"]["id"] and also["seat"] == 0
    assert also["table"]["status"] == "playing"


def test_options_only_a_local_player_may_set_are_refused_without_being_used(client, tmp_path):
    """Sylla's `edition` names a data file: a client must not make the server read one."""
    planted = tmp_path / "edition.yaml"
    planted.write_text("not: [an edition")
    for edition in (str(planted), "/etc/passwd"):
        spec = {"game": "sylla", "players": 3, "options": {"edition": edition}}
        body = error(client.post("/tables", json=spec), 422, "bad_options")
        assert "only be set by a player on the machine" in body["message"]
        assert "cannot be read" not in body["message"]  # refused before any file is opened
    assert create(client, "sylla", 3, {}, options={"edition": "standard"})["status"] == "open"
    record = Match("sylla", 3, seed=1, options={"edition": str(planted)}).to_json()
    body = error(client.post("/matches", json=record), 422, "bad_match")
    assert "only be set by a player on the machine" in body["message"]
