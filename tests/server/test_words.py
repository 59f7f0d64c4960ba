"""Refusals and names reach each client in its own language: the rules' reasons with their
message key, request errors in a player's words, and every bot a name of its own."""

from __future__ import annotations

import asyncio
import json

import websockets

from .harness import TOY, create, join

POLISH = {"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"}


def duel(client) -> tuple[str, str, str]:
    table = create(client, TOY, 2, {})["id"]
    return table, join(client, table, 0), join(client, table, 1)


def test_a_refused_action_carries_its_key_and_the_reason_in_the_players_language(client):
    table, first, _ = duel(client)
    reply = client.post(
        f"/tables/{table}/actions",
        json={"action": ["play", 99], "version": 0},
        headers={"X-Seat-Token": first, **POLISH},
    )
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error["code"] == "illegal_action"
    assert error["key"] == "tesserae.refused.not_now" and error["args"] == {"action": "play 99"}
    assert error["reason"] == "'play 99' is not allowed now"  # the English fallback
    assert error["message"] == "„play 99” jest teraz niedozwolone"
    english = client.post(
        f"/tables/{table}/actions",
        json={"action": ["play", 99], "version": 0},
        headers={"X-Seat-Token": first},
    ).json()["error"]
    assert english["message"] == "'play 99' is not allowed now"


def test_the_live_socket_refuses_in_the_language_its_hello_names(server, client):
    table, first, _ = duel(client)

    async def refused() -> dict:
        async with websockets.connect(f"{server.ws_url}/api/tables/{table}/live") as ws:
            hello = {"type": "hello", "token": first, "since": -1, "lang": "ru"}
            await ws.send(json.dumps(hello))
            act = {"type": "act", "action": ["play", 99], "version": 0, "client_action_id": "x1"}
            await ws.send(json.dumps(act))
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "error":
                    return message

    message = asyncio.run(asyncio.wait_for(refused(), 20))
    assert message["client_action_id"] == "x1"
    assert message["error"]["message"] == "«play 99» сейчас нельзя"
    assert message["error"]["key"] == "tesserae.refused.not_now"


def test_an_action_that_cannot_be_read_is_refused_in_the_players_words(client):
    table, first, _ = duel(client)
    reply = client.post(
        f"/tables/{table}/actions",
        json={"action": [7], "version": 0},
        headers={"X-Seat-Token": first, "Accept-Language": "nl"},
    )
    assert reply.status_code == 422
    message = reply.json()["error"]["message"]
    assert message == 'geen actie: [7] (verwacht een lijst als ["bid", 4])'


def test_a_name_that_does_not_fit_is_refused_in_words_not_validator_output(client):
    table = create(client, TOY, 2, {})["id"]
    reply = client.post(f"/tables/{table}/join", json={"name": "  "}, headers=POLISH)
    assert reply.status_code == 422
    error = reply.json()["error"]
    assert error["code"] == "invalid_request"
    assert error["message"] == "Imię ma od 1 do 40 znaków, nie 0."
    reply = client.post(f"/tables/{table}/join", json={"name": ""})
    assert reply.json()["error"]["message"] == "A name has 1 to 40 characters, not 0."
    reply = client.post(f"/tables/{table}/join", json={"name": "Al\u202eice"})
    message = reply.json()["error"]["message"]
    assert message.startswith("A name holds only printable characters") and "U+202E" in message
    for refusal in (reply.json()["error"]["message"], error["message"]):
        assert "body" not in refusal and "Value error" not in refusal


def test_a_request_missing_a_field_says_which_in_a_sentence(client):
    table = create(client, TOY, 2, {})["id"]
    reply = client.post(f"/tables/{table}/join", json={"seat": 0}, headers=POLISH)
    assert reply.status_code == 422
    assert reply.json()["error"]["message"] == "W żądaniu brakuje pola name."


def test_bots_of_one_kind_each_get_a_name_of_their_own(client):
    table = create(client, TOY, 3, {1: "greedy", 2: "greedy"})
    names = [seat["name"] for seat in table["seats"]]
    assert names[1:] == ["Greedy bot 1", "Greedy bot 2"]
    assert [seat["bot_order"] for seat in table["seats"]] == [None, 0, 1]


def test_no_person_takes_a_bot_s_name_in_any_language(client):
    """A bot is named by what it is, so a person's name is never one of those: "Marek" sits
    beside "Bot średni 1", never beside "Marek (bot średni)"."""
    table = create(client, TOY, 3, {1: "greedy"})["id"]
    for taken in ("Greedy bot 1", "bot średni", "Средний бот #2", "  gretige   bot "):
        reply = client.post(f"/tables/{table}/join", json={"name": taken}, headers=POLISH)
        assert reply.status_code == 422, taken
        assert reply.json()["error"]["message"].endswith("to nazwa bota: wybierz inne imię.")
    reply = client.post(f"/tables/{table}/join", json={"name": "Marek"})
    assert reply.status_code == 200
    seats = reply.json()["table"]["seats"]
    assert [seat["name"] for seat in seats][:2] == ["Marek", "Greedy bot 1"]
