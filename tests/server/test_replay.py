"""Replay from a seat: once a game is over, anyone may step through it as any player saw it,
with that player's secrets and no one else's; while it is under way, a seat's view is shown to
the holder of that seat's token alone."""

from __future__ import annotations

import pytest

from tabulae.core import Match

from .harness import TOY, create, join
from .tables import act, error, play_to_the_end


@pytest.fixture
def duel(client):
    """A two-seat table of the test game, both seats taken: (table, token 0, token 1)."""
    table = create(client, TOY, 2, {}, seed=5, options={"rounds": 2})["id"]
    return table, join(client, table, 0), join(client, table, 1)


def step(client, table: str, at: int, seat: int | None = None, token: str | None = None):
    params = {"at": at} if seat is None else {"at": at, "seat": seat}
    return client.get(
        f"/tables/{table}/state",
        params=params,
        headers={"X-Seat-Token": token} if token else {},
    )


def private(events: list[dict]) -> list[list[int]]:
    """The audiences of the events that are not everyone's."""
    return [event["audience"] for event in events if "audience" in event]


def test_a_finished_game_steps_as_each_seat_saw_it_with_its_secrets_alone(client, duel):
    table, first, second = duel
    play_to_the_end(client, table, [first, second])
    match = Match.from_json(client.get(f"/tables/{table}/match").json())
    middle = next(
        n for n in range(len(match.actions)) if match.replay(n).view(None)["phase"] == "play"
    )
    for seat in (0, 1):
        for at in (0, middle):
            shown = step(client, table, at, seat).json()
            assert shown["seat"] == seat and shown["version"] == at
            assert shown["view"] == match.replay(at).view(seat)
            hands = shown["view"]["hands"]
            assert isinstance(hands[seat], list) and isinstance(hands[1 - seat], int)
            assert private(shown["events"]) and set(map(tuple, private(shown["events"]))) == {
                (seat,)
            }
            assert shown["legal"] == []
    spectator = step(client, table, middle).json()
    assert spectator["seat"] is None and private(spectator["events"]) == []
    assert all(isinstance(hand, int) for hand in spectator["view"]["hands"])
    # a player may watch the other's side too, once it is over
    other = step(client, table, middle, 1, token=first).json()
    assert other["seat"] == 1 and other["view"] == match.replay(middle).view(1)


def test_a_live_game_shows_a_seat_s_view_to_that_seat_alone(client, duel):
    table, first, second = duel
    assert act(client, table, first, ["draw"], 0).status_code == 200
    for seat, token in ((0, None), (1, None), (1, first), (0, second)):
        for at in (None, 0, 1):
            params = {"seat": seat} if at is None else {"seat": seat, "at": at}
            reply = client.get(
                f"/tables/{table}/state",
                params=params,
                headers={"X-Seat-Token": token} if token else {},
            )
            refused = error(reply, 403, "seat_hidden")
            assert "view" not in refused and "events" not in refused
    own = step(client, table, 1, 1, token=second).json()
    assert own["seat"] == 1 and isinstance(own["view"]["hands"][1], list)
    error(step(client, table, 1, 0, token="not-a-token"), 403, "wrong_token")
    error(step(client, table, 1, 2), 404, "unknown_seat")
    for hostile in (-1, 64, "x", "0.5", ""):
        error(step(client, table, 1, hostile), 422, "invalid_request")


def test_a_table_waiting_for_players_shows_no_seat_s_view(client):
    table = create(client, TOY, 2, {})["id"]
    join(client, table, 0)
    error(step(client, table, 0, 0), 403, "seat_hidden")
    error(step(client, table, 0, 1), 403, "seat_hidden")


def test_an_imported_match_steps_from_any_seat(client, duel):
    table, first, second = duel
    play_to_the_end(client, table, [first, second])
    record = client.get(f"/tables/{table}/match").json()
    copy = client.post("/matches", json=record).json()["id"]
    match = Match.from_json(record)
    shown = step(client, copy, 0, 1).json()
    assert shown["view"] == match.replay(0).view(1)
    assert set(map(tuple, private(shown["events"]))) == {(1,)}
