"""Random playouts: the simplest way to drive any game to its end."""

from __future__ import annotations

from collections.abc import Iterator

from .actions import Action
from .game import State
from .rng import Rng


def random_steps(
    state: State, rng: Rng, max_steps: int = 1_000_000
) -> Iterator[tuple[int, Action]]:
    """Play uniformly random legal actions, yielding each (seat, action) before it is applied.

    Among simultaneous movers a random seat acts first. Stops at the end of the
    game, or raises RuntimeError if it has not ended within `max_steps`.
    """
    for _ in range(max_steps):
        movers = state.to_move
        if not movers:
            return
        seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
        actions = state.legal_actions(seat)
        action = actions[rng.below(len(actions))]
        yield seat, action
        state.apply(seat, action)
    raise RuntimeError(f"{state.game.id} did not end within {max_steps} actions")


def random_playout(state: State, rng: Rng, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end at random; return the number of actions applied."""
    return sum(1 for _ in random_steps(state, rng, max_steps))
