"""A game review: each decision of one seat judged by the strongest search, from what that seat
knew when it decided, as chess players review a game with an engine.

For every decision the seat made with more than one legal action, the `hard` level's search
runs on the copy `decide` would have handed a bot (determinized for the seat, with only the
events it had seen), as a hint does. Two searches share the decision's budget: an open one,
two thirds of it, which finds the best move and its expected result, and one that plays only
the move the seat played at the root, a third, which judges that move even where the open
search hardly tried it (or, in a game that weighs only sensible actions, not at all). The
loss is the best move's expected result less the played move's, never below zero; a mark
follows from the loss by the game's thresholds (`thresholds`).

The expected result is the search's own payoff (`tabulae.bots.standing.payoffs`): with
rivals, the expected share of rivals beaten ("wins", 1 = winning outright, a tenth of it
following the lead before the end), alone, the expected final score ("score"). The review
never reads a hidden thing: the copy is only ever re-determinized, so every world that looks
the same to the seat gets the same judgement for the same seed and iteration budget (a budget
in seconds makes the number of futures, hence the judgement, depend on the machine).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from tabulae.core import Action, Game, IllegalAction, Match, MatchFormatError, Rng, State

from .base import make_bot, seat_copy
from .ismcts import Edge, ISMCTSBot, Node, Search
from .levels import STRONGEST
from .standing import payoffs

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
MARKS = (GOOD, INACCURACY, MISTAKE, BLUNDER)
"""The marks, mildest first."""

TURNING_POINTS = 3
"""How many of the largest losses a review names as the game's turning points."""

OPEN_SHARE = 2 / 3
"""The part of a decision's budget that goes to the open search; the rest judges the move
played on its own."""


@dataclass(frozen=True)
class Thresholds:
    """The least loss, in the measure's units, that earns each mark (below the first: good)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, loss: float) -> str:
        if loss >= self.blunder:
            return BLUNDER
        if loss >= self.mistake:
            return MISTAKE
        if loss >= self.inaccuracy:
            return INACCURACY
        return GOOD

    def to_json(self) -> dict[str, float]:
        return {INACCURACY: self.inaccuracy, MISTAKE: self.mistake, BLUNDER: self.blunder}


WINS = Thresholds(0.05, 0.10, 0.15)
"""With rivals, in share of rivals beaten, unless the game says otherwise
(`Game.review_thresholds`). Chess reviews mark a drop of the winning chance by 5, 10 and 15
points (a tenth, a fifth and three tenths of the -1..1 scale engines use); the share of
rivals beaten is a winning chance at two players and its natural extension at more. Five
points also stays above what a search of some hundreds of futures can tell apart (a mean
payoff over 300 visits is known to about ±0.03)."""

SCORE = Thresholds(2.0, 4.0, 8.0)
"""Alone, in final points, unless the game says otherwise: two points is about the least a
player notices on a score sheet, and eight a game lost by more than a close margin."""


def thresholds(game: Game, measure: str) -> Thresholds:
    """The thresholds of the marks for `game` judged in `measure`: the game's own
    (`Game.review_thresholds`), else `WINS` with rivals and `SCORE` alone."""
    own = game.review_thresholds(measure)
    if own is not None:
        return Thresholds(*own)
    return SCORE if measure == "score" else WINS


@dataclass(frozen=True)
class Judgement:
    """One decision reviewed. `number` is the action's place in the match (from 1); values
    are in the review's measure; `expected` is every seat's expected result after the move
    played, as the reviewed seat could foresee it; `iterations` the futures searched."""

    number: int
    seat: int
    played: Action
    best: Action
    played_value: float
    best_value: float
    loss: float
    mark: str
    iterations: int
    expected: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "played": self.played.to_json(),
            "played_notation": str(self.played),
            "best": self.best.to_json(),
            "best_notation": str(self.best),
            "played_value": round(self.played_value, 4),
            "best_value": round(self.best_value, 4),
            "loss": round(self.loss, 4),
            "mark": self.mark,
            "iterations": self.iterations,
            "expected": [round(value, 4) for value in self.expected],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Judgement:
        """A judgement back from `to_json` (as a worker process sends it)."""
        return cls(
            int(data["number"]),
            int(data["seat"]),
            Action.from_json(data["played"]),
            Action.from_json(data["best"]),
            float(data["played_value"]),
            float(data["best_value"]),
            float(data["loss"]),
            str(data["mark"]),
            int(data["iterations"]),
            tuple(float(value) for value in data["expected"]),
        )


@dataclass(frozen=True)
class Review:
    """A seat's decisions in a match, judged. `series` holds, for a chart, every seat's
    expected result after each reviewed decision (``number``: the action's place) and, where
    the game ended, the result itself after the last action."""

    game: str
    seat: int
    measure: str
    thresholds: Thresholds
    decisions: tuple[Judgement, ...]
    series: tuple[tuple[int, tuple[float, ...]], ...]

    @property
    def mean_loss(self) -> float:
        """The mean loss per decision reviewed (0 where there was none)."""
        if not self.decisions:
            return 0.0
        return sum(judged.loss for judged in self.decisions) / len(self.decisions)

    def turning_points(self, count: int = TURNING_POINTS) -> list[Judgement]:
        """The decisions that lost the most, largest loss first (those that lost nothing
        are no turning point)."""
        lost = [judged for judged in self.decisions if judged.loss > 0]
        return sorted(lost, key=lambda judged: (-judged.loss, judged.number))[:count]

    def counts(self) -> dict[str, int]:
        """How many decisions earned each mark."""
        return {mark: sum(judged.mark == mark for judged in self.decisions) for mark in MARKS}

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "measure": self.measure,
            "thresholds": self.thresholds.to_json(),
            "mean_loss": round(self.mean_loss, 4),
            "marks": self.counts(),
            "decisions": [judged.to_json() for judged in self.decisions],
            "turning_points": [judged.number for judged in self.turning_points()],
            "series": [
                {"number": number, "expected": [round(value, 4) for value in values]}
                for number, values in self.series
            ],
        }


Progress = Callable[[int, int], None]
"""Told (decisions reviewed, decisions to review) after each one."""


def review(
    match: Match,
    seat: int,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    bot: ISMCTSBot | None = None,
) -> Review:
    """Judge every decision `seat` made in `match` (those with more than one legal action),
    each with at most `seconds` and at most `iterations` futures of search (at least one of
    the two). Same match, seat, seed and `iterations` (with `seconds=None`): same review.

    >>> import tabulae
    >>> from tabulae.bots import bot_steps, make_bot
    >>> state = tabulae.load("hadrians_wall").new(1, seed=2)
    >>> match = Match("hadrians_wall", 1, seed=2)
    >>> for who, action in bot_steps(state, [make_bot("random")], [Rng(1)]):
    ...     match.actions.append((who, action))
    ...     if len(match.actions) == 6:
    ...         break
    >>> found = review(match, 0, seconds=None, iterations=20)
    >>> found.measure, all(judged.loss >= 0 for judged in found.decisions)
    ('score', True)
    """
    if seconds is None and iterations is None:
        raise ValueError("a review needs a budget: seconds, iterations or both")
    if not 0 <= seat < match.players:
        raise ValueError(f"seat {seat} is not at this table of {match.players}")
    state = match.start()
    bot = _judge_bot(state) if bot is None else bot
    chosen = set(decisions(match, seat))
    judged: list[Judgement] = []
    for number, (who, action) in enumerate(match.actions, start=1):
        if number in chosen:
            rng = decision_rng(seed, number)
            judged.append(judge(state, who, action, rng, bot, seconds, iterations, number))
            if progress is not None:
                progress(len(judged), len(chosen))
        state.apply(who, action)
    return assemble(match, seat, judged, state)


def assemble(match: Match, seat: int, judged: list[Judgement], end: State | None = None) -> Review:
    """The review of `seat` in `match` from its decisions' judgements (`end`: the state after
    the whole match, replayed if not given)."""
    end = match.replay() if end is None else end
    series = [(each.number, each.expected) for each in judged]
    if end.result() is not None:
        series.append((len(match.actions), tuple(payoffs(end))))
    measure = _measure(end)
    return Review(
        match.game, seat, measure, thresholds(end.game, measure), tuple(judged), tuple(series)
    )


def decision_rng(seed: int, number: int) -> Rng:
    """The random stream that judges the match's `number`-th action under review `seed`."""
    return Rng(Rng(seed).next64() ^ number)


def judge(
    state: State,
    seat: int,
    played: Action,
    rng: Rng,
    bot: ISMCTSBot | None = None,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    number: int = 0,
) -> Judgement:
    """Judge `seat` playing `played` in `state` from what the seat knows only (`state` is
    left untouched). `bot` gives the search's parameters (the strongest level's by default);
    its own budget is not used: at most `seconds` and `iterations` are, split between the
    open search and the one of the move played."""
    bot = _judge_bot(state) if bot is None else bot
    known = seat_copy(state, seat, rng)
    wide = _Judge(bot, known, seat, rng)
    wide.run(*_share(iterations, seconds, OPEN_SHARE))
    key = wide.key(played)
    ranked = wide.ranking()
    best, _, best_value = ranked[0] if ranked else (played, 0, -math.inf)
    through, futures = wide.through(key), wide.iterations
    if wide.key(best) != key:
        alone = _Judge(bot, known, seat, rng, only=(played, key))
        alone.run(*_share(iterations, seconds, 1 - OPEN_SHARE))
        through, futures = through.add(alone.through(key)), futures + alone.iterations
    played_value = through.mean
    if wide.key(best) == key or played_value >= best_value:
        # The move played is the best the search found (or, judged on its own, as good).
        best, best_value = played, played_value
    loss = best_value - played_value
    measure = _measure(state)
    return Judgement(
        number,
        seat,
        played,
        best,
        played_value,
        best_value,
        loss,
        thresholds(state.game, measure).mark(loss),
        futures,
        through.expected(state.players),
    )


@dataclass(frozen=True)
class _Through:
    """The futures that went through one root action: how many, the seat's summed payoff, and
    every seat's summed payoff."""

    visits: int
    total: float
    totals: tuple[float, ...]

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def add(self, other: _Through) -> _Through:
        totals = tuple(a + b for a, b in zip(self.totals, other.totals, strict=True))
        return _Through(self.visits + other.visits, self.total + other.total, totals)

    def expected(self, players: int) -> tuple[float, ...]:
        if not self.visits:
            return tuple(0.0 for _ in range(players))
        return tuple(total / self.visits for total in self.totals)


class _Judge(Search):
    """The search of a decision under review: it keeps every seat's payoff summed per root
    action (for the chart of expected results), and with `only` weighs that one action at
    the root, whether or not the game finds it sensible."""

    def __init__(
        self,
        bot: ISMCTSBot,
        state: State,
        seat: int,
        rng: Rng,
        only: tuple[Action, Hashable] | None = None,
    ) -> None:
        super().__init__(bot, state, seat, rng)
        self.only = only
        self.at_root = False
        self.root_edge: Edge | None = None
        self.sums: dict[int, list[float]] = {}

    def key(self, action: Action) -> Hashable:
        """The root's edge key of `action` (its group's, where near-identical ones are one)."""
        if self.bot.group:
            return self.state.game.action_key(self.state, self.seat, action)
        return action

    def through(self, key: Hashable) -> _Through:
        edge = self.trees[self.seat].edges.get(key)
        players = self.state.players
        if edge is None or not edge.visits:
            return _Through(0, 0.0, tuple(0.0 for _ in range(players)))
        sums = self.sums.get(id(edge), [0.0] * players)
        return _Through(edge.visits, edge.total, tuple(sums))

    def _select(self, node: Node, world: State, actor: int, rng: Rng) -> tuple[Action, Edge, bool]:
        root = node is self.trees[self.seat]
        self.at_root = root
        try:
            action, edge, fresh = super()._select(node, world, actor, rng)
        finally:
            self.at_root = False
        if root:
            self.root_edge = edge
        return action, edge, fresh

    def _keys(self, state: State, seat: int, actions: list[Action]) -> dict[Action, Hashable]:
        if self.at_root and self.only is not None:
            return {self.only[0]: self.only[1]}
        return super()._keys(state, seat, actions)

    def _rollout(
        self, world: State, movers: tuple[int, ...], rng: Rng, taken: int = 0
    ) -> list[float]:
        rewards = super()._rollout(world, movers, rng, taken)
        if self.root_edge is not None:
            sums = self.sums.setdefault(id(self.root_edge), [0.0] * len(rewards))
            for seat, reward in enumerate(rewards):
                sums[seat] += reward
            self.root_edge = None
        return rewards


def _judge_bot(state: State) -> ISMCTSBot:
    """The strongest level's search as the game tunes it for this table."""
    bot = make_bot(STRONGEST, state, reuse=0, workers=1)
    assert isinstance(bot, ISMCTSBot)
    return bot


def _share(
    iterations: int | None, seconds: float | None, part: float
) -> tuple[int | None, float | None]:
    """`part` of a budget, at least one iteration."""
    return (
        None if iterations is None else max(1, round(iterations * part)),
        None if seconds is None else seconds * part,
    )


def decisions(match: Match, seat: int) -> list[int]:
    """The numbers (from 1) of `seat`'s actions taken with a choice of more than one: the
    decisions a review judges."""
    state = match.start()
    found = []
    for number, (who, action) in enumerate(match.actions, start=1):
        if who == seat and len(state.legal_actions(who)) > 1:
            found.append(number)
        try:
            state.apply(who, action)
        except IllegalAction as error:
            raise MatchFormatError(
                f"action {number} ({action}) by seat {who} is illegal: {error.reason}"
            ) from None
    return found


def _measure(state: State) -> str:
    return "score" if state.players == 1 else "wins"
