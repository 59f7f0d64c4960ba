"""Two client processes racing to play one seat's turn: exactly one wins."""

from __future__ import annotations

from .harness import TOY, create, join, race


def test_two_processes_racing_for_one_turn_exactly_one_wins(server, client):
    table = create(client, TOY, 2, {}, seed=4, options={"rounds": 6})["id"]
    tokens = [join(client, table, 0), join(client, table, 1)]
    for _ in range(3):
        state = client.get(f"/tables/{table}/state", headers={"X-Seat-Token": tokens[0]}).json()
        if state["view"]["phase"] != "draw":
            break
        seat, version = state["to_move"][0], state["version"]
        codes = race([server.url] * 2, table, tokens[seat], [["draw"], ["pass"]], version)
        assert sorted(codes) == [200, 409]
        assert client.get(f"/tables/{table}").json()["version"] == version + 1
