"""Errors raised by the protocol."""


class IllegalAction(ValueError):
    """An action refused by the rules. `reason` is written for a player to read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(LookupError):
    """No registered game has the requested id."""


class BadOptions(ValueError):
    """A game was asked for with a player count or options it does not have."""


class MatchFormatError(ValueError):
    """A match record that cannot be read."""
