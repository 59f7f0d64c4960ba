"""Who sits at the table: people and bots, written as ``human``, a level (``hard``) or a bot
with parameters (``ismcts:iterations=200``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabulae.bots import BOTS, LEVELS, Bot, known, make_bot
from tabulae.core import State
from tabulae.i18n import N_

HUMAN = "human"
# The bots a newcomer meets by default, strongest first; the first one that exists is used.
STRONGEST = ("ismcts", "greedy", "random")


class SeatError(ValueError):
    """A seat that cannot be filled: an unknown bot or a parameter it does not take.

    Carries an interface message and its arguments, for the player's language.
    """

    def __init__(self, message: str, **values: Any) -> None:
        super().__init__(message.format(**values))
        self.message, self.values = message, values


@dataclass(frozen=True)
class Seat:
    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @classmethod
    def parse(cls, text: str) -> Seat:
        kind, *settings = text.strip().split(":")
        params = {}
        for setting in settings:
            name, equals, value = setting.partition("=")
            if not equals or not name:
                raise SeatError(
                    N_("Bot parameters are written name=value, not {text}."), text=setting
                )
            params[name] = _number(value)
        seat = cls(kind.lower(), params)
        if not seat.human:
            seat.bot()  # refuse an unknown bot or parameter now, not mid-game
        return seat

    def bot(self, state: State | None = None) -> Bot:
        """This seat's bot, as the game of `state` tunes its level when given (`make_bot`)."""
        if not known(self.kind):
            raise SeatError(
                N_("There is no bot {name} (bots: {bots}; a person is {human})."),
                name=self.kind,
                bots=", ".join(dict.fromkeys([*BOTS, *LEVELS])),
                human=HUMAN,
            )
        try:
            return make_bot(self.kind, state, **self.params)
        except (TypeError, ValueError) as error:
            raise SeatError(
                N_("Bot {name} does not take these parameters: {error}"),
                name=self.kind,
                error=str(error),
            ) from None

    def __str__(self) -> str:
        return ":".join([self.kind, *(f"{k}={v}" for k, v in self.params.items())])


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_seats(text: str) -> list[Seat]:
    return [Seat.parse(part) for part in text.split(",")]


def default_seats(players: int) -> list[Seat]:
    """One person in the first seat against the strongest bot there is."""
    bot = next(name for name in STRONGEST if name in BOTS)
    return [Seat(HUMAN), *(Seat(bot) for _ in range(players - 1))]
