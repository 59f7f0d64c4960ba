"""The games every bot test runs on: each registered game and the two test games."""

from __future__ import annotations

import pytest

import tabulae
from tabulae.core import Game, Rng, State, random_steps
from tests.plugin_games.horreum import GAME as HORREUM
from tests.plugin_games.tesserae import GAME as TESSERAE

GAMES: list[Game] = [*tabulae.games().values(), TESSERAE, HORREUM]

every_game = pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)


def player_counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def positions(game: Game, players: int, seed: int, count: int) -> list[State]:
    """`count` positions spread over one random game, each with a seat to move."""
    state = game.new(players, seed)
    seen = [state.clone() for _ in random_steps(state, Rng(seed))]
    step = max(1, len(seen) // count)
    return seen[::step][:count]
