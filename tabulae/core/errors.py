"""Errors raised by the protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class IllegalAction(ValueError):
    """An action refused by the rules.

    `reason` is the English text, written for a player to read. `key` names the same message in
    the game's catalogs and `arguments` fill it in, as an event's args do, so that each player
    reads the refusal in their own language; `reason` is the fallback where no catalog has `key`.
    """

    def __init__(
        self, reason: str, key: str | None = None, args: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.arguments = dict(args or {})

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.reason, self.key, self.arguments)


class UnknownGame(LookupError):
    """No registered game has the requested id."""


class BadOptions(ValueError):
    """A game was asked for with a player count or options it does not have."""


class BadPosition(ValueError):
    """A position (`Game.from_position`) that is not one this game can be in, and why."""


class MatchFormatError(ValueError):
    """A match record that cannot be read."""
