"""What tests of the HTTP API do at a table: play an action, play a game out, read a refusal."""

from __future__ import annotations

from tabulae.core import Rng


def error(reply, status: int, code: str) -> dict:
    assert reply.status_code == status, reply.text
    body = reply.json()["error"]
    assert body["code"] == code and body["message"]
    return body


def act(client, table, token, action, version, **extra):
    return client.post(
        f"/tables/{table}/actions",
        json={"action": action, "version": version, **extra},
        headers={"X-Seat-Token": token} if token else {},
    )


def play_to_the_end(client, table: str, tokens: list[str]) -> None:
    rng = Rng(1)
    while True:
        states = [
            client.get(f"/tables/{table}/state", headers={"X-Seat-Token": t}).json() for t in tokens
        ]
        if states[0]["status"] == "finished":
            return
        seat = states[0]["to_move"][0]
        choice = rng.choice(states[seat]["legal"])
        assert act(client, table, tokens[seat], choice, states[seat]["version"]).status_code == 200
