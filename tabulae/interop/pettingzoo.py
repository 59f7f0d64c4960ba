"""PettingZoo: every Tabulae game as an AEC environment and as a parallel one.

>>> from tabulae.interop.pettingzoo import env, parallel_env
>>> table = env("sylla", players=4)  # one agent at a time
>>> year = parallel_env("hadrians_wall", players=3)  # every seat that may act, at once

Agents are ``player_0`` … ``player_<n-1>`` (seat numbers). Each observation is a dict:
``observation``, the seat's observation encoded by `tabulae.interop.observation`, and
``action_mask``, 1 for each legal action code (all 0 for an agent not acting now).

- AEC (`env`): a simultaneous decision is presented turn by turn (see
  `tabulae.interop.episode`); a later mover's observation shows no earlier secret choice.
- Parallel (`parallel_env`): each step takes an action from every seat that may act now
  (all of them at a simultaneous decision: secret choices, Hadrian's Wall years; one
  otherwise) and ignores the others'. The actions are played in seat order after the
  last actor; one that an earlier seat's action of the same step made illegal is not
  played, ``infos[agent]["not_played"]`` says why, and that seat acts again.

Rewards come at the end: each seat's pairwise rank outcome in [-1, 1] (its score when
playing alone). ``max_cycles`` (None: no limit) truncates a game after that many cycles,
a cycle being one action per player in AEC and one step in parallel; a truncated game
rewards nothing. An illegal action raises `IllegalAction` and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from tabulae.core import Game, IllegalAction
from tabulae.core.bench import default_players

from .episode import Episode, as_game
from .observation import encoder


def env(game: Game | str, players: int | None = None, **options: Any) -> TabulaeEnv:
    """An AEC environment of `game` (an id, ``module:attr`` or a Game) for one configuration.

    Keywords are the player count, ``render_mode`` (``"ansi"``), ``max_cycles`` and the
    game's options.
    """
    return TabulaeEnv(game, players, **options)


def parallel_env(
    game: Game | str, players: int | None = None, **options: Any
) -> TabulaeParallelEnv:
    """A parallel environment of `game`: every seat that may act now acts in each step.

    Keywords are as for `env`.
    """
    return TabulaeParallelEnv(game, players, **options)


class Table:
    """What both environments share: the configuration, the spaces and the observations."""

    # As in Gymnasium and PettingZoo: a class default an instance may replace.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def setup(
        self,
        game: Game | str,
        players: int | None,
        render_mode: str | None,
        max_cycles: int | None,
        options: dict[str, Any],
    ) -> None:
        self.game = as_game(game)
        self.players = players or default_players(self.game)
        self.options = dict(self.game.configure(self.players, options))
        self.render_mode = render_mode
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles is a whole number of at least 1, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"tabulae_{self.game.id}_v0"}
        self.encoder = encoder(self.game, self.players, **self.options)
        actions = len(self.game.action_space(self.players, **self.options))
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        self.encoder.low, self.encoder.high, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def deal(self, seed: int | None) -> Episode:
        """A new game; its seed comes from `seed` (or continues the last seeded stream)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(2**63))
        self.episode = Episode.start(self.game, self.players, game_seed, **self.options)
        self.agents = list(self.possible_agents)
        return self.episode

    def render(self) -> str | None:
        """The public view (what a spectator sees) and who acts, as text."""
        episode = self._episode()
        text = json.dumps(episode.state.view(None), ensure_ascii=False)
        movers = ", ".join(self.possible_agents[seat] for seat in episode.state.to_move)
        acting = f"{movers} to act" if movers else "the game is over"
        return f"{text}\n{acting}" if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode


class TabulaeEnv(Table, AECEnv):
    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        AECEnv.__init__(self)
        self.setup(game, players, render_mode, max_cycles, options)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; its seed comes from `seed` (or continues the last seeded stream)."""
        episode = self.deal(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[episode.acting]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seats[agent]
        episode = self._episode()
        return {
            "observation": self.encoder.observe(episode.state, seat),
            "action_mask": episode.mask_array(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act now: no action given")
        episode = self._episode()
        episode.play_for(self.seats[agent], episode.space.decode(int(action)))
        self._cumulative_rewards[agent] = 0.0
        # Rewards come only at the end, so until then every reward stays 0.
        seat = episode.seat
        if seat is None:
            self.rewards = dict(zip(self.agents, episode.outcomes(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.max_cycles is not None and len(episode.log) >= self.max_cycles * self.players:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[seat]


class TabulaeParallelEnv(Table, ParallelEnv):
    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        self.setup(game, players, render_mode, max_cycles, options)
        self.cycles = 0

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Deal a new game; its seed comes from `seed` (or continues the last seeded stream)."""
        self.deal(seed)
        self.cycles = 0
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play an action of every seat that may act now (others' actions are ignored)."""
        episode = self._episode()
        if episode.over or not self.agents:
            raise RuntimeError("the game is over: call reset()")
        movers = episode.movers()
        missing = [
            self.possible_agents[seat]
            for seat in movers
            if self.possible_agents[seat] not in actions
        ]
        if missing:
            raise IllegalAction(f"{' and '.join(missing)} must act now")
        chosen = {
            seat: episode.space.decode(int(actions[self.possible_agents[seat]])) for seat in movers
        }
        for seat, action in chosen.items():  # every action checked before any is played
            if action not in episode.state.legal_actions(seat):
                raise IllegalAction(f"{action} is not legal for {self.possible_agents[seat]} now")
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat, action in chosen.items():
            try:
                episode.play_for(seat, action)
            except IllegalAction as refused:
                infos[self.possible_agents[seat]]["not_played"] = refused.reason
        self.cycles += 1
        agents = self.agents
        observations = self._observations()
        rewards = dict.fromkeys(agents, 0.0)
        terminations: dict[str, bool] = dict.fromkeys(agents, episode.over)
        truncations = dict.fromkeys(
            agents,
            not episode.over and self.max_cycles is not None and self.cycles >= self.max_cycles,
        )
        if episode.over:
            rewards = dict(zip(agents, episode.outcomes(), strict=True))
        if episode.over or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        episode = self._episode()
        movers = set(episode.state.to_move)
        return {
            agent: {
                "observation": self.encoder.observe(episode.state, seat),
                "action_mask": episode.mask_array(seat, acting=seat in movers),
            }
            for agent, seat in self.seats.items()
            if agent in self.agents
        }
