"""Engine speed of any game that meets the protocol, measured on random playouts.

Figures are throughputs on one core: whole random games, the actions applied in
them, and the protocol calls that search and self-play lean on (`legal_actions`,
`clone`, `determinize`), each timed on positions sampled from those games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from time import perf_counter
from typing import Any

from .game import Game, State
from .rng import Rng


@dataclass
class EngineFigures:
    game: str
    players: int
    games: int
    actions_per_game: float
    ms_per_game: float
    games_per_s: float
    actions_per_s: float
    legal_actions_per_s: float
    clones_per_s: float
    determinizations_per_s: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def default_players(game: Game) -> int:
    """The player count benchmarks use when none is given: four where the game allows it."""
    return max(game.min_players, min(4, game.max_players))


def bench_engine(
    game: Game,
    players: int | None = None,
    seconds: float = 2.0,
    options: dict[str, Any] | None = None,
    progress: Callable[[float], None] | None = None,
) -> EngineFigures:
    """Play random games for about `seconds`, then time protocol calls on sampled positions."""
    players = players or default_players(game)
    options = options or {}
    rng = Rng(2026)
    samples: list[State] = []
    games = actions = 0
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new(players, seed=games, **options)
        started = perf_counter()
        steps = _playout(state, rng, samples)
        elapsed += perf_counter() - started
        games += 1
        actions += steps
        if progress:
            progress(min(1.0, elapsed / seconds))
    calls = max(1, seconds / 6)
    return EngineFigures(
        game=game.id,
        players=players,
        games=games,
        actions_per_game=actions / games,
        ms_per_game=1000 * elapsed / games,
        games_per_s=games / elapsed,
        actions_per_s=actions / elapsed,
        legal_actions_per_s=_rate(samples, calls, lambda s: s.legal_actions(s.to_move[0])),
        clones_per_s=_rate(samples, calls, lambda s: s.clone()),
        determinizations_per_s=_rate(samples, calls, lambda s: s.determinize(s.to_move[0], rng)),
    )


def _playout(state: State, rng: Rng, samples: list[State]) -> int:
    """A random playout that keeps a few positions (about one in 64) for the call timings."""
    steps = 0
    while movers := state.to_move:
        seat = movers[rng.below(len(movers))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        steps += 1
        if len(samples) < 256 and rng.below(64) == 0 and state.to_move:
            samples.append(state.clone())
    return steps


def _rate(samples: list[State], seconds: float, call: Callable[[State], object]) -> float:
    """Calls per second of `call` cycling over the sampled positions."""
    if not samples:
        return 0.0
    done = 0
    started = perf_counter()
    while (spent := perf_counter() - started) < seconds:
        for state in samples:
            call(state)
        done += len(samples)
    return done / spent
