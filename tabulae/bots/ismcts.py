"""Information-set Monte Carlo tree search (multiple-observer ISMCTS with UCT).

Each iteration samples one world with `determinize` from the deciding seat's point of view,
then walks one tree per seat down that world. A seat's tree is keyed by what that seat
observes: its own actions and the events it may see, but of a rival's action only the
events shown to it. So no seat's choices in the search depend on what it cannot know: a
rival's secret choice in a simultaneous decision, a hidden card drawn, the sampled world.
Statistics for the actions a seat may take sit on its own nodes; an action is scored by
UCB1 over the iterations in which it was available (the subset-armed bandit of ISMCTS),
the walk stops after the first new action, a rollout policy plays on to the end (or for
`depth` actions, then the game's evaluation judges), and every seat's choices are credited
with that seat's payoff, the share of rivals it beat.

The decision depends only on what the deciding seat knows and on the bot's random stream:
the copy it is handed is only ever re-determinized, never read for hidden values.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Hashable
from time import perf_counter
from typing import Any, ClassVar

from tabulae.core import Action, Event, Rng, State

from .base import Bot, Parameter, make_bot, register
from .standing import payoffs


class Node:
    """One information set of one seat: its actions' statistics and what may follow."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.edges: dict[Action, Edge] = {}


class Edge:
    """An action's record at a node: visits, summed payoff, and times it was available."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Search:
    """One decision's search. Run it for a budget, then read `best()` and the statistics."""

    def __init__(self, bot: ISMCTSBot, state: State, seat: int, rng: Rng) -> None:
        self.bot = bot
        self.state = state
        self.seat = seat
        self.rng = rng
        self.trees = [Node() for _ in range(state.players)]
        self.iterations = 0
        self.seconds = 0.0
        self.low = math.inf
        self.high = -math.inf

    def run(self, iterations: int | None = None, seconds: float | None = None) -> Search:
        """Iterate until `iterations` are done or `seconds` have passed, whichever is first."""
        started = perf_counter()
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if seconds is not None and done and perf_counter() - started >= seconds:
                break
            self.iterate()
            done += 1
        self.iterations += done
        self.seconds += perf_counter() - started
        return self

    def best(self) -> Action:
        """The most visited action at the root (the better mean among equals, then the first)."""
        edges = self.trees[self.seat].edges
        actions = self.state.legal_actions(self.seat)
        return max(actions, key=lambda a: _rank(edges.get(a)))

    def statistics(self) -> list[dict[str, Any]]:
        """The root actions' visits and mean payoffs, most visited first."""
        edges = self.trees[self.seat].edges
        rows = [
            {
                "action": str(action),
                "visits": edge.visits,
                "mean": edge.total / edge.visits if edge.visits else None,
            }
            for action, edge in edges.items()
        ]
        return sorted(rows, key=lambda row: -row["visits"])

    def iterate(self) -> None:
        rng = self.rng
        world = self.state.determinize(self.seat, rng)
        nodes = list(self.trees)
        trail: list[tuple[int, Edge]] = []
        actor = self.seat
        while True:
            node = nodes[actor]
            action, edge, fresh = self._select(node, world.legal_actions(actor), rng)
            trail.append((actor, edge))
            logged, movers = len(world.events), world.to_move
            world.apply(actor, action)
            self._observe(nodes, actor, action, world.events[logged:])
            if fresh or not world.to_move:
                break
            actor = _pick(world.to_move, rng)
        rewards = self._rollout(world, movers, rng)
        for seat, edge in trail:
            edge.visits += 1
            edge.total += rewards[seat]

    def _select(self, node: Node, actions: list[Action], rng: Rng) -> tuple[Action, Edge, bool]:
        """UCB1 among the actions available here; an untried one first, at random."""
        edges = node.edges
        untried = []
        for action in actions:
            edge = edges.get(action)
            if edge is None:
                edge = edges[action] = Edge()
            edge.available += 1
            if not edge.visits:
                untried.append(action)
        if untried:
            action = untried[rng.below(len(untried))]
            return action, edges[action], True
        low, span = self.low, (self.high - self.low) or 1.0
        c = self.bot.c
        best, best_score = actions[0], -math.inf
        for action in actions:
            edge = edges[action]
            mean = (edge.total / edge.visits - low) / span
            score = mean + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = action, score
        return best, edges[best], False

    def _observe(self, nodes: list[Node], actor: int, action: Action, events: list[Event]) -> None:
        """Move each seat's tree to the child for what that seat saw of the action."""
        seen = [(event.audience, _signature(event)) for event in events]
        for seat, node in enumerate(nodes):
            shown = tuple(sig for audience, sig in seen if audience is None or seat in audience)
            key = (action, shown) if seat == actor else (actor, shown)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            nodes[seat] = child

    def _rollout(self, world: State, movers: tuple[int, ...], rng: Rng) -> list[float]:
        """Play on with the rollout policy to the end, or to `depth` actions (finishing a
        simultaneous decision under way, which the evaluation could not judge half-made);
        return every seat's payoff. `movers` were to move before the last action."""
        policy, depth = self.bot.policy, self.bot.depth
        steps = 0
        while world.to_move:
            pending = set(world.to_move) < set(movers)
            if depth is not None and steps >= depth and not pending:
                break
            movers = world.to_move
            actor = _pick(movers, rng)
            if policy is None:
                actions = world.legal_actions(actor)
                action = actions[rng.below(len(actions))]
            else:
                action = policy.act(world, actor, rng)
            world.apply(actor, action)
            steps += 1
        rewards = payoffs(world)
        self.low = min(self.low, *rewards)
        self.high = max(self.high, *rewards)
        return rewards

    def ranking(self) -> list[tuple[Action, int, float]]:
        """The root's searched actions with their visits and mean payoffs, best first (in the
        order `best` ranks them)."""
        edges = self.trees[self.seat].edges
        searched = [(a, e.visits, e.total / e.visits) for a, e in edges.items() if e.visits]
        return sorted(searched, key=lambda row: (-row[1], -row[2]))


def _pick(movers: tuple[int, ...], rng: Rng) -> int:
    """The seat that acts next in a simulation: among simultaneous movers, one at random."""
    return movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]


def _signature(event: Event) -> tuple[str, str]:
    """A hashable picture of an event (its arguments are JSON-ready, so `repr` is faithful)."""
    return event.key, repr(event.args)


def _rank(edge: Edge | None) -> tuple[int, float]:
    if edge is None or not edge.visits:
        return (0, -math.inf)
    return (edge.visits, edge.total / edge.visits)


@register
class ISMCTSBot(Bot):
    """Searches for `iterations` iterations or `seconds` per decision (the first reached).

    `c` is the UCB1 exploration constant on payoffs from 0 to 1; `rollout` names the bot
    that plays the simulations (``"random"``, or ``"greedy"`` for slower, wiser ones);
    `depth` cuts rollouts after that many actions and lets the game's evaluation judge
    (None plays them to the end). Twenty actions see a turn's consequences while keeping
    iterations cheap in long games, where random play to the end says little.
    """

    name = "ismcts"
    parameters: ClassVar[dict[str, Parameter]] = {
        "iterations": Parameter(int, 1, 100_000, optional=True),
        "seconds": Parameter(float, 0.001, 60, optional=True),
        "c": Parameter(float, 0, 10),
        "rollout": Parameter(str, choices=("random", "greedy")),
        "depth": Parameter(int, 0, 1000, optional=True),
    }

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        depth: int | None = 20,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise ValueError("ismcts needs a positive budget of iterations or seconds")
        if depth is not None and depth < 0:
            raise ValueError("the rollout depth cannot be negative")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.policy: Bot | None = None if rollout == "random" else make_bot(rollout)
        self.depth = depth

    def describe(self) -> dict[str, Any]:
        described: dict[str, Any] = {"bot": self.name}
        if self.iterations is not None:
            described["iterations"] = self.iterations
        if self.seconds is not None:
            described["seconds"] = self.seconds
        described.update(c=self.c, rollout=self.rollout, depth=self.depth)
        return described

    def limited(self, seconds: float) -> ISMCTSBot:
        capped = copy.copy(self)
        capped.seconds = seconds if self.seconds is None else min(self.seconds, seconds)
        return capped

    def search(self, state: State, seat: int, rng: Rng) -> Search:
        """Search the decision of `seat` in `state` within the bot's budget."""
        return Search(self, state, seat, rng).run(self.iterations, self.seconds)

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return self.search(state, seat, rng).best()
