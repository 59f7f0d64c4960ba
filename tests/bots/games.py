"""The games every bot test runs on: each registered game and the two test games."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.core import Game, Rng, State, random_steps, visible
from tests.plugin_games.horreum import GAME as HORREUM
from tests.plugin_games.tesserae import GAME as TESSERAE

# A small budget in iterations, never cut short by the level's seconds on a busy machine.
SEARCH = {"iterations": 60, "seconds": 60, "depth": 6}
# Small budgets: legality does not depend on how long a bot thinks.
BOTS = {"random": {}, "greedy": {"samples": 1}, "ismcts": {"iterations": 12, "depth": 6}}

GAMES: list[Game] = [*tabulae.all_games().values(), TESSERAE, HORREUM]

every_game = pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)


def player_counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def positions(game: Game, players: int, seed: int, count: int) -> list[State]:
    """`count` positions spread over one random game, each with a seat to move."""
    state = game.new(players, seed)
    seen = [state.clone() for _ in random_steps(state, Rng(seed))]
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def copies(state: State, seat: int) -> list[State]:
    """The truth and two guesses, each with only the events `seat` saw (as `decide` gives)."""
    found = [state.clone(), state.determinize(seat, Rng(1)), state.determinize(seat, Rng(2))]
    for copy in found:
        copy.events = list(visible(copy.events, seat))
    return found


def sample(game):
    """Positions of every player count, with a hidden secret somewhere in most of them."""
    for players in sorted({game.min_players, game.max_players}):
        yield from positions(game, players, seed=players, count=5)
