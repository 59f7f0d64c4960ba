"""The games every adapter test runs on: each registered game, the test game and a solo game."""

from __future__ import annotations

import tabulae
from tabulae.core import Game
from tabulae.core.bench import default_players
from tests.interop.solo_game import GAME as SOLO
from tests.plugin_games.tesserae import GAME as TOY

EVERY_GAME: list[Game] = [*tabulae.all_games().values(), TOY]


def configurations(games: list[Game], fewest: int = 1) -> list[tuple[Game, int]]:
    """Each game at its smallest player count (at least `fewest`) and its default one."""
    return [
        (game, players)
        for game in games
        for players in sorted({max(fewest, game.min_players), default_players(game)})
    ]


def config_id(config: tuple[Game, int]) -> str:
    game, players = config
    return f"{game.id}-{players}p"


SOLO_GAMES: list[Game] = [g for g in tabulae.all_games().values() if g.min_players == 1] + [SOLO]
