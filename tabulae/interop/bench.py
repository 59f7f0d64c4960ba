"""Steps per second through each research adapter, to set beside the native engine's.

Each figure plays uniformly random legal actions for about `seconds` through one adapter
the way a learner would, choosing with the engine benchmark's generator so that only the
adapter's own work tells the figures apart: PettingZoo reads every observation and mask
(`last`) before it steps, OpenSpiel asks the legal actions and applies one, Gymnasium
steps one seat with random bots in the other seats (their actions are counted too).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from time import perf_counter, process_time
from typing import Any

import numpy as np

from tabulae.core import Game, Rng, random_playout
from tabulae.core.bench import default_players

from . import gymnasium as gym_adapter
from . import openspiel, pettingzoo


@dataclass
class AdapterFigures:
    pettingzoo_steps_per_s: float
    openspiel_steps_per_s: float | None  # None: OpenSpiel games have two players or more
    gymnasium_steps_per_s: float
    # PettingZoo steps per second as a share of the engine's applied actions per second,
    # both timed in process CPU time over the same seeded games taken in turns, so that a
    # busy machine slows both alike.
    pettingzoo_share_of_engine: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def bench_adapters(
    game: Game,
    players: int | None = None,
    seconds: float = 2.0,
    options: dict[str, Any] | None = None,
) -> AdapterFigures:
    players = players or default_players(game)
    options = options or {}
    return AdapterFigures(
        pettingzoo_steps_per_s=_rate(seconds, _pettingzoo_game(game, players, options)),
        openspiel_steps_per_s=(
            _rate(seconds, _openspiel_game(game, players, options)) if players > 1 else None
        ),
        gymnasium_steps_per_s=_rate(seconds, _gymnasium_game(game, players, options)),
        pettingzoo_share_of_engine=_share(seconds, game, players, options),
    )


def _share(seconds: float, game: Game, players: int, options: dict[str, Any]) -> float:
    """PettingZoo's speed over the engine's, in CPU time, game by game in turns."""
    pettingzoo = _pettingzoo_game(game, players, options)
    engine_steps = engine_time = table_steps = table_time = 0.0
    seed = 0
    while engine_time + table_time < seconds or seed == 0:
        started = process_time()
        engine_steps += random_playout(game.new(players, seed, **options), Rng(seed))
        engine_time += process_time() - started
        started = process_time()
        table_steps += pettingzoo(seed)
        table_time += process_time() - started
        seed += 1
    return (table_steps / table_time) / (engine_steps / engine_time)


def _rate(seconds: float, play_one: Callable[[int], int]) -> float:
    """Steps per second over whole games played until `seconds` have passed."""
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds or seed == 0:
        started = perf_counter()
        steps += play_one(seed)
        spent += perf_counter() - started
        seed += 1
    return steps / spent


def _pettingzoo_game(game: Game, players: int, options: dict[str, Any]) -> Callable[[int], int]:
    table = pettingzoo.env(game, players, **options)

    def play_one(seed: int) -> int:
        table.reset(seed=seed)
        rng = Rng(seed)
        steps = 0
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = observation["action_mask"].view(np.bool_).nonzero()[0]
            table.step(int(legal[rng.below(len(legal))]))
            steps += 1
        return steps

    return play_one


def _openspiel_game(game: Game, players: int, options: dict[str, Any]) -> Callable[[int], int]:
    spiel = openspiel.load(game, players=players, **options)

    def play_one(seed: int) -> int:
        state = spiel.new_initial_state()
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.integers(256)))
                continue
            actions = state.legal_actions()
            state.apply_action(actions[rng.integers(len(actions))])
            steps += 1
        return steps

    return play_one


def _gymnasium_game(game: Game, players: int, options: dict[str, Any]) -> Callable[[int], int]:
    solo = gym_adapter.env(game, players, "random", **options)

    def play_one(seed: int) -> int:
        _, info = solo.reset(seed=seed)
        rng = Rng(seed)
        terminated = False
        while not terminated:
            legal = info["action_mask"].nonzero()[0]
            action = int(legal[rng.below(len(legal))])
            _, _, terminated, _, info = solo.step(action)
        assert solo.episode is not None
        return len(solo.episode.log)

    return play_one
