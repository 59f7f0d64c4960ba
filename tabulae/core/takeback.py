"""Taking back one's own latest actions within a turn, while they taught no one anything.

A seat may take back its latest actions as long as no one else has acted since, none of
them drew on chance or revealed something hidden, and the game is not over: the game judges
each action (`Game.take_back`), and whatever it says, an action that drew on the state's
random stream or ended the game cannot be taken back. `TakeBacks` follows a log as it grows
and shrinks and counts, for the seat that acted last, how many of its actions may go.

>>> from tabulae.core import Action, load
>>> state = load("builders").new(2, seed=1)
>>> seat = state.to_move[0]
>>> before = state.clone()
>>> state.apply(seat, Action("take", 1))
>>> runs = TakeBacks()
>>> runs.played(before, seat, Action("take", 1), state)
>>> runs.allowed(seat), runs.allowed(1 - seat)
(1, 0)
"""

from __future__ import annotations

from .actions import Action
from .game import State


def may_take_back(before: State, seat: int, action: Action, after: State) -> bool:
    """Whether `seat`'s `action`, which turned `before` into `after`, may be taken back."""
    if after.result() is not None:
        return False
    if _random_stream(before) != _random_stream(after):
        return False
    return before.game.take_back(before, seat, action, after)


def _random_stream(state: State) -> int | None:
    """Where the state's random stream stands, for a game that keeps one in the state."""
    rng = getattr(state, "rng", None)
    return None if rng is None else rng.state


class TakeBacks:
    """For each action of a log, its seat and how many of that seat's actions, up to and
    including it, may be taken back: the run since another seat acted or since an action
    that may not be taken back."""

    def __init__(self) -> None:
        self.runs: list[tuple[int, int]] = []

    def played(self, before: State, seat: int, action: Action, after: State) -> None:
        """Follow `seat`'s `action`, which turned `before` into `after`."""
        if not may_take_back(before, seat, action, after):
            self.runs.append((seat, 0))
            return
        last, run = self.runs[-1] if self.runs else (None, 0)
        self.runs.append((seat, (run if last == seat else 0) + 1))

    def taken_back(self, count: int) -> None:
        """Forget the last `count` actions, taken back."""
        del self.runs[len(self.runs) - count :]

    def allowed(self, seat: int) -> int:
        """How many of its latest actions `seat` may take back now."""
        if not self.runs or self.runs[-1][0] != seat:
            return 0
        return self.runs[-1][1]
