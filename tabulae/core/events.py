"""Events: what happened, as a message key with arguments and an audience."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened.

    `key` names a translatable message (``"sylla.bid"``); `args` fills it in;
    `audience` is None for everyone, or the seats that may see it.
    Events are values: never mutate `args` after creating one.
    """

    key: str
    args: dict[str, Any]
    audience: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "args": self.args}
        if self.audience is not None:
            data["audience"] = list(self.audience)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(
            data["key"], dict(data.get("args", {})), None if audience is None else tuple(audience)
        )


def visible(events: Iterable[Event], seat: int | None) -> Iterator[Event]:
    """The events a seat (None for a spectator) may see, in order."""
    return (e for e in events if e.audience is None or (seat is not None and seat in e.audience))
