"""`tabulae bench server` starts a server, loads it over WebSockets and reports figures."""

from __future__ import annotations

import json
import subprocess
import sys

from .harness import ROOT, TOY


def test_bench_server_reports_throughput_and_latency():
    run = subprocess.run(
        [
            *(sys.executable, "-m", "tabulae", "bench", "server", "--game", TOY, "--json"),
            *("--tables", "4", "--players", "2", "--seconds", "2", "--think", "0.02"),
            *("--warmup", "1"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert figures["tables"] == 4 and figures["clients"] == 8 and figures["game"] == "tesserae"
    assert figures["actions"] > 0 and figures["actions_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["server_cpu_ms_per_action"] > 0 and figures["client_cpu_ms_per_action"] > 0


def test_bench_server_stops_with_the_servers_reason_when_it_refuses_the_tables(server):
    """A server that does not offer the game refuses every table: the bench says so and
    exits rather than wait for tables that will never be seated."""
    run = subprocess.run(
        [
            *(sys.executable, "-m", "tabulae", "bench", "server", "--url", server.url),
            *("--game", "tests.interop.solo_game:GAME", "--players", "1", "--tables", "3"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 1
    assert "would not create a table (422)" in run.stderr
    assert "no game 'tests.interop.solo_game:GAME' on this server" in run.stderr


def test_serve_refuses_a_game_it_cannot_load():
    run = subprocess.run(
        [sys.executable, "-m", "tabulae", "serve", "--game", "nowhere:GAME"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode != 0 and "cannot load game 'nowhere:GAME'" in run.stderr


def test_bench_server_with_a_hostile_client_reports_what_it_got_done():
    run = subprocess.run(
        [
            *(sys.executable, "-m", "tabulae", "bench", "server", "--game", TOY, "--json"),
            *("--tables", "2", "--players", "2", "--seconds", "2", "--think", "0.02"),
            *("--warmup", "1", "--hostile"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    attack = figures["hostile"]
    assert figures["actions"] > 0 and attack["listings"] > 0
    assert attack["tables_refused"] > 0, "the flood met the limit of tables per minute"
    assert attack["sockets_held"] > 0 and attack["sockets_refused"] > 0
