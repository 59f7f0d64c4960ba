"""`tabulae bench server`: many tables of bot-like clients over WebSockets on loopback.

Every seat of every table is a client with its own WebSocket. When an update says it may
act, it waits its think time (varied by ±50%), picks a random legal action and sends it with
the version it saw. The latency of an action is from sending it to receiving its
acknowledgement, which the server sends only after the action is committed. Finished tables
are replaced by new ones, so the number of tables in play stays constant while the clock runs.
Tables start one by one over the warm-up, so that, as on a server in everyday use, they are at
different points of their games and finish at different times; the clock starts after it.
On loopback each new table's players come from an address of their own (in 127.1.0.0/16), as
different people do, so the server's limits per client apply to them as they would.
Beside a hostile client, the same players are measured by `tabulae.server.bench_hostile`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from tabulae.core import Rng, load

from .app import calm_collector


class BenchFailed(Exception):
    """The load could not go on: the server refused a table or a seat, or went away."""


@dataclass
class ServerFigures:
    game: str
    players: int
    tables: int
    clients: int
    think: float
    seconds: float
    actions: int
    actions_per_s: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    games: int
    refused: int
    server_cpu_ms_per_action: float | None  # known when the bench started the server
    client_cpu_ms_per_action: float | None  # what the load generator spent, on the same machine

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Tally:
    started: float = 0.0
    deadline: float = 0.0
    latencies: list[float] = field(default_factory=list)
    moments: list[float] = field(default_factory=list)  # when each latency was measured
    games: int = 0
    refused: int = 0
    server_cpu: float | None = None  # CPU seconds the server spent while measuring
    client_cpu: float = 0.0  # and the clients

    def counting(self, moment: float) -> bool:
        return self.started <= moment <= self.deadline

    def per_action(self, cpu: float | None) -> float | None:
        """CPU milliseconds per acknowledged action; None if either is unknown."""
        return 1000 * cpu / len(self.latencies) if cpu is not None and self.latencies else None


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def bench_server(
    game: str,
    options: dict[str, str] | None = None,
    tables: int = 200,
    players: int = 3,
    seconds: float = 20.0,
    warmup: float = 10.0,
    think: float = 0.5,
    url: str | None = None,
    db: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> ServerFigures:
    """Run the load for `seconds` against `url`, or against a server started for the purpose."""
    rules = load(game)
    note = progress or (lambda _text: None)
    with tempfile.TemporaryDirectory() as scratch:
        server = None
        if url is None:
            server, url = _start_server(game, db or str(Path(scratch) / "bench.sqlite"))
            note(f"started a server at {url}")
        try:
            pid = server.pid if server is not None else None
            setup = {"game": game, "players": players, "options": options or {}}
            load_run = _load(url, setup, tables, seconds, warmup, think, note, pid)
            with asyncio.Runner(loop_factory=_fast_loop()) as runner:
                tally = runner.run(load_run)
        finally:
            if server is not None:
                server.send_signal(signal.SIGTERM)
                server.wait(30)
    measured = tally.deadline - tally.started
    return ServerFigures(
        game=rules.id,
        players=players,
        tables=tables,
        clients=tables * players,
        think=think,
        seconds=measured,
        actions=len(tally.latencies),
        actions_per_s=len(tally.latencies) / measured,
        p50_ms=1000 * percentile(tally.latencies, 0.50),
        p99_ms=1000 * percentile(tally.latencies, 0.99),
        max_ms=1000 * max(tally.latencies, default=0.0),
        games=tally.games,
        refused=tally.refused,
        server_cpu_ms_per_action=tally.per_action(tally.server_cpu),
        client_cpu_ms_per_action=tally.per_action(tally.client_cpu),
    )


def _fast_loop() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop, where installed (the server's extra brings it): 600 clients in one process
    would otherwise add their own event loop's delays to the latency they measure."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time a process has used (Linux), to see what each action costs the server."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_server(game: str, db: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "tabulae", "serve", "--port", str(port), "--db", db]
    command += ["--log-level", "warning"]
    if ":" in game:
        command += ["--game", game]
    server = subprocess.Popen(command, cwd=os.getcwd())
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise BenchFailed("the server exited at start (its output is above)")
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return server, url
        except httpx.TransportError:
            time.sleep(0.2)
    server.kill()
    raise BenchFailed("the server did not answer within 60 s of starting")


async def _load(
    url: str,
    setup: dict[str, Any],
    tables: int,
    seconds: float,
    warmup: float,
    think: float,
    note: Callable[[str], None],
    server_pid: int | None,
) -> _Tally:
    tally = _Tally()
    addresses = _addresses(url)
    seated = asyncio.Semaphore(0)
    runners = [
        asyncio.create_task(
            _table_loop(url, addresses, setup, think, Rng(n), tally, n * warmup / tables, seated)
        )
        for n in range(tables)
    ]
    note(f"starting {tables} tables over {warmup:g} s of warm-up, then measuring {seconds:g} s")
    try:
        await _unless_failed(runners, asyncio.sleep(warmup))
        # a slow server may still be seating the last tables
        await _unless_failed(runners, _acquire(seated, tables))
        calm_collector()  # the clients' own pauses would count as the server's latency
        tally.started = time.perf_counter()
        tally.deadline = tally.started + seconds
        cpu_before, client_before = cpu_seconds(server_pid), time.process_time()
        await _unless_failed(runners, asyncio.sleep(seconds))
        cpu_after = cpu_seconds(server_pid)
        tally.client_cpu = time.process_time() - client_before
        if cpu_before is not None and cpu_after is not None:
            tally.server_cpu = cpu_after - cpu_before
    finally:
        for runner in runners:
            runner.cancel()
        await asyncio.gather(*runners, return_exceptions=True)
    return tally


def _addresses(url: str) -> Iterator[str | None]:
    """Source addresses for the honest tables: on loopback a new one for each table, as if each
    were created by someone else; elsewhere the machine's own."""
    if httpx.URL(url).host not in ("127.0.0.1", "localhost"):
        return itertools.repeat(None)
    return (f"127.1.{n // 250 % 250}.{n % 250 + 1}" for n in itertools.count())


def _http(url: str, address: str | None, **settings: Any) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=f"{url}/api", timeout=60, transport=transport, **settings)


def _connect(ws_url: str, address: str | None) -> Any:
    bound = (address, 0) if address else None
    return websockets.connect(ws_url, max_size=None, compression=None, local_addr=bound)


async def _unless_failed(runners: list[asyncio.Task[None]], wait: Awaitable[Any]) -> None:
    """Await `wait`, but stop at once if a table's clients fail: they run until cancelled,
    so any that ends has failed, and waiting longer would wait for ever."""
    waiting = asyncio.ensure_future(wait)
    done, _ = await asyncio.wait([waiting, *runners], return_when=asyncio.FIRST_COMPLETED)
    if waiting in done:
        return
    waiting.cancel()
    failure = next(iter(done)).exception()
    if isinstance(failure, BenchFailed):
        raise failure
    raise BenchFailed(f"a table's clients stopped: {failure!r}") from failure


async def _acquire(semaphore: asyncio.Semaphore, times: int) -> None:
    for _ in range(times):
        await semaphore.acquire()


async def _table_loop(
    url: str,
    addresses: Iterator[str | None],
    setup: dict[str, Any],
    think: float,
    rng: Rng,
    tally: _Tally,
    delay: float,
    seated: asyncio.Semaphore,
) -> None:
    ws_url = "ws" + url.removeprefix("http")
    await asyncio.sleep(delay)
    first = True
    while True:
        address = next(addresses)
        async with _http(url, address) as http:
            table, tokens = await _new_table(http, setup)
        if first:
            seated.release()
            first = False
        await asyncio.gather(
            *(_seat(ws_url, address, table, t, think, rng.fork(), tally) for t in tokens)
        )
        tally.games += tally.counting(time.perf_counter())


async def _new_table(http: httpx.AsyncClient, setup: dict[str, Any]) -> tuple[str, list[str]]:
    created = _answer(await http.post("/tables", json=setup), "create a table")
    table = created["id"]
    tokens = []
    for seat in range(setup["players"]):
        joined = await http.post(f"/tables/{table}/join", json={"name": f"bench {seat}"})
        tokens.append(_answer(joined, "seat a client")["token"])
    return table, tokens


def _answer(response: httpx.Response, doing: str) -> dict[str, Any]:
    """The JSON of a successful response; a refusal stops the bench with the server's reason."""
    if response.is_success:
        answer: dict[str, Any] = response.json()
        return answer
    try:
        reason = response.json()["error"]["message"]
    except (ValueError, KeyError, TypeError):
        reason = response.text[:200] or response.reason_phrase
    raise BenchFailed(f"the server would not {doing} ({response.status_code}): {reason}")


async def _seat(
    ws_url: str, address: str | None, table: str, token: str, think: float, rng: Rng, tally: _Tally
) -> None:
    """One client: on each update that lets it act, act after its think time, unless a newer
    update arrives first (then it decides again). It keeps reading while it thinks."""
    sent: dict[str, float] = {}
    thinking: asyncio.Task[None] | None = None

    async def act(ws: Any, update: dict[str, Any]) -> None:
        await asyncio.sleep(think * (0.5 + rng.random()))
        ident = str(update["version"])
        sent[ident] = time.perf_counter()
        action = rng.choice(update["legal"])
        message = {"type": "act", "action": action, "version": update["version"]}
        await ws.send(json.dumps(message | {"client_action_id": ident}))

    live = f"{ws_url}/api/tables/{table}/live"
    async with _connect(live, address) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        try:
            async for text in ws:
                message = json.loads(text)
                kind = message["type"]
                if kind == "update":
                    if thinking is not None:
                        thinking.cancel()
                    if message["status"] == "finished":
                        return
                    if message["legal"]:
                        thinking = asyncio.create_task(act(ws, message))
                elif kind == "ack":
                    now = time.perf_counter()
                    if tally.counting(now):
                        tally.latencies.append(now - sent.pop(message["client_action_id"]))
                        tally.moments.append(now)
                elif kind == "error":
                    tally.refused += 1
        finally:
            if thinking is not None:
                thinking.cancel()
