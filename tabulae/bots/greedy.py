"""Greedy: one ply of lookahead, judged by the game's own evaluation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from tabulae.core import Action, Rng, State

from .base import Bot, Parameter, register
from .standing import margin


@register
class GreedyBot(Bot):
    """Plays the action that leaves its seat furthest ahead of the best rival.

    Each action is tried on `samples` determinizations drawn from the seat's point of view
    (the same ones for every action, chance included, so actions are compared fairly), and
    its lead is averaged. A simultaneous decision is judged once it resolves: the seats that
    still owe their secret choice make one at random. Equal leads are broken at random, so
    a game whose evaluation cannot tell actions apart is played like the random bot.
    """

    name = "greedy"
    parameters: ClassVar[dict[str, Parameter]] = {"samples": Parameter(int, 1, 64)}

    def __init__(self, samples: int = 4) -> None:
        if samples < 1:
            raise ValueError("greedy needs at least one sample")
        self.samples = samples

    def describe(self) -> dict[str, Any]:
        return {"bot": self.name, "samples": self.samples}

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        worlds = [state.determinize(seat, rng) for _ in range(self.samples)]
        return self._best(worlds, seat, rng)

    def act(self, world: State, seat: int, rng: Rng) -> Action:
        return self._best([world], seat, rng)

    def _best(self, worlds: list[State], seat: int, rng: Rng) -> Action:
        actions = worlds[0].legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        totals = [0.0] * len(actions)
        for index, child in afterstates(worlds, seat, actions, rng):
            totals[index] += margin(child, seat)
        best = max(totals)
        leaders = [action for action, total in zip(actions, totals, strict=True) if total == best]
        return leaders[rng.below(len(leaders))]


def afterstates(
    worlds: list[State], seat: int, actions: list[Action], rng: Rng
) -> Iterator[tuple[int, State]]:
    """Each action's index and the position it leads to, in each world in turn: a copy of
    the world with the action played and, where it ends a simultaneous decision, the rivals'
    secret choices made at random, the same for every action of one world."""
    rivals = [other for other in worlds[0].to_move if other != seat]
    for world in worlds:
        choices = rng.next64()
        for index, action in enumerate(actions):
            child = world.clone()
            child.apply(seat, action)
            _resolve(child, seat, rivals, Rng(choices))
            yield index, child


def _resolve(state: State, seat: int, rivals: list[int], rng: Rng) -> None:
    """Finish the simultaneous decision `seat` just took part in: each rival still owing a
    choice makes one at random. Nothing happens while `seat` itself is still to move."""
    if seat in state.to_move:
        return
    for rival in rivals:
        if rival in state.to_move:
            actions = state.legal_actions(rival)
            state.apply(rival, actions[rng.below(len(actions))])
