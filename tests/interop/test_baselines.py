"""`tabulae research baselines`: reference figures with standard errors and CPU time, written
to a new results folder each run."""

import json
import subprocess
import sys

from tabulae.core import Action, Rng, load
from tabulae.interop.baselines import CONFIGURATIONS, EndTurnBot, write_results


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
        *("--only", "random", "--only", "end-turn", "--only", "hard"),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    (folder,) = tmp_path.iterdir()
    assert done.stdout.strip() == str(folder)
    report = json.loads((folder / "baselines.json").read_text())
    assert report["opponent"] == "random" and report["seeds"] == [0, 1]
    assert "research baselines --games 1 --seeds 2" in report["command"]
    assert report["machine"]["cpus"] >= 1 and len(report["machine"]["load_average"]) == 3
    played = {(c["game"], c["players"]) for c in report["configurations"]}
    assert played == {(c.game, c.players) for c in CONFIGURATIONS}
    for config in report["configurations"]:
        names = [figure["reference"] for figure in config["figures"]]
        builders_only = ["end-turn"] if config["game"] == "builders" else []
        assert names == ["random", *builders_only, "hard"]
        for figure in config["figures"]:
            assert figure["games"] == 2 and figure["seeds"] == 2
            assert figure["score_error"] >= 0 and figure["cpu_error"] >= 0
            assert figure["cpu_per_decision"] > 0 and figure["decisions_per_game"] > 0
            solo = config["players"] == 1
            assert (figure["win_rate"] is None) == solo == (figure["win_error"] is None)
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


def test_the_end_turn_policy_ends_the_turn_whenever_it_may():
    state, rng, chosen = load("builders").new(2, seed=3), Rng(3), []
    for _ in range(2_000):  # random play, asking the policy at every position on the way
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        chosen.append((Action("end") in actions, EndTurnBot().choose(state, seat, rng), actions))
        state.apply(seat, actions[rng.below(len(actions))])
        if not state.to_move:
            break
    assert len(chosen) > 100
    for may, action, actions in chosen:
        assert action == (Action("end") if may else actions[0])
