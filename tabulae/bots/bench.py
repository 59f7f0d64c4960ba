"""Search speed: ISMCTS iterations per second on positions from random games."""

from __future__ import annotations

from typing import Any

from tabulae.core import Game, Rng, State, random_steps

from .ismcts import ISMCTSBot


def ismcts_iterations_per_second(
    game: Game,
    players: int,
    seconds: float = 2.0,
    options: dict[str, Any] | None = None,
    positions: int = 8,
    **params: Any,
) -> float:
    """Iterations per second of ISMCTS (default parameters unless given) on one core,
    searching `positions` positions spread over a random game for `seconds` in all."""
    rng = Rng(2026)
    sampled = _positions(game, players, options or {}, positions, rng)
    bot = ISMCTSBot(seconds=seconds / len(sampled), **params)
    iterations = spent = 0.0
    for state in sampled:
        seat = state.to_move[rng.below(len(state.to_move))]
        search = bot.search(state.determinize(seat, rng), seat, rng)
        iterations += search.iterations
        spent += search.seconds
    return iterations / spent


def _positions(
    game: Game, players: int, options: dict[str, Any], count: int, rng: Rng
) -> list[State]:
    state = game.new(players, seed=0, **options)
    seen = [state.clone() for _ in random_steps(state, rng)]
    step = max(1, len(seen) // count)
    return seen[::step][:count]
