"""Gymnasium: one seat of a Tabulae game as a single-agent environment.

>>> from tabulae.interop.gymnasium import env
>>> solo = env("hadrians_wall")  # solo Hadrian's Wall; the return is the final score

Importing this module also registers with Gymnasium, for every game of `tabulae.all_games()`,
``tabulae/<id>-v0`` (the game's fewest players: solo Hadrian's Wall, two-player The
Builders, two-player Sylla) and ``tabulae/<id>-<n>p-v0`` for each player count, so
``gymnasium.make("tabulae/sylla-4p-v0")`` works too.

With one player the return is the final score. With more, the learner holds seat `seat`,
built-in bots (`tabulae.bots`; the random bot unless `opponents` names others) play the
other seats through `tabulae.bots.decide`, and the return is the learner's pairwise rank
outcome in [-1, 1]. The reward comes at the end, so the undiscounted return is exactly
that value.

A game that reaches ``max_steps`` (actions of every seat plus illegal actions refused;
by default the game's stated longest game, `tabulae.interop.episode.step_limit`) is
truncated: ``truncated`` is true and the reward 0. ``autoplay_forced=True`` plays the
learner's forced moves (a single legal action) for it.

Observations are the seat's encoded view (`tabulae.interop.observation`); the legal
actions are ``info["action_mask"]`` and `action_masks()` (the form maskable learners
read). Gymnasium requires every action of the space to be steppable, so an illegal one is
refused like a table would refuse it: nothing changes, the reward is 0 and
``info["illegal_action"]`` says why (every adapter refuses so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tabulae.bots.base import Bot, decide, make_bot
from tabulae.core import Game, IllegalAction, Match, Rng, all_games

from .episode import Episode, as_game, step_limit
from .observation import encoder
from .render import RENDER_MODES, check_render_mode, show, table_text

DEFAULT_OPPONENT = "random"


def env(
    game: Game | str,
    players: int | None = None,
    opponents: Sequence[Bot | str] | str | None = None,
    **options: Any,
) -> TabulaeEnv:
    """An environment of `game` (an id, ``module:attr`` or a Game) for one configuration.

    `players` defaults to the game's fewest. `opponents` are bots or bot names for the
    other seats, in seat order after the learner's; one name stands for all of them (the
    random bot by default). Other keywords are ``seat``, ``render_mode`` (``"ansi"``,
    ``"human"`` or ``"rgb_array"``), ``max_steps``, ``autoplay_forced`` and the game's options.
    """
    return TabulaeEnv(game, players, opponents, **options)


def register(game: Game | str) -> str:
    """Register `game` with Gymnasium and return its plain id, ``tabulae/<id>-v0``.

    The plain id plays the game's fewest players; ``tabulae/<id>-<n>p-v0`` is registered
    for each player count `n` as well.
    """
    game = as_game(game)
    name = f"tabulae/{game.id}-v0"
    ids = {name: game.min_players}
    ids |= {f"tabulae/{game.id}-{n}p-v0": n for n in range(game.min_players, game.max_players + 1)}
    for each, players in ids.items():
        known = gymnasium.registry.get(each)
        if known is None or known.kwargs.get("game") is not game:
            gymnasium.register(
                each,
                entry_point=f"{__name__}:TabulaeEnv",
                kwargs={"game": game, "players": players},
            )
    return name


class TabulaeEnv(gymnasium.Env):
    # As in Gymnasium and PettingZoo: a class default an instance may replace.
    # The table is text, drawn at a reader's pace: render_fps only satisfies Gymnasium.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        opponents: Sequence[Bot | str] | str | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        max_steps: int | None = None,
        autoplay_forced: bool = False,
        **options: Any,
    ) -> None:
        self.game = as_game(game)
        players = players or self.game.min_players
        self.players, self.seat = players, seat
        self.render_mode = check_render_mode(render_mode)
        self.autoplay_forced = autoplay_forced
        self.options = dict(self.game.configure(players, options))
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game")
        if opponents is None:
            opponents = DEFAULT_OPPONENT
        if isinstance(opponents, str):
            opponents = [opponents] * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"a {players}-player game needs {players - 1} opponents")
        self.bots: dict[int, Bot] = {
            other: make_bot(bot) if isinstance(bot, str) else bot
            for other, bot in zip([s for s in range(players) if s != seat], opponents, strict=True)
        }
        self.encoder = encoder(self.game, players, **self.options)
        self.max_steps = step_limit(self.encoder.longest_game, max_steps)
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
        if episode.over or self.truncated:
            raise RuntimeError("the game is over: call reset()")
        try:
            episode.play(int(action))
        except IllegalAction as refused:
            episode.refused += 1
            return self._observe(), 0.0, False, self.truncated, self._info(refused.reason)
        self._let_bots_play()
        reward = episode.outcomes()[self.seat] if episode.over else 0.0
        return self._observe(), reward, episode.over, self.truncated, self._info()

    @property
    def truncated(self) -> bool:
        """Whether the game reached `max_steps` unfinished: it is over for the learner."""
        episode = self._episode()
        return not episode.over and episode.steps >= self.max_steps

    def action_masks(self) -> np.ndarray:
        """Which action codes are legal now (true) for the learner."""
        return self._episode().mask_array(self.seat, bool)

    def render(self) -> str | np.ndarray | None:
        """The table as the learner's seat sees it, drawn as `tabulae play` draws it."""
        names = [f"player_{seat}" for seat in range(self.players)]
        return show(table_text(self._episode().state, self.seat, names), self.render_mode)

    def save(self) -> str:
        """The game so far as a match record (JSON): seed, options and every action."""
        return self._episode().match().dumps()

    def restore(self, record: str) -> tuple[np.ndarray, dict[str, Any]]:
        """Go on from a match record of `save` (this game and configuration), as `reset` does.

        The bots' random stream starts afresh from the record's seed, and refused
        actions, which a record does not keep, no longer count towards `max_steps`.
        """
        match = Match.loads(record)
        if match.game != self.game.id or match.players != self.players:
            raise ValueError(
                f"the record is of {match.game} for {match.players}, "
                f"not {self.game.id} for {self.players}"
            )
        if dict(self.game.configure(match.players, match.options)) != self.options:
            raise ValueError("the record's game options differ from the environment's")
        self.episode = Episode.replay(self.game, match)
        self.bot_rng = Rng(match.seed ^ 0x5EA7 ^ len(match.actions))
        self._let_bots_play()
        return self._observe(), self._info()

    def _let_bots_play(self) -> None:
        episode = self._episode()
        while episode.steps < self.max_steps:
            if self.autoplay_forced:
                episode.play_forced(self.max_steps)
            seat = episode.seat
            if seat is None or seat == self.seat or episode.steps >= self.max_steps:
                return
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


for _game in all_games().values():
    register(_game)
