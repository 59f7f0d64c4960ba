"""Bot work under load: a flood of hints is bounded and waits behind the bots' moves, a seat
asking again joins its hint under way, a table's hints are bounded, the queue takes the tables
in turn; and a seat whose time runs out has its stand-in move at the deadline, in whichever
process holds the table, not at the next check of the time limits."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tabulae.core import Rng
from tabulae.server.botqueue import BotQueue, Kind
from tabulae.server.bots import BotPool, Decision
from tests.services import redis_url

from .harness import LIMITS, TOY, create, join, postgres_database, running

HINT_QUEUE = 3
HINTS_PER_TABLE = 2
# Two workers, one of them for hints, each hint a one-second search; the time limits are
# checked once an hour, so only a timer at the deadline can make a stand-in move in time.
OPTIONS = (
    *LIMITS,
    "--bot-workers",
    "2",
    "--hint-workers",
    "1",
    "--bot-seconds",
    "1",
    "--hint-queue",
    str(HINT_QUEUE),
    "--hints-per-table",
    str(HINTS_PER_TABLE),
    "--set",
    "hints_per_minute=1000",
    "--set",
    "turn_check_seconds=3600",
)


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory):
    """The server, its two bot workers started (a hint on one, a bot game on the other), so
    that the tests see searches waiting, not processes starting."""
    db = str(tmp_path_factory.mktemp("queue") / "tabulae.sqlite")
    with running(db, options=OPTIONS) as server, server.http() as http:
        table, tokens = hint_table(http)
        hinting = Asks(server, [(table, tokens[0])])
        time.sleep(0.3)
        finished(http, bot_game(http))
        hinting.finish()
        yield server


@pytest.fixture
def http(busy_server):
    with busy_server.http() as client:
        yield client


class Asks:
    """Hints asked at once from other threads, each answer kept with when it came."""

    def __init__(self, server, asks: list[tuple[str, str]]) -> None:
        self.server, self.asks = server, asks
        self.answers: list[tuple[float, int, dict]] = []
        self.threads = [threading.Thread(target=self._ask, args=ask) for ask in asks]
        for thread in self.threads:
            thread.start()

    def _ask(self, table: str, token: str) -> None:
        with self.server.http() as client:
            reply = client.post(f"/tables/{table}/hint", headers={"X-Seat-Token": token})
        self.answers.append((time.monotonic(), reply.status_code, reply.json()))

    def refused(self) -> list[dict]:
        return [body for _, status, body in self.answers if status != 200]

    def answered(self) -> list[tuple[float, dict]]:
        return [(at, body) for at, status, body in self.answers if status == 200]

    def wait_for_refusals(self, count: int, timeout: float = 1.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.refused()) < count and time.monotonic() < deadline:
            time.sleep(0.01)

    def finish(self) -> None:
        for thread in self.threads:
            thread.join(60)
        assert len(self.answers) == len(self.asks)


def hint_table(http, players: int = 2) -> tuple[str, list[str]]:
    table = create(http, TOY, players, {}, hints=True)["id"]
    return table, [join(http, table, seat) for seat in range(players)]


def bot_game(http) -> str:
    return create(http, TOY, 2, {0: "easy", 1: "easy"}, options={"rounds": 1})["id"]


def finished(http, table: str, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if http.get(f"/tables/{table}").json()["status"] == "finished":
            return True
        time.sleep(0.05)
    return False


def assert_busy(body: dict) -> None:
    assert body["error"]["code"] == "busy", body
    assert body["error"]["retry_after"] >= 1


def test_a_hint_flood_is_bounded_and_bots_at_another_table_play_on(busy_server, http):
    """Six tables ask a hint at once: one is searched, three wait, the rest are refused; a bot
    game started after them is over before the hints waiting are answered."""
    tables = [hint_table(http) for _ in range(6)]
    flood = Asks(busy_server, [(table, tokens[0]) for table, tokens in tables])
    flood.wait_for_refusals(len(tables) - 1 - HINT_QUEUE)
    started = time.monotonic()
    assert finished(http, bot_game(http))
    over = time.monotonic()
    flood.finish()
    answered = sorted(at for at, _ in flood.answered())
    assert over < answered[-1], (over - started, [at - started for at in answered])
    assert len(answered) <= 1 + HINT_QUEUE  # one searched at a time, the rest waiting
    assert len(flood.refused()) == len(tables) - len(answered) >= 1
    for body in flood.refused():
        assert_busy(body)


def test_a_seat_asking_again_joins_the_hint_under_way(busy_server, http):
    """Two asks at once from one seat: one search (the same count of futures played, which a
    search cut by time never repeats) and two answers; the seat may then ask again."""
    table, tokens = hint_table(http)
    twice = Asks(busy_server, [(table, tokens[0]), (table, tokens[0])])
    twice.finish()
    first, second = [body for _, body in twice.answered()]
    assert first == second and first["version"] == 0
    again = http.post(f"/tables/{table}/hint", headers={"X-Seat-Token": tokens[0]})
    assert again.status_code == 200, again.text


def test_a_table_has_a_bounded_number_of_hints_waiting(busy_server, http):
    """Four seats to move at once (the secret phase of the test game) ask together: one is
    searched, `hints_per_table` wait and the others are refused as busy."""
    table, tokens = hint_table(http, players=4)
    for seat, token in enumerate(tokens):  # everyone passes the draw phase
        reply = http.post(
            f"/tables/{table}/actions",
            json={"action": ["pass"], "version": seat},
            headers={"X-Seat-Token": token},
        )
        assert reply.status_code == 200, reply.text
    asks = Asks(busy_server, [(table, token) for token in tokens])
    asks.finish()
    assert len(asks.answered()) <= 1 + HINTS_PER_TABLE
    assert len(asks.refused()) >= 1
    for body in asks.refused():
        assert_busy(body)
        assert "this table" in body["error"]["message"]


def decision(table: str) -> Decision:
    return Decision(table, TOY, 2, 1, {}, [], 0, "easy", {}, Rng(1), 1.0)


def test_the_queue_takes_bot_moves_first_and_the_tables_in_turn():
    """One worker: while the first hint is searched, everything else waits; then the moves,
    the stand-in's, the hints with the tables taking turns (a, b, a, not a, a, b), and last
    the decision of a game review, though asked for before all but the first."""
    asked = [
        (Kind.HINT, "a"),
        (Kind.REVIEW, "r"),
        (Kind.HINT, "a"),
        (Kind.HINT, "a"),
        (Kind.HINT, "b"),
        (Kind.STAND_IN, "c"),
        (Kind.MOVE, "d"),
        (Kind.MOVE, "e"),
    ]

    async def run() -> tuple[list[tuple[Kind, str]], dict[str, int], dict]:
        queue = BotQueue(BotPool(1), 1.0, hint_workers=1, hints_per_table=8, hint_queue=8)
        done: list[tuple[Kind, str]] = []

        async def one(kind: Kind, table: str) -> None:
            await queue.decide(kind, decision(table))
            done.append((kind, table))

        try:
            tasks = [asyncio.create_task(one(kind, table)) for kind, table in asked]
            await asyncio.sleep(0)  # every one queued, none done
            lengths = queue.queue_lengths()
            await asyncio.wait_for(asyncio.gather(*tasks), 120)
            return done, lengths, queue.wait_seconds()
        finally:
            queue.shutdown()

    done, lengths, waits = asyncio.run(run())
    assert lengths == {
        "move": 2,
        "stand_in": 1,
        "hint": 3,
        "review": 1,
        "running": 1,
        "workers": 1,
    }
    assert done == [
        (Kind.HINT, "a"),
        (Kind.MOVE, "d"),
        (Kind.MOVE, "e"),
        (Kind.STAND_IN, "c"),
        (Kind.HINT, "a"),
        (Kind.HINT, "b"),
        (Kind.HINT, "a"),
        (Kind.REVIEW, "r"),
    ]
    assert waits["move"]["started"] == 2 and waits["hint"]["started"] == 4
    assert waits["hint"]["max"] >= waits["move"]["max"] > 0


def wait_for_timeouts(http, table: str, count: int, seconds: float) -> list[dict]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        timeouts = http.get(f"/tables/{table}").json()["timeouts"]
        if len(timeouts) >= count:
            return timeouts
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} stand-in moves in {seconds} s")


def test_the_stand_in_moves_as_the_time_runs_out(http):
    """A one-second move limit, and no one moves: each seat's stand-in moves in turn, within
    seconds, though the time limits are checked only once an hour."""
    table = create(http, TOY, 2, {}, move_seconds=1)["id"]
    for seat in (0, 1):
        join(http, table, seat)
    timeouts = wait_for_timeouts(http, table, 3, seconds=30)
    assert [(t["version"], t["seat"]) for t in timeouts[:3]] == [(1, 0), (2, 1), (3, 0)]


def test_the_stand_in_moves_in_time_in_a_process_that_did_not_make_the_last_move(tmp_path):
    """Two processes sharing PostgreSQL and Redis: the table is made and seated through one,
    the first move comes through the other, which is then killed; the first process, which heard
    of the move, makes the stand-in's move for the second seat when its time runs out."""
    redis = redis_url()
    with (
        postgres_database() as db,
        running(db, redis, OPTIONS) as first,
        running(db, redis, OPTIONS) as second,
        first.http() as one,
        second.http() as two,
    ):
        table = create(one, TOY, 2, {}, move_seconds=3)["id"]
        tokens = [join(one, table, 0), join(one, table, 1)]
        reply = two.post(
            f"/tables/{table}/actions",
            json={"action": ["pass"], "version": 0},
            headers={"X-Seat-Token": tokens[0]},
        )
        assert reply.status_code == 200, reply.text
        heard = time.monotonic() + 10
        while one.get(f"/tables/{table}").json()["version"] < 1 and time.monotonic() < heard:
            time.sleep(0.05)
        second.kill()
        timeouts = wait_for_timeouts(one, table, 1, seconds=30)  # with a worker to start
        assert (timeouts[0]["version"], timeouts[0]["seat"]) == (2, 1)
