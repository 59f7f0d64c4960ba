"""Gymnasium: one seat of a Tabulae game as a single-agent environment.

>>> from tabulae.interop.gymnasium import env
>>> solo = env("hadrians_wall")  # solo Hadrian's Wall; the return is the final score

Importing this module also registers ``tabulae/<id>-v0`` with Gymnasium for every game of
`tabulae.games()`, so ``gymnasium.make("tabulae/hadrians_wall-v0")`` works too.

With one player (the default) the return is the final score. With more, the learner
holds seat `seat`, built-in bots (`tabulae.bots`) play the other seats through
`tabulae.bots.decide`, and the return is the learner's pairwise rank outcome in [-1, 1].
The reward comes at the end, so the undiscounted return is exactly that value.

Observations are the seat's encoded view (`tabulae.interop.observation`); the legal
actions are ``info["action_mask"]`` and `action_masks()` (the form maskable learners
read). Gymnasium requires every action of the space to be steppable, so an illegal one is
refused like a table would refuse it: nothing changes, the reward is 0 and
``info["illegal_action"]`` says why.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tabulae.bots.base import Bot, decide, make_bot
from tabulae.core import Game, IllegalAction, Rng, games

from .episode import Episode, as_game
from .observation import encoder


def env(
    game: Game | str,
    players: int = 1,
    opponents: Sequence[Bot | str] = (),
    **options: Any,
) -> TabulaeEnv:
    """An environment of `game` (an id, ``module:attr`` or a Game) for one configuration.

    `opponents` are bots or bot names for the other seats, in seat order after the
    learner's; one name stands for all of them. Other keywords are ``seat``,
    ``render_mode`` (``"ansi"``) and the game's options.
    """
    return TabulaeEnv(game, players, opponents, **options)


def register(game: Game | str) -> str:
    """Register `game` with Gymnasium as ``tabulae/<id>-v0`` and return that id."""
    game = as_game(game)
    name = f"tabulae/{game.id}-v0"
    known = gymnasium.registry.get(name)
    if known is None or known.kwargs.get("game") is not game:
        gymnasium.register(name, entry_point=f"{__name__}:TabulaeEnv", kwargs={"game": game})
    return name


class TabulaeEnv(gymnasium.Env):
    # As in Gymnasium and PettingZoo: a class default an instance may replace.
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        players: int = 1,
        opponents: Sequence[Bot | str] = (),
        seat: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = as_game(game)
        self.players, self.seat, self.render_mode = players, seat, render_mode
        self.options = dict(self.game.configure(players, options))
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game")
        if isinstance(opponents, str):
            opponents = [opponents] * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"a {players}-player game needs {players - 1} opponents")
        self.bots: dict[int, Bot] = {
            other: make_bot(bot) if isinstance(bot, str) else bot
            for other, bot in zip([s for s in range(players) if s != seat], opponents, strict=True)
        }
        self.encoder = encoder(self.game, players, **self.options)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.game.action_space(players, **self.options)))
        self.episode: Episode | None = None
        self.bot_rng = Rng()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self.episode = Episode.start(self.game, self.players, game_seed, **self.options)
        self.bot_rng = Rng(game_seed ^ 0x5EA7)
        self._let_bots_play()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        episode = self._episode()
        if episode.over:
            raise RuntimeError("the game is over: call reset()")
        try:
            episode.play(int(action))
        except IllegalAction as refused:
            return self._observe(), 0.0, False, False, self._info(refused.reason)
        self._let_bots_play()
        reward = episode.outcomes()[self.seat] if episode.over else 0.0
        return self._observe(), reward, episode.over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Which action codes are legal now (true) for the learner."""
        return self._episode().mask_array(self.seat, bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return json.dumps(self._episode().state.view(self.seat), ensure_ascii=False)

    def _let_bots_play(self) -> None:
        episode = self._episode()
        while (seat := episode.seat) is not None and seat != self.seat:
            episode.play_action(decide(self.bots[seat], episode.state, seat, self.bot_rng))

    def _observe(self) -> np.ndarray:
        return self.encoder.observe(self._episode().state, self.seat)

    def _info(self, refused: str | None = None) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        if refused is not None:
            info["illegal_action"] = refused
        return info

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode


for _game in games().values():
    register(_game)
