"""One arena game: deal, seat the entrants in rotation, let the bots play, record the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from time import perf_counter, process_time
from typing import Any

from tabulae.bots import Bot, bot_steps
from tabulae.core import Action, Rng, State, load

from .entrants import Entrant


@dataclass(frozen=True)
class ArenaSetup:
    """Everything that fixes an arena's games: with the same setup, the same games."""

    game: str
    players: int
    entrants: tuple[Entrant, ...]
    games: int
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    max_steps: int = 1_000_000

    def __post_init__(self) -> None:
        if len(self.entrants) != self.players:
            raise ValueError(
                f"{self.players} players need {self.players} bots, not {len(self.entrants)}"
            )
        if self.games < 1:
            raise ValueError("an arena plays at least one game")
        load(self.game).configure(self.players, dict(self.options))

    def seating(self, index: int) -> tuple[int, ...]:
        """Which entrant sits in each seat of game `index`: the seats turn by one each game."""
        turn = index % self.players
        return tuple((seat + turn) % self.players for seat in range(self.players))

    def deal(self, index: int) -> int:
        """The game seed: one deal per full turn of the seats, so each entrant plays it from
        every seat and the luck of the deal evens out."""
        return _derive(self.seed, 1, index // self.players)

    def bot_seed(self, index: int, entrant: int) -> int:
        return _derive(self.seed, 2, index, entrant)


@dataclass
class GameRecord:
    """The outcome of one arena game, per seat; `seconds` (wall-clock), `cpu` (processor time
    of the arena's own process) and `decisions` are per entrant."""

    index: int
    seating: tuple[int, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    actions: int
    seconds: list[float] = field(default_factory=list, compare=False)
    decisions: list[int] = field(default_factory=list, compare=False)
    cpu: list[float] = field(default_factory=list, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seating": list(self.seating),
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "actions": self.actions,
        }


def play_game(setup: ArenaSetup, index: int) -> GameRecord:
    """Play game `index` of the arena to its end."""
    seating = setup.seating(index)
    state = load(setup.game).new(setup.players, setup.deal(index), **dict(setup.options))
    bots = [_Timed(setup.entrants[entrant].make(state)) for entrant in seating]
    rngs = [Rng(setup.bot_seed(index, entrant)) for entrant in seating]
    actions = sum(1 for _ in bot_steps(state, bots, rngs, setup.max_steps))
    result = state.result()
    assert result is not None  # bot_steps returns only at the end of the game
    seconds = [0.0] * setup.players
    decisions = [0] * setup.players
    cpu = [0.0] * setup.players
    for seat, entrant in enumerate(seating):
        seconds[entrant] = bots[seat].seconds
        decisions[entrant] = bots[seat].decisions
        cpu[entrant] = bots[seat].cpu
    return GameRecord(
        index, seating, tuple(result.scores), tuple(result.ranks), actions, seconds, decisions, cpu
    )


class _Timed(Bot):
    """A bot that keeps count of its decisions and the time they took, on the clock and in
    processor time (which other work on the machine does not lengthen)."""

    name = "timed"

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.cpu = 0.0
        self.decisions = 0

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        started, processed = perf_counter(), process_time()
        action = self.bot.choose(state, seat, rng)
        self.seconds += perf_counter() - started
        self.cpu += process_time() - processed
        self.decisions += 1
        return action


def _derive(*parts: int) -> int:
    rng = Rng(0x7AB0_1AE0)
    for part in parts:
        rng = Rng(rng.next64() ^ part)
    return rng.next64()
