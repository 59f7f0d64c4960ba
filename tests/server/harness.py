"""Real server processes on loopback, real databases, and clients that play over the wire."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import websockets

from tabulae.core import Rng
from tests.services import free_port, postgres_url

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests.plugin_games.tesserae:GAME"


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards."""
    server, name = postgres_url(), f"tabulae_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield server.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextmanager
def migrated_to(store: Any, revision: str) -> Iterator[Any]:
    """The store's database migrated only as far as `revision`, with a connection in one
    transaction to fill it as that version of Tabulae would have; upgrade it afterwards with
    `store.migrate()`."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "tabulae.server:migrations")
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        yield connection


# The shared test servers serve many tests from one address: no limit on new tables, imports
# or costly reads.
LIMITS = (
    *("--tables-per-minute", "1000000", "--imports-per-minute", "1000000"),
    *("--reads-per-minute", "1000000", "--read-burst", "1000000"),
    # A client playing as fast as the server answers sends a frame for each update it gets.
    *("--socket-frames-per-second", "1000"),
)


class Server:
    """`tabulae serve` as a child process on a free loopback port; `options` are more
    command-line options (the limits by default); `log`, a file for everything it prints."""

    def __init__(
        self,
        db: str,
        redis: str | None = None,
        options: tuple[str, ...] = LIMITS,
        log: Path | None = None,
    ):
        self.db, self.redis, self.options, self.log = db, redis, options, log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> Server:
        command = [sys.executable, "-m", "tabulae", "serve", "--port", str(self.port)]
        command += ["--db", self.db, "--game", TOY, "--log-level", "warning"]
        if self.redis:
            command += ["--redis", self.redis]
        command += self.options
        output = self.log.open("ab") if self.log else None
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=output)
        if output:
            output.close()  # the child holds its own copy
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "the server exited at start"
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise TimeoutError("the server did not start")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        """kill -9: no shutdown, no flushing, nothing."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def http(self) -> httpx.Client:
        return api_client(self.url, timeout=30)


# The server closes a connection idle for its keep-alive timeout (5 s by default), and httpx
# keeps one for 5 s too: a request sent just as the server closes it is lost in between. A
# client that lets its idle connections go first never sends on one being closed.
KEEP_ALIVE = httpx.Limits(keepalive_expiry=1.0)


def api_client(url: str, **options: Any) -> httpx.Client:
    """An HTTP client for the server's API at `url`."""
    return httpx.Client(base_url=f"{url}/api", limits=KEEP_ALIVE, **options)


@contextmanager
def running(
    db: str, redis: str | None = None, options: tuple[str, ...] = LIMITS
) -> Iterator[Server]:
    server = Server(db, redis, options).start()
    try:
        yield server
    finally:
        server.stop()


def create(client: httpx.Client, game: str, players: int, bots: dict[int, str], **extra) -> dict:
    seats = [{"bot": bots[n]} if n in bots else {} for n in range(players)]
    reply = client.post("/tables", json={"game": game, "players": players, "seats": seats, **extra})
    assert reply.status_code == 201, reply.text
    return reply.json()


def join(client: httpx.Client, table: str, seat: int, name: str | None = None) -> str:
    """Take a seat (accepting the seed of a seeded table)."""
    body = {"name": name or f"P{seat}", "seat": seat, "accept_seed": True}
    reply = client.post(f"/tables/{table}/join", json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["token"]


@dataclass
class Player:
    """A person at a seat, over the live WebSocket: picks a random legal action when asked."""

    seat: int
    token: str
    seed: int
    updates: list[dict[str, Any]] = field(default_factory=list)
    acks: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    sent: dict[str, list] = field(default_factory=dict)
    stop_at: int | None = None  # leave once the table reaches this version

    async def play(self, ws_url: str, table: str, since: int = -1) -> None:
        rng = Rng(self.seed)
        acted_at = None
        async with websockets.connect(f"{ws_url}/api/tables/{table}/live") as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "since": since}))
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "update":
                    self.updates.append(message)
                    if message["status"] == "finished":
                        return
                    if self.stop_at is not None and message["version"] >= self.stop_at:
                        return
                    if message["legal"] and acted_at != message["version"]:
                        acted_at = message["version"]
                        action = rng.choice(message["legal"])
                        ident = f"{self.seat}-{message['version']}"
                        self.sent[ident] = action
                        await ws.send(
                            json.dumps(
                                {
                                    "type": "act",
                                    "action": action,
                                    "version": message["version"],
                                    "client_action_id": ident,
                                }
                            )
                        )
                elif message["type"] == "ack":
                    self.acks.append(message)
                elif message["type"] == "error":
                    assert message["error"]["code"] in ("stale_version", "not_your_turn"), message
                    self.errors.append(message)


async def play_all(ws_url: str, table: str, players: list[Player], timeout: float = 120) -> None:
    await asyncio.wait_for(
        asyncio.gather(*(p.play(ws_url, table) for p in players)), timeout=timeout
    )


def post_at(url: str, table: str, token: str, action: list, version: int, start: float) -> int:
    """Send one action at wall-clock time `start` (run in its own process to race another)."""
    with api_client(url, timeout=30) as client:
        client.get("/health")  # connect before the start line
        time.sleep(max(0.0, start - time.time()))
        reply = client.post(
            f"/tables/{table}/actions",
            json={"action": action, "version": version},
            headers={"X-Seat-Token": token},
        )
        return reply.status_code


def race(urls: list[str], table: str, token: str, actions: list[list], version: int) -> list[int]:
    """Two client processes send the same seat's action at the same moment, each to its server."""
    from concurrent.futures import ProcessPoolExecutor

    start = time.time() + 1.0
    with ProcessPoolExecutor(len(actions)) as pool:
        runs = [
            pool.submit(post_at, url, table, token, action, version, start)
            for url, action in zip(urls, actions, strict=True)
        ]
        return [run.result() for run in runs]
