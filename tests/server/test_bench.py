"""`tabulae bench server` starts a server, loads it over WebSockets and reports figures."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

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


@pytest.mark.parametrize("server", ["sqlite"], indirect=True)  # the figures use no database
def test_bench_server_measures_players_alone_and_beside_each_hostile_client(server):
    """Two kinds in one run against the shared server: each reports both phases measured,
    finite figures, the ratios the operators judge by, and what the hostile client got done."""
    run = subprocess.run(
        [
            *(sys.executable, "-m", "tabulae", "bench", "server", "--url", server.url),
            *("--game", TOY, "--json", "--tables", "2", "--players", "2"),
            *("--seconds", "1", "--think", "0.05", "--warmup", "1"),
            *("--hostile", "take-backs", "--hostile", "replays"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    compared = json.loads(run.stdout)
    assert [each["kind"] for each in compared] == ["take-backs", "replays"]
    for each in compared:
        for phase in (each["without"], each["beside"]):
            assert phase["seconds"] > 0 and phase["actions"] + phase["reads"] > 0
            assert all(math.isfinite(value) and value >= 0 for value in phase.values())
            assert phase["p50_ms"] <= phase["p99_ms"]
        ratio = each["beside"]["p99_ms"] / each["without"]["p99_ms"]
        assert each["p99_ratio"] == pytest.approx(ratio)
        assert each["p99_holds"] == (ratio <= 2)
        bots = each["without"]["bot_move_ms"], each["beside"]["bot_move_ms"]
        if all(bots):
            assert each["bot_ratio"] == pytest.approx(bots[1] / bots[0])
        else:
            assert each["bot_ratio"] is None and each["bot_holds"] is False
    take_backs, replays = (each["hostile"] for each in compared)
    assert take_backs["actions"] > 0
    assert (
        replays["versions"] > 0
        and replays.get("replays", 0) + replays.get("replays_refused", 0) > 0
    )
