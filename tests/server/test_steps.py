"""A live connection a few actions behind is shown the view after each action in turn, so that
a page can show a bot's several actions one after another; one just connected is shown the
newest view at once."""

from __future__ import annotations

import asyncio

from tabulae.core import Rng
from tabulae.server import live as live_module
from tabulae.server.connections import Connection
from tabulae.server.live import LiveTable
from tabulae.server.storage import ActionRow, SeatRow, TableRow

from .harness import TOY
from .updates import check_updates, shown_events, states_of

PLAYERS = 2


def table() -> LiveTable:
    row = TableRow(
        id="steps",
        game=TOY,
        players=PLAYERS,
        seed=7,
        options={},
        status="playing",
        seats=[SeatRow(seat=seat) for seat in range(PLAYERS)],
    )
    return LiveTable(row, [])


def play(live: LiveTable, actions: int, rng: Rng, record: bool = False) -> None:
    """Play `actions` random legal actions as the lobby does (a successor state adopted), or
    as actions committed by another process are caught up with (`record`)."""
    for _ in range(actions):
        seat = live.state.to_move[0]
        legal = live.state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        row = ActionRow(
            seq=live.version + 1, seat=seat, action=action.to_json(), client_action_id=None
        )
        if record:
            live.record(row)
        else:
            following = live.state.clone()
            following.apply(seat, action)
            live.advance(following, row, action)
        for connection in live.connections:
            connection.changed()


async def updates(connection: Connection) -> list[dict]:
    """Every update the connection would send now, in order."""
    sent = []
    while True:
        try:
            message = await asyncio.wait_for(connection.next(), 0.05)
        except TimeoutError:
            return sent
        assert message["type"] == "update"
        sent.append(message)


def unreplayable(upto: int):
    raise AssertionError(f"the match was replayed up to {upto}: the state was not kept")


def test_each_action_a_connection_missed_is_sent_as_a_view_of_its_own():
    async def scenario():
        live = table()
        live.replay = unreplayable
        rng = Rng(3)
        for seat in (None, 0, 1):
            connection = Connection(live, seat, None, since=-1)
            live.connections.add(connection)
            connection.changed()  # as a connection is greeted
        first = {c.seat: await updates(c) for c in live.connections}
        play(live, 5, rng)
        steps = {c.seat: await updates(c) for c in live.connections}
        return live, first, steps

    live, first, steps = asyncio.run(scenario())
    states = states_of(live.match())
    for seat in (None, 0, 1):
        assert [u["version"] for u in first[seat]] == [0]
        assert [u["version"] for u in steps[seat]] == [1, 2, 3, 4, 5]
        # each view, legal action and event is the engine's after that very action
        check_updates(states, seat, first[seat] + steps[seat])


def test_a_connection_just_opened_or_far_behind_is_shown_the_newest_view_at_once(monkeypatch):
    """Resuming after a drop (`since` given at the hello), or behind by more states than the
    table keeps, a connection is sent the newest view with every event it missed."""
    monkeypatch.setattr(live_module, "KEPT_STATES", 3)

    async def scenario():
        live = table()
        rng = Rng(4)
        play(live, 1, rng)
        behind = Connection(live, 1, None, since=-1)
        live.connections.add(behind)
        behind.changed()
        first = await updates(behind)
        play(live, 5, rng)
        resumed = Connection(live, 0, None, since=1)
        resumed.changed()
        return live, first + await updates(behind), await updates(resumed)

    live, behind, resumed = asyncio.run(scenario())
    states = states_of(live.match())
    # version 2 is no longer kept when the connection shown version 1 is sent its next update
    assert [u["version"] for u in behind] == [1, 6]
    check_updates(states, 1, behind)
    assert [u["version"] for u in resumed] == [6]
    assert resumed[0]["events"] == shown_events(states, 0, 1, 6)


def test_actions_caught_up_from_another_process_are_sent_as_the_newest_view():
    """A state caught up with is played on in place: the views before it are not kept."""

    async def scenario():
        live = table()
        connection = Connection(live, 0, None, since=-1)
        live.connections.add(connection)
        connection.changed()
        first = await updates(connection)
        play(live, 3, Rng(5), record=True)
        return live, first, await updates(connection)

    live, first, sent = asyncio.run(scenario())
    assert [u["version"] for u in first + sent] == [0, 3]
    check_updates(states_of(live.match()), 0, first + sent)
