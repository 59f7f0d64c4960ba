"""The Hadrian's Wall rule set: options, the action catalogue, and a position estimate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Game, Option, Result, Rng, State

from . import buildings, left_sheet, ludus, market, right_sheet, scouts, search
from .data import BUILDING_INDEX, COHORTS, DIFFICULTIES, INCOME, POOL, YEARS
from .invariants import invariants
from .recount import recount
from .scoring import score
from .sheet import (
    BUILT,
    COHORT,
    DIPLOMAT_FAVOURS,
    POOL_AT,
    PRODUCTION,
    TEMPLE_FAVOURS,
    progress,
)
from .state import (
    ATTRIBUTE_ACTIONS,
    COHORT_ACTIONS,
    DEFEND,
    FAVOUR_ACTIONS,
    PASS,
    PATH_ACTIONS,
    HadriansWallState,
    prospect_sources,
)
from .terms import TERMS

_INCOME_FLAGS = tuple(BUILT + BUILDING_INDEX[b] for b in INCOME)
PIECE = 0.1  # a piece in hand: unused pieces go back to the supply at the end of the year
BOX = 0.25  # a filled box: a step towards the rewards of its row, area or building


class HadriansWall(Game):
    id = "hadrians_wall"
    name = "Hadrian's Wall"
    min_players = 1
    max_players = 6
    terms = TERMS
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

    def invariants(self, state: State) -> list[str]:
        assert isinstance(state, HadriansWallState)
        return invariants(state)

    def recount(self, state: State) -> Result | None:
        assert isinstance(state, HadriansWallState)
        return recount(state)

    def evaluate(self, state: State, seat: int) -> float:
        """Points on the scoring column now, plus what a strong player expects the rest to bring.

        Beyond the current score (attributes, Path cards, the disdain penalty), every
        filled box is a step towards a reward; pieces in hand are worth a little, as
        unused ones go back to the supply at the end of the year; yearly income, Cohort
        strength and favours are worth points in the years still to come: roughly half
        a point per piece a year, and a point per favour or Cohort box that will keep
        disdain away.
        """
        assert isinstance(state, HadriansWallState)
        result = state.result()
        if result is not None:
            return float(result.scores[seat])
        sheet = state.sheets[seat]
        now = score(sheet, state.paths[seat])["total"]
        left = YEARS - state.year + (state.phase != "attack")
        pieces = sum(sheet[POOL_AT + i] for i in range(len(POOL)))
        income = sheet[PRODUCTION] + sum(sheet[f] for f in _INCOME_FLAGS)
        defence = sum(min(sheet[COHORT + c], 4) for c in range(len(COHORTS)))
        favours = sheet[TEMPLE_FAVOURS] + sum(
            sheet[DIPLOMAT_FAVOURS + c] for c in range(len(COHORTS))
        )
        return (
            now
            + PIECE * pieces
            + BOX * progress(sheet)
            + 0.5 * income * (left - 1)
            + 0.3 * defence * left / YEARS
            + min(favours, left)
        )
