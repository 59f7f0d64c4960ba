"""Tesserae: a tiny game that lives only in the tests, uses every part of the protocol, and is
written in the shape of every game of Tabulae, as the example to copy.

Each player holds hidden numbered tiles. A round has a turn-based phase (each player in turn
may draw a tile from the hidden stack or pass: `drawing`) and a simultaneous secret phase
(everyone with tiles plays one face down, then all reveal: `playing`). The highest tile
scores a point; tied highest tiles all score. After the last round the most points wins, ties
broken by the tiles left in hand; full ties share.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Game, Option, Result, Rng, State

from .drawing import DRAW, PASS
from .invariants import invariants
from .setup import start
from .state import TesseraeState
from .table import tiles


class Tesserae(Game):
    """Tesserae for 2 to 4 players.

    >>> from tests.plugin_games.tesserae import GAME
    >>> state = GAME.new(players=2, seed=1)
    >>> state.to_move, state.legal_actions(0)
    ((0,), [Action('draw'), Action('pass')])
    """

    id = "tesserae"
    name = "Tesserae"
    min_players = 2
    max_players = 4
    options = (
        Option("rounds", 3, "rounds to play", minimum=1),
        Option("open_hands", False, "everyone sees every hand"),
    )
    position_class = TesseraeState

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> State:
        return start(self, players, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> list[Action]:
        return [DRAW, PASS, *(Action("play", n) for n in tiles(players))]

    def invariants(self, state: State) -> list[str]:
        """No tile is in two places; no seat has more points than rounds played."""
        assert isinstance(state, TesseraeState)
        return invariants(state)

    def recount(self, state: State) -> Result | None:
        """Points counted again from the revealed tiles in the log."""
        assert isinstance(state, TesseraeState)
        points = [0] * state.players
        for event in state.events:
            if event.key == "tesserae.revealed" and event.args["tiles"]:
                best = max(event.args["tiles"].values())
                for seat, tile in event.args["tiles"].items():
                    points[int(seat)] += tile == best
        return Result.ranked(points, [(sum(h),) for h in state.hands])

    def evaluate(self, state: State, seat: int) -> float:
        """Points, plus a little for the tiles in hand: they win later rounds and break ties."""
        assert isinstance(state, TesseraeState)
        top = tiles(state.players)[-1]
        return state.points[seat] + 0.1 * sum(state.hands[seat]) / top


GAME = Tesserae()
