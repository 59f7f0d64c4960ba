"""`tabulae bench` times each adapter beside the native engine."""

import json
import subprocess
import sys

from tabulae.interop.bench import bench_adapters
from tests.interop.solo_game import GAME as SOLO
from tests.plugin_games.tesserae import GAME as TOY


def test_adapter_figures_are_steps_per_second():
    figures = bench_adapters(TOY, 2, seconds=0.05)
    assert figures.pettingzoo_steps_per_s > 0
    assert figures.openspiel_steps_per_s > 0
    assert figures.gymnasium_steps_per_s > 0
    assert figures.pettingzoo_share_of_engine > 0


def test_openspiel_has_no_figure_for_a_solo_game():
    figures = bench_adapters(SOLO, seconds=0.05)
    assert figures.openspiel_steps_per_s is None and figures.gymnasium_steps_per_s > 0


def test_the_bench_command_reports_adapters_beside_the_engine():
    def bench(*args: str) -> str:
        command = [
            sys.executable,
            "-m",
            "tabulae",
            "bench",
            "tests.plugin_games.tesserae:GAME",
            *args,
        ]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout

    (figures,) = json.loads(bench("--players", "2", "--seconds", "0.1", "--json"))
    assert figures["actions_per_s"] > 0
    assert set(figures["adapters"]) == {
        "pettingzoo_steps_per_s",
        "openspiel_steps_per_s",
        "gymnasium_steps_per_s",
        "pettingzoo_share_of_engine",
    }
    table = bench("--seconds", "0.1")
    for row in ("applied actions/s", "PettingZoo steps/s", "OpenSpiel steps/s"):
        assert row in table
    assert "PettingZoo" not in bench("--seconds", "0.1", "--no-adapters")
