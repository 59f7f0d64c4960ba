"""Self-play that learns: one value for every seat, fitted to the outcomes of its own games.

Generation 0 plays the weights that put everything on the game's evaluation margin, which
is greedy's play. In each generation every seat plays the current weights (the learned
bot, one determinization a decision, and a random legal action now and then to explore),
and the features of each afterstate a seat chose are labelled with that seat's own final
margin over its best rival, so every seat's decisions are credited, not only the last
actor's. The next weights are a ridge regression on every afterstate seen so far: its
features are standardized, and the penalty pulls toward greedy's weights, so a little data
changes little. Only sums of the features' products are kept, whatever the number of games.

`tabulae research train` runs it and writes the weights and a report (`write_results`);
the learned bot plays the weights (`learned:weights=PATH`).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from time import process_time
from typing import Any

import numpy as np

from tabulae.bots import Bot, bot_steps
from tabulae.bots.learned import LearnedBot, Weights, shipped_name
from tabulae.core import Rng, load

from .baselines import machine

EXPLORING = 0.05
"""The share of decisions played at random during self-play."""
RIDGE = 0.05
"""The penalty toward greedy's weights, per afterstate seen (standardized features)."""
DECISIONS_PER_PLAYER = 1_000
"""A game still running after this many actions per player is stopped and not learned from."""


@dataclass
class Generation:
    """What one generation played and learned."""

    number: int
    games: int
    unfinished: int
    afterstates: int
    cpu: float
    on_margin: float

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class Sums:
    """Sums of the products of every afterstate's features [1, margin, summary] with
    themselves and with its label: all a least-squares fit needs."""

    def __init__(self, size: int) -> None:
        self.count = 0
        self.products = np.zeros((size + 2, size + 2))
        self.labelled = np.zeros(size + 2)

    def add(self, features: np.ndarray, labels: np.ndarray) -> None:
        rows = np.hstack([np.ones((len(features), 1)), features])
        self.count += len(rows)
        self.products += rows.T @ rows
        self.labelled += rows.T @ labels

    def fit(self, game: str, players: int, labels: tuple[str, ...], ridge: float) -> Weights:
        """The ridge regression on standardized features, pulled toward greedy's weights."""
        n = max(self.count, 1)
        mean = self.products[0, 2:] / n
        variance = np.diag(self.products)[2:] / n - mean**2
        varies = variance > 1e-9
        scale = np.where(varies, np.sqrt(np.maximum(variance, 1e-9)), 1.0)
        # standardized = transform @ [1, margin, observation]; a number that never varied
        # reads 0, so its weight stays 0
        size = len(self.labelled)
        transform = np.eye(size)
        transform[2:, 2:] /= scale[:, None]
        transform[2:, 0] = -mean / scale
        transform[2:][~varies] = 0.0
        products = transform @ self.products @ transform.T
        labelled = transform @ self.labelled
        prior = np.zeros(size)
        prior[1] = 1.0
        penalty = np.full(size, max(ridge, 1e-9) * n)  # never singular
        penalty[0] = 1e-9 * n
        solved = np.linalg.solve(products + np.diag(penalty), labelled + penalty * prior)
        return Weights(
            game=game,
            players=players,
            labels=labels,
            mean=mean,
            scale=scale,
            weights=solved[2:],
            on_margin=float(solved[1]),
            bias=float(solved[0]),
        )


def play(
    game: str, players: int, weights: Weights, seed: int, exploring: float
) -> tuple[list[tuple[int, np.ndarray]], list[float]] | None:
    """One self-play game: each seat's chosen afterstates and each seat's final margin
    (None if the game did not end)."""
    state = load(game).new(players, seed)
    rng = Rng(seed)
    bots: list[Bot] = []
    record: list[tuple[int, Any]] = []
    for _ in range(players):
        bot = LearnedBot(samples=1)
        bot.use(weights)
        bot.exploring = exploring
        bot.record = record
        bots.append(bot)
    rngs = [Rng(rng.next64()) for _ in range(players)]
    try:
        for _ in bot_steps(state, bots, rngs, DECISIONS_PER_PLAYER * players):
            pass
    except RuntimeError:
        return None
    result = state.result()
    assert result is not None
    scores = [float(score) for score in result.scores]
    margins = [
        scores[seat] - max(scores[other] for other in range(players) if other != seat)
        for seat in range(players)
    ]
    return record, margins


def train(
    game: str,
    players: int,
    generations: int,
    games: int,
    seed: int,
    exploring: float = EXPLORING,
    ridge: float = RIDGE,
    progress: Callable[[str], None] | None = None,
) -> tuple[Weights, list[Generation]]:
    """Train for `generations` of `games` self-play games each; the weights fitted on
    every afterstate of every generation, and what each generation did."""
    found = load(game)
    options = found.configure(players, {})
    weights = Weights.greedy(found, players, options)
    sums = Sums(len(weights.labels))
    history: list[Generation] = []
    deals = Rng(seed)
    for number in range(generations):
        started = process_time()
        unfinished = before = 0
        before = sums.count
        for index in range(games):
            played = play(game, players, weights, deals.next64(), exploring)
            if played is None:
                unfinished += 1
                continue
            record, margins = played
            if record:
                features = np.stack([features for _, features in record])
                labels = np.array([margins[seat] for seat, _ in record])
                sums.add(features, labels)
            if progress and (index + 1) % max(1, games // 10) == 0:
                progress(f"generation {number + 1}/{generations}: {index + 1}/{games} games")
        weights = sums.fit(game, players, weights.labels, ridge)
        history.append(
            Generation(
                number + 1,
                games,
                unfinished,
                sums.count - before,
                process_time() - started,
                weights.on_margin,
            )
        )
    weights.about = {
        "generations": generations,
        "games_per_generation": games,
        "seed": seed,
        "exploring": exploring,
        "ridge": ridge,
        "afterstates": sums.count,
    }
    return weights, history


def write_results(
    weights: Weights, history: Sequence[Generation], out: Path, command: Sequence[str]
) -> Path:
    """A new timestamped folder under `out` with the weights (``learned-<N>p.npz``, the name
    a game's package ships them under) and ``train.json``; never an existing folder."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = f"train-{weights.game}-{weights.players}p-{stamp}"
    folder, number = out / base, 1
    while folder.exists():
        number += 1
        folder = out / f"{base}-{number}"
    folder.mkdir(parents=True)
    weights.about = {**weights.about, "command": shlex.join(command)}
    weights.save(folder / shipped_name(weights.players))
    report = {
        "game": weights.game,
        "players": weights.players,
        **weights.about,
        "cpu_seconds": sum(generation.cpu for generation in history),
        "history": [generation.to_json() for generation in history],
        "machine": machine(),
    }
    (folder / "train.json").write_text(json.dumps(report, indent=1) + "\n")
    return folder
