"""A Builders table of two people, for the tests of taking back and of costly requests:
seat them, act, take back, read the state, and the same play offline."""

from __future__ import annotations

from tabulae.core import Action, Match
from tabulae.server.storage import SeatRow, TableRow

from .harness import create, join

SEED = 3


def seated(client) -> tuple[str, list[str], int]:
    """A Builders table of two people: its id, their tokens and the first player's seat."""
    table = create(client, "builders", 2, {}, seed=SEED)["id"]
    tokens = [join(client, table, seat) for seat in (0, 1)]
    first = client.get(f"/tables/{table}").json()["to_move"][0]
    return table, tokens, first


def act(client, table: str, token: str, action: str, version: int) -> dict:
    reply = client.post(
        f"/tables/{table}/actions",
        headers={"X-Seat-Token": token},
        json={"action": action, "version": version},
    )
    assert reply.status_code == 200, reply.text
    return reply.json()


def take_back(client, table: str, token: str, count: int, version: int, **headers):
    return client.post(
        f"/tables/{table}/take-back",
        headers={"X-Seat-Token": token, **headers},
        json={"count": count, "version": version},
    )


def state(client, table: str, token: str | None = None, **query) -> dict:
    headers = {"X-Seat-Token": token} if token else {}
    return client.get(f"/tables/{table}/state", headers=headers, params=query).json()


def offline(*steps: tuple[int, str]):
    """The state after these actions, played without a server."""
    match = Match("builders", 2, seed=SEED, actions=[(s, Action.parse(a)) for s, a in steps])
    return match.replay()


def table_row(bots: dict[int, str]) -> TableRow:
    seats = [SeatRow(seat=n, bot=bots.get(n)) for n in range(2)]
    return TableRow(
        id="t", game="builders", players=2, seed=SEED, options={}, status="playing", seats=seats
    )
