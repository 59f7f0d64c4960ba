"""PettingZoo: every Tabulae game as an AEC environment with action masks.

>>> from tabulae.interop.pettingzoo import env
>>> table = env("sylla", players=4)

Agents are ``player_0`` … ``player_<n-1>`` (seat numbers). Each observation is a dict:
``observation``, the seat's view encoded by `tabulae.interop.observation`, and
``action_mask``, 1 for each legal action code (all 0 for an agent not acting now).
A simultaneous decision is presented turn by turn (see `tabulae.interop.episode`);
a later mover's observation shows no earlier secret choice. Rewards come at the end:
each seat's pairwise rank outcome in [-1, 1] (its score when playing alone).
An illegal action raises `IllegalAction` and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tabulae.core import Game
from tabulae.core.bench import default_players

from .episode import Episode, as_game
from .observation import encoder


def env(game: Game | str, players: int | None = None, **options: Any) -> TabulaeEnv:
    """An AEC environment of `game` (an id, ``module:attr`` or a Game) for one configuration.

    Keywords are the player count, ``render_mode`` (``"ansi"``) and the game's options.
    """
    return TabulaeEnv(game, players, **options)


class TabulaeEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = as_game(game)
        self.players = players or default_players(self.game)
        self.options = dict(self.game.configure(self.players, options))
        self.render_mode = render_mode
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

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game; its seed comes from `seed` (or continues the last seeded stream)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(2**63))
        self.episode = Episode.start(self.game, self.players, game_seed, **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.episode.seat]

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
        episode = self._episode()
        episode.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        # Rewards come only at the end, so until then every reward stays 0.
        if episode.over:
            self.rewards = dict(zip(self.agents, episode.outcomes(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[episode.seat]

    def render(self) -> str | None:
        """The public view (what a spectator sees) and who acts, as text."""
        episode = self._episode()
        text = json.dumps(episode.state.view(None), ensure_ascii=False)
        acting = "the game is over" if episode.over else f"{self.agent_selection} to act"
        return f"{text}\n{acting}" if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode
