"""The bot protocol and its registry."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from tabulae.core import Action, Rng, State


class Bot(ABC):
    """A player program. It only ever sees a determinized copy of the game (see `decide`)."""

    name: ClassVar[str]

    @abstractmethod
    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        """An action for `seat`, which is in `state.to_move`. `state` may be changed freely."""


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        actions = state.legal_actions(seat)
        return actions[rng.below(len(actions))]


BOTS: dict[str, type[Bot]] = {RandomBot.name: RandomBot}


def make_bot(name: str, **params: Any) -> Bot:
    """A bot by name (``"random"``, …) with its parameters."""
    try:
        kind = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot {name!r} (bots: {', '.join(BOTS)})") from None
    return kind(**params)


def decide(bot: Bot, state: State, seat: int, rng: Rng) -> Action:
    """Ask `bot` for `seat`'s action without showing it anything that seat may not know."""
    return bot.choose(state.determinize(seat, rng), seat, rng)
