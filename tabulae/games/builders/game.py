"""The rule set of The Builders: Antiquity, with the options named in the rulings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabulae.core import Action, Game, Option, Result, Rng, State

from .actions import every_action
from .components import RULES
from .evaluate import estimate
from .invariants import invariants
from .recount import recount
from .search import level_params, review_thresholds, rollout_action, sensible_actions
from .state import BuildersState
from .table import BuildersTable


class Builders(Game):
    """The Builders: Antiquity for 2 to 4 players: docs/games/builders.md gives its options.

    >>> from tabulae.games.builders import GAME
    >>> state = GAME.new(players=2, seed=1)
    >>> state.legal_actions(state.to_move[0])[:3]
    [Action('end'), Action('take', 1), Action('take', 3)]
    >>> GAME.new(players=2, seed=1, citizen_wage=5).options["citizen_wage"]
    5
    """

    id = "builders"
    name = "The Builders: Antiquity"
    min_players = 2
    max_players = 4
    baseline_players = (2,)
    position_class = BuildersState
    options = (
        Option(
            "fourth_apprentice",
            "stone_decoration",
            "materials of the fourth apprentice (ruling B-03)",
            choices=("stone_decoration", "stone_architecture"),
        ),
        Option(
            "citizen_wage",
            RULES.citizen_wage,
            "wage of a freed slave (ruling B-04)",
            minimum=0,
        ),
        Option(
            "university_effect",
            "set_to_3",
            "a University sets its material to 3, or adds 3 (ruling B-05)",
            choices=("set_to_3", "add_3"),
        ),
        Option(
            "limited_bank",
            False,
            f"the bank holds only the {RULES.bank} sesterces of the coins (ruling B-06)",
        ),
        Option(
            "end_stuck_game",
            True,
            "end a game the rules can no longer end (no player can ever finish another "
            "building) after the round, scored as usual; not in the rulebook",
        ),
    )

    def start(self, players: int, rng: Rng, options: Mapping[str, Any]) -> BuildersState:
        return BuildersState.setup(self, players, rng, options)

    def actions(self, players: int, options: Mapping[str, Any]) -> list[Action]:
        return every_action()

    rollout_action = staticmethod(rollout_action)  # type: ignore[assignment]
    sensible_actions = staticmethod(sensible_actions)  # type: ignore[assignment]
    level_params = staticmethod(level_params)
    review_thresholds = staticmethod(review_thresholds)

    def evaluate(self, table: State, seat: int) -> float:
        assert isinstance(table, BuildersTable)
        return estimate(table, seat)

    def invariants(self, table: State) -> list[str]:
        assert isinstance(table, BuildersTable)
        return invariants(table)

    def recount(self, table: State) -> Result | None:
        assert isinstance(table, BuildersTable)
        return recount(table)


GAME = Builders()
