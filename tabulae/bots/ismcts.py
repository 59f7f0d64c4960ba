"""Information-set Monte Carlo tree search (multiple-observer ISMCTS with UCT).

Each iteration samples one world with `determinize` from the deciding seat's point of view,
then walks one tree per seat down that world. A seat's tree is keyed by what that seat
observes: its own actions and the events it may see, but of a rival's action only the
events shown to it. So no seat's choices in the search depend on what it cannot know: a
rival's secret choice in a simultaneous decision, a hidden card drawn, the sampled world.
Statistics for the actions a seat may take sit on its own nodes; an action is scored by
UCB1 over the iterations in which it was available (the subset-armed bandit of ISMCTS),
the walk stops after the first new action, a rollout policy plays on to the end (or for
`depth` actions, or until `rounds` of the game's rounds have ended, then the game's evaluation
judges), and every seat's choices are credited with that seat's payoff, the share of rivals
it beat (a solitaire player's score), discounted with `discount` by the actions it took to
get there.

Four options make it stronger where a game helps (see `ISMCTSBot`): `group` weighs one
action of each group of near-identical ones (`Game.action_key`), `prune` only the actions a
player who knows the game would weigh at all (`Game.sensible_actions`), `rollout="informed"`
plays the simulations with the game's quick judgement (`Game.rollout_action`), and `reuse`
keeps the subtree of what the seat has since observed of its own last decision. `workers` runs
that many searches of the same decision at once in processes (root parallelism) and adds
up their root statistics.

The decision depends only on what the deciding seat knows and on the bot's random stream:
the copy it is handed is only ever re-determinized, never read for hidden values.
"""

from __future__ import annotations

import copy
import math
import multiprocessing
from collections.abc import Hashable
from time import perf_counter
from typing import Any, ClassVar

from tabulae.core import Action, Event, Rng, State

from .base import Bot, Parameter, make_bot, register
from .standing import payoffs

NEUTRAL = 0.5
"""The payoff of a seat that beats half its rivals, towards which `discount` draws payoffs."""


class Node:
    """One information set of one seat: its actions' statistics and what may follow."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.edges: dict[Hashable, Edge] = {}


class Edge:
    """An action's record at a node (of its group, when grouped): visits, summed payoff, and
    times it was available."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Search:
    """One decision's search. Run it for a budget, then read `best()` and the statistics."""

    def __init__(
        self, bot: ISMCTSBot, state: State, seat: int, rng: Rng, root: Node | None = None
    ) -> None:
        self.bot = bot
        self.state = state
        self.seat = seat
        self.rng = rng
        self.trees = [Node() for _ in range(state.players)]
        if root is not None:
            self.trees[seat] = root
        self.iterations = 0
        self.seconds = 0.0
        # The round whose start ends a rollout, or None where `depth` cuts them.
        now = state.game.round(state)
        self.until = None if bot.rounds is None or now is None else now + bot.rounds
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

    def merge(self, root: dict[Hashable, tuple[int, float]]) -> None:
        """Add another search's root statistics of the same decision (visits, summed payoff)."""
        edges = self.trees[self.seat].edges
        self.iterations += sum(visits for visits, _ in root.values())
        for key, (visits, total) in root.items():
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = Edge()
            edge.visits += visits
            edge.total += total
            edge.available += visits

    def best(self) -> Action:
        """The most visited action at the root (the better mean among equals, then the first)."""
        edges = self.trees[self.seat].edges
        choices = self._choices()
        return max(choices, key=lambda a: _rank(edges.get(choices[a])))

    def statistics(self) -> list[dict[str, Any]]:
        """The root actions' visits and mean payoffs, most visited first (one row per group
        of near-identical actions, named by the action the search weighed)."""
        edges = self.trees[self.seat].edges
        rows = []
        for action, key in self._choices().items():
            edge = edges.get(key)
            if edge is None:
                continue
            rows.append(
                {
                    "action": str(action),
                    "visits": edge.visits,
                    "mean": edge.total / edge.visits if edge.visits else None,
                }
            )
        return sorted(rows, key=lambda row: -row["visits"])

    def _choices(self) -> dict[Action, Hashable]:
        """The root's legal actions the search weighs, each with its edge's key."""
        return self._keys(self.state, self.seat, self.state.legal_actions(self.seat))

    def _keys(self, state: State, seat: int, actions: list[Action]) -> dict[Action, Hashable]:
        """Each action to weigh and its edge key: every action (with `prune`, every sensible
        one), or with `group` the first of each group of near-identical actions, keyed by the
        group."""
        if self.bot.prune:
            actions = state.game.sensible_actions(state, seat, actions) or actions
        if not self.bot.group:
            return {action: action for action in actions}
        key = state.game.action_key
        found: dict[Action, Hashable] = {}
        seen: set[Hashable] = set()
        for action in actions:
            group = key(state, seat, action)
            if group not in seen:
                seen.add(group)
                found[action] = group
        return found

    def iterate(self) -> None:
        rng = self.rng
        world = self.state.determinize(self.seat, rng)
        nodes = list(self.trees)
        trail: list[tuple[int, Edge]] = []
        actor = self.seat
        while True:
            node = nodes[actor]
            action, edge, fresh = self._select(node, world, actor, rng)
            trail.append((actor, edge))
            logged, movers = len(world.events), world.to_move
            world.apply(actor, action)
            self._observe(nodes, actor, action, world.events[logged:])
            if fresh or not world.to_move:
                break
            actor = _pick(world.to_move, rng)
        rewards = self._rollout(world, movers, rng, len(trail))
        for seat, edge in trail:
            edge.visits += 1
            edge.total += rewards[seat]

    def _select(self, node: Node, world: State, actor: int, rng: Rng) -> tuple[Action, Edge, bool]:
        """UCB1 among the actions available here; an untried one first, at random."""
        edges = node.edges
        choices = self._keys(world, actor, world.legal_actions(actor))
        untried = []
        for action, key in choices.items():
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = Edge()
            edge.available += 1
            if not edge.visits:
                untried.append(action)
        if untried:
            action = untried[rng.below(len(untried))]
            return action, edges[choices[action]], True
        if self.bot.scale is None:
            low, span = self.low, (self.high - self.low) or 1.0
        else:
            low, span = 0.0, self.bot.scale
        c = self.bot.c
        best, best_score = None, -math.inf
        for action, key in choices.items():
            edge = edges[key]
            mean = (edge.total / edge.visits - low) / span
            score = mean + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best, edges[choices[best]], False

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

    def _rollout(
        self, world: State, movers: tuple[int, ...], rng: Rng, taken: int = 0
    ) -> list[float]:
        """Play on with the rollout policy to the end, or to `depth` actions, or (in a game
        that has rounds) to the end of the `rounds`-th round since the decision, finishing a
        simultaneous decision under way, which the evaluation could not judge half-made;
        return every seat's payoff, discounted by the actions taken since the decision (the
        `taken` in the tree and the rollout's). `movers` were to move before the last action."""
        policy, depth = self.bot.policy, self.bot.depth
        informed = self.bot.rollout == "informed"
        until = self.until
        steps = 0
        while world.to_move:
            pending = set(world.to_move) < set(movers)
            if until is not None:
                reached = world.game.round(world)
                if reached is not None and reached >= until and not pending:
                    break
            elif depth is not None and steps >= depth and not pending:
                break
            movers = world.to_move
            actor = _pick(movers, rng)
            if policy is None:
                actions = world.legal_actions(actor)
                action = world.game.rollout_action(world, actor, actions, rng) if informed else None
                if action is None:
                    action = actions[rng.below(len(actions))]
            else:
                action = policy.act(world, actor, rng)
            world.apply(actor, action)
            steps += 1
        rewards = payoffs(world)
        if self.bot.discount < 1 and world.players > 1:
            kept = self.bot.discount ** (taken + steps)
            rewards = [NEUTRAL + (reward - NEUTRAL) * kept for reward in rewards]
        self.low = min(self.low, *rewards)
        self.high = max(self.high, *rewards)
        return rewards

    def ranking(self) -> list[tuple[Action, int, float]]:
        """The root's searched actions with their visits and mean payoffs, best first (in the
        order `best` ranks them)."""
        edges = self.trees[self.seat].edges
        searched = [
            (action, edge.visits, edge.total / edge.visits)
            for action, key in self._choices().items()
            if (edge := edges.get(key)) is not None and edge.visits
        ]
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

    `c` is the UCB1 exploration constant on payoffs from 0 to 1; `rollout` names what plays
    the simulations (``"random"``; ``"informed"`` for the game's quick judgement,
    `Game.rollout_action`, random where it has none; or ``"greedy"`` for slower, wiser
    ones); `depth` cuts rollouts after that many actions and lets the game's evaluation
    judge (None plays them to the end). Twenty actions see a turn's consequences while
    keeping iterations cheap in long games, where random play to the end says little.
    `rounds` ends rollouts instead where that many of the game's rounds (`Game.round`) have
    ended since the decision, so that every simulation is judged at the same clean point
    (in a game without rounds, `depth` still cuts them). UCB1 weighs mean payoffs over the range
    of payoffs seen so far, unless `scale` gives that range (in a solitaire game, points).

    `group=1` weighs one action of each group of near-identical ones (`Game.action_key`);
    `prune=1` weighs only the actions the game finds sensible (`Game.sensible_actions`);
    `discount` below 1 draws a payoff reached k actions after the decision towards an even
    one (a half) by `discount` to the power k, at a table of two or more, so that of two
    sure wins the search prefers the sooner (and of two sure losses the later);
    `reuse=1` starts a decision from the subtree the bot's last search grew below its own
    last action, when what the seat has seen since is only that action's outcome (a long
    turn of its own, a solitaire game); `workers` searches the decision in that many
    processes at once, each with the whole budget, and plays the action most visited in
    all (in a process that may not start others, one search runs). The defaults are the
    plain search.
    """

    name = "ismcts"
    parameters: ClassVar[dict[str, Parameter]] = {
        "iterations": Parameter(int, 1, 100_000, optional=True),
        "seconds": Parameter(float, 0.001, 60, optional=True),
        "c": Parameter(float, 0, 10),
        "rollout": Parameter(str, choices=("random", "informed", "greedy")),
        "depth": Parameter(int, 0, 1000, optional=True),
        "group": Parameter(int, 0, 1),
        "prune": Parameter(int, 0, 1),
        "discount": Parameter(float, 0.001, 1),
        "reuse": Parameter(int, 0, 1),
        "workers": Parameter(int, 1, 8),
        "rounds": Parameter(int, 1, 100, optional=True),
        "scale": Parameter(float, 0.001, 1_000_000, optional=True),
    }

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        depth: int | None = 20,
        group: int = 0,
        prune: int = 0,
        discount: float = 1.0,
        reuse: int = 0,
        workers: int = 1,
        rounds: int | None = None,
        scale: float | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise ValueError("ismcts needs a positive budget of iterations or seconds")
        if depth is not None and depth < 0:
            raise ValueError("the rollout depth cannot be negative")
        if workers < 1:
            raise ValueError("ismcts needs at least one worker")
        if rounds is not None and rounds < 1:
            raise ValueError("rollouts end after at least one round")
        if not 0 < discount <= 1:
            raise ValueError("the discount lies above 0 and at most 1")
        if scale is not None and scale <= 0:
            raise ValueError("the payoff scale must be positive")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.policy: Bot | None = None if rollout in ("random", "informed") else make_bot(rollout)
        self.depth = depth
        self.group = bool(group)
        self.prune = bool(prune)
        self.discount = discount
        self.reuse = bool(reuse)
        self.workers = workers
        self.rounds = rounds
        self.scale = scale
        self.memory: Memory | None = None

    def describe(self) -> dict[str, Any]:
        described: dict[str, Any] = {"bot": self.name}
        if self.iterations is not None:
            described["iterations"] = self.iterations
        if self.seconds is not None:
            described["seconds"] = self.seconds
        described.update(c=self.c, rollout=self.rollout, depth=self.depth)
        for name, value, plain in (
            ("group", int(self.group), 0),
            ("prune", int(self.prune), 0),
            ("discount", self.discount, 1.0),
            ("reuse", int(self.reuse), 0),
            ("workers", self.workers, 1),
            ("rounds", self.rounds, None),
            ("scale", self.scale, None),
        ):
            if value != plain:
                described[name] = value
        return described

    def limited(self, seconds: float) -> ISMCTSBot:
        capped = copy.copy(self)
        capped.seconds = seconds if self.seconds is None else min(self.seconds, seconds)
        return capped

    def search(self, state: State, seat: int, rng: Rng) -> Search:
        """Search the decision of `seat` in `state` within the bot's budget."""
        history = _history(state) if self.reuse else ()
        root = self.memory.follow(history, seat) if self.memory is not None else None
        search = Search(self, state, seat, rng, root)
        if root is not None:
            assert self.memory is not None
            search.low, search.high = self.memory.low, self.memory.high
        helpers = _start_helpers(self, state, seat, rng) if self.workers > 1 else []
        search.run(self.iterations, self.seconds)
        for helper in helpers:
            search.merge(helper.receive())
        self.memory = Memory(history, seat, search) if self.reuse else None
        return search

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        action = self.search(state, seat, rng).best()
        if self.memory is not None:
            self.memory.played = action
        return action


class Memory:
    """What a bot keeps of its last search to start the next one from: the events its seat
    had seen, the seat, the action played, the seat's tree and the payoffs' range."""

    __slots__ = ("high", "history", "low", "played", "seat", "tree")

    def __init__(self, history: tuple[tuple[str, str], ...], seat: int, search: Search) -> None:
        self.history = history
        self.seat = seat
        self.tree = search.trees[seat]
        self.low, self.high = search.low, search.high
        self.played: Action | None = None

    def follow(self, history: tuple[tuple[str, str], ...], seat: int) -> Node | None:
        """The subtree for what `seat` has seen since, when that is only the outcome of the
        action it played; None otherwise (another decision, a rival's move between)."""
        known = len(self.history)
        if (
            seat != self.seat
            or self.played is None
            or len(history) <= known
            or history[:known] != self.history
        ):
            return None
        return self.tree.children.get((self.played, history[known:]))


def _history(state: State) -> tuple[tuple[str, str], ...]:
    """The events of a copy handed to a bot (all of them shown to its seat), as the search
    keys them."""
    return tuple(_signature(event) for event in state.events)


class _Helper:
    """One search of the same decision in another process, reporting its root statistics."""

    def __init__(self, context: Any, bot: ISMCTSBot, state: State, seat: int, seed: int) -> None:
        self.receiver, sender = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_help, args=(sender, bot, state, seat, seed), daemon=True
        )
        self.process.start()
        sender.close()

    def receive(self) -> dict[Hashable, tuple[int, float]]:
        try:
            statistics: dict[Hashable, tuple[int, float]] = self.receiver.recv()
            return statistics
        except EOFError:
            return {}
        finally:
            self.receiver.close()
            self.process.join()


def _start_helpers(bot: ISMCTSBot, state: State, seat: int, rng: Rng) -> list[_Helper]:
    if multiprocessing.current_process().daemon:
        return []
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    alone = copy.copy(bot)
    alone.workers, alone.reuse, alone.memory = 1, False, None
    return [_Helper(context, alone, state, seat, rng.next64()) for _ in range(bot.workers - 1)]


def _help(sender: Any, bot: ISMCTSBot, state: State, seat: int, seed: int) -> None:
    search = bot.search(state, seat, Rng(seed))
    edges = search.trees[seat].edges
    sender.send({key: (edge.visits, edge.total) for key, edge in edges.items()})
    sender.close()
