"""Actions: small immutable values with text notation, a JSON form and an integer code.

An action is a kind followed by arguments, each an int or a word:
``Action("bid", 4)`` is written ``bid 4`` and stored in JSON as ``["bid", 4]``.
Words never look like integers, so the notation parses back to the same action.
A refusal's key here is its English text, a msgid of the interface's catalog (``tabulae``),
where its translations are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from .errors import IllegalAction

Arg = int | str


class Action(tuple[Arg, ...]):
    """An immutable action: ``Action(kind, *args)``.

    >>> bid = Action("bid", 4)
    >>> bid.kind, bid.args
    ('bid', (4,))
    >>> str(bid), bid.to_json()
    ('bid 4', ['bid', 4])
    >>> Action.parse("bid 4") == Action.from_json(["bid", 4]) == bid
    True
    >>> bid
    Action('bid', 4)
    """

    __slots__ = ()

    def __new__(cls, kind: str, *args: Arg) -> Action:
        return tuple.__new__(cls, (kind, *args))

    @property
    def kind(self) -> str:
        return cast(str, self[0])

    @property
    def args(self) -> tuple[Arg, ...]:
        return self[1:]

    def number(self, index: int) -> int:
        """Item `index` (1 is the first argument) of an action whose rules take a number there."""
        return cast(int, self[index])

    def word(self, index: int) -> str:
        """Item `index` (1 is the first argument) of an action whose rules take a word there."""
        return cast(str, self[index])

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        """The call that builds this action again: ``Action('bid', 4)``."""
        return f"Action({', '.join(map(repr, self))})"

    def __getnewargs__(self) -> tuple[Arg, ...]:
        return tuple(self)

    def to_json(self) -> list[Arg]:
        return list(self)

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if (
            not isinstance(data, list | tuple)
            or not data
            or not isinstance(data[0], str)
            or not all(type(a) in (int, str) for a in data[1:])
        ):
            raise IllegalAction(
                f'not an action: {data!r} (expected a list like ["bid", 4])',
                key='not an action: {data} (expected a list like ["bid", 4])',
                args={"data": repr(data)},
            )
        return cls(*data)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text notation, e.g. ``"cube vestal epidemic"``."""
        tokens = text.split()
        if not tokens:
            raise IllegalAction("an empty action", key="an empty action")
        return cls(tokens[0], *(_arg(t) for t in tokens[1:]))


def _arg(token: str) -> Arg:
    try:
        return int(token)
    except ValueError:
        return token


class ActionSpace:
    """The fixed, ordered set of every action a game configuration can ever offer.

    Codes are positions in that order, so they are stable for a given game,
    player count and options: what reinforcement-learning adapters need.
    """

    __slots__ = ("_actions", "_codes")

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._codes = {a: i for i, a in enumerate(self._actions)}
        if len(self._codes) != len(self._actions):
            raise ValueError("an action space lists an action twice")

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._codes

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def encode(self, action: Action) -> int:
        try:
            return self._codes[action]
        except KeyError:
            raise IllegalAction(
                f"'{action}' is not an action of this game",
                key="'{action}' is not an action of this game",
                args={"action": str(action)},
            ) from None

    def decode(self, code: int) -> Action:
        if not 0 <= code < len(self._actions):
            last = len(self._actions) - 1
            raise IllegalAction(
                f"no action has code {code} (0..{last})",
                key="no action has code {code} (0..{last})",
                args={"code": code, "last": last},
            )
        return self._actions[code]

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        """A list of booleans, one per code, true for the given legal actions."""
        flags = [False] * len(self._actions)
        for action in legal:
            flags[self._codes[action]] = True
        return flags
