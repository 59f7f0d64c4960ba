"""kill -9 of the server mid-game loses nothing: the game goes on to the offline replay's end."""

from __future__ import annotations

import asyncio
from contextlib import nullcontext

import pytest

from tabulae.bots import decide, make_bot
from tabulae.core import Action, Match, State
from tabulae.server.config import database_url
from tabulae.server.decisions import bot_rng
from tabulae.server.live import KEPT_STATES
from tabulae.server.storage import Storage

from .harness import TOY, Player, Server, create, join, play_all, postgres_database


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_killed_server_rebuilds_its_tables_and_the_game_ends_as_its_log_replays(
    tmp_path, backend
):
    database = (
        postgres_database()
        if backend == "postgresql"
        else nullcontext(str(tmp_path / "tabulae.sqlite"))
    )
    with database as db:
        server = Server(db).start()
        try:
            with server.http() as client:
                table = create(client, TOY, 3, {2: "random"}, seed=21, options={"rounds": 4})
                tokens = [join(client, table["id"], seat) for seat in (0, 1)]
            table = table["id"]
            before = [Player(s, tokens[s], seed=s, stop_at=8) for s in (0, 1)]
            asyncio.run(play_all(server.ws_url, table, before))
            server.kill()

            server = Server(db).start()
            with server.http() as client:
                assert client.get(f"/tables/{table}").json()["status"] == "playing"
            after = [Player(s, tokens[s], seed=10 + s) for s in (0, 1)]
            asyncio.run(play_all(server.ws_url, table, after))
            with server.http() as client:
                record = client.get(f"/tables/{table}/match").json()
                final = client.get(f"/tables/{table}/state").json()
        finally:
            server.stop()
        storage = Storage(database_url(db))
        secret = storage.header(table).secret  # the table's own, which never left the server
        storage.close()

    match = Match.from_json(record)
    assert final["status"] == "finished"
    assert final["result"] == match.replay().result().to_json()
    for player in before + after:
        for ack in player.acks:
            sent = Action.from_json(player.sent[ack["client_action_id"]])
            assert match.actions[ack["version"] - 1] == (player.seat, sent), "no ack was lost"
    bot, states = make_bot("random"), [match.start()]
    for version, (seat, action) in enumerate(match.actions):
        if seat == 2:
            decisions = {
                decide(bot, states[at].clone(), seat, bot_rng(secret, seat, at))
                for at in decided_on(match, states, seat, version)
            }
            assert action in decisions, "bots replay identically"
        states.append(states[-1].clone())
        states[-1].apply(seat, action)


def decided_on(match: Match, states: list[State], seat: int, version: int) -> list[int]:
    """The versions a bot's action played at `version` may have been decided on: that one, and
    the earlier ones at which it meant the same (`LiveTable.moved_on`): only other seats acted
    since, the seat was to move all along, and its legal actions were the same."""
    now = states[version].legal_actions(seat)
    versions = [version]
    for at in range(version - 1, max(-1, version - 1 - KEPT_STATES), -1):
        if match.actions[at][0] == seat or seat not in states[at].to_move:
            break
        if states[at].legal_actions(seat) == now:
            versions.append(at)
    return versions
