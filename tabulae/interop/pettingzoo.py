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
playing alone). A game is truncated (``truncations``, rewarding nothing) when it reaches
``max_steps`` (actions played and refused; by default the game's stated longest game,
`tabulae.interop.episode.step_limit`) or ``max_cycles`` (PettingZoo's option, None: no
limit), a cycle being as many steps as there are players in AEC and one step in parallel.

An illegal action is refused as the Gymnasium adapter refuses it: nothing changes, the
reward is 0, ``infos[agent]["illegal_action"]`` says why and the agent acts again; so
actions sampled without the mask (PettingZoo's seed and cycle tests) are safe to step.
``autoplay_forced=True`` plays every forced move (a single legal action) at once.

`state()` is the global state for centralised critics: every seat's observation, in seat
order (`state_space`); it holds what each seat knows, never a deck order. `save()` gives
the game so far as a match record and `restore(record)` goes on from one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from tabulae.core import Game, IllegalAction, Match
from tabulae.core.bench import default_players

from .episode import Episode, as_game, step_limit
from .observation import encoder
from .render import RENDER_MODES, check_render_mode, show, table_text


def env(game: Game | str, players: int | None = None, **options: Any) -> TabulaeEnv:
    """An AEC environment of `game` (an id, ``module:attr`` or a Game) for one configuration.

    Keywords are the player count, ``render_mode`` (``"ansi"``, ``"human"`` or
    ``"rgb_array"``),
    ``max_cycles``, ``max_steps``, ``autoplay_forced`` and the game's options.
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
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
        "is_parallelizable": False,
    }

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
        max_steps = options.pop("max_steps", None)
        self.autoplay_forced = bool(options.pop("autoplay_forced", False))
        self.options = dict(self.game.configure(self.players, options))
        self.render_mode = check_render_mode(render_mode)
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles is a whole number of at least 1, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"tabulae_{self.game.id}_v0"}
        self.encoder = encoder(self.game, self.players, **self.options)
        self.max_steps = step_limit(self.encoder.longest_game, max_steps)
        self.state_space = spaces.Box(
            np.tile(self.encoder.low, self.players),
            np.tile(self.encoder.high, self.players),
            dtype=np.float32,
        )
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
        return self.begin(Episode.start(self.game, self.players, game_seed, **self.options))

    def begin(self, episode: Episode) -> Episode:
        """Play on `episode`: every agent is live again."""
        if self.autoplay_forced:
            episode.play_forced(self.max_steps)
        self.episode = episode
        self.agents = list(self.possible_agents)
        return episode

    def state(self) -> np.ndarray:
        """Every seat's observation, in seat order: what the table knows, for a critic."""
        episode = self._episode()
        return np.concatenate(
            [self.encoder.observe(episode.state, seat) for seat in range(self.players)]
        )

    def save(self) -> str:
        """The game so far as a match record (JSON): seed, options and every action."""
        return self._episode().match().dumps()

    def replayed(self, record: str) -> Episode:
        """The episode of a match record of this game and configuration."""
        match = Match.loads(record)
        if match.game != self.game.id or match.players != self.players:
            raise ValueError(
                f"the record is of {match.game} for {match.players} players, "
                f"not {self.game.id} for {self.players}"
            )
        if dict(self.game.configure(match.players, match.options)) != self.options:
            raise ValueError("the record's game options differ from the environment's")
        return Episode.replay(self.game, match)

    def render(self) -> str | np.ndarray | None:
        """The table as a spectator sees it and who acts, drawn as `tabulae play` draws it."""
        episode = self._episode()
        text = table_text(episode.state, None, self.possible_agents)
        movers = ", ".join(self.possible_agents[seat] for seat in episode.state.to_move)
        acting = f"{movers} to act" if movers else "the game is over"
        return show(f"{text}\n{acting}", self.render_mode)

    def cut(self, cycles: float) -> bool:
        """Whether an unfinished game has reached `max_steps`, or `max_cycles` at `cycles`."""
        episode = self._episode()
        if episode.over:
            return False
        return episode.steps >= self.max_steps or (
            self.max_cycles is not None and cycles >= self.max_cycles
        )

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
        self.turns = 0  # steps of acting agents, which max_cycles counts

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; its seed comes from `seed` (or continues the last seeded stream)."""
        self.start(self.deal(seed))

    def restore(self, record: str) -> None:
        """Go on from a match record of `save`, as `reset` does (max_cycles counts afresh)."""
        self.start(self.begin(self.replayed(record)))

    def start(self, episode: Episode) -> None:
        self.turns = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        seat = episode.seat
        self.agent_selection = self.possible_agents[0 if seat is None else seat]
        if seat is None:  # a finished game restored: it rewards as it ended
            self.rewards = dict(zip(self.agents, episode.outcomes(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()

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
        self._cumulative_rewards[agent] = 0.0
        self.turns += 1
        try:
            episode.play_for(self.seats[agent], episode.space.decode(int(action)))
        except IllegalAction as refused:
            episode.refused += 1
            self.infos[agent] = {"illegal_action": refused.reason}
        else:
            self.infos[agent] = {}
            if self.autoplay_forced:
                episode.play_forced(self.max_steps)
        # Rewards come only at the end, so until then every reward stays 0.
        seat = episode.seat
        if seat is None:
            self.rewards = dict(zip(self.agents, episode.outcomes(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.cut(self.turns / self.players):
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

    def restore(
        self, record: str
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Go on from a match record of `save`, as `reset` does (max_cycles counts afresh)."""
        self.begin(self.replayed(record))
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
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat, action in list(chosen.items()):  # each checked before any is played
            if action not in episode.state.legal_actions(seat):
                refused = f"{action} is not legal for {self.possible_agents[seat]} now"
                infos[self.possible_agents[seat]]["illegal_action"] = refused
                episode.refused += 1
                del chosen[seat]
        for seat, action in chosen.items():
            try:
                episode.play_for(seat, action)
            except IllegalAction as refused_now:
                infos[self.possible_agents[seat]]["not_played"] = refused_now.reason
                episode.refused += 1
        if self.autoplay_forced:
            episode.play_forced(self.max_steps)
        self.cycles += 1
        agents = self.agents
        observations = self._observations()
        rewards = dict.fromkeys(agents, 0.0)
        terminations: dict[str, bool] = dict.fromkeys(agents, episode.over)
        truncations = dict.fromkeys(agents, self.cut(self.cycles))
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
