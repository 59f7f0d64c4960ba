"""One game as the research adapters play it: one seat at a time, actions as integer codes.

PettingZoo, OpenSpiel and Gymnasium all step one agent at a time, while a Tabulae state
may let several seats act at once (secret choices, Hadrian's Wall years). An episode
presents such a decision turn by turn: the seats in `to_move` act one action at a time,
in seat order starting after whoever acted last. A later mover learns of an earlier
secret choice only what its own view shows, so nothing leaks by the ordering.

Every adapter also caps a game's length (`step_limit`): a game may be played badly for
ever (The Builders sets no limit: a player may take sesterces each turn), so a game that
reaches its limit is truncated, and an option may auto-play forced moves (`play_forced`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tabulae.core import Action, ActionSpace, Game, IllegalAction, Match, Result, Rng, State, load
from tabulae.core.bench import default_players

UNSTATED_LONGEST_GAME = 100_000  # decisions, for a game whose observation states no longest game


def as_game(game: Game | str) -> Game:
    """A game given as itself, by id (``"sylla"``) or by reference (``"module:GAME"``)."""
    return game if isinstance(game, Game) else load(game)


class Episode:
    """A state, its action coding and the log of (seat, action) that rebuilds it."""

    __slots__ = (
        "game",
        "log",
        "options",
        "players",
        "refused",
        "replayable",
        "seed",
        "space",
        "state",
    )

    def __init__(
        self, game: Game, players: int, seed: int, options: Mapping[str, Any], state: State
    ) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.options = dict(options)
        self.state = state
        self.space: ActionSpace = game.action_space(players, **self.options)
        self.log: list[tuple[int, Action]] = []
        self.refused = 0  # illegal actions refused, which count as steps towards the limit
        self.replayable = True  # False once hidden information was re-sampled

    @classmethod
    def start(
        cls, game: Game, players: int | None = None, seed: int = 0, **options: Any
    ) -> Episode:
        players = players or default_players(game)
        config = game.configure(players, options)  # every option, defaults filled in
        return cls(game, players, seed, config, game.new(players, seed, **config))

    @classmethod
    def replay(cls, game: Game, match: Match) -> Episode:
        """The episode a match record describes, its actions applied again."""
        episode = cls.start(game, match.players, match.seed, **match.options)
        for seat, action in match.actions:
            episode.state.apply(seat, action)
            episode.log.append((seat, action))
        return episode

    def match(self) -> Match:
        """The match record of this episode (its `game` is the game's id)."""
        if not self.replayable:
            raise ValueError("a re-sampled episode has no match record: its hidden cards differ")
        return Match(self.game.id, self.players, self.seed, dict(self.options), [], list(self.log))

    def clone(self) -> Episode:
        return self._twin(self.state.clone(), self.replayable)

    def determinized(self, seat: int, rng: Rng) -> Episode:
        """A copy whose hidden information is re-sampled as `seat` would imagine it."""
        return self._twin(self.state.determinize(seat, rng), False)

    def _twin(self, state: State, replayable: bool) -> Episode:
        twin = Episode.__new__(Episode)
        twin.game, twin.players, twin.seed = self.game, self.players, self.seed
        twin.options, twin.space = self.options, self.space
        twin.state, twin.log, twin.replayable = state, list(self.log), replayable
        twin.refused = self.refused
        return twin

    @property
    def steps(self) -> int:
        """Actions played and illegal actions refused: what a step limit counts."""
        return len(self.log) + self.refused

    def play_forced(self, limit: int) -> None:
        """Play every forced move (the seat presented has exactly one legal action) until
        there is a choice, the game ends or it has taken `limit` steps."""
        while (seat := self.seat) is not None and self.steps < limit:
            legal = self.state.legal_actions(seat)
            if len(legal) != 1:
                return
            self.play_for(seat, legal[0])

    @property
    def over(self) -> bool:
        return not self.state.to_move

    @property
    def seat(self) -> int | None:
        """The seat presented as acting now: the next one in seat order after the last actor."""
        movers = self.state.to_move
        if len(movers) == 1:
            return movers[0]
        if not movers:
            return None
        last = self.log[-1][0] if self.log else -1
        return min(movers, key=lambda s: (s - last - 1) % self.players)

    def legal_codes(self, seat: int) -> list[int]:
        """The codes of `seat`'s legal actions, ascending; empty unless it is presented now."""
        if seat != self.seat:
            return []
        return sorted(self.space.encode(a) for a in self.state.legal_actions(seat))

    def mask(self, seat: int) -> list[bool]:
        flags = [False] * len(self.space)
        for code in self.legal_codes(seat):
            flags[code] = True
        return flags

    def mask_array(self, seat: int, dtype: Any = np.int8, acting: bool | None = None) -> np.ndarray:
        """`mask` as a numpy vector, built without a list as long as the action space.

        `acting` says whether the seat may act (by default: whether it is presented now).
        """
        space = self.space
        flags = np.zeros(len(space), dtype=dtype)
        if seat == self.seat if acting is None else acting:
            flags.put(list(map(space.encode, self.state.legal_actions(seat))), 1)
        return flags

    def play(self, code: int) -> None:
        """Play the action with this code for the seat acting now (IllegalAction if refused)."""
        self.play_action(self.space.decode(code))

    @property
    def acting(self) -> int:
        """`seat`, while the game runs; refuses once it is over."""
        seat = self.seat
        if seat is None:
            raise IllegalAction("the game is over")
        return seat

    def play_action(self, action: Action) -> None:
        self.play_for(self.acting, action)

    def play_for(self, seat: int, action: Action) -> None:
        """Play `seat`'s action, whether or not it is the seat presented now."""
        self.state.apply(seat, action)
        self.log.append((seat, action))

    def movers(self) -> list[int]:
        """The seats that may act now, in seat order starting after the last actor."""
        last = self.log[-1][0] if self.log else -1
        return sorted(self.state.to_move, key=lambda s: (s - last - 1) % self.players)

    def own_actions(self, seat: int) -> list[Action]:
        """What `seat` itself has played: part of what it knows."""
        return [action for s, action in self.log if s == seat]

    def outcomes(self) -> tuple[float, ...]:
        """Every seat's return at the end (zeros before), see `outcomes`."""
        result = self.state.result()
        return outcomes(result) if result else (0.0,) * self.players


def step_limit(longest_game: int | None, limit: int | None) -> int:
    """The most steps a game may take before it is truncated (the ``max_steps`` option).

    `limit` is the caller's choice (a whole number of at least 1); None takes the longest
    game the game's observation states for the configuration (`longest_game`, OpenSpiel's
    max_game_length: 500 decisions per player in Sylla, 1,000 in The Builders, 150 in
    Hadrian's Wall), or `UNSTATED_LONGEST_GAME` for a game that states none.
    """
    if limit is None:
        return longest_game or UNSTATED_LONGEST_GAME
    if type(limit) is not int or limit < 1:
        raise ValueError(f"max_steps is a whole number of at least 1, not {limit!r}")
    return limit


def outcomes(result: Result) -> tuple[float, ...]:
    """Each seat's return: the score when playing alone, otherwise its pairwise rank outcome.

    With several seats a seat scores +1 for every seat it ranks above and -1 for every seat
    ranked above it, divided by the number of opponents: 1 for a clear win, -1 for a clear
    last place, 0 for a full tie. The returns sum to zero, and ranks already apply the
    game's tie-breaks.
    """
    if len(result.ranks) == 1:
        return (float(result.scores[0]),)
    return pairwise(tuple(-rank for rank in result.ranks))


def pairwise(values: Sequence[float]) -> tuple[float, ...]:
    """For each seat, (seats it beats - seats that beat it) / opponents, by `values`."""
    opponents = len(values) - 1
    return tuple(
        sum((mine > other) - (mine < other) for other in values) / opponents for mine in values
    )
