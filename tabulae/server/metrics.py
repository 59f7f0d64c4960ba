"""Prometheus metrics of one server process, served at /metrics.

Requests are counted by route template (`/api/tables/{table_id}`, never a table's id) and
status, so the number of series stays bounded whatever clients ask for. Each process keeps its
own figures: behind a load balancer, scrape every process and sum in the queries (docs/deploy.md).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import Future
from typing import Any, Protocol

from fastapi import APIRouter, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ApiError

access_log = logging.getLogger("tabulae.access")

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0)

REQUESTS = Counter(
    "tabulae_http_requests",
    "HTTP requests answered, by method, route template and status.",
    ("method", "route", "status"),
)
LATENCY = Histogram(
    "tabulae_http_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by method and route template.",
    ("method", "route"),
    buckets=LATENCY_BUCKETS,
)
OPEN_SOCKETS = Gauge("tabulae_websockets_open", "Live WebSocket connections open now.")
REFUSALS = Counter(
    "tabulae_refusals",
    "Requests and WebSocket messages refused, by error code (docs/server.md#errors).",
    ("code",),
)
BOT_JOBS = Gauge(
    "tabulae_bot_jobs",
    "Bot decisions and hints submitted and not yet finished (waiting or being decided).",
    ("kind",),
)
BOT_WAIT = Histogram(
    "tabulae_bot_job_seconds",
    "Time from a bot decision's or hint's submission to its result: the wait a table sees.",
    ("kind",),
    buckets=BOT_BUCKETS,
)


def route_of(scope: Scope) -> str:
    """The template of the route that answered (its path with `{parameters}`), else
    `unmatched`: never the path itself, which any client can vary."""
    return getattr(scope.get("route"), "path_format", None) or "unmatched"


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


def refused(error: ApiError) -> None:
    """Count a refusal sent to a client."""
    REFUSALS.labels(error.code).inc()


def bot_job(future: Future[Any], kind: str) -> Future[Any]:
    """Count a bot job from its submission until its future is done (whatever the outcome);
    the future itself, so that a submitting call can return `bot_job(pool.submit(…), kind)`."""
    submitted = time.perf_counter()
    jobs = BOT_JOBS.labels(kind)
    jobs.inc()

    def finished(_: Future[Any]) -> None:
        jobs.dec()
        BOT_WAIT.labels(kind).observe(time.perf_counter() - submitted)

    future.add_done_callback(finished)
    return future


class HeldTable(Protocol):
    """A table in memory (`live.LiveTable`), as far as the metrics read it."""

    @property
    def status(self) -> str: ...


class WorkQueue(Protocol):
    """The bot queue (`botqueue.BotQueue`), as far as the metrics read it."""

    def queue_lengths(self) -> dict[str, int]: ...

    def wait_seconds(self) -> dict[str, dict[str, float]]: ...


class Held(Protocol):
    """The tables held in memory (`tables.Tables`)."""

    @property
    def in_memory(self) -> Mapping[str, HeldTable]: ...


class Tables(Protocol):
    """The tables of one process (`lobby.Lobby`, which builds on this module through the bot
    pool), named by what the metrics read of it, so that this module needs no import of it."""

    @property
    def tables(self) -> Held: ...

    @property
    def bot_queue(self) -> WorkQueue: ...


class TablesInMemory(Collector):
    """The tables a process holds in memory, by status, and its bot queue, read when
    scraped."""

    def __init__(self) -> None:
        self.lobby: Tables | None = None

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            "tabulae_live_tables",
            "Tables this process holds in memory, by status.",
            labels=["status"],
        )
        counts: dict[str, int] = {}
        for live in list(self.lobby.tables.in_memory.values()) if self.lobby else ():
            counts[live.status] = counts.get(live.status, 0) + 1
        for status, count in sorted(counts.items()):
            family.add_metric([status], count)
        yield family
        if self.lobby is None:
            return
        queue = self.lobby.bot_queue
        waiting = GaugeMetricFamily(
            "tabulae_bot_queue",
            "Bot work waiting for a worker, by kind (move, stand_in, hint), and workers busy "
            "(running) of all (workers).",
            labels=["kind"],
        )
        for kind, length in queue.queue_lengths().items():
            waiting.add_metric([kind], length)
        yield waiting
        waits = GaugeMetricFamily(
            "tabulae_bot_queue_wait_seconds",
            "Of the latest bot jobs started, how long they waited for a worker: the median and "
            "the longest, by kind.",
            labels=["kind", "figure"],
        )
        for kind, figures in queue.wait_seconds().items():
            for figure in ("median", "max"):
                waits.add_metric([kind, figure], figures[figure])
        yield waits


TABLES = TablesInMemory()
REGISTRY.register(TABLES)


def watch(lobby: Tables | None) -> None:
    """Report the tables of `lobby` (None: of no lobby, once it stops)."""
    TABLES.lobby = lobby


class Observed:
    """ASGI middleware: count and time every HTTP request by route template, count open
    WebSockets, and with `access_log` log each request (method, path, status, duration, client)
    on the `tabulae.access` logger."""

    def __init__(self, app: ASGIApp, access_log: bool = False) -> None:
        self.app = app
        self.access_log = access_log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            OPEN_SOCKETS.inc()
            try:
                await self.app(scope, receive, send)
            finally:
                OPEN_SOCKETS.dec()
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # unless the answer says otherwise: an exception became a 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            duration = time.perf_counter() - started
            method = scope["method"] if scope["method"] in METHODS else "other"
            route = route_of(scope)
            REQUESTS.labels(method, route, str(status)).inc()
            LATENCY.labels(method, route).observe(duration)
            if self.access_log:
                path = scope.get("path", "")
                access_log.info(
                    "%s %s %d",
                    method,
                    path,
                    status,
                    extra={
                        "method": scope["method"][:16],
                        "path": path[:2048],
                        "route": route,
                        "status": status,
                        "duration": round(duration, 6),
                        "client": client_of(scope),
                    },
                )


router = APIRouter()


def allowed(request: Request) -> bool:
    """Whether this request may read the metrics under the server's settings: `metrics` says
    from where (`loopback`, `any`), and `metrics_token`, if set, must come as a bearer token."""
    settings = request.app.state.settings
    if settings.metrics == "loopback":
        try:
            if not ipaddress.ip_address(client_of(request.scope)).is_loopback:
                return False
        except ValueError:
            return False
    if settings.metrics_token:
        given = request.headers.get("authorization", "")
        expected = f"Bearer {settings.metrics_token}"
        return hmac.compare_digest(given.encode(), expected.encode())
    return True


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Mounted unless the `metrics` setting is `off`."""
    if not allowed(request):
        raise ApiError(403, "metrics_refused", "the metrics are not served to this client")
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
