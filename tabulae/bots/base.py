"""The bot protocol and its registry."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tabulae.core import Action, Game, Rng, State, visible

from .levels import LEVELS


@dataclass(frozen=True)
class Parameter:
    """What one bot parameter may be: its type and, for a number, its bounds (both included).

    An integer parameter takes integers only (not `true`), a real one integers or finite
    reals, a word one of `choices`, a `path` any file name (local play only: a server
    refuses it, since it names a file on the server's disk); `None` is allowed where it is
    the default.
    """

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    path: bool = False

    def check(self, name: str, value: Any) -> None:
        """Refuse `value` with a sentence saying what the parameter takes."""
        if value is None and self.optional:
            return
        if self.path:
            if not isinstance(value, str) or not value:
                raise ValueError(f"{name} is a file name, not {value!r}")
            return
        if self.kind is str:
            if value not in self.choices:
                raise ValueError(f"{name} is one of {', '.join(self.choices)}, not {value!r}")
            return
        allowed = (int,) if self.kind is int else (int, float)
        if type(value) not in allowed or not math.isfinite(value):
            what = "a whole number" if self.kind is int else "a finite number"
            raise ValueError(f"{name} is {what}, not {value!r}")
        if not self.low <= value <= self.high:
            raise ValueError(f"{name} is from {self.low:g} to {self.high:g}, not {value:g}")

    def describe(self) -> dict[str, Any]:
        if self.path:
            return {"type": "path", "optional": self.optional}
        if self.kind is str:
            return {"type": "string", "choices": list(self.choices)}
        kind = "integer" if self.kind is int else "number"
        return {"type": kind, "min": self.low, "max": self.high, "optional": self.optional}


class Bot(ABC):
    """A player program. It only ever sees a determinized copy of the game (see `decide`).

    `parameters` bounds what `make_bot` accepts, so no parameter can make one decision
    endless; `limited` cuts a decision that could still be long at a wall-clock time.
    """

    name: ClassVar[str]
    parameters: ClassVar[dict[str, Parameter]] = {}

    @abstractmethod
    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        """An action for `seat`, which is in `state.to_move`. `state` may be changed freely.

        `state` is a determinized copy: everything hidden from `seat` in it is a guess, so a
        bot that must not depend on the guess re-samples it from the seat's point of view.
        """

    def act(self, world: State, seat: int, rng: Rng) -> Action:
        """An action for `seat` inside a simulation, where `world` is already a sample.

        Search plays its rollouts with this; a bot that samples hidden information in
        `choose` skips that here, because the simulated world is the sample.
        """
        return self.choose(world, seat, rng)

    def describe(self) -> dict[str, Any]:
        """The bot's name and parameters, JSON-ready."""
        return {"bot": self.name}

    def check(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        """Refuse, with a sentence, a game or player count this bot cannot play (one it
        has no trained weights for); every game, by default."""
        return

    def limited(self, seconds: float) -> Bot:
        """This bot with each decision stopped after `seconds` of wall-clock time. A bot whose
        decisions are short whatever its parameters returns itself."""
        return self


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        actions = state.legal_actions(seat)
        return actions[rng.below(len(actions))]


BOTS: dict[str, type[Bot]] = {}

B = TypeVar("B", bound=type[Bot])


def register(kind: B) -> B:
    """Make a bot class available to `make_bot` under its name."""
    BOTS[kind.name] = kind
    return kind


register(RandomBot)


def make_bot(name: str, state: State | None = None, /, **params: Any) -> Bot:
    """A bot by name (``"random"``, ``"greedy"``, ``"ismcts"``) or level (``"easy"``,
    ``"medium"``, ``"hard"``), with parameters; a level's parameters are overridden by those
    given. A bot's own name is the raw bot: the level ``ismcts`` is that bot's defaults.
    Given the `state` of the game it will play, a level is played as that game tunes it
    for that many players (`Game.level_params`).

    >>> make_bot("medium", iterations=50).describe()["iterations"]
    50
    """
    level = LEVELS.get(name) if name not in BOTS else None
    if level is not None:
        tuned = state.game.level_params(level.name, state.players) if state is not None else {}
        name, params = level.bot, {**level.params, **tuned, **params}
    try:
        kind = BOTS[name]
    except KeyError:
        raise ValueError(
            f"no bot {name!r} (levels: {', '.join(LEVELS)}; bots: {', '.join(BOTS)})"
        ) from None
    try:
        bot = kind(**params)
    except TypeError as error:
        raise ValueError(f"bot {name!r} does not take those parameters: {error}") from None
    for key, value in params.items():
        if key in kind.parameters:
            kind.parameters[key].check(key, value)
    return bot


def local_only(name: str, params: dict[str, Any]) -> list[str]:
    """The parameters among `params` that name a file (`Parameter.path`): a server refuses
    them, since they would make it read its own disk for a client."""
    kind = BOTS.get(name)
    if kind is None:
        return []
    return [key for key in params if key in kind.parameters and kind.parameters[key].path]


def known(name: str) -> bool:
    """Whether `make_bot` knows `name`, as a bot or a level."""
    return name in BOTS or name in LEVELS


def decide(bot: Bot, state: State, seat: int, rng: Rng) -> Action:
    """Ask `bot` for `seat`'s action without showing it anything that seat may not know.

    The bot gets a copy determinized for `seat` whose event log holds only the events
    that seat saw. A seat with a single legal action is not asked.
    """
    actions = state.legal_actions(seat) if seat in state.to_move else []
    if len(actions) == 1:
        return actions[0]
    return bot.choose(seat_copy(state, seat, rng), seat, rng)


def seat_copy(state: State, seat: int, rng: Rng) -> State:
    """A copy of `state` holding only what `seat` knows: determinized for it, with only the
    events it saw. Refuses a seat that is not to move."""
    if seat not in state.to_move:
        raise ValueError(f"seat {seat} is not to move (to move: {state.to_move})")
    copy = state.determinize(seat, rng)
    # State declares `events` for its subclasses, which hold it in their own __slots__.
    copy.events = list(visible(copy.events, seat))  # type: ignore[misc]
    return copy
