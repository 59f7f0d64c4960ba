"""Self-play training: the command writes weights the learned bot plays."""

import json
import subprocess
import sys

import numpy as np

import tabulae
from tabulae.bots import decide, make_bot
from tabulae.core import Rng
from tabulae.interop.selfplay import Sums


def test_the_command_trains_weights_that_the_learned_bot_plays(tmp_path):
    command = [
        sys.executable, "-m", "tabulae", "research", "train", "sylla",
        "--players", "3", "--generations", "2", "--games-per-generation", "1",
        "--seed", "3", "--out", str(tmp_path),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    (folder,) = tmp_path.iterdir()
    assert done.stdout.strip() == str(folder)
    assert "generation 2/2: 1/1 games" in done.stderr
    report = json.loads((folder / "train.json").read_text())
    assert [generation["number"] for generation in report["history"]] == [1, 2]
    assert all(generation["afterstates"] > 0 for generation in report["history"])
    assert "research train sylla --players 3" in report["command"]
    bot = make_bot("learned", weights=str(folder / "learned-3p.npz"), samples=1)
    state = tabulae.load("sylla").new(3, seed=8)
    seat = state.to_move[0]
    assert decide(bot, state, seat, Rng(1)) in state.legal_actions(seat)
    assert bot.trained is not None and bot.trained.about["games_per_generation"] == 1


def test_the_fit_finds_a_value_the_afterstates_follow():
    """Labels that are twice the margin plus three times one observed number are found
    again, through the standardization, when nothing pulls toward greedy's weights."""
    rng = np.random.default_rng(1)
    features = rng.normal(size=(400, 4)) * [1, 5, 2, 0] + [0, 10, 0, 7]
    labels = 2 * features[:, 0] + 3 * features[:, 1] + 1  # the margin comes first
    sums = Sums(3)
    sums.add(features, labels)
    found = sums.fit("sylla", 3, ("a", "b", "c"), ridge=0)
    assert abs(found.on_margin - 2) < 1e-6
    assert abs(found.value(np.array([10.0, 0.0, 7.0]), 0.0) - 31) < 1e-6
    assert abs(found.value(np.array([11.0, 5.0, 7.0]), 1.0) - 36) < 1e-6
    assert found.weights[2] == 0  # a number that never varied
