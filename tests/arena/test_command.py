"""`tabulae arena`, run as a real process."""

import csv
import io
import json
import subprocess
import sys

TOY = "tests.plugin_games.tesserae:GAME"


def tabulae(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabulae", *args], capture_output=True, text=True, check=check
    )


def test_arena_prints_json_that_a_seed_reproduces():
    args = ("arena", TOY, "--bots", "greedy,random,random", "--games", "6", "--seed", "5")
    figures = json.loads(tabulae(*args, "--json").stdout)
    assert figures["game"] == TOY and figures["players"] == 3 and figures["games"] == 6
    assert [e["label"] for e in figures["entrants"]] == ["greedy", "random", "random #2"]
    assert sum(e["wins"] for e in figures["entrants"]) == 6
    assert len(figures["win_rate_by_seat"]) == 3
    for entrant in figures["entrants"]:
        rate = entrant["win_rate"]
        assert rate["low"] <= rate["rate"] <= rate["high"]
        assert set(entrant["openskill"]) == {"mu", "sigma", "ordinal"}
        del entrant["seconds_per_decision"], entrant["cpu_seconds_per_decision"]
    again = json.loads(tabulae(*args, "--json").stdout)
    for entrant in again["entrants"]:
        del entrant["seconds_per_decision"], entrant["cpu_seconds_per_decision"]
    assert again == figures


def test_arena_prints_csv_and_a_table():
    args = ("arena", TOY, "--bots", "greedy,random", "--games", "4", "-o", "rounds=2")
    rows = list(csv.DictReader(io.StringIO(tabulae(*args, "--csv").stdout)))
    assert [row["label"] for row in rows] == ["greedy", "random"]
    assert {"win_rate_low", "win_rate_high", "openskill_mu", "win_rate_seat_2"} <= set(rows[0])
    assert "cpu_seconds_per_decision" in rows[0]
    table = tabulae(*args).stdout
    assert "wins (95% CI)" in table and "OpenSkill" in table and "Fair share 50%" in table


def test_arena_names_what_is_wrong():
    failed = tabulae("arena", TOY, "--bots", "greedy,random", "--players", "3", check=False)
    assert failed.returncode != 0 and "3 players need 3 bots, not 2" in failed.stderr
    failed = tabulae("arena", TOY, "--bots", "oracle,random", check=False)
    assert failed.returncode != 0 and "no bot 'oracle'" in failed.stderr
