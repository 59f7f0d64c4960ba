"""The Builders' position as the core protocol sees it: its turn run by the core `Flow`."""

from __future__ import annotations

from typing import Any

from tabulae.core import BadPosition, Result
from tabulae.core.flow import Flow

from .components import RULES
from .flow import STEPS
from .invariants import invariants, malformed
from .scoring import prices
from .table import BuildersTable
from .view import view as view_for


class BuildersState(Flow, BuildersTable):
    __slots__ = ()
    STEPS = STEPS

    def result(self) -> Result | None:
        if not self.game_over:
            return None
        return Result.ranked(
            [settled.tenths / 10 for settled in self.settlements],
            details={
                "players": [settled.to_json() for settled in self.settlements],
                "rules": prices(),
            },
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**view_for(self, seat), "prompt": self.prompt(seat)}

    def prompt(self, seat: int | None) -> dict[str, Any] | None:
        """The turn's prompt, with the free actions left and the price of one more."""
        prompt = super().prompt(seat)
        if prompt is not None:
            prompt["args"] = {
                "left": self.free_actions_left(),
                "price": RULES.extra_action_cost,
            }
        return prompt

    def check_position(self) -> None:
        """Refuse a position whose values do not fit together or break a rule's guarantee."""
        try:
            problems = malformed(self) or invariants(self)
        except (KeyError, TypeError, ValueError) as error:  # an event of the turn is malformed
            reason = f"events: an event of this turn lacks what it records ({error!r})"
            raise BadPosition(reason) from None
        if problems:
            raise BadPosition("; ".join(problems))
