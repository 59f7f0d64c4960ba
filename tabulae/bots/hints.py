"""Hints: what the strongest level would play here, and why, from what the seat knows only.

The search runs on the copy `decide` would hand a bot (determinized for the seat, with only
the events it saw), so a hint cannot reveal anything hidden from the seat asking: every
world that looks the same to that seat gives the same hint for the same random stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabulae.core import Action, Rng, State

from .base import Bot, make_bot, seat_copy
from .levels import STRONGEST

MOVES = 3
"""How many moves a hint names."""


@dataclass(frozen=True)
class Suggestion:
    """One move of a hint: its expected payoff and how much of the search went into it."""

    action: Action
    value: float
    visits: int
    share: float

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "notation": str(self.action),
            "value": round(self.value, 4),
            "visits": self.visits,
            "share": round(self.share, 4),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Suggestion:
        return cls(Action.from_json(data["action"]), data["value"], data["visits"], data["share"])


@dataclass(frozen=True)
class Hint:
    """The best moves for `seat`, best first. `measure` says what `value` is: ``"wins"``, the
    expected share of rivals beaten (1 = winning outright), or ``"score"``, the expected final
    score of a solitaire game. `iterations` is how many futures the search played."""

    seat: int
    measure: str
    iterations: int
    moves: tuple[Suggestion, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "measure": self.measure,
            "iterations": self.iterations,
            "moves": [move.to_json() for move in self.moves],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hint:
        return cls(
            data["seat"],
            data["measure"],
            data["iterations"],
            tuple(Suggestion.from_json(move) for move in data["moves"]),
        )

    def best(self, moves: int = MOVES) -> Hint:
        """The same hint naming only its `moves` best moves."""
        return Hint(self.seat, self.measure, self.iterations, self.moves[:moves])


def hint(
    state: State, seat: int, rng: Rng, bot: Bot | None = None, moves: int | None = MOVES
) -> Hint:
    """The `moves` best actions for `seat` (None: every action searched), as the strongest
    level's search ranks them (or `bot`'s, which must have a ``search(state, seat, rng)``
    whose result has ``ranking()`` and ``iterations``). `state` is left untouched; refuses a
    seat that is not to move.

    >>> import tabulae
    >>> state = tabulae.load("sylla").new(3, seed=1)
    >>> found = hint(state, 0, Rng(7), make_bot("ismcts", iterations=60))
    >>> len(found.moves), found.measure
    (3, 'wins')
    """
    bot = make_bot(STRONGEST, state) if bot is None else bot
    # Only a searching bot can rank moves: the Bot interface only chooses one.
    search = bot.search(seat_copy(state, seat, rng), seat, rng)  # type: ignore[attr-defined]
    ranked = search.ranking()
    total = sum(visits for _, visits, _ in ranked) or 1
    return Hint(
        seat,
        "score" if state.players == 1 else "wins",
        search.iterations,
        tuple(
            Suggestion(action, value, visits, visits / total)
            for action, visits, value in ranked[:moves]
        ),
    )
