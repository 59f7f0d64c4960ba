"""`tabulae research baselines`: reference figures with standard errors and CPU time, written
to a new results folder each run."""

import json
import subprocess
import sys

from tabulae.core import Action, Rng, load
from tabulae.interop.baselines import FirstBot, configurations, write_results


def test_the_games_are_measured_at_the_player_counts_researchers_try_first():
    measured = {(c.game, c.players): c.label for c in configurations()}
    assert measured == {
        ("sylla", 3): "Sylla, 3 players",
        ("builders", 2): "The Builders: Antiquity, 2 players",
        ("hadrians_wall", 1): "Hadrian's Wall, solo",
        ("hadrians_wall", 2): "Hadrian's Wall, 2 players",
    }
    assert [c.players for c in configurations(["tests.plugin_games.tesserae:GAME"])] == [2]


def test_the_command_writes_every_figure_with_its_error_and_cpu_time(tmp_path):
    command = [
        sys.executable,
        "-m",
        "tabulae",
        "research",
        "baselines",
        "--games", "1",
        "--seeds", "2",
        "--seconds", "0.001",
        "--out", str(tmp_path),
        *("--only", "random", "--only", "first", "--only", "hard"),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    (folder,) = tmp_path.iterdir()
    assert done.stdout.strip() == str(folder)
    report = json.loads((folder / "baselines.json").read_text())
    assert report["opponent"] == "random" and report["seeds"] == [0, 1]
    assert "research baselines --games 1 --seeds 2" in report["command"]
    assert report["machine"]["cpus"] >= 1 and len(report["machine"]["load_average"]) == 3
    played = {(c["game"], c["players"]) for c in report["configurations"]}
    assert played == {(c.game, c.players) for c in configurations()}
    for config in report["configurations"]:
        assert [figure["reference"] for figure in config["figures"]] == ["random", "first", "hard"]
        for figure in config["figures"]:
            assert figure["games"] == 2 and figure["seeds"] == 2
            assert figure["score_error"] >= 0 and figure["cpu_error"] >= 0
            assert figure["cpu_per_decision"] > 0 and figure["decisions_per_game"] > 0
            solo = config["players"] == 1
            assert (figure["win_rate"] is None) == solo == (figure["win_error"] is None)
            if not solo:
                low, high = figure["win_interval"]
                assert 0 <= low <= figure["win_rate"] <= high <= 1 and low < high
    table = (folder / "baselines.md").read_text()
    assert report["command"] in table
    rows = [line for line in table.splitlines() if line.startswith("| hard")]
    # mean score and CPU time everywhere, the win rate too with opponents: three tables of 3
    assert sorted(row.count("±") for row in rows) == [2, 3, 3, 3]
    assert (folder / "baselines.png").exists() or "matplotlib" in done.stderr


def test_a_second_run_writes_a_new_folder_beside_the_first(tmp_path):
    report = {"opponent": "random", "games_per_seed": 1, "seeds": [0], "configurations": []}
    first = write_results(report, tmp_path, ["tabulae", "research", "baselines"])
    second = write_results(report, tmp_path, ["tabulae", "research", "baselines"])
    assert first != second and first.parent == second.parent == tmp_path
    assert {path.name for path in first.iterdir()} >= {"baselines.json", "baselines.md"}


def test_in_the_builders_always_the_first_action_is_always_ending_the_turn():
    """So `first` is the policy that ends every turn at once there."""
    state, rng, asked = load("builders").new(2, seed=3), Rng(3), 0
    for _ in range(2_000):  # random play, asking the policy at every position on the way
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        assert FirstBot().choose(state, seat, rng) == Action("end")
        asked += 1
        state.apply(seat, actions[rng.below(len(actions))])
        if not state.to_move:
            break
    assert asked > 100 and not state.to_move
