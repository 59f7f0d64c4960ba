"""Arenas: bots play many seeded games in rotated seats, and the results are measured."""

from __future__ import annotations

from collections.abc import Callable

from .backends import BACKENDS, run_games
from .entrants import Entrant, parse_entrant, parse_entrants
from .play import ArenaSetup, GameRecord, play_game
from .stats import Rate, Standing, Summary, summarize


def run_arena(
    setup: ArenaSetup,
    workers: int = 1,
    backend: str = "processes",
    address: str | None = None,
    progress: Callable[[GameRecord], None] | None = None,
) -> Summary:
    """Play the arena's games and measure them; `progress` hears of each finished game."""
    records = []
    for record in run_games(setup, workers, backend, address):
        records.append(record)
        if progress:
            progress(record)
    return summarize(setup, records)


__all__ = [
    "BACKENDS",
    "ArenaSetup",
    "Entrant",
    "GameRecord",
    "Rate",
    "Standing",
    "Summary",
    "parse_entrant",
    "parse_entrants",
    "play_game",
    "run_arena",
    "run_games",
    "summarize",
]
