"""`tabulae bench server --hostile KIND`: honest players beside one hostile client, measured.

For each kind of hostile client, one run against one server: a few tables of honest players
(the WebSocket clients of `tabulae.server.bench`, each table's first seat also reading its
snapshot over HTTP at its think time) and one table of a player and bots (`BOT`), where a
bot's move time is from the update that leaves only bots to move to the next. They are
measured alone, then beside the hostile client for as long, once it has had a moment to get
going. The figures the operators judge by: the honest players' p99 (actions and reads
together) beside the hostile client against alone, and the bot's median move time likewise;
each should stay within `LIMIT` times.

The hostile client comes from an address of its own (on loopback), so the server's limits
per client apply to it as to anyone, and does all its limits let it:

- `lobby`: lists the open tables in four loops, floods the server with new tables and holds
  as many idle spectator sockets as it is allowed;
- `hints`: ten tables of its own that allow hints, every seat asking for one at each turn
  while within its limit of hints a minute, then playing at once;
- `imports`: imports a long match record (a random game of the bench's game) over and over;
- `replays`: four loops of `state?at=` (a random past version) on that long game, imported;
- `pings`: one WebSocket at an honest table that sends pings (`PINGS_PER_SECOND`) and never
  reads what it is sent, opening another whenever the server closes it;
- `take-backs`: plays The Builders against itself, taking back each action it may, until its
  take-backs are used up, then at a new table.

A client refused for being over a limit pauses 50 ms and tries again.
"""

from __future__ import annotations

import asyncio
import base64
import json
import math
import os
import signal
import socket
import tempfile
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from tabulae.core import Match, Rng, load
from tabulae.core.playout import random_steps

from .app import calm_collector
from .bench import (
    BenchFailed,
    _acquire,
    _addresses,
    _answer,
    _connect,
    _fast_loop,
    _http,
    _new_table,
    _seat,
    _start_server,
    _Tally,
    _unless_failed,
    percentile,
)

KINDS = ("lobby", "hints", "imports", "replays", "pings", "take-backs")
LIMIT = 2.0  # the honest players' p99 and the bot's move time, beside against without
HOSTILE_ADDRESS = "127.0.0.2"
# The bot table's bots: a search of a fraction of a second, as a bot people play against takes
BOT = {"bot": "medium", "params": {"iterations": 100}}
RAMP = 1.0  # seconds the hostile client runs before it is measured beside
REFUSED_PAUSE = 0.05
LISTING_LOOPS = 4
IDLE_SOCKETS = 200  # more than the server allows one client
HINT_TABLES = 10
HINTS_PER_MINUTE = 6  # the server's default limit a seat
REPLAY_LOOPS = 4
PINGS_PER_SECOND = 1000


@dataclass
class Phase:
    """The honest players and the bot table over one measured span."""

    seconds: float
    actions: int
    reads: int
    action_p50_ms: float
    action_p99_ms: float
    read_p50_ms: float
    read_p99_ms: float
    p50_ms: float  # actions and reads together
    p99_ms: float
    bot_moves: int
    bot_move_ms: float  # the median time from one of the bot table's moves to the next
    bot_move_p99_ms: float


@dataclass
class HostileComparison:
    kind: str
    game: str
    players: int
    tables: int
    think: float
    without: Phase
    beside: Phase
    p99_ratio: float | None  # beside / without; None if either measured nothing
    bot_ratio: float | None
    p99_holds: bool  # within LIMIT
    bot_holds: bool
    hostile: dict[str, int] = field(default_factory=dict)  # what the hostile client got done

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Run:
    """What the honest clients, the bot table and the hostile client share."""

    url: str
    setup: dict[str, Any]
    think: float
    addresses: Iterator[str | None]
    hostile_address: str | None
    actions: _Tally = field(default_factory=lambda: _Tally(deadline=math.inf))
    reads: list[tuple[float, float]] = field(default_factory=list)  # (when, latency)
    bot_moves: list[tuple[float, float]] = field(default_factory=list)
    bots_moved: asyncio.Event = field(default_factory=asyncio.Event)  # the bot table's first
    bots_since: float | None = None  # when only bots came to move at the bot table, till they do
    tables: list[str] = field(default_factory=list)  # honest tables in play
    done: Counter[str] = field(default_factory=Counter)

    @property
    def ws_url(self) -> str:
        return "ws" + self.url.removeprefix("http")


# Preparing an attack returns the attack itself, which runs until cancelled.
Attack = Callable[[_Run], Awaitable[Callable[[], Coroutine[Any, Any, None]]]]


def bench_hostile(
    kinds: list[str],
    game: str,
    options: dict[str, str] | None = None,
    tables: int = 10,
    players: int = 3,
    seconds: float = 10.0,
    warmup: float = 5.0,
    think: float = 0.5,
    url: str | None = None,
    db: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[HostileComparison]:
    """Each kind in turn, against `url` or a server started afresh for it."""
    note = progress or (lambda _text: None)
    setup = {"game": game, "players": players, "options": options or {}}
    compared = []
    for kind in kinds:
        with tempfile.TemporaryDirectory() as scratch:
            server = None
            target = url
            if target is None:
                server, target = _start_server(game, db or str(Path(scratch) / "bench.sqlite"))
                note(f"{kind}: started a server at {target}")
            try:
                local = httpx.URL(target).host in ("127.0.0.1", "localhost")
                run = _Run(
                    target,
                    setup,
                    think,
                    _addresses(target),
                    HOSTILE_ADDRESS if local else None,
                )
                with asyncio.Runner(loop_factory=_fast_loop()) as runner:
                    spans = runner.run(_measure(run, kind, tables, seconds, warmup, note))
            finally:
                if server is not None:
                    server.send_signal(signal.SIGTERM)
                    server.wait(30)
        without, beside = (_phase(run, start, end) for start, end in spans)
        p99_ratio = _ratio(beside.p99_ms, without.p99_ms)
        bot_ratio = _ratio(beside.bot_move_ms, without.bot_move_ms)
        compared.append(
            HostileComparison(
                kind=kind,
                game=load(game).id,
                players=players,
                tables=tables,
                think=think,
                without=without,
                beside=beside,
                p99_ratio=p99_ratio,
                bot_ratio=bot_ratio,
                p99_holds=p99_ratio is not None and p99_ratio <= LIMIT,
                bot_holds=bot_ratio is not None and bot_ratio <= LIMIT,
                hostile=dict(run.done),
            )
        )
    return compared


def _ratio(beside: float, without: float) -> float | None:
    return beside / without if without > 0 and beside > 0 else None


def _phase(run: _Run, start: float, end: float) -> Phase:
    def within(timed: Iterator[tuple[float, float]]) -> list[float]:
        return [latency for moment, latency in timed if start <= moment <= end]

    actions = within(zip(run.actions.moments, run.actions.latencies, strict=True))
    reads = within(iter(run.reads))
    moves = within(iter(run.bot_moves))
    both = actions + reads

    def ms(values: list[float], fraction: float) -> float:
        return 1000 * percentile(values, fraction)

    return Phase(
        seconds=end - start,
        actions=len(actions),
        reads=len(reads),
        action_p50_ms=ms(actions, 0.5),
        action_p99_ms=ms(actions, 0.99),
        read_p50_ms=ms(reads, 0.5),
        read_p99_ms=ms(reads, 0.99),
        p50_ms=ms(both, 0.5),
        p99_ms=ms(both, 0.99),
        bot_moves=len(moves),
        bot_move_ms=ms(moves, 0.5),
        bot_move_p99_ms=ms(moves, 0.99),
    )


async def _measure(
    run: _Run, kind: str, tables: int, seconds: float, warmup: float, note: Callable[[str], None]
) -> list[tuple[float, float]]:
    """The spans measured without and beside the hostile client, by the clock the tallies use."""
    seated = asyncio.Semaphore(0)
    runners = [
        asyncio.create_task(_honest_table(run, Rng(n), n * warmup / tables, seated))
        for n in range(tables)
    ]
    runners.append(asyncio.create_task(_bot_table(run, Rng(tables))))
    note(f"{kind}: {tables} tables and a bot table over {warmup:g} s, then {seconds:g} s alone")
    preparing = asyncio.ensure_future(ATTACKS[kind](run))
    try:
        await _unless_failed(runners, asyncio.sleep(warmup))
        await _unless_failed(runners, _acquire(seated, tables))
        # the first bot move waits for the bot workers to start, which is not a move's time
        await _unless_failed(runners, run.bots_moved.wait())
        await _unless_failed(runners, preparing)
        attack = preparing.result()
        calm_collector()  # the clients' own pauses would count as the server's latency
        alone = time.perf_counter()
        await _unless_failed(runners, asyncio.sleep(seconds))
        without = (alone, _awaited(run))
        note(f"{kind}: {seconds:g} s beside the hostile client")
        runners.append(asyncio.create_task(_attacking(attack)))
        await _unless_failed(runners, asyncio.sleep(RAMP))
        started = time.perf_counter()
        await _unless_failed(runners, asyncio.sleep(seconds))
        return [without, (started, _awaited(run))]
    finally:
        for runner in [*runners, preparing]:
            runner.cancel()
        await asyncio.gather(*runners, preparing, return_exceptions=True)


def _awaited(run: _Run) -> float:
    """The end of a span: now, counting the wait for a bot's move still to come as one move at
    least that long, so that a bot held up past the span shows."""
    now = time.perf_counter()
    if run.bots_since is not None:
        run.bot_moves.append((now, now - run.bots_since))
    return now


async def _attacking(attack: Callable[[], Coroutine[Any, Any, None]]) -> None:
    try:
        await attack()
    except (OSError, RuntimeError, KeyError, ValueError, httpx.HTTPError) as error:
        raise BenchFailed(f"the hostile client stopped: {error!r}") from error


async def _honest_table(run: _Run, rng: Rng, delay: float, seated: asyncio.Semaphore) -> None:
    """Tables of honest players, one after another: each seat plays over its WebSocket, and
    the first seat also reads its snapshot at its think time."""
    await asyncio.sleep(delay)
    first = True
    while True:
        address = next(run.addresses)
        async with _http(run.url, address) as http:
            table, tokens = await _new_table(http, run.setup)
            if first:
                seated.release()
                first = False
            run.tables.append(table)
            reading = asyncio.create_task(_read(run, http, table, tokens[0], rng.fork()))
            try:
                await asyncio.gather(
                    *(
                        _seat(run.ws_url, address, table, token, run.think, rng.fork(), run.actions)
                        for token in tokens
                    )
                )
            finally:
                reading.cancel()
                run.tables.remove(table)


async def _read(run: _Run, http: httpx.AsyncClient, table: str, token: str, rng: Rng) -> None:
    since = -1
    while True:
        await asyncio.sleep(run.think * (0.5 + rng.random()))
        started = time.perf_counter()
        reply = await http.get(
            f"/tables/{table}/state", params={"since": since}, headers={"X-Seat-Token": token}
        )
        now = time.perf_counter()
        since = _answer(reply, "read a snapshot")["version"]
        run.reads.append((now, now - started))


async def _bot_table(run: _Run, rng: Rng) -> None:
    """Tables of one honest player and bots, one after another, each watched by a spectator:
    a bot's move time is from the update that puts only bots to move to the next one."""
    while True:
        address = next(run.addresses)
        bots = [BOT for _ in range(run.setup["players"] - 1)]
        async with _http(run.url, address) as http:
            created = await http.post("/tables", json=run.setup | {"seats": [{}, *bots]})
            table = _answer(created, "create a table with bots")["id"]
            joined = await http.post(f"/tables/{table}/join", json={"name": "beside bots"})
            token = _answer(joined, "seat a client")["token"]
        player = _seat(run.ws_url, address, table, token, run.think, rng.fork(), _Tally())
        await asyncio.gather(player, _watch_bots(run, address, table))


async def _watch_bots(run: _Run, address: str | None, table: str) -> None:
    async with _connect(f"{run.ws_url}/api/tables/{table}/live", address) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        last_version = -1
        async for text in ws:
            message = json.loads(text)
            if message["type"] != "update":
                continue
            now = time.perf_counter()
            if run.bots_since is not None and message["version"] == last_version + 1:
                run.bot_moves.append((now, now - run.bots_since))
                run.bots_moved.set()
            playing = message["status"] == "playing"
            bots_only = message["to_move"] and 0 not in message["to_move"]
            run.bots_since = now if playing and bots_only else None
            last_version = message["version"]
            if not playing:
                return


def _long_match(run: _Run) -> dict[str, Any]:
    """A whole random game of the bench's game, as a match record to import."""
    rules = load(run.setup["game"])
    players, options = run.setup["players"], run.setup["options"]
    config = dict(rules.configure(players, options))
    state = rules.new(players, 1, **config)
    actions = list(random_steps(state, Rng(1)))
    return Match(rules.id, players, 1, config, actions=actions).to_json()


async def _lobby(run: _Run) -> Callable[[], Coroutine[Any, Any, None]]:
    async def attack() -> None:
        async with _http(run.url, run.hostile_address) as http:
            target = _answer(await http.post("/tables", json=run.setup), "create a table")["id"]

            async def list_forever() -> None:
                while True:
                    reply = await http.get("/tables", params={"status": "open", "limit": 200})
                    run.done["listings"] += reply.is_success

            async def flood() -> None:
                while True:
                    reply = await http.post("/tables", json=run.setup)
                    if reply.status_code == 429:
                        run.done["tables_refused"] += 1
                        await asyncio.sleep(REFUSED_PAUSE)
                    else:
                        run.done["tables_created"] += reply.is_success

            work = [list_forever() for _ in range(LISTING_LOOPS)] + [flood()]
            work += [_idle_socket(run, target) for _ in range(IDLE_SOCKETS)]
            await asyncio.gather(*work)

    return attack


async def _idle_socket(run: _Run, table: str) -> None:
    try:
        async with _connect(f"{run.ws_url}/api/tables/{table}/live", run.hostile_address) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            if json.loads(await ws.recv())["type"] != "welcome":
                run.done["sockets_refused"] += 1
                return
            run.done["sockets_held"] += 1
            await ws.wait_closed()
    except (OSError, websockets.ConnectionClosed):
        run.done["sockets_refused"] += 1


async def _hints(run: _Run) -> Callable[[], Coroutine[Any, Any, None]]:
    async def attack() -> None:
        async with _http(run.url, run.hostile_address) as http:
            await asyncio.gather(*(_hint_table(run, http, Rng(n)) for n in range(HINT_TABLES)))

    return attack


async def _hint_table(run: _Run, http: httpx.AsyncClient, rng: Rng) -> None:
    """A table whose every seat is the hostile client's: at each turn, a hint, then a move."""
    while True:
        created = await http.post("/tables", json=run.setup | {"hints": True})
        if created.status_code == 429:
            run.done["tables_refused"] += 1
            await asyncio.sleep(REFUSED_PAUSE)
            continue
        table = _answer(created, "create a table with hints")["id"]
        tokens = [
            _answer(await http.post(f"/tables/{table}/join", json={"name": "hint"}), "seat")[
                "token"
            ]
            for _ in range(run.setup["players"])
        ]
        asked: dict[int, deque[float]] = {seat: deque() for seat in range(len(tokens))}
        while True:
            facts = _answer(await http.get(f"/tables/{table}"), "read a table")
            if facts["status"] != "playing":
                break
            for seat in facts["to_move"]:
                headers = {"X-Seat-Token": tokens[seat]}
                times = asked[seat]
                while times and times[0] < time.monotonic() - 60:
                    times.popleft()
                if len(times) < HINTS_PER_MINUTE:
                    times.append(time.monotonic())
                    reply = await http.post(f"/tables/{table}/hint", headers=headers)
                    run.done["hints" if reply.is_success else "hints_refused"] += 1
                snapshot = (await http.get(f"/tables/{table}/state", headers=headers)).json()
                if snapshot.get("legal"):
                    body = {"action": rng.choice(snapshot["legal"]), "version": snapshot["version"]}
                    reply = await http.post(f"/tables/{table}/actions", json=body, headers=headers)
                    run.done["actions"] += reply.is_success


async def _imports(run: _Run) -> Callable[[], Coroutine[Any, Any, None]]:
    record = json.dumps(_long_match(run)).encode()

    async def attack() -> None:
        async with _http(run.url, run.hostile_address) as http:
            while True:
                reply = await http.post(
                    "/matches", content=record, headers={"Content-Type": "application/json"}
                )
                if reply.status_code == 429:
                    run.done["imports_refused"] += 1
                    await asyncio.sleep(REFUSED_PAUSE)
                else:
                    _answer(reply, "import a match")
                    run.done["imports"] += 1

    return attack


async def _replays(run: _Run) -> Callable[[], Coroutine[Any, Any, None]]:
    record = _long_match(run)
    async with _http(run.url, next(run.addresses)) as http:  # not out of its own imports
        table = _answer(await http.post("/matches", json=record), "import a match")["id"]
    run.done["versions"] = len(record["actions"])

    async def attack() -> None:
        async with _http(run.url, run.hostile_address) as http:

            async def replay_forever(rng: Rng) -> None:
                while True:
                    at = rng.below(len(record["actions"]) + 1)
                    reply = await http.get(f"/tables/{table}/state", params={"at": at})
                    if reply.status_code == 429:
                        run.done["replays_refused"] += 1
                        await asyncio.sleep(REFUSED_PAUSE)
                    else:
                        _answer(reply, "show a past version")
                        run.done["replays"] += 1

            await asyncio.gather(*(replay_forever(Rng(n)) for n in range(REPLAY_LOOPS)))

    return attack


async def _pings(run: _Run) -> Callable[[], Coroutine[Any, Any, None]]:
    async def attack() -> None:
        if not run.tables:
            raise RuntimeError("no honest table to ping at")
        while True:  # the server closes a socket over its limits; the client opens another
            try:
                await _ping_without_reading(run, f"/api/tables/{run.tables[0]}/live")
            except (ConnectionError, asyncio.IncompleteReadError):
                run.done["sockets_closed_by_server"] += 1
                await asyncio.sleep(0.05)

    return attack


async def _ping_without_reading(run: _Run, path: str) -> None:
    url = httpx.URL(run.url)
    reader, writer = await _raw_socket(url.host, url.port or 80, run.hostile_address)
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {url.host}:{url.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        answer = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in answer.split(b"\r\n", 1)[0]:
            raise RuntimeError(f"the server refused the WebSocket: {answer[:80]!r}")
        writer.write(_frame({"type": "hello"}))
        batch = _frame({"type": "ping"}) * (PINGS_PER_SECOND // 10)
        while True:  # never reads again
            writer.write(batch)
            await writer.drain()
            run.done["pings"] += PINGS_PER_SECOND // 10
            await asyncio.sleep(0.1)
    finally:
        writer.close()


async def _raw_socket(
    host: str, port: int, address: str | None
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection with a small receive buffer, so what the server sends piles up on its
    side as soon as the client stops reading."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((address or "", 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, port))
    return await asyncio.open_connection(sock=sock)


def _frame(message: dict[str, Any]) -> bytes:
    """A masked WebSocket text frame (RFC 6455), as a client must send it."""
    payload = json.dumps(message).encode()
    assert len(payload) < 126
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[n % 4] for n, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


async def _take_backs(run: _Run) -> Callable[[], Coroutine[Any, Any, None]]:
    async def attack() -> None:
        setup = {"game": run.setup["game"], "players": 2}
        rng = Rng(7)
        async with _http(run.url, run.hostile_address) as http:
            while True:
                created = await http.post("/tables", json=setup)
                if created.status_code == 429:
                    run.done["tables_refused"] += 1
                    await asyncio.sleep(REFUSED_PAUSE)
                    continue
                table = _answer(created, "create a table")["id"]
                join = {"name": "again"}
                tokens = [
                    _answer(await http.post(f"/tables/{table}/join", json=join), "seat")["token"]
                    for _ in range(2)
                ]
                await _take_back_game(run, http, table, tokens, rng)

    return attack


async def _take_back_game(
    run: _Run, http: httpx.AsyncClient, table: str, tokens: list[str], rng: Rng
) -> None:
    """Act and take back until both seats have used up their take-backs or the game ends."""
    used_up: set[int] = set()
    while len(used_up) < len(tokens):
        facts = _answer(await http.get(f"/tables/{table}"), "read a table")
        if facts["status"] != "playing":
            return
        seat = facts["to_move"][0]
        headers = {"X-Seat-Token": tokens[seat]}
        snapshot = _answer(await http.get(f"/tables/{table}/state", headers=headers), "read")
        if not snapshot["legal"]:
            continue
        body = {"action": rng.choice(snapshot["legal"]), "version": snapshot["version"]}
        played = await http.post(f"/tables/{table}/actions", json=body, headers=headers)
        if not played.is_success:
            continue
        run.done["actions"] += 1
        after = played.json()["state"]
        if after["take_back"] and seat not in used_up:
            back = {"count": 1, "version": after["version"]}
            reply = await http.post(f"/tables/{table}/take-back", json=back, headers=headers)
            if reply.is_success:
                run.done["take_backs"] += 1
            elif reply.status_code == 409 and reply.json()["error"]["code"] == "take_backs_used_up":
                run.done["take_backs_refused"] += 1
                used_up.add(seat)


ATTACKS: dict[str, Attack] = {
    "lobby": _lobby,
    "hints": _hints,
    "imports": _imports,
    "replays": _replays,
    "pings": _pings,
    "take-backs": _take_backs,
}
