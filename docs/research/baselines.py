"""MaskablePPO baselines on two Tabulae games, with the built-in bots' scores beside them.

The learner beside the reference figures of docs/research.md:

    pip install -e '.[research]' torch sb3-contrib matplotlib
    python docs/research/baselines.py                  # both games, as published
    python docs/research/baselines.py --steps 20000    # a quicker look

- solo Hadrian's Wall: the return is the final score;
- The Builders, two players, the learner in seat 0 against the built-in random bot:
  the return is the pairwise rank outcome (1 a win, -1 a loss, 0 a tie).

The learner is sb3-contrib's MaskablePPO with its default MLP policy, reading the
game's designed observation and the action mask from `tabulae.interop.gymnasium`.
Every `--every` steps it plays `--episodes` evaluation games (actions sampled from the
policy, the same seeds each time); the built-in bots play the same seeds. Results go to
``ppo.json`` (a game run again replaces its entry) and the curves of every game there to
``ppo.png``, in the folder given by ``--out`` (default ``results/``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from tabulae.bots.base import decide, make_bot
from tabulae.core import Rng
from tabulae.interop.gymnasium import env

RUNS = {
    "hadrians_wall": {"players": 1, "opponents": (), "label": "solo Hadrian's Wall (score)"},
    "builders": {
        "players": 2,
        "opponents": "random",
        "label": "The Builders, 2 players vs random (rank outcome)",
    },
}
EVALUATION_SEED = 10_000


def make_env(game: str):
    run = RUNS[game]
    return env(game, run["players"], run["opponents"])


def evaluate(policy, game: str, episodes: int, table=None) -> float:
    """Mean return of `policy(observation, mask) -> action` over fixed evaluation seeds."""
    table = table or make_env(game)
    total = 0.0
    for number in range(episodes):
        observation, info = table.reset(seed=EVALUATION_SEED + number)
        done = False
        while not done:
            action = policy(observation, info["action_mask"])
            observation, reward, done, _, info = table.step(action)
            total += reward
    return total / episodes


def bot_policy(name: str, game: str):
    """A built-in bot in the learner's seat, deciding through `decide` like any player."""
    bot, rng = make_bot(name), Rng(1)
    table = make_env(game)

    def policy(observation, mask):
        episode = table.episode
        return episode.space.encode(decide(bot, episode.state, table.seat, rng))

    return table, policy


def bot_score(name: str, game: str, episodes: int) -> float:
    table, policy = bot_policy(name, game)
    return evaluate(policy, game, episodes, table)


def train(game: str, steps: int, every: int, episodes: int, seed: int) -> dict:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", make_env(game), seed=seed, verbose=0)

    def learned(observation, mask):
        action, _ = model.predict(observation, action_masks=mask, deterministic=False)
        return int(action)

    curve = [(0, evaluate(learned, game, episodes))]
    started = time.perf_counter()
    while model.num_timesteps < steps:
        model.learn(every, reset_num_timesteps=False)
        curve.append((model.num_timesteps, evaluate(learned, game, episodes)))
        print(f"{game}: {model.num_timesteps} steps, evaluation {curve[-1][1]:+.2f}", flush=True)
    return {
        "curve": curve,
        "training_seconds": round(time.perf_counter() - started, 1),
        "steps": model.num_timesteps,
    }


def plot(results: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(results), figsize=(6 * len(results), 4))
    for ax, (game, result) in zip(np.atleast_1d(axes), results.items(), strict=True):
        steps, scores = zip(*result["curve"], strict=True)
        ax.plot(steps, scores, marker="o", label="MaskablePPO")
        for name, score in result["bots"].items():
            ax.axhline(score, linestyle="--", color="grey" if name == "random" else "green")
            ax.annotate(f"{name} bot", (steps[-1], score), ha="right", va="bottom")
        ax.set_title(RUNS[game]["label"])
        ax.set_xlabel("training steps")
        ax.set_ylabel(f"mean over {result['episodes']} evaluation games")
    figure.tight_layout()
    figure.savefig(path, dpi=80)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(RUNS), choices=list(RUNS))
    parser.add_argument("--steps", type=int, default=40_000)
    parser.add_argument("--every", type=int, default=8_000)
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy"])
    parser.add_argument("--out", type=Path, default=Path("results"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    saved = args.out / "ppo.json"
    results = json.loads(saved.read_text()) if saved.exists() else {}
    for game in args.games:
        result = train(game, args.steps, args.every, args.episodes, args.seed)
        result["bots"] = {name: bot_score(name, game, args.episodes) for name in args.bots}
        result["episodes"], result["seed"] = args.episodes, args.seed
        result["load_average"] = os.getloadavg()
        results[game] = result
        print(game, json.dumps(result["bots"]), flush=True)
        saved.write_text(json.dumps(results, indent=1) + "\n")
    plot(results, args.out / "ppo.png")


if __name__ == "__main__":
    main()
