"""`tabulae bench` reports ISMCTS iterations per second for each game."""

import json
import subprocess
import sys

from tabulae.bots.bench import ismcts_iterations_per_second
from tests.plugin_games.horreum import GAME as HORREUM


def bench(*args: str) -> str:
    command = [sys.executable, "-m", "tabulae", "bench", "tests.plugin_games.horreum:GAME", *args]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def test_ismcts_speed_is_measured_on_positions_of_a_game():
    assert ismcts_iterations_per_second(HORREUM, 3, seconds=0.2, positions=4, depth=5) > 0


def test_bench_reports_ismcts_iterations_per_second():
    assert "ISMCTS iterations/s" in bench("--seconds", "0.3")
    (figures,) = json.loads(bench("--seconds", "0.3", "--json"))
    assert figures["game"] == "horreum" and figures["ismcts_iterations_per_s"] > 0
