"""The Hadrian's Wall rule set: options, the action catalogue, and a position estimate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Game, Option, Result, Rng, State

from . import buildings, left_sheet, ludus, market, right_sheet, scouts, search
from .attack import DEFEND, FAVOUR_ACTIONS
from .components import DIFFICULTIES
from .evaluate import evaluate
from .invariants import invariants
from .recount import recount
from .start_of_year import PATH_ACTIONS
from .state import HadriansWallState
from .table import HadriansWallTable, prospect_sources
from .year import ATTRIBUTE_ACTIONS, COHORT_ACTIONS, PASS


class HadriansWall(Game):
    """Hadrian's Wall for 1 to 6 players: docs/games/hadrians_wall.md gives its options.

    >>> from tabulae.games.hadrians_wall import GAME
    >>> state = GAME.new(players=1, seed=3)
    >>> state.to_move, state.legal_actions(0)  # the year begins with a Path card
    ((0,), [Action('path', 'merchant'), Action('path', 'vanguard')])
    """

    id = "hadrians_wall"
    name = "Hadrian's Wall"
    min_players = 1
    max_players = 6
    baseline_players = (1, 2)  # the solitaire and the smallest race
    position_class = HadriansWallState
    options = (
        Option(
            "difficulty",
            "easy",
            "Fate cards revealed for each year's attack (H-23)",
            choices=DIFFICULTIES,
        ),
        Option(
            "resume_after_gift",
            True,
            "a player who ended his year acts again when a neighbour gives him a piece (H-01)",
        ),
        Option(
            "deck_draw_may_match_own_prospect",
            True,
            "a Market draw from the Fate deck counts even if it shows the player's own "
            "Prospect trade good; if false, such cards are discarded and another drawn (H-10)",
        ),
    )

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> HadriansWallState:
        return HadriansWallState.setup(self, players, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> list[Action]:
        others = prospect_sources(players)
        return [
            *PATH_ACTIONS,
            *COHORT_ACTIONS,
            *ATTRIBUTE_ACTIONS,
            *left_sheet.ACTIONS,
            *buildings.ACTIONS,
            *right_sheet.ACTIONS,
            *market.actions((*others, "deck")),
            *ludus.ACTIONS,
            *scouts.actions(("own", *others)),
            PASS,
            *FAVOUR_ACTIONS,
            DEFEND,
        ]

    action_key = staticmethod(search.action_key)  # type: ignore[assignment]
    rollout_action = staticmethod(search.rollout_action)  # type: ignore[assignment]
    round = staticmethod(search.year)  # type: ignore[assignment]
    level_params = staticmethod(search.level_params)
    review_thresholds = staticmethod(search.review_thresholds)

    def invariants(self, state: State) -> list[str]:
        assert isinstance(state, HadriansWallTable)
        return invariants(state)

    def recount(self, state: State) -> Result | None:
        assert isinstance(state, HadriansWallTable)
        return recount(state)

    def evaluate(self, state: State, seat: int) -> float:
        """The score column now plus what the years left should bring (`evaluate`)."""
        assert isinstance(state, HadriansWallTable)
        return evaluate(state, seat)


GAME = HadriansWall()
