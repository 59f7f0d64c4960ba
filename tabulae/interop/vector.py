"""Gymnasium: many games of one configuration stepped in one call, for self-play.

>>> from tabulae.interop.vector import vector_env
>>> games = vector_env("builders", num_envs=8, players=2)
>>> observations, infos = games.reset(seed=0)

One policy plays every seat: each game presents the seat to act (``infos["seat"]``),
its observation (each game's designed observation lists players from the observing
seat, so one policy reads every seat alike) and its legal actions (``action_masks()``
and ``infos["action_mask"]``). A simultaneous decision is presented turn by turn, as
everywhere in `tabulae.interop`. When a game ends, the step's reward is the return of
the seat that acted last, ``infos["returns"]`` holds every seat's return (pairwise rank
outcomes; the score when playing alone) so each seat's moves can be credited, and the
game is dealt again at once (Gymnasium's same-step autoreset, `AutoresetMode.SAME_STEP`,
which ``metadata["autoreset_mode"]`` states: the last observation is in
``infos["final_obs"]``). A game that reaches ``max_steps`` (actions played and refused;
by default the game's stated longest game) is truncated and dealt again the same way,
its returns all 0. Alone (``players=1``) it is exactly Gymnasium's
``SyncVectorEnv(..., autoreset_mode=AutoresetMode.SAME_STEP)`` over
`tabulae.interop.gymnasium` environments.

An illegal action is refused as the single environment refuses it: that game does not
change, its reward is 0 and ``infos["illegal_action"][i]`` says why (masked by
``infos["_illegal_action"]``); the other games step as usual. ``autoplay_forced=True``
plays every forced move (a single legal action) in every game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tabulae.core import Game, IllegalAction, Match

from .episode import Episode, as_game, step_limit
from .observation import encoder


def vector_env(
    game: Game | str, num_envs: int, players: int | None = None, **options: Any
) -> TabulaeVectorEnv:
    """`num_envs` games of `game` with `players` seats (by default the game's fewest), one
    policy playing every seat. Keywords are ``max_steps``, ``autoplay_forced`` and the
    game's options."""
    return TabulaeVectorEnv(game, num_envs, players, **options)


class TabulaeVectorEnv(VectorEnv):
    # As in Gymnasium and PettingZoo: a class default an instance may replace.
    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_envs: int,
        players: int | None = None,
        max_steps: int | None = None,
        autoplay_forced: bool = False,
        **options: Any,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs is a whole number of at least 1, not {num_envs!r}")
        self.game = as_game(game)
        players = players or self.game.min_players
        self.num_envs, self.players = num_envs, players
        self.options = dict(self.game.configure(players, options))
        self.encoder = encoder(self.game, players, **self.options)
        self.max_steps = step_limit(self.encoder.longest_game, max_steps)
        self.autoplay_forced = autoplay_forced
        actions = len(self.game.action_space(players, **self.options))
        self.single_observation_space = spaces.Box(
            self.encoder.low, self.encoder.high, dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.episodes: list[Episode] = []
        self.streams: list[np.random.Generator] = []

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game; game `i` draws its seeds from ``seed + i`` (as Gymnasium does)."""
        seeds = seed if isinstance(seed, list) else [None] * self.num_envs
        if isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        if len(seeds) != self.num_envs:
            raise ValueError(f"{len(seeds)} seeds for {self.num_envs} games")
        self.streams = [seeding.np_random(s)[0] for s in seeds]
        self.episodes = [self._deal(i) for i in range(self.num_envs)]
        return self._observations(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        episodes = self._episodes()
        codes = np.asarray(actions).reshape(self.num_envs)
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=bool)
        truncations = np.zeros(self.num_envs, dtype=bool)
        refused = np.full(self.num_envs, None, dtype=object)
        finished: dict[int, tuple[np.ndarray, tuple[float, ...]]] = {}
        for i, (episode, code) in enumerate(zip(episodes, codes, strict=True)):
            seat = episode.acting
            try:
                episode.play(int(code))
            except IllegalAction as refusal:
                episode.refused += 1
                refused[i] = refusal.reason
            else:
                if self.autoplay_forced:
                    episode.play_forced(self.max_steps)
            if episode.over:
                returns = episode.outcomes()
                rewards[i], terminations[i] = returns[seat], True
            elif episode.steps >= self.max_steps:
                returns, truncations[i] = (0.0,) * self.players, True
            else:
                continue
            finished[i] = (self.encoder.observe(episode.state, seat), returns)
            self.episodes[i] = self._deal(i)
        infos = self._infos()
        if finished:
            final = np.zeros(self.num_envs, dtype=bool)
            final[list(finished)] = True
            observations = np.empty(self.num_envs, dtype=object)
            final_returns = np.zeros((self.num_envs, self.players))
            for i, (seen, outcome) in finished.items():
                observations[i], final_returns[i] = seen, outcome
            infos |= {"final_obs": observations, "_final_obs": final, "returns": final_returns}
            infos["_returns"] = final
        if any(reason is not None for reason in refused):
            infos |= {"illegal_action": refused, "_illegal_action": refused != None}  # noqa: E711
        return self._observations(), rewards, terminations, truncations, infos

    def save(self) -> list[str]:
        """Every game so far as a match record (JSON), in game order."""
        return [episode.match().dumps() for episode in self._episodes()]

    def restore(self, records: list[str]) -> tuple[np.ndarray, dict[str, Any]]:
        """Go on from the match records of `save`, one per game, as `reset` does.

        Games dealt later draw their seeds from the streams of the last `reset` (unseeded
        streams if there was none); refused actions no longer count towards `max_steps`.
        """
        if len(records) != self.num_envs:
            raise ValueError(f"{len(records)} records for {self.num_envs} games")
        matches = [Match.loads(record) for record in records]
        for match in matches:
            if match.game != self.game.id or match.players != self.players:
                raise ValueError(f"a record of {match.game} for {match.players} players")
        if not self.streams:
            self.streams = [seeding.np_random(None)[0] for _ in range(self.num_envs)]
        self.episodes = [Episode.replay(self.game, match) for match in matches]
        return self._observations(), self._infos()

    def action_masks(self) -> np.ndarray:
        """Which action codes are legal now in each game (true), as maskable learners read."""
        return np.stack([e.mask_array(e.acting, bool) for e in self._episodes()])

    def _deal(self, i: int) -> Episode:
        seed = int(self.streams[i].integers(2**63))
        episode = Episode.start(self.game, self.players, seed, **self.options)
        if self.autoplay_forced:
            episode.play_forced(self.max_steps)
        return episode

    def _observations(self) -> np.ndarray:
        batch = np.empty((self.num_envs, self.encoder.size), dtype=np.float32)
        for i, episode in enumerate(self.episodes):
            batch[i] = self.encoder.observe(episode.state, episode.acting)
        return batch

    def _infos(self) -> dict[str, Any]:
        seats = np.array([e.seat for e in self.episodes])
        return {"seat": seats, "action_mask": self.action_masks()}

    def _episodes(self) -> list[Episode]:
        if not self.episodes:
            raise RuntimeError("call reset() before using the environment")
        return self.episodes
