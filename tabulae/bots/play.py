"""Bots playing a game together, simultaneous decisions included."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tabulae.core import Action, Rng, State

from .base import Bot, decide


def bot_steps(
    state: State, bots: Sequence[Bot], rngs: Sequence[Rng], max_steps: int = 1_000_000
) -> Iterator[tuple[int, Action]]:
    """Let the bot in each seat play `state` to its end, yielding each (seat, action)
    before it is applied; seat `s` draws its chance from `rngs[s]` alone.

    When several seats are to move, every one of them decides on the same position and
    the choices are then applied in seat order, so no seat acts on what another chose;
    a choice that the others' actions have made illegal is decided again.
    """
    steps = 0
    while movers := state.to_move:
        chosen = {seat: decide(bots[seat], state, seat, rngs[seat]) for seat in movers}
        for seat in movers:
            if seat not in state.to_move:
                continue
            action = chosen[seat]
            if action not in state.legal_actions(seat):
                action = decide(bots[seat], state, seat, rngs[seat])
            if steps >= max_steps:
                raise RuntimeError(f"{state.game.id} did not end within {max_steps} actions")
            yield seat, action
            state.apply(seat, action)
            steps += 1
